import Synchronization
import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// The per-request steps made faster for issue 27 (by bytes, without copies, cached) give
/// what the plain versions they replaced give: each is checked against that version, kept
/// here as the reference, over random and awkward inputs.
struct FastPathTests {
    /// Spaces, tabs, ASCII, a combining mark (joins the Character before it), a prepended
    /// mark (joins the one after), other non-ASCII and a CR LF pair.
    static let pieces = [" ", "\t", "a", "Z", ";", "|", ":", "/", "\u{301}", "\u{600}", "é", "日", "\r\n", "0"]

    static func randomText(_ random: inout FuzzGenerator, length: Int) -> String {
        (0..<length).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    /// The Character walk `trimmingSpaces` did before it read bytes.
    static func trimmedByCharacters(_ text: Substring) -> Substring {
        var result = text
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }

    @Test func trimmingSpacesTrimsWhatTheCharacterWalkTrims() {
        var random = FuzzGenerator(seed: 27)
        for length in 0..<12 {
            for _ in 0..<400 {
                let text = Self.randomText(&random, length: length)
                #expect(Substring(text).trimmingSpaces() == Self.trimmedByCharacters(Substring(text)), "\(Array(text.unicodeScalars))")
                #expect(text.trimmingSpaces() == String(Self.trimmedByCharacters(Substring(text))))
                // A slice of a longer text, as the header and line readers pass.
                let padded = "x" + text + "y"
                let inner = padded.dropFirst().dropLast()
                #expect(inner.trimmingSpaces() == Self.trimmedByCharacters(inner))
            }
        }
        // A space joined to a combining mark is not trimmed; one before plain text is.
        #expect(" \u{301}a ".trimmingSpaces() == " \u{301}a")
        #expect("\t a\t".trimmingSpaces() == "a")
    }

    @Test func headerNamesCompareFoldingASCIIOnly() {
        var random = FuzzGenerator(seed: 72)
        func folded(_ text: String) -> [UInt8] {
            text.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        }
        let names = [
            "Content-Type", "content-type", "CONTENT-TYPE", "Content-Typf", "Set-Cookie", "X", "x", "",
            "Contént-Type", "CONTÉNT-TYPE", "a very long header name past the small string size", "[", "{",
        ]
        for first in names {
            for second in names {
                #expect(HTTPSyntax.equalIgnoringASCIICase(first, second) == (folded(first) == folded(second)), "\(first) \(second)")
            }
        }
        for _ in 0..<2_000 {
            let first = Self.randomText(&random, length: Int(random.next() % 6))
            let second = Bool.random(using: &random) ? first.uppercased() : Self.randomText(&random, length: Int(random.next() % 6))
            #expect(HTTPSyntax.equalIgnoringASCIICase(first, second) == (folded(first) == folded(second)))
        }
    }

    @Test func statusCodesAreReadAsTheSplitLineReadsThem() {
        func bySplitting(_ line: String) -> Int {
            let parts = line.utf8.split(separator: UInt8(ascii: " "), maxSplits: 2)
            return parts.count >= 2 ? Int(Substring(parts[1])) ?? 0 : 0
        }
        let lines = [
            "HTTP/1.1 200 OK", "HTTP/2 204", "HTTP/1.1  404  Not Found", "HTTP/1.1 2000 Big", "HTTP/1.1 20 Short",
            "HTTP/1.1 -200 Sign", "HTTP/1.1 +200 Sign", "HTTP/1.1 0200 Zero", "HTTP/1.1", "HTTP/1.1 ", "HTTP/1.1 abc",
            "HTTP/1.1 99999999999999999999999 Overflow", "HTTP/1.1 1\u{301}00 Mark", "HTTP/1.1 ２００ Wide",
        ]
        for line in lines {
            #expect(ResponseCollector.HeaderBlock.code(in: line) == bySplitting(line), "\(line)")
        }
    }

    @Test func theFirstWordFindsTheDeclarationTheCharacterWalkFound() {
        func byCharacters(_ line: String) -> String? {
            let longest = CommandTable.names.map(\.count).max() ?? 0
            let first = line.prefix(longest + 1).prefix { $0 != " " && $0 != "\t" && $0 != "|" }
            guard first.count <= longest else { return nil }
            return CommandTable.declaration(named: first.lowercased())?.name
        }
        var lines = [
            "get /a", "GET\t/a", "Get|jq .", "header X: y", "body {}", "send", "", " get", "getter /x",
            "quickstart-and-more", "gét /a", "日本 x",
        ]
        var random = FuzzGenerator(seed: 9)
        for _ in 0..<500 {
            let name = CommandTable.names[Int(random.next() % UInt64(CommandTable.names.count))]
            let cased = Bool.random(using: &random) ? name.uppercased() : name
            lines.append(cased + Self.randomText(&random, length: Int(random.next() % 4)))
        }
        for line in lines {
            #expect(CommandTable.declaration(startingLine: line)?.name == byCharacters(line), "\(line)")
        }
    }

    @Test func mediaTypesAreReadAsBefore() {
        func plainly(_ contentType: String) -> String {
            let end = contentType.utf8.firstIndex(of: UInt8(ascii: ";")) ?? contentType.endIndex
            return String(Self.trimmedByCharacters(contentType[..<end])).lowercased()
        }
        let types = [
            "application/json", "Application/JSON", "application/json; charset=utf-8", " text/html ", "\ttext/plain\t;q=1",
            "", ";", "application/problem+json", "TEXT/ÉVENT", "text/plain \u{301}", "application/x-ndjson;",
        ]
        for type in types {
            #expect(HTTPResponse.mediaType(of: type) == plainly(type), "\(type)")
        }
    }

    @Test func concatenationJoinsAsPlusDoes() {
        var random = FuzzGenerator(seed: 4)
        for _ in 0..<1_000 {
            let parts = (0..<4).map { _ in Self.randomText(&random, length: Int(random.next() % 12)) }
            #expect(String.concatenation(parts[0], parts[1], parts[2], parts[3]) == parts[0] + parts[1] + parts[2] + parts[3])
            #expect(String.concatenation(parts[0], parts[1]) == parts[0] + parts[1])
        }
        // A part that is a slice's copy, and one longer than any small string.
        let long = String(repeating: "é", count: 40)
        #expect(String.concatenation(String(long.dropFirst(3)), ": ", long) == String(long.dropFirst(3)) + ": " + long)
    }

    @Test func fixedDecimalsAreWrittenAsBefore() {
        func before(_ value: Double, decimals: Int) -> String {
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            let scaled = (value * scale).rounded()
            guard scaled.isFinite, abs(scaled) < 9e15 else { return String(value) }
            let whole = Int(scaled)
            let integerPart = whole / Int(scale)
            let fraction = abs(whole % Int(scale))
            guard decimals > 0 else { return String(integerPart) }
            let digits = String(fraction)
            return "\(integerPart)." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        var random = FuzzGenerator(seed: 11)
        var values: [Double] = [0, 0.04, 0.05, 0.999, 1, 9.995, 1023.96, 1e14, 1e300, .infinity, .nan]
        for _ in 0..<2_000 { values.append(Double(random.next() % 10_000_000) / Double(1 + random.next() % 10_000)) }
        for value in values {
            for decimals in 0...3 {
                #expect(Quantities.fixed(value, decimals: decimals) == before(value, decimals: decimals), "\(value) \(decimals)")
            }
        }
        #expect(Quantities.duration(0.0008) == "0.8 ms")
        #expect(Quantities.size(193) == "193 bytes")
        #expect(Quantities.size(1536) == "1.5 KB")
    }

    /// The redactor is made again only when the workspace or the environment changed, and
    /// a change made straight to the interpreter's workspace or context counts as one.
    @Test func aSecretSetOutsideACommandIsMaskedAtOnce() throws {
        let harness = InterpreterHarness()
        try harness.run("base http://api.test\nheader X-Key: {{env.API_KEY}}")
        #expect(harness.interpreter.redactor.redact("key-4711-abcdef") == "key-4711-abcdef")
        harness.interpreter.context.environment["API_KEY"] = "key-4711-abcdef"
        #expect(harness.interpreter.redactor.redact("key-4711-abcdef") == Variables.mask)
        harness.interpreter.workspace.variables.set("token", to: "tok-0815-xyzzy", secret: true)
        #expect(harness.interpreter.redactor.redact("tok-0815-xyzzy") == Variables.mask)
        // And through a command, in what it prints.
        try harness.run("set shown tok-0815-xyzzy")
        let listed = try harness.printed("vars")
        #expect(!listed.contains("tok-0815-xyzzy") && !listed.contains("key-4711-abcdef"))
    }

    /// `apply` asks first the declaration that applied the last command: a run that moves
    /// between commands of several declarations ends where one asking in table order ends.
    @Test func commandsOfManyDeclarationsApplyWhateverWasAppliedLast() throws {
        let lines = [
            "base http://api.test", "header X-One: 1", "get /a", "query add q 1", "set v 2", "path /b", "header X-Two: 2",
            "get /c", "auth bearer tok-12345678", "post /d", "body {\"a\": 1}", "put /e", "set w 3", "get /f",
        ]
        let first = InterpreterHarness()
        for line in lines { try first.run(line) }
        let second = InterpreterHarness()
        for line in lines {
            try second.run(line)
            try second.run("vars")
        }
        #expect(first.workspace.endpoint == second.workspace.endpoint)
        #expect(first.workspace.variables == second.workspace.variables)
        #expect(first.transport.sent.map(\.request) == second.transport.sent.map(\.request))
    }

    /// Four threads print with and without colour at once: the shared style tables and the
    /// kept output buffer give each what one thread alone gets.
    @Test func formattingOnManyThreadsAtOnceMatchesOneThread() async {
        let input = Array(#"{"a": [1, 2.5, "x\u0001y", true, null], "b": {"c": {}}, "d": []}"#.utf8)
        func formatted(_ palette: JSONPalette?) -> [UInt8] {
            var output: [UInt8] = []
            input.withUnsafeBufferPointer { buffer in
                JSONFormatter.format(buffer, palette: palette, escapingControls: true) { output.append(contentsOf: $0) }
            }
            return output
        }
        let plain = formatted(nil)
        let coloured = formatted(.standard)
        #expect(plain != coloured)
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<4 {
                group.addTask {
                    (0..<200).allSatisfy { round in
                        (task + round) % 2 == 0 ? formatted(nil) == plain : formatted(.standard) == coloured
                    }
                }
            }
            for await same in group { #expect(same) }
        }
    }

    @Test func credentialHeadersAreMaskedInTheRecordWhateverTheirCase() {
        let response = HTTPResponse(
            statusLine: "HTTP/1.1 200 OK", statusCode: 200,
            headers: [
                HeaderField(name: "SET-COOKIE", value: "sid=abc"), HeaderField(name: "authorization", value: "Basic eA=="),
                HeaderField(name: "Content-Type", value: "text/plain"),
            ],
            body: Array("hi".utf8))
        let kept = RecordedResponse(response)
        #expect(kept.headers.map(\.value) == [Variables.mask, Variables.mask, "text/plain"])
    }

    /// The header lines go to libcurl as one array of NUL-ended lines: a NUL inside a name
    /// (from a file: typed names are checked) ends that line, as the C string did, and
    /// what follows it never becomes a header of its own.
    @Test func headerLinesAreTheRequestsWithTheSuppressionsAndANULEndsALine() {
        let base = BaseURL(scheme: "http", host: "api.test", port: nil, pathPrefix: "")
        let request = PreparedRequest(
            method: "GET", base: base, target: "/",
            headers: [
                HeaderField(name: "Host", value: "api.test"), HeaderField(name: "X-Empty", value: ""),
                HeaderField(name: "X\u{0}Evil", value: "injected"), HeaderField(name: "Accept", value: "*/*"),
            ], body: [])
        #expect(
            CurlTransport.headerLines(for: request) == [
                "Host: api.test", "X-Empty;", "X", "Accept: */*", "Expect:", "Content-Type:", "User-Agent:", "Accept-Encoding:",
            ])
        #expect(CurlTransport.headerLineBytes(for: request).filter { $0 == 0 }.count == 8)
    }
}
