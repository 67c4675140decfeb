import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// Checks (`expect ...`) as typed and as written back.
@Suite struct ExpectationTests {
    @Test func aCheckTypoSuggestsTheCheck() throws {
        #expect(
            thrownError { () throws(WorkbenchError) in _ = try Expectation.parse("staus 200") }?.message
                == "unknown check 'staus': did you mean status?")
    }

    /// crash-9e57b84b84e4b24207b1802c195bb6189eed8fef (session-loader, after
    /// 432 s): `header Content-Type contains jso\\\\...` (backslashes, then a
    /// newline) was saved with its needle unquoted, so every reload halved the
    /// backslashes. Fixed in `Expectation.text`, which quotes what
    /// `ShellWords` would otherwise change.
    @Test func expectationTextReadsBackAsTheSameCheck() throws {
        // The crash input, minimized: 16 backslashes and a newline after `jso`.
        try SessionEncodingTests.expectRoundTrip(
            SessionEncodingTests.session(
                request: #""expectations": ["header Content-Type contains jso"# + String(repeating: #"\\"#, count: 16) + #"\n"]"#))
        try SessionEncodingTests.expectRoundTrip(SessionEncodingTests.session(request: #""expectations": ["header X contains a\\\\b"]"#))
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
}
