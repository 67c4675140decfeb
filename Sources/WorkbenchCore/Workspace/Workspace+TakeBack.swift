import WorkbenchBasics
import WorkbenchAPIs

/// Taking back what should not be kept or saved: requests of the history,
/// expectations and captures of the last request.
extension Workspace {
    func noRequest(_ number: Int) -> WorkbenchError {
        WorkbenchError(
            history.isEmpty
                ? "no request \(number): nothing has been sent yet"
                : "no request \(number): the history has \(history.count) (see `history`)")
    }

    /// `history rm N[-M]`. When the last response's request goes, the last
    /// response goes with it: `capture` and `expect` would have nowhere to attach.
    mutating func removeHistory(_ range: ClosedRange<Int>) throws(WorkbenchError) -> String {
        guard history.indices.contains(range.upperBound - 1) else { throw noRequest(range.upperBound) }
        history.removeSubrange((range.lowerBound - 1)...(range.upperBound - 1))
        if let index = lastRecordIndex {
            if range.contains(index + 1) {
                lastRecordIndex = nil
                lastResponse = nil
            } else if index + 1 > range.upperBound {
                lastRecordIndex = index - range.count
            }
        }
        let what = range.count == 1 ? "request \(range.lowerBound)" : "requests \(range.lowerBound)-\(range.upperBound)"
        return "removed \(what); \(history.count) left" + (history.isEmpty ? "" : " (renumbered: see `history`)")
    }

    /// `history clear`: the requests and the last response go; variables and the request being built stay.
    mutating func clearHistory() -> String {
        let count = history.count
        history = []
        lastRecordIndex = nil
        lastResponse = nil
        return "removed \(count) request\(count == 1 ? "" : "s") from the history"
    }

    /// `expect`: the checks attached to the last request, numbered for `expect rm N`.
    func describeExpectations() throws(WorkbenchError) -> String {
        let (_, index) = try lastExchange()
        let checks = history[index].expectations
        guard !checks.isEmpty else {
            return "(no expectations on request \(index + 1); a replay checks the status it got)"
        }
        return "request \(index + 1):\n"
            + checks.enumerated().map { "  \($0.offset + 1)  \($0.element.text)" }
            .joined(separator: "\n")
    }

    /// `expect rm N` (nil: `expect clear`) on the last request.
    mutating func removeExpectation(_ number: Int?) throws(WorkbenchError) -> String {
        let (_, index) = try lastExchange()
        let count = history[index].expectations.count
        guard let number else {
            history[index].expectations = []
            return "removed \(count) expectation\(count == 1 ? "" : "s") from request \(index + 1)"
        }
        guard number <= count else {
            throw WorkbenchError("no expectation \(number): request \(index + 1) has \(count) (see `expect`)")
        }
        let removed = history[index].expectations.remove(at: number - 1)
        return "removed `expect \(removed.text)` from request \(index + 1)"
    }

    /// `capture rm NAME`: from every request that captures NAME, so a replay no
    /// longer does; the variable keeps its value (`unset NAME` removes it).
    mutating func removeCapture(_ name: String) throws(WorkbenchError) -> String {
        var numbers: [Int] = []
        for index in history.indices where history[index].captures.contains(where: { $0.name == name }) {
            history[index].captures.removeAll { $0.name == name }
            numbers.append(index + 1)
        }
        guard !numbers.isEmpty else { throw WorkbenchError("no request captures '\(name)' (see `history`)") }
        let which = numbers.map(String.init).joined(separator: ", ")
        let kept = variables.entries[name] != nil ? "; the variable keeps its value (`unset \(name)` removes it)" : ""
        return "removed the capture of \(name) from request\(numbers.count == 1 ? "" : "s") \(which)\(kept)"
    }
}
