/// `run SCRIPT` inside a session: the lines of a file through the same interpreter.
extension Interpreter {
    /// `run SCRIPT`: each line as if typed; the first failing line stops it, named `FILE:LINE`.
    /// `exit` in the script ends the script, not the REPL.
    func runScript(_ file: String) throws(WorkbenchError) {
        guard runDepth < Self.runDepthLimit else {
            throw WorkbenchError("run: scripts nested \(Self.runDepthLimit) deep (does one run itself?)")
        }
        let bytes = try context.readFile(file)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw WorkbenchError("run: '\(file)' is not UTF-8 text")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        if lines.last == "" { lines.removeLast() }
        runDepth += 1
        defer { runDepth -= 1 }
        for (index, line) in lines.enumerated() {
            switch handle(line: line) {
            case .ok: continue
            case .exit: return
            case .failed(let error):
                cancelPendingInput()
                throw WorkbenchError("\(file):\(index + 1): \(error.message)")
            }
        }
        if case .failed(let error) = finishInput() {
            throw WorkbenchError("\(file):\(lines.count): \(error.message)")
        }
    }
}
