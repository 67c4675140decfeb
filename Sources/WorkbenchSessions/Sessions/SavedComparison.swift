import WorkbenchBasics
import WorkbenchHTTP

/// `compare ENV1 ENV2 --save`: a comparison kept in the session as a check that `replay` runs.
/// Its record's endpoint is the request; a replay sends it once in each environment and
/// passes when nothing differs but what is ignored: the paths and headers given with
/// `--ignore`, and those that changed by themselves between the two sends to the first
/// environment when it was saved.
public struct SavedComparison: Equatable, Sendable {
    public var first: String
    public var second: String
    /// `--header NAME` as typed: empty for the headers that matter, `*` for all.
    public var headers: [String]
    /// `--ignore PATH` as typed.
    public var ignored: [String]
    /// What changed between the two sends to the first environment: JSON paths and `header NAME`s.
    public var learned: [String]
    /// Whether the first environment's status itself changed between its two sends.
    public var ignoresStatus: Bool

    public init(
        first: String, second: String, headers: [String] = [], ignored: [String] = [], learned: [String] = [],
        ignoresStatus: Bool = false
    ) {
        self.first = first
        self.second = second
        self.headers = headers
        self.ignored = ignored
        self.learned = learned
        self.ignoresStatus = ignoresStatus
    }

    /// What `compare` found when it was saved: the volatile fields that can be left out again
    /// (a body that is not JSON has no paths: it is compared whole, as `compare` does).
    public init(_ comparison: EnvironmentComparison, first: String, second: String, headers: [String], ignored: [String]) {
        self.init(
            first: first, second: second, headers: headers, ignored: ignored,
            learned: comparison.volatile.filter { (try? ResponseDiff.Options(headers: [], ignore: [$0])) != nil },
            ignoresStatus: comparison.statusIsVolatile)
    }

    /// The options a replay compares with: the headers asked for (else those that matter),
    /// everything ignored left out; a saved path or header that cannot be read is the error.
    public func options() throws(WorkbenchError) -> ResponseDiff.Options {
        var options = try ResponseDiff.Options(headers: headers, ignore: ignored + learned, headerOption: "--header")
        if options.headers.isEmpty && !options.allHeaders { options.headers = EnvironmentComparison.headersThatMatter }
        return options
    }

    /// The differences from `first`'s response to `second`'s, as the saved comparison sees them.
    public func differences(_ firstResponse: RecordedResponse, _ secondResponse: RecordedResponse) throws(WorkbenchError)
        -> ResponseDiff
    {
        var diff = ResponseDiff.compare(firstResponse, secondResponse, options: try options())
        if ignoresStatus { diff.changes.removeAll { if case .status = $0 { true } else { false } } }
        return diff
    }

    /// As typed, with what was learned: `compare local staging --ignore $.version`.
    public var text: String {
        var words = ["compare", first, second]
        for header in headers { words += ["--header", ShellWords.quoteIfNeeded(header)] }
        for path in ignored { words += ["--ignore", ShellWords.quoteIfNeeded(path)] }
        return words.joined(separator: " ")
    }

    /// What is left out, for `history`: given and learned.
    public var ignoredSummary: String {
        let count = ignored.count + learned.count + (ignoresStatus ? 1 : 0)
        return count == 0 ? "nothing ignored" : "\(count) ignored"
    }
}
