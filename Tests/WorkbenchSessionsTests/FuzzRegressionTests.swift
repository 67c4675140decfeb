import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// Inputs that the libFuzzer targets in Fuzz/ found failing (crash files in
/// Fuzz/out/TARGET/), minimized by hand to what matters, each checked with the
/// property its fuzz target checks. See Fuzz/README.md for the runs.
@Suite struct FuzzRegressionTests {
    // MARK: session-loader: decode, encode, decode again gives the same document and bytes

    /// The fuzz target's property: a file that loads, once saved, loads again as
    /// the same document and saves to the same bytes.
    static func expectRoundTrip(_ file: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let document = try SessionDecoding.decode(Array(file.utf8), file: "fuzz.json")
        let saved = SessionEncoding.encode(document)
        let reloaded: SessionDocument
        do {
            reloaded = try SessionDecoding.decode(saved, file: "saved.json")
        } catch {
            Issue.record(
                "the saved session does not load: \(error)\n\(String(decoding: saved, as: UTF8.self))",
                sourceLocation: sourceLocation)
            return
        }
        #expect(reloaded == document, sourceLocation: sourceLocation)
        let savedAgain = SessionEncoding.encode(reloaded)
        let sameBytes = savedAgain == saved
        #expect(sameBytes, "saved again as \(String(decoding: savedAgain, as: UTF8.self))", sourceLocation: sourceLocation)
    }

    /// A session with one request whose fields are `request` (JSON members).
    static func session(request: String) -> String {
        #"{"format": "workbench-session", "version": 1, "endpoint": {}, "requests": [{"endpoint": {}, "# + request + "}]}"
    }

    /// Found by the seed Fuzz/Corpus/session-loader/all-kinds.json on the first
    /// run: a capture from a JSON path with a quoted key was saved as
    /// `$['odd key'][-1]`, which `ShellWords.split` reads back as `$[odd` and
    /// `key][-1]`, so the saved file did not load. Fixed in `Capture.sourceText`.
    @Test func captureFromQuotedPathSurvivesSaveAndLoad() throws {
        try Self.expectRoundTrip(Self.session(request: #""captures": [{"name": "odd", "from": "\"$['odd key'][-1]\""}]"#))
        try Self.expectRoundTrip(Self.session(request: #""captures": [{"name": "q", "from": "'$[\"it\\\"s\"]'"}]"#))
        try Self.expectRoundTrip(Self.session(request: #""captures": [{"name": "h", "from": "header \"a'b\""}]"#))
        for from in [#"$['odd key'][-1]"#, #"$["a b"]"#, #"$['it\'s']"#, #"$["\\"]"#, "$.plain[0].id"] {
            let capture = Capture(name: "x", source: .json(try JSONPath(parsing: from)))
            let words = try ShellWords.split(capture.sourceText).map(\.text)
            #expect(try Capture.parseSource(words) == capture.source)
        }
        // What needs no quotes is saved as typed.
        #expect(Capture(name: "x", source: .json(try JSONPath(parsing: "$.items[0].id"))).sourceText == "$.items[0].id")
        #expect(Capture(name: "x", source: .header("X-Token")).sourceText == "header X-Token")
    }

    /// crash-e6a1755cd1a48f728749a8e6aba13dd857f5b451 (session-loader, after
    /// 12 s): `"elapsedMs": 1E557` read as infinity and was saved as `inf`,
    /// which is not JSON. Fixed in SessionDecoding: a number must be finite.
    @Test func numberTooLargeForADoubleIsRejected() throws {
        let file = Self.session(request: #""response": {"status": 200, "elapsedMs": 1E557}"#)
        let error = thrownError { () throws(WorkbenchError) in try SessionDecoding.decode(Array(file.utf8), file: "s.json") }
        #expect(error?.message == "s.json: field 'requests[0].response.elapsedMs': the number 1E557 is out of range")
        try Self.expectRoundTrip(Self.session(request: #""response": {"status": 200, "elapsedMs": 1.7976931348623157e308}"#))
        try Self.expectRoundTrip(Self.session(request: #""response": {"status": 200, "elapsedMs": -0.0}"#))
    }

    /// crash-9e57b84b84e4b24207b1802c195bb6189eed8fef (session-loader, after
    /// 432 s): `header Content-Type contains jso\\\\...` (backslashes, then a
    /// newline) was saved with its needle unquoted, so every reload halved the
    /// backslashes. Fixed in `Expectation.text`, which quotes what
    /// `ShellWords` would otherwise change.
    @Test func expectationTextReadsBackAsTheSameCheck() throws {
        // The crash input, minimized: 16 backslashes and a newline after `jso`.
        try Self.expectRoundTrip(
            Self.session(request: #""expectations": ["header Content-Type contains jso"# + String(repeating: #"\\"#, count: 16) + #"\n"]"#))
        try Self.expectRoundTrip(Self.session(request: #""expectations": ["header X contains a\\\\b"]"#))
        for typed in [
            #"header X contains "a\\b""#, #"header X contains "it's""#, #"header X contains " padded ""#,
            #"header X contains "a  b""#, "header X contains a  b c", #"header X contains a "b" c"#,
            #"header "a'b" contains x"#, #"json "$['a b']" exists"#, #"json '$["k"]' == {"a": "it's"}"#,
            #"json $.a == "x\"y""#, "status 2xx", "time < 0.5",
        ] {
            let check = try Expectation.parse(typed)
            #expect(try Expectation.parse(check.text) == check, "\(typed) was written \(check.text)")
        }
        // What needs no quotes is written as typed.
        #expect(
            try Expectation.parse("header Content-Type contains application/json; charset=utf-8").text
                == "header Content-Type contains application/json; charset=utf-8")
        #expect(try Expectation.parse(#"json $.data.user == "ana""#).text == #"json $.data.user == "ana""#)
    }

    /// Found while fixing the above, not by a fuzzer: `ShellWords.quote`
    /// replaced `'` Character by Character, so a quote followed by a combining
    /// mark (one Character) was left as it was and ended the quoted word early.
    /// The curl export quotes with it, so the rest of the value became shell
    /// syntax. Fixed in ShellWords: quoting works on Unicode scalars.
    @Test func quotingSeesAQuoteFollowedByACombiningMark() throws {
        let text = "x'\u{301}; echo pwned #"
        #expect(try ShellWords.split(ShellWords.quote(text)).map(\.text) == [text])
        #expect(try ShellWords.split(ShellWords.quoteIfNeeded(text)).map(\.text) == [text])
        #expect(ShellWords.quote(text) == "'x'\\''\u{301}; echo pwned #'")
    }
}
