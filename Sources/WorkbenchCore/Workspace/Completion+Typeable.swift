import WorkbenchBasics

/// Tab candidates come from untrusted text too: an API description's paths,
/// parameter names, enum values and examples, a GraphQL schema's names, file
/// names. libedit writes them to the terminal as they are (the list it shows,
/// the word it inserts and echoes), so a candidate holding a control
/// character, an escape sequence or a bidirectional control would reach the
/// terminal raw. Such candidates are left out, not shown escaped: a candidate
/// is inserted into the line, and its escaped form (`\x1b]0;...`) is not the
/// name the description gives, so it would complete to something else.
/// `ls` and `describe` still show those names, escaped.
extension Completion {
    /// Candidates that replace the current word (the text after the last
    /// space in `linePrefix`), only those that can be typed and shown.
    public func candidates(forLinePrefix linePrefix: String) -> [String] {
        allCandidates(forLinePrefix: linePrefix).filter(Self.isTypeable)
    }

    /// No C0 or C1 control, DEL or bidirectional control (what
    /// `TerminalText` escapes), and no tab or newline, which end the word.
    static func isTypeable(_ candidate: String) -> Bool {
        !candidate.unicodeScalars.contains { $0 == "\t" || TerminalText.isControl($0, keepingNewlines: false) }
    }
}
