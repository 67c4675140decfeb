import Platform
import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions

/// A long line of input (a pasted body, a large value) is read and parsed in one pass:
/// the reader does not search the same bytes again after each read, and the parser's
/// commands that read a line their own way (`last | CMD`, `header`, `import`) look at its
/// first word before anything else. Times are the benchmark's (Benchmarks/scale.py, s);
/// these tests hold what the shortcuts must not change.
@Suite struct LongLineTests {
    /// The lines a `LineReader` gives for `bytes`, read from a file.
    func lines(of bytes: [UInt8]) throws -> [String] {
        var template = Array("/tmp/workbench-lines-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        try #require(descriptor >= 0)
        unlink(template)
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            try #require(count > 0)
            written += count
        }
        lseek(descriptor, 0, SEEK_SET)
        let reader = LineReader(descriptor: descriptor)
        var result: [String] = []
        while let line = reader.next() { result.append(try line.get()) }
        return result
    }

    @Test func aLineOfSeveralReadsComesWholeBetweenShortOnes() throws {
        let long = String(repeating: "0123456789", count: 300_000)  // 3 MB: 46 reads of 64 KiB
        let text = "base http://a.test\r\nset x \(long)\r\n\nshow\nlast line without a newline"
        #expect(
            try lines(of: Array(text.utf8)) == [
                "base http://a.test", "set x \(long)", "", "show", "last line without a newline",
            ])
    }

    @Test func aNewlineRightAtAReadBoundaryEndsTheLine() throws {
        for length in [65_535, 65_536, 65_537, 131_072] {
            let line = String(repeating: "a", count: length)
            #expect(try lines(of: Array("\(line)\n\(line)\nb".utf8)) == [line, line, "b"])
        }
    }

    @Test func aLongLineIsParsedWhole() throws {
        let value = String(repeating: "A", count: 2_000_000)
        #expect(try CommandParser.parse("set x \(value)") == .command(.set(name: "x", value: value, secret: false)))
        let body = "{\"a\": \"\(String(repeating: "|", count: 1_000_000))\"}"
        guard case .command(.body(let parsed)) = try CommandParser.parse("body \(body)") else {
            Issue.record("not a body")
            return
        }
        switch parsed {
        case .json(let text), .text(let text): #expect(text == body)
        default: Issue.record("body of another kind: \(parsed)")
        }
    }

    /// Only the first word decides whether a line is `last | CMD`, `header ...` or `import ...`.
    @Test func theFirstWordDecidesAsBefore() throws {
        #expect(try CommandParser.parse("LAST|wc -c") == .command(.last(part: nil, destination: .pipe("wc -c"))))
        #expect(try CommandParser.parse("Last\tbody | wc") == .command(.last(part: .body, destination: .pipe("wc"))))
        #expect(CommandParser.startsWithWord("header X-A: 1", "header"))
        #expect(CommandParser.startsWithWord("HEADER", "header"))
        #expect(!CommandParser.startsWithWord("headers X-A: 1", "header"))
        #expect(!CommandParser.startsWithWord("head", "header"))
        #expect(CommandParser.startsWithWord("last|x", "last", orBefore: "|"))
        #expect(!CommandParser.startsWithWord("lastly | x", "last", orBefore: "|"))
        #expect(!CommandParser.startsWithWord("body last | x", "last", orBefore: "|"))
        #expect(CommandParser.startsImport("  import curl http://a.test \\"))
        #expect(!CommandParser.startsImport("imports"))
        #expect(try CommandParser.parse("Header X-J: {\"a\": 1}") == .command(.headerSet(name: "X-J", value: "{\"a\": 1}")))
    }
}
