import Testing
@testable import WorkbenchBasics

/// JSONTokenizer (the one lexer), JSONFormatter.formatIfValid (check and print in one
/// pass), JSONSequence (JSON Lines, RFC 7464), byte order marks and terminal escaping.
struct JSONTokenizerTests {
    typealias Kind = JSONTokenizer.Kind

    /// Every token of `text` as (kind, its text), and the problem if any.
    func tokens(_ text: String, checking: Bool = true, bom: Bool = false) -> ([(Kind, String)], JSONTokenizer.Problem?) {
        tokens(Array(text.utf8), checking: checking, bom: bom)
    }

    func tokens(_ bytes: [UInt8], checking: Bool = true, bom: Bool = false) -> ([(Kind, String)], JSONTokenizer.Problem?) {
        bytes.withUnsafeBufferPointer { buffer in
            var tokenizer = JSONTokenizer(buffer, checking: checking, skippingByteOrderMark: bom)
            var found: [(Kind, String)] = []
            for _ in 0...bytes.count + 1 {
                let token = tokenizer.next()
                if token.kind == .end { break }
                found.append((token.kind, String(decoding: UnsafeBufferPointer(rebasing: buffer[token.start..<token.end]), as: UTF8.self)))
            }
            return (found, tokenizer.problem)
        }
    }

    func kinds(_ text: String, checking: Bool = true) -> [Kind] {
        tokens(text, checking: checking).0.map(\.0)
    }

    func failure(_ text: String) -> JSONSyntax.Failure? {
        do {
            try JSONSyntax.validate(text)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Tokens

    @Test func everyTokenKindWithItsBytes() {
        let (found, problem) = tokens(#" {"k" : [ "v\"x", -1.5e+3, 0, true, false, null, {}, [] ] } "#)
        #expect(problem == nil)
        #expect(
            found.map(\.0) == [
                .beginObject, .string, .colon, .beginArray, .string, .comma, .number, .comma, .number, .comma,
                .literal, .comma, .literal, .comma, .literal, .comma, .beginObject, .endObject, .comma,
                .beginArray, .endArray, .endArray, .endObject,
            ])
        #expect(
            found.map(\.1) == [
                "{", #""k""#, ":", "[", #""v\"x""#, ",", "-1.5e+3", ",", "0", ",", "true", ",", "false", ",", "null", ",",
                "{", "}", ",", "[", "]", "]", "}",
            ])
    }

    @Test func scalarsAtTheTopAndTheEndRepeats() {
        #expect(kinds("42") == [.number])
        #expect(kinds(#""s""#) == [.string])
        "null".utf8.withContiguousStorageIfAvailable { buffer in
            var tokenizer = JSONTokenizer(buffer)
            #expect(tokenizer.next().kind == .literal)
            #expect(tokenizer.next().kind == .end)
            #expect(tokenizer.next().kind == .end)
            #expect(tokenizer.problem == nil)
        }
    }

    @Test func leniently_everyByteEndsUpInOneToken() {
        let (found, problem) = tokens(#"[1 2 @# tru "a\"b" é] }"#, checking: false)
        #expect(problem == nil)
        #expect(found.map(\.0) == [.beginArray, .number, .number, .other, .literal, .string, .other, .endArray, .endObject])
        #expect(found.map(\.1) == ["[", "1", "2", "@#", "tru", #""a\"b""#, "é", "]", "}"])
        // An unterminated string runs to the end.
        #expect(tokens(#"["abc"#, checking: false).0.map(\.1) == ["[", #""abc"#])
    }

    @Test func afterAProblemTheRestIsLexedLeniently() {
        let (found, problem) = tokens(#"[1, "a\q", 2]"#)
        #expect(problem == JSONTokenizer.Problem(offset: 6, reason: "invalid escape '\\q' in a string"))
        #expect(found.map(\.1) == ["[", "1", ",", #""a\q""#, ",", "2", "]"])
    }

    // MARK: Problems and their positions

    @Test func problemsArePlacedAtTheFirstByteThatDoesNotFit() {
        let cases: [(String, Int, Int, Int, String)] = [
            ("", 0, 1, 1, "empty input: expected a JSON value"),
            ("  \n ", 4, 2, 2, "empty input: expected a JSON value"),
            ("[1,]", 3, 1, 4, "unexpected ']': expected a value after ','"),
            ("{\"a\" 1}", 5, 1, 6, "unexpected '1': expected ':' after the key"),
            ("{\"a\":1,}", 7, 1, 8, "unexpected '}': expected a key after ','"),
            ("{1:2}", 1, 1, 2, "unexpected '1': expected a string key"),
            ("[1 2]", 3, 1, 4, "unexpected '2': expected ',' or ']'"),
            ("{\"a\":1 2}", 7, 1, 8, "unexpected '2': expected ',' or '}'"),
            ("{}x", 2, 1, 3, "unexpected 'x' after the JSON value"),
            ("[\n01]", 3, 2, 2, "invalid number: leading zeros are not allowed"),
            ("-", 1, 1, 2, "invalid number: expected a digit"),
            ("[-x]", 2, 1, 3, "invalid number: expected a digit"),
            ("1.", 2, 1, 3, "invalid number: expected a digit after '.'"),
            ("1e+", 3, 1, 4, "invalid number: expected a digit in the exponent"),
            ("tru", 3, 1, 4, "unexpected end of input in 'true'"),
            ("[nul]", 1, 1, 2, "invalid literal: expected 'null'"),
            ("\"abc", 0, 1, 1, "unterminated string"),
            ("\"a\u{1}\"", 2, 1, 3, "unescaped control character byte 0x1 in a string"),
            ("\"\\x\"", 1, 1, 2, "invalid escape '\\x' in a string"),
            ("\"\\u12G4\"", 5, 1, 6, "invalid \\u escape: expected 4 hex digits"),
            ("\"\\u12", 5, 1, 6, "unexpected end of input in a \\u escape"),
            ("[1,\n[2,\n{\"a\":", 13, 3, 6, "unexpected end of input"),
            ("@", 0, 1, 1, "unexpected '@': expected a JSON value"),
        ]
        for (text, offset, line, column, reason) in cases {
            #expect(
                failure(text) == JSONSyntax.Failure(offset: offset, line: line, column: column, reason: reason), "\(text.debugDescription)")
        }
        // Bytes that are not UTF-8 inside a string: a stray continuation byte, an overlong form, a surrogate.
        for bytes: [UInt8] in [
            [0x22, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
        ] {
            #expect(throws: JSONSyntax.Failure.self) { try JSONSyntax.validate(bytes) }
        }
        #expect(failure("\"é😀\"") == nil)
    }

    // MARK: Byte order mark

    @Test func aLeadingByteOrderMarkIsSkippedOnlyWhenAsked() throws {
        let body: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8)
        #expect(tokens(body, bom: true).1 == nil)
        #expect(tokens(body, bom: true).0.map(\.0) == [.beginObject, .string, .colon, .number, .endObject])
        // Without the option it is a byte that starts no value (typed request bodies keep the strict rule).
        #expect(tokens(body).1 == JSONTokenizer.Problem(offset: 0, reason: "unexpected byte 0xEF: expected a JSON value"))
        #expect(throws: Never.self) { try JSONParser.parse(body, skippingByteOrderMark: true) }
        #expect(try JSONParser.parse(body, skippingByteOrderMark: true)["a"] == .number("1"))
        // A byte order mark alone is empty input; offsets count its three bytes.
        let alone: [UInt8] = [0xEF, 0xBB, 0xBF, 0x20]
        #expect(tokens(alone, bom: true).1 == JSONTokenizer.Problem(offset: 4, reason: "empty input: expected a JSON value"))
        #expect(try JSONFormatter.formatIfValid(body, palette: nil, skippingByteOrderMark: true).get() == Array("{\n  \"a\": 1\n}\n".utf8))
    }

    // MARK: Deep nesting

    @Test func hundredThousandLevelsTokenizeCheckAndFailWithoutRecursion() {
        let depth = 100_000
        let deep = [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
        #expect(throws: Never.self) { try JSONSyntax.validate(deep) }
        // One bracket short: the problem is at the end.
        let short = Array(deep.dropLast())
        #expect(throws: JSONSyntax.Failure(offset: 2 * depth - 1, line: 1, column: 2 * depth, reason: "unexpected end of input")) {
            try JSONSyntax.validate(short)
        }
        // A problem deep inside: what the parser built so far is freed without recursion.
        let broken = [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8(ascii: "x")]
        #expect(throws: JSONSyntax.Failure.self) { try JSONParser.parse(broken) }
        let builtThenBroken = Array("[".utf8) + deep + Array(",x]".utf8)
        #expect(throws: JSONSyntax.Failure.self) { try JSONParser.parse(builtThenBroken) }
    }

    // MARK: Check and print in one pass

    @Test func formatIfValidPrintsValidInputLikeFormat() throws {
        for text in [#"{"a":[1,"x",true,null,{}],"b":"k"}"#, "[]", "7", #""s""#, "[[],[{}]]"] {
            let bytes = Array(text.utf8)
            #expect(try JSONFormatter.formatIfValid(bytes, palette: .standard).get() == JSONFormatter.format(bytes, palette: .standard))
        }
    }

    @Test func formatIfValidEmitsNothingForInvalidInput() {
        for text in ["", "{", #"{"a":1,}"#, "[1 2]", "{}x", #"["a\q"]"#] {
            var emitted = 0
            let failure = Array(text.utf8).withUnsafeBufferPointer { buffer in
                JSONFormatter.formatIfValid(buffer, palette: nil) { emitted += $0.count }
            }
            #expect(emitted == 0, "\(text)")
            #expect(failure == self.failure(text), "\(text)")
        }
    }

    /// Past the held-output limit the rest is checked ahead: an error far down a big
    /// body still means nothing was emitted, and a valid big body comes out in full chunks.
    @Test func bigBodiesAreCheckedAheadBeforeAnythingIsReleased() {
        let record = #"{"id": 12345, "name": "a fairly long string value", "tags": ["x", "y"], "ok": true},"#
        let count = JSONFormatter.heldOutputLimit / record.utf8.count * 3
        let valid = Array(("[" + String(repeating: record, count: count) + "null]").utf8)
        var chunks: [Int] = []
        var output: [UInt8] = []
        let failure = valid.withUnsafeBufferPointer { buffer in
            JSONFormatter.formatIfValid(buffer, palette: .standard) { chunk in
                chunks.append(chunk.count)
                output.append(contentsOf: chunk)
            }
        }
        #expect(failure == nil)
        #expect(output.count > 2 * JSONFormatter.heldOutputLimit)
        #expect(chunks.dropLast().allSatisfy { $0 == JSONFormatter.chunkSize })
        #expect(output == JSONFormatter.format(valid, palette: .standard))

        let broken = Array(valid.dropLast(5)) + Array("x]".utf8)
        var emitted = 0
        let brokenFailure = broken.withUnsafeBufferPointer { buffer in
            JSONFormatter.formatIfValid(buffer, palette: .standard) { emitted += $0.count }
        }
        #expect(emitted == 0)
        #expect(brokenFailure?.offset == broken.count - 2)
        #expect(brokenFailure?.reason == "unexpected 'x': expected a JSON value")
    }

    // MARK: Terminal safety inside strings

    @Test func deleteAndC1ControlsInStringsAreEscapedForATerminalOnly() throws {
        // Valid JSON: DEL and U+009B (CSI) may appear raw inside strings.
        let text = "{\"k\u{7F}\":\"a\u{9B}31mb\u{85}\",\"n\":\"é\u{A0}\"}"
        let bytes = Array(text.utf8)
        #expect(failure(text) == nil)
        let raw = JSONFormatter.format(bytes, palette: nil)
        #expect(String(decoding: raw, as: UTF8.self) == "{\n  \"k\u{7F}\": \"a\u{9B}31mb\u{85}\",\n  \"n\": \"é\u{A0}\"\n}\n")
        let shown = try? JSONFormatter.formatIfValid(bytes, palette: .standard, escapingControls: true).get()
        let expected =
            "{\n  \u{1B}[34;1m\"k\\u007f\"\u{1B}[0m: \u{1B}[32m\"a\\u009b31mb\\u0085\"\u{1B}[0m,\n"
            + "  \u{1B}[34;1m\"n\"\u{1B}[0m: \u{1B}[32m\"é\u{A0}\"\u{1B}[0m\n}\n"
        #expect(shown.map { String(decoding: $0, as: UTF8.self) } == expected)
        // The escaped output is still JSON, and means the same document.
        let plain = JSONFormatter.format(bytes, palette: nil, escapingControls: true)
        #expect(try JSONEquality.equal(JSONParser.parse(plain), JSONParser.parse(bytes)))
        #expect(!plain.contains(0x7F) && !plain.contains(0x9B))
    }

    @Test func brokenInputFormattedForATerminalHasNoRawControls() {
        let bytes = Array("[\"a\u{1B}]0;title\u{7}\", \u{1B}[2J]".utf8)
        let output = JSONFormatter.format(bytes, palette: nil, escapingControls: true)
        #expect(!output.contains(0x1B) && !output.contains(0x07))
        #expect(String(decoding: output, as: UTF8.self).contains("\\u001b]0;title\\u0007"))
    }

    // MARK: JSON Lines and sequences

    func records(_ bytes: [UInt8]) -> [(String, Int, Int)] {
        bytes.withUnsafeBufferPointer { buffer in
            JSONSequence.records(in: buffer).map {
                (String(decoding: UnsafeBufferPointer(rebasing: buffer[$0.range]), as: UTF8.self), $0.line, $0.column)
            }
        }
    }

    @Test func jsonLinesSplitAtLineFeedsSkippingBlankLines() {
        let found = records(Array("{\"a\":1}\r\n\n  [2, 3]  \n\"x\"".utf8))
        #expect(found.map(\.0) == ["{\"a\":1}", "[2, 3]", "\"x\""])
        #expect(found.map(\.1) == [1, 3, 4])
        #expect(found.map(\.2) == [1, 3, 1])
        #expect(records([0xEF, 0xBB, 0xBF] + Array("1\n2\n".utf8)).map(\.0) == ["1", "2"])
        #expect(records([]).isEmpty)
        #expect(records(Array(" \n\n".utf8)).isEmpty)
    }

    @Test func recordSeparatedSequencesMaySpanLines() {
        let body: [UInt8] = [0x1E] + Array("{\n \"a\": 1\n}\n".utf8) + [0x1E] + Array("[2]\n".utf8)
        let found = records(body)
        #expect(found.map(\.0) == ["{\n \"a\": 1\n}", "[2]"])
        #expect(found.map(\.1) == [1, 4])
        #expect(found.map(\.2) == [2, 2])
    }

    @Test func aFailureInARecordIsPlacedInTheWholeBody() {
        let body = Array("{\"a\":1}\n{\"b\" 2}\n".utf8)
        body.withUnsafeBufferPointer { buffer in
            let record = JSONSequence.records(in: buffer)[1]
            let failure = JSONFormatter.formatIfValid(UnsafeBufferPointer(rebasing: buffer[record.range]), palette: nil) { _ in }
            #expect(
                failure.map(record.placing)
                    == JSONSyntax.Failure(offset: 13, line: 2, column: 6, reason: "unexpected '2': expected ':' after the key"))
        }
    }

    // MARK: Checking a body as it arrives

    func verdict(_ bytes: [UInt8], pieces size: Int) -> JSONBodyCheck.Verdict? {
        var check = JSONBodyCheck()
        var received: [UInt8] = []
        var start = 0
        while start < bytes.count {
            received += bytes[start..<min(start + size, bytes.count)]
            received.withUnsafeBufferPointer { check.add($0) }
            start += size
        }
        return received.withUnsafeBufferPointer { check.finish($0) }
    }

    @Test func aBodyCheckedPieceByPieceGetsTheVerdictOfOneCheck() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let texts: [String] = [
            #"{"a": [1, -2.5e+10, true, false, null, "x\"y\u00e9", {}], "b": {"c": "é😀"}}"#, "12345", "-0.5", "true",
            #""string""#, "[1, 2", #"{"a" 1}"#, "[1,]", "tru", "[1.]", #"["\u12"]"#, "\"a\u{1}\"", "[] x", "", "   ",
            "[123", #"{"k": "unterminated"#, "[-]", "nul",
        ]
        let inputs: [[UInt8]] =
            texts.map { Array($0.utf8) } + [
                bom + Array("[1]".utf8), bom, [0x22, 0xE2, 0x82, 0xAC, 0x22], [0x22, 0xE2, 0x82, 0x22],
                [0x5B, 0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22, 0x5D],
            ]
        for input in inputs {
            let expected: JSONBodyCheck.Verdict = input.withUnsafeBufferPointer { buffer in
                var tokenizer = JSONTokenizer(buffer, skippingByteOrderMark: true)
                if tokenizer.checkToEnd() { return .valid }
                return .invalid(JSONSyntax.failure(at: tokenizer.problem!.offset, reason: tokenizer.problem!.reason, in: buffer))
            }
            for size in [1, 2, 3, 5, 64] {
                #expect(
                    verdict(input, pieces: size) == expected,
                    "\(String(decoding: input, as: UTF8.self).debugDescription) in pieces of \(size)")
            }
        }
    }

    /// A text with every kind of token, escapes, raw UTF-8, long strings and
    /// numbers (the fast paths' eight-byte steps) and nesting.
    static let everything =
        #"{"a": [1, -2.5e+10, 0, -0, 0.125, 1E3, 123456789012345678901234567890, true, false, null], "#
        + #""s": "plain text longer than eight bytes", "e": "x\"y\\z\/\b\f\n\r\t\u00e9\uD83D\uDE00", "#
        + #""u": "é😀 caf\u00e9 日本語", "o": {"k": {}, "l": [[], [{}]], "m": {"n": [null]}}, "empty": "", "#
        + "\"t\": [\n  {\"x\": 1},\r\n\t{\"y\": 2.5}\n]}"

    /// The token-by-token verdict (`nextChecked` alone): what `checkToEnd` must agree with.
    func problemTokenByToken(_ bytes: [UInt8]) -> JSONTokenizer.Problem? {
        bytes.withUnsafeBufferPointer { buffer in
            var tokenizer = JSONTokenizer(buffer, skippingByteOrderMark: true)
            while tokenizer.problem == nil && tokenizer.nextChecked().kind != .end {}
            return tokenizer.problem
        }
    }

    func problemOfCheckToEnd(_ bytes: [UInt8]) -> JSONTokenizer.Problem? {
        bytes.withUnsafeBufferPointer { buffer in
            var tokenizer = JSONTokenizer(buffer, skippingByteOrderMark: true)
            _ = tokenizer.checkToEnd()
            return tokenizer.problem
        }
    }

    /// Objects and arrays nested 80 levels deep, past the 64 levels the fast path keeps in a register.
    static let deep = String(repeating: #"{"k": ["#, count: 40) + "1, {}, []" + String(repeating: #"], "z": 0}"#, count: 40)

    @Test(arguments: [everything, deep])
    func checkToEndAgreesWithTokenByTokenOnEveryCutAndChangedByte(_ source: String) {
        let text = Array(source.utf8)
        #expect(problemOfCheckToEnd(text) == nil)
        // Cut after every byte; every byte replaced by bytes that break or bend the grammar, or removed.
        var inputs = (0...text.count).map { Array(text[0..<$0]) }
        let replacements: [UInt8] = [
            0x00, 0x1F, 0x20, 0x22, 0x2C, 0x2D, 0x2E, 0x30, 0x31, 0x3A, 0x45, 0x5B, 0x5C, 0x5D,
            0x61, 0x65, 0x75, 0x7B, 0x7D, 0x7F, 0x80, 0xC0, 0xE0, 0xED, 0xF0, 0xF4, 0xFF,
        ]
        for index in text.indices {
            for byte in replacements where byte != text[index] {
                var changed = text
                changed[index] = byte
                inputs.append(changed)
            }
            var removed = text
            removed.remove(at: index)
            inputs.append(removed)
        }
        for input in inputs {
            let expected = problemTokenByToken(input)
            let found = problemOfCheckToEnd(input)
            #expect(found == expected, "\(String(decoding: input, as: UTF8.self).debugDescription)")
            if found != expected { break }
        }
    }

    @Test func aBodyCutAnywhereIntoTwoPiecesGetsTheVerdictOfOneCheck() {
        let texts = [Self.everything, #"[1, "two", {"three": [3.0e-3]}, -44, "\u0041\u00e9", "é😀", true]"#]
        for text in texts {
            let bytes = Array(text.utf8)
            var broken = bytes
            broken[bytes.count / 2] = 0x01
            for input in [bytes, broken] {
                let whole = input.withUnsafeBufferPointer { buffer in
                    var check = JSONBodyCheck()
                    check.add(buffer)
                    return check.finish(buffer)
                }
                for cut in 0...input.count {
                    var check = JSONBodyCheck()
                    input.withUnsafeBufferPointer { buffer in
                        check.add(UnsafeBufferPointer(rebasing: buffer[0..<cut]))
                        check.add(buffer)
                    }
                    let verdict = input.withUnsafeBufferPointer { check.finish($0) }
                    #expect(verdict == whole, "cut at \(cut) of \(String(decoding: input, as: UTF8.self).debugDescription)")
                }
            }
        }
    }

    @Test func aHugeTokenArrivingInSmallPiecesEndsTheCheckInsteadOfRescanning() {
        let long = Array(("[\"" + String(repeating: "x", count: 2 * JSONBodyCheck.longestPendingToken) + "\"]").utf8)
        #expect(verdict(long, pieces: 256 * 1024) == nil)
        #expect(verdict(Array("[1, 2]".utf8), pieces: 1) == .valid)
    }
}
