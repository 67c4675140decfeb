import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// What the release fuzz runs of issue 25 found (27 November 2026); the
/// inputs are also seeds in `Fuzz/Corpus`. Each test fails without its fix.
@Suite struct HostileFuzzRegressionTests {
    /// openapi-loader, crash-e9f94a05: a backslash before a newline in a JSON
    /// string was quoted raw in the error, so the error was two lines.
    @Test func anInvalidEscapeBeforeANewlineIsOneLine() {
        let bytes = Array("{\n \"openape\\\n\0\0\0\0\0\0\0".utf8)
        let error = thrownError { () throws(WorkbenchError) in _ = try APIDescription.load(bytes, location: "fuzz.json") }
        #expect(
            error?.message == "fuzz.json is not valid JSON: invalid escape: '\\' followed by byte 0xA in a string "
                + "at line 2, column 10 (byte 11)")
        #expect(JSONTokenizer.describe(0x0A) == "byte 0xA")
        // A printable one is still quoted as it is.
        let quoted = thrownError { () throws(WorkbenchError) in _ = try APIDescription.load(Array(#"{"a": "\q"}"#.utf8), location: "q.json")
        }
        #expect(quoted?.message.contains(#"invalid escape '\q' in a string"#) == true)
    }

    /// http-file, crash-7e9b447e: `{{$processEnv NAME}}` became `{{env.NAME}}`
    /// with any NAME, and the saved session then did not load.
    @Test func aProcessEnvNameIsCheckedAtTheImport() throws {
        for (name, good) in [("TOKEN", true), ("_a1", true), ("a{b", false), ("a b", false), ("1a", false), ("", false)] {
            let text = "### one\nPOST http://127.0.0.1:1/login\n\n{\"q\": \"{{$processEnv \(name)}}\"}\n"
            do {
                let imported = try HTTPFileImport.load(
                    "p.http", environment: nil,
                    readFile: { path throws(WorkbenchError) in Array(text.utf8) }, fileExists: { $0 == "p.http" })
                #expect(good, "\(name) was imported")
                _ = imported
            } catch {
                #expect(!good, "\(name): \(error.message)")
                #expect(error.message.hasPrefix("p.http:"), "\(error.message)")
                #expect(error.message.contains("needs an environment variable name") || name.isEmpty, "\(error.message)")
            }
        }
    }
}

extension HostileFuzzRegressionTests {
    /// openapi-loader, crash-01564207 (the run after the two fixes above): an
    /// `openapi` version that was a YAML block of many lines was quoted whole.
    @Test func aVersionOfManyLinesIsQuotedOnOneShortLine() {
        let long = String(repeating: "word ", count: 30)
        for (text, message) in [
            (
                "openapi: |\n  4.0\n  \(long)\n",
                "v.yaml says openapi 4.0 word word word word word word word w…; the workbench reads OpenAPI 3.0, 3.1 and Swagger 2.0"
            ),
            ("swagger: \"1\\nx\"\n", "v.yaml says swagger 1 x; the workbench reads Swagger 2.0, OpenAPI 3.0 and 3.1"),
            ("openapi: \"3.1\\nx\"\ninfo: 7\n", nil),
        ] {
            let error = thrownError { () throws(WorkbenchError) in _ = try APIDescription.load(Array(text.utf8), location: "v.yaml") }
            #expect(error != nil)
            #expect(error?.message.contains("\n") == false, "\(error?.message ?? "")")
            if let message { #expect(error?.message == message) }
        }
    }
}
