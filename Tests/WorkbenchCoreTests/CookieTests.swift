import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// The cookie jar: curl's file format, masked values, `cookies` commands, the jar each send
/// takes and keeps, and sessions that keep cookies without their values.
@Suite struct CookieTests {
    /// A transport that hands back the jar it was given plus one cookie, and records every jar.
    final class CookieTransport: HTTPTransport {
        var jarsSent: [CookieJar] = []
        var setCookie: Cookie?
        var fail = false

        func send(_ request: PreparedRequest, settings: Settings, options: SendOptions) throws(WorkbenchError) -> HTTPResponse {
            jarsSent.append(options.cookies)
            if fail { throw WorkbenchError("connection refused") }
            var response = HTTPResponse(statusLine: "HTTP/1.1 200 OK", statusCode: 200, headers: [], body: [])
            var jar = options.cookies
            if let setCookie { jar.cookies.append(setCookie) }
            response.cookies = jar
            return response
        }
    }

    static let sid = Cookie(domain: "127.0.0.1", path: "/", name: "sid", value: "s3cr3t-value")

    func harness(_ transport: CookieTransport) -> (Interpreter, RecordingOutput) {
        let output = RecordingOutput()
        let interpreter = Interpreter(
            context: CommandContext(environment: [:]), output: output,
            makeTransport: { () throws(WorkbenchError) -> HTTPTransport in transport })
        return (interpreter, output)
    }

    @Test func cookieLinesRoundTripThroughCurlsFormat() throws {
        let lines = [
            "127.0.0.1\tFALSE\t/\tFALSE\t0\tsid\tabc",
            "#HttpOnly_.example.com\tTRUE\t/api\tTRUE\t1900000000\ttoken\tx=y",
        ]
        for line in lines {
            let cookie = try #require(Cookie(netscapeLine: line))
            #expect(cookie.netscapeLine == line)
        }
        let second = try #require(Cookie(netscapeLine: lines[1]))
        #expect(second.httpOnly && second.secure && second.includeSubdomains && second.host == "example.com")
        #expect(second.value == "x=y")
        #expect(Cookie(netscapeLine: "# Netscape HTTP Cookie File") == nil)
        #expect(Cookie(netscapeLine: "a\tb\tc") == nil)
    }

    @Test func setCookieValuesAreMaskedAttributesKept() {
        #expect(Cookie.maskingValue(inSetCookie: "sid=abc; Path=/; HttpOnly") == "sid=******; Path=/; HttpOnly")
        #expect(Cookie.maskingValue(inSetCookie: "b=1") == "b=******")
        #expect(Cookie.maskingValue(inSetCookie: "garbage") == "garbage")
    }

    @Test func cookiesCommandsParse() throws {
        #expect(try CommandParser.parse("cookies") == .command(.cookies(.list)))
        #expect(try CommandParser.parse("cookies clear") == .command(.cookies(.clear)))
        #expect(try CommandParser.parse("cookies rm sid") == .command(.cookies(.remove("sid"))))
        let error = thrownError { () throws(WorkbenchError) in try CommandParser.parse("cookies del sid") }
        #expect(error?.message.hasPrefix("cookies: unknown subcommand 'del'") == true)
        #expect(thrownError { () throws(WorkbenchError) in try CommandParser.parse("cookies rm") } != nil)
    }

    @Test func theJarTravelsWithEachSendAndChangesOnlyWhenTheSendSucceeds() throws {
        let transport = CookieTransport()
        transport.setCookie = Self.sid
        let (interpreter, output) = harness(transport)
        #expect(interpreter.handle(line: "base http://127.0.0.1:9") == .ok)
        #expect(interpreter.handle(line: "get /a") == .ok)
        #expect(interpreter.workspace.cookies.cookies == [Self.sid])
        #expect(interpreter.workspace.initialCookies.isEmpty)
        transport.setCookie = nil
        transport.fail = true
        if case .ok = interpreter.handle(line: "get /b") { Issue.record("the send should fail") }
        #expect(interpreter.workspace.cookies.cookies == [Self.sid])
        #expect(transport.jarsSent.last?.cookies == [Self.sid])
        #expect(interpreter.handle(line: "cookies") == .ok)
        #expect(output.lines.last == "sid=******  127.0.0.1/  (session)")
        // The value is a secret of the redaction step.
        #expect(interpreter.redactor.redact("echo s3cr3t-value") == "echo ******")
        #expect(interpreter.handle(line: "cookies rm sid") == .ok)
        #expect(interpreter.workspace.cookies.isEmpty)
        #expect(interpreter.redactor.redact("echo s3cr3t-value") == "echo ******")
    }

    @Test func replayAllStartsFromTheFirstRecordedJar() throws {
        let transport = CookieTransport()
        let (interpreter, _) = harness(transport)
        #expect(interpreter.handle(line: "base http://127.0.0.1:9") == .ok)
        #expect(interpreter.handle(line: "get /a") == .ok)
        transport.setCookie = Self.sid
        #expect(interpreter.handle(line: "get /login") == .ok)
        transport.setCookie = nil
        transport.jarsSent = []
        #expect(interpreter.handle(line: "replay all") == .ok)
        #expect(transport.jarsSent.map(\.cookies) == [[], []])
        transport.jarsSent = []
        #expect(interpreter.handle(line: "replay 1") == .ok)
        #expect(transport.jarsSent.map(\.cookies) == [[]])
    }

    @Test func sessionFilesKeepCookiesWithoutValues() throws {
        var workspace = Workspace()
        workspace.cookies = CookieJar([Self.sid])
        let bytes = SessionEncoding.encode(SessionDocument(workspace: workspace))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("s3cr3t-value"))
        #expect(text.contains("\"cookies\""))
        let document = try SessionDecoding.decode(bytes, file: "s.json")
        #expect(document.cookies.map(\.name) == ["sid"])
        #expect(document.cookies.allSatisfy { $0.value.isEmpty })
        // Loaded where the value is known, the cookie stays; elsewhere it is not sent.
        var same = workspace
        document.apply(to: &same)
        #expect(same.cookies.cookies == [Self.sid])
        var fresh = Workspace()
        document.apply(to: &fresh)
        #expect(fresh.cookies.isEmpty)
        // No jar, no member: files without cookies are as before.
        #expect(!String(decoding: SessionEncoding.encode(SessionDocument(workspace: Workspace())), as: UTF8.self).contains("cookies"))
    }
}
