import WorkbenchBasics

/// JSON typed with `{{variables}}` in it (`body json`, `expect json ... == VALUE`,
/// a session file's JSON body): checked when typed, before any variable has a value.
public enum JSONTemplate {
    /// A JSON body must be JSON once variables are filled in; before that, each
    /// `{{NAME}}` stands in for a value (it may be a number, as in `{"id": {{id}}}`).
    ///
    /// An error names the line and column of the text as typed, not of the stand-in.
    public static func check(_ text: String, what: String = "JSON body") throws(WorkbenchError) {
        var probe = text
        // Where each stand-in starts in `probe`, and how many bytes its reference had.
        var standIns: [(offset: Int, length: Int)] = []
        if Template.hasReferences(text) {
            _ = try Template.parse(text)  // names a malformed reference
            probe = ""
            var rest = Substring(text)
            while let open = rest.firstRange(of: "{{"), let close = rest[open.upperBound...].firstRange(of: "}}") {
                probe += rest[..<open.lowerBound]
                standIns.append((probe.utf8.count, rest[open.lowerBound..<close.upperBound].utf8.count))
                probe += "0"
                rest = rest[close.upperBound...]
            }
            probe += rest
        }
        do throws(JSONSyntax.Failure) {
            try JSONSyntax.validate(probe)
        } catch {
            var failure = error
            if !standIns.isEmpty {
                var offset = error.offset
                for standIn in standIns where standIn.offset < error.offset {
                    offset += standIn.length - 1
                }
                let typed = Array(text.utf8)
                var line = 1
                var lineStart = 0
                for index in 0..<min(offset, typed.count) where typed[index] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                }
                failure = JSONSyntax.Failure(offset: offset, line: line, column: offset - lineStart + 1, reason: error.reason)
            }
            throw WorkbenchError("invalid \(what): \(failure)")
        }
    }
}
