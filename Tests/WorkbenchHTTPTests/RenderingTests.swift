import Testing
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
import WorkbenchTestSupport

/// How responses are printed: status, headers, body kinds, colours, summaries, timings.
@Suite struct RenderingTests {
    func response(_ type: String?, _ body: [UInt8], status: Int = 200) -> HTTPResponse {
        var response = HTTPResponse(
            statusLine: "HTTP/1.1 \(status) \(StatusText.reason(for: status))", statusCode: status,
            headers: type.map { [HeaderField(name: "Content-Type", value: $0)] } ?? [], body: body)
        response.timings.total = 0.0123
        return response
    }

    func render(_ response: HTTPResponse, color: Bool = false, terminal: Bool = false) -> (String, [String]) {
        let output = RecordingOutput()
        ResponseRenderer.render(response, color: color, outputIsTerminal: terminal, to: output)
        // Lines and bytes interleave in order only when one kind is used; the renderer writes
        // lines up to the body and bytes or lines for the body.
        return (output.lines.joined(separator: "\n") + "\n" + String(decoding: output.bytes, as: UTF8.self), output.errors)
    }

    @Test func statusLineTimeSizeHeadersAndJSONBody() {
        let (text, errors) = render(response("application/json", Array(#"{"b":1,"a":[true,null]}"#.utf8)))
        #expect(
            text
                == "HTTP/1.1 200 OK\n(12.3 ms, 23 bytes)\nContent-Type: application/json\n\n{\n  \"b\": 1,\n  \"a\": [\n    true,\n    null\n  ]\n}\n"
        )
        #expect(errors.isEmpty)
    }

    @Test func invalidJSONIsShownAsTextWithAWarning() {
        let (text, errors) = render(response("application/json", Array(#"{"a": 1,, "b": 2}"#.utf8)))
        #expect(text.hasSuffix("\n{\"a\": 1,, \"b\": 2}\n"))
        #expect(errors == ["warning: the body is not valid JSON: unexpected ',': expected a string key at line 1, column 9 (byte 8)"])
    }

    @Test func byteOrderMarksSequencesAndControlsInJSON() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(BodyKind.classify(response(nil, bom + Array("[1]".utf8))) == .json)
        let (formatted, quiet) = render(response("application/json", bom + Array(#"{"a":1}"#.utf8)))
        #expect(formatted.hasSuffix("\n\n{\n  \"a\": 1\n}\n"))
        #expect(quiet.isEmpty)
        for type in [
            "application/x-ndjson", "application/jsonl", "application/json-seq", "application/geo+json-seq",
            "application/stream+json", "application/x-ndjson; charset=utf-8",
        ] {
            #expect(BodyKind.classify(response(type, Array("{}".utf8))) == .jsonSequence, "\(type)")
        }
        let (lines, errors) = render(response("application/jsonl", Array("1\n\n[2]\n".utf8)))
        #expect(lines.hasSuffix("\n\n1\n[\n  2\n]\n"))
        #expect(errors.isEmpty)
        // Many values that are not JSON: ten warnings, then a count.
        let (_, many) = render(response("application/x-ndjson", Array(String(repeating: "x\n", count: 13).utf8)))
        #expect(many.count == 11)
        #expect(
            many.first
                == "warning: a value of the body is not valid JSON: unexpected 'x': expected a JSON value at line 1, column 1 (byte 0)")
        #expect(many.last == "warning: 3 more values of the body are not valid JSON")
        // DEL and C1 inside a JSON string: escaped on a terminal only.
        let controls = Array("[\"a\u{7F}\u{85}\"]".utf8)
        #expect(render(response("application/json", controls), terminal: true).0.hasSuffix("[\n  \"a\\u007f\\u0085\"\n]\n"))
        #expect(render(response("application/json", controls)).0.hasSuffix("[\n  \"a\u{7F}\u{85}\"\n]\n"))
    }

    @Test func binaryIsNotDumpedOnATerminal() {
        let (text, _) = render(response("image/png", [0x89, 0x50, 0x4E, 0x47, 0, 1]), terminal: true)
        #expect(text.contains("[binary body: image/png, 6 bytes; not shown on a terminal, save it with `send > FILE`]"))
        let output = RecordingOutput()
        ResponseRenderer.render(
            response("image/png", [0x89, 0x50, 0x4E, 0x47, 0, 1]), color: false,
            outputIsTerminal: false, to: output)
        #expect(output.bytes == [0x89, 0x50, 0x4E, 0x47, 0, 1])
    }

    @Test func bodyKindsComeFromTheTypeOrTheBytes() {
        #expect(BodyKind.classify(response("application/problem+json", Array("{}".utf8))) == .json)
        #expect(BodyKind.classify(response(nil, Array(" [1]".utf8))) == .json)
        #expect(BodyKind.classify(response(nil, Array("[1".utf8))) == .text(charset: "utf-8"))
        #expect(BodyKind.classify(response("text/html; charset=ISO-8859-1", [0xE9])) == .text(charset: "iso-8859-1"))
        #expect(BodyKind.classify(response(nil, [0x61, 0, 0x62])) == .binary(mediaType: "application/octet-stream"))
        #expect(BodyKind.classify(response(nil, [0xFF, 0xFE])) == .binary(mediaType: "application/octet-stream"))
        #expect(
            BodyKind.classify(response("application/octet-stream", Array("text".utf8))) == .binary(mediaType: "application/octet-stream"))
        #expect(BodyKind.classify(response("application/json", [])) == .empty)
    }

    @Test func textIsDecodedInItsCharset() {
        #expect(TextDecoding.decode([0x63, 0x61, 0x66, 0xE9], charset: "iso-8859-1") == "café")
        #expect(TextDecoding.decode([0x63, 0xFF, 0x61], charset: "utf-8") == "c\u{FFFD}a")
    }

    @Test func colourWrapsTheStatusAndHeaderNames() {
        let (text, _) = render(response("text/plain", Array("hi".utf8), status: 404), color: true)
        #expect(text.hasPrefix("\u{1B}[1m\u{1B}[33mHTTP/1.1 404 Not Found\u{1B}[0m\n"))
        #expect(text.contains("\u{1B}[36mContent-Type\u{1B}[0m: text/plain"))
    }

    @Test func errorSummaryUsesTheServersOwnMessage() {
        let cases: [(String, String?)] = [
            (#"{"message": "bad key"}"#, "bad key"),
            (#"{"error": {"code": 1, "message": "nested"}}"#, "nested"),
            (#"{"error": "flat"}"#, "flat"),
            (#"{"status_message": "Invalid API key", "status_code": 7}"#, "Invalid API key"),
            (#"{"detail": "Not found."}"#, "Not found."),
            (#"{"resultCode": 1, "status": "fail", "data": "wrong password"}"#, "wrong password"),
            (#"{"data": {"x": 1}}"#, nil),
        ]
        for (body, message) in cases {
            #expect(ServerMessage.find(in: Array(body.utf8)) == message)
        }
        let summary = ServerMessage.summary(for: response("application/json", Array(#"{"message":"nope"}"#.utf8), status: 401))
        #expect(summary == "client error: 401 Unauthorized: nope")
        #expect(
            ServerMessage.summary(for: response("application/json", Array(#"{"message":"x"}"#.utf8), status: 503))
                == "server error: 503 Service Unavailable: x")
        #expect(ServerMessage.summary(for: response("application/json", Array(#"{"message":"x"}"#.utf8), status: 200)) == nil)
    }

    @Test func redirectHopsComeFirst() {
        var hopped = response("text/plain", Array("ok".utf8))
        hopped.hops = [RedirectHop(statusLine: "HTTP/1.1 302 Found", location: "/next")]
        let (text, _) = render(hopped)
        #expect(text.hasPrefix("HTTP/1.1 302 Found -> /next\nHTTP/1.1 200 OK\n"))
    }

    @Test func timingReportListsEveryPhase() {
        var response = response("text/plain", [])
        response.timings = Timings()
        response.timings.nameLookup = 0.001
        response.timings.connect = 0.002
        response.timings.tlsHandshake = 0.010
        response.timings.preTransfer = 0.0105
        response.timings.firstByte = 0.020
        response.timings.total = 0.025
        response.httpVersion = "HTTP/2"
        response.remoteAddress = "127.0.0.1:443"
        response.reusedConnection = true
        let lines = TimingReport.text(for: response).split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "DNS lookup    1.0 ms     (at 1.0 ms)",
                "TCP connect   1.0 ms     (at 2.0 ms)",
                "TLS handshake 8.0 ms     (at 10.0 ms)",
                "request sent  0.5 ms     (at 10.5 ms)",
                "first byte    9.5 ms     (at 20.0 ms)",
                "download      5.0 ms     (at 25.0 ms)",
                "total         25.0 ms",
                "HTTP/2, remote 127.0.0.1:443, connection reused",
            ])
    }

    @Test func quantitiesReadWell() {
        #expect(Quantities.duration(0.00042) == "0.4 ms")
        #expect(Quantities.duration(1.5) == "1.50 s")
        #expect(Quantities.size(1) == "1 byte")
        #expect(Quantities.size(1023) == "1023 bytes")
        #expect(Quantities.size(4096) == "4.0 KB")
        #expect(Quantities.size(40 * 1024 * 1024) == "40.0 MB")
    }

    @Test func colourFollowsTheSettingTheTerminalAndNoColor() {
        let terminal = DisplayOptions(outputIsTerminal: true, noColorRequested: false)
        let pipe = DisplayOptions(outputIsTerminal: false, noColorRequested: false)
        let noColor = DisplayOptions(outputIsTerminal: true, noColorRequested: true)
        #expect(terminal.usesColor(.auto) && !pipe.usesColor(.auto) && !noColor.usesColor(.auto))
        #expect(pipe.usesColor(.on) && !terminal.usesColor(.off))
    }

    @Test func charsetsBeyondUTF8AndLatin1GoThroughIconv() {
        #expect(TextDecoding.decode([0x80, 0x20, 0x93, 0x61, 0x94], charset: "windows-1252") == "€ “a”")
        #expect(TextDecoding.decode([0xE9], charset: "ISO-8859-1") == "é")
        #expect(TextDecoding.decode([0xFF, 0xFE, 0x41, 0x00, 0xE5, 0x65], charset: "utf-8") == "A\u{65E5}")
        #expect(TextDecoding.decode([0xFE, 0xFF, 0x00, 0x41], charset: "utf-16") == "A")
        #expect(TextDecoding.decode([0xEF, 0xBB, 0xBF, 0x61], charset: "utf-8") == "a")
        #expect(TextDecoding.decode([0x93, 0xFA, 0x96, 0x7B], charset: "shift_jis") == "日本")
        // A bad sequence is one replacement character, and decoding goes on.
        #expect(TextDecoding.decode([0x61, 0x81, 0x20, 0x62], charset: "shift_jis").hasPrefix("a\u{FFFD}"))
        // A charset iconv does not know: read as UTF-8.
        #expect(TextDecoding.decode(Array("ok".utf8), charset: "x-no-such-charset") == "ok")
        #expect(TextDecoding.decode(Array("ok".utf8), charset: "bad name\u{1}") == "ok")
    }

    @Test func bidiControlsAreEscapedForATerminal() {
        #expect(TerminalText.escapeLine("a\u{202E}b\u{2066}c\u{2069}") == "a\\u{202e}b\\u{2066}c\\u{2069}")
        #expect(TerminalText.escape("plain é ✓") == "plain é ✓")
        let json = Array("{\"k\u{202E}\": \"x\u{202A}y\u{2069}\"}".utf8)
        var formatted: [UInt8] = []
        let failure = json.withUnsafeBufferPointer { buffer in
            JSONFormatter.formatIfValid(buffer, palette: nil, escapingControls: true) { formatted += $0 }
        }
        #expect(failure == nil)
        #expect(String(decoding: formatted, as: UTF8.self) == "{\n  \"k\\u202e\": \"x\\u202ay\\u2069\"\n}\n")
    }
}

/// Indentation stops growing at `JSONFormatter.maximumIndentDepth`; every way of
/// printing a body says so, once, when a body nests deeper than that, and never otherwise.
extension RenderingTests {
    /// `depth` nested arrays with a number at the bottom, so the innermost one has a line of its own.
    static func nested(_ depth: Int) -> [UInt8] {
        Array(String(repeating: "[", count: depth).utf8) + Array("1".utf8) + Array(String(repeating: "]", count: depth).utf8)
    }

    static let limit = JSONFormatter.maximumIndentDepth

    @Test func everyFormatterEntryReportsTheCap() {
        for (depth, capped) in [(1, false), (Self.limit, false), (Self.limit + 1, true), (5_000, true)] {
            let document = Self.nested(depth)
            document.withUnsafeBufferPointer { buffer in
                var formatted = false
                var valid = false
                var segmented = false
                JSONFormatter.format(buffer, palette: nil, indentCapped: &formatted) { _ in }
                #expect(formatted == capped, "format, depth \(depth)")
                #expect(JSONFormatter.formatIfValid(buffer, palette: nil, indentCapped: &valid) { _ in } == nil)
                #expect(valid == capped, "formatIfValid, depth \(depth)")
                let checkpoints = jsonCheckpoints(document, every: 64)
                JSONFormatter.formatInSegments(
                    buffer, checkpoints: checkpoints, palette: nil, chunkSize: 256,
                    indentCapped: &segmented
                ) { _ in }
                #expect(segmented == capped, "formatInSegments, depth \(depth)")
            }
        }
        // Empty containers at the bottom have no lines inside: nothing was indented less than it is deep.
        let empties = Array((String(repeating: "[", count: Self.limit + 1) + String(repeating: "]", count: Self.limit + 1)).utf8)
        var emptiesCapped = false
        empties.withUnsafeBufferPointer { buffer in JSONFormatter.format(buffer, palette: nil, indentCapped: &emptiesCapped) { _ in } }
        #expect(!emptiesCapped)
        // Invalid input prints nothing, so there is nothing to note.
        var found = false
        let broken = Self.nested(Self.limit + 5).dropLast()
        Array(broken).withUnsafeBufferPointer { buffer in
            #expect(JSONFormatter.formatIfValid(buffer, palette: nil, indentCapped: &found) { _ in } != nil)
        }
        #expect(!found)
    }

    @Test func theResponseSaysSoOnceAfterTheBody() {
        let rendering = RenderingTests()
        let deep = Self.nested(Self.limit + 20)
        var checked = rendering.response("application/json", deep)
        checked.bodyCheck = JSONBodyCheck.Verdict.valid
        // Over a megabyte, printed by two threads: many flat values, one deep one among them.
        let flat = Array(repeating: Array("\"a flat value to print\",".utf8), count: 50_000).flatMap { $0 }
        var large = rendering.response("application/json", Array("[".utf8) + flat + deep + Array(",".utf8) + flat + Array("1]".utf8))
        large.bodyCheck = JSONBodyCheck.Verdict.valid
        large.bodyCheckpoints = jsonCheckpoints(large.body, every: JSONBodyCheck.checkpointSpacing)
        #expect(large.body.count >= ResponseRenderer.twoThreadSize)
        for response in [
            rendering.response("application/json", deep), checked, large,
            rendering.response("application/x-ndjson", deep + Array("\n".utf8) + deep),
        ] {
            let (text, errors) = rendering.render(response)
            #expect(errors == [ResponseRenderer.indentCappedNote])
            #expect(text.contains("\n" + String(repeating: " ", count: 2 * Self.limit) + "1\n"))
            #expect(!text.contains(String(repeating: " ", count: 2 * Self.limit + 1)))
        }
        #expect(ResponseRenderer.indentCappedNote.contains("100 levels"))
        for body in [Self.nested(Self.limit), Array(#"{"a":[1,{"b":2}]}"#.utf8)] {
            #expect(rendering.render(rendering.response("application/json", body)).1.isEmpty)
        }
    }
}
