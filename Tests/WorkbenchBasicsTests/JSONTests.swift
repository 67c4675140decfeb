import Testing
@testable import WorkbenchBasics
import WorkbenchTestSupport

/// JSONValue, JSONParser, JSONPath and JSONFormatter.
struct JSONTests {
    // MARK: Helpers

    func pretty(_ text: String, palette: JSONPalette? = nil) -> String {
        String(decoding: JSONFormatter.format(Array(text.utf8), palette: palette), as: UTF8.self)
    }

    func isLayoutSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    func nestedArrays(_ depth: Int) -> [UInt8] {
        [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
    }

    func evaluationError(_ path: String, _ json: String) throws -> String? {
        let value = try JSONParser.parse(json)
        do {
            _ = try JSONPath(parsing: path).evaluate(value)
            return nil
        } catch {
            return error.message
        }
    }

    func pathError(_ path: String) -> String? {
        do {
            _ = try JSONPath(parsing: path)
            return nil
        } catch {
            return error.message
        }
    }

    // MARK: Parser and JSONValue

    @Test func parserKeepsKeyOrder() throws {
        let value = try JSONParser.parse(#"{"b":1,"a":2,"c":{"z":true,"y":null}}"#)
        guard case .object(let members) = value else {
            Issue.record("expected an object, got \(value)")
            return
        }
        #expect(members.map(\.key) == ["b", "a", "c"])
        #expect(value["c"] == .object([JSONMember(key: "z", value: .bool(true)), JSONMember(key: "y", value: .null)]))
        #expect(value.jsonText == #"{"b":1,"a":2,"c":{"z":true,"y":null}}"#)
    }

    @Test func parserKeepsNumberTextExactly() throws {
        let value = try JSONParser.parse("[12345678901234567890123, 1.10, -0.0e+5, 0, -7E-2]")
        #expect(
            value
                == .array([
                    .number("12345678901234567890123"), .number("1.10"), .number("-0.0e+5"), .number("0"), .number("-7E-2"),
                ]))
        #expect(value.jsonText == "[12345678901234567890123,1.10,-0.0e+5,0,-7E-2]")
        // Numbers compare by text: 1.10 is not 1.1.
        #expect(JSONValue.number("1.10") != .number("1.1"))
    }

    @Test func parserDecodesEveryEscape() throws {
        let value = try JSONParser.parse(#"["\" \\ \/ \b \f \n \r \t \u00e9 \ud83d\ude00", "plain"]"#)
        #expect(value == .array([.string("\" \\ / \u{8} \u{C} \n \r \t é 😀"), .string("plain")]))
        #expect(try JSONParser.parse(#""\u0041\u00DF\u6771""#) == .string("Aß東"))
    }

    @Test func parserReplacesUnpairedSurrogates() throws {
        #expect(try JSONParser.parse(#""\ud83d x""#) == .string("\u{FFFD} x"))
        #expect(try JSONParser.parse(#""\ude00""#) == .string("\u{FFFD}"))
        #expect(try JSONParser.parse(#""\ud83d\u0041""#) == .string("\u{FFFD}A"))
        #expect(try JSONParser.parse(#""\ud83d\ud83d\ude00""#) == .string("\u{FFFD}😀"))
        #expect(try JSONParser.parse(#""a\ud83d""#) == .string("a\u{FFFD}"))
    }

    @Test func parserReadsScalarsAndEmptyContainers() throws {
        #expect(try JSONParser.parse(" {} ") == .object([]))
        #expect(try JSONParser.parse("[ ]") == .array([]))
        #expect(
            try JSONParser.parse(#"{"a":[],"b":{}}"#)
                == .object([
                    JSONMember(key: "a", value: .array([])), JSONMember(key: "b", value: .object([])),
                ]))
        #expect(try JSONParser.parse("true") == .bool(true))
        #expect(try JSONParser.parse("false") == .bool(false))
        #expect(try JSONParser.parse("null") == .null)
        #expect(try JSONParser.parse("\"\"") == .string(""))
        #expect(try JSONParser.parse(Array("-1".utf8)) == .number("-1"))
    }

    @Test func parserReportsWhereTheTextStopsBeingJSON() {
        #expect(throws: JSONSyntax.Failure(offset: 3, line: 1, column: 4, reason: "unexpected ']': expected a value after ','")) {
            try JSONParser.parse("[1,]")
        }
        #expect(throws: JSONSyntax.Failure.self) { try JSONParser.parse(#"{"a":1}x"#) }
        #expect(throws: JSONSyntax.Failure.self) { try JSONParser.parse("") }
    }

    @Test func valueAccessors() throws {
        let value = try JSONParser.parse(#"{"k":"v","k":"second","n":1}"#)
        #expect(value["k"]?.stringValue == "v")
        #expect(value["n"]?.stringValue == nil)
        #expect(value["missing"] == nil)
        #expect(JSONValue.array([])["k"] == nil)
        #expect(value.description == value.jsonText)
    }

    @Test func jsonTextEscapesMinimallyAndRoundTrips() throws {
        let value = JSONValue.object([
            JSONMember(key: "q\"k", value: .string("a\"b\\c/\n\r\t\u{8}\u{C}\u{1}\u{1F}é😀")),
            JSONMember(key: "list", value: .array([.number("1.50"), .bool(false), .null, .array([]), .object([])])),
        ])
        #expect(value.jsonText == #"{"q\"k":"a\"b\\c/\n\r\t\b\f\u0001\u001fé😀","list":[1.50,false,null,[],{}]}"#)
        #expect(try JSONParser.parse(value.jsonText) == value)
    }

    // Deep values never go into #expect themselves: on failure it would
    // describe them by reflection, recursively.

    /// Values the parser refuses (it stops at `JSONParser.maximumDepth`) but code may still build.
    static func nestedValue(_ depth: Int, innermost: JSONValue = .array([])) -> JSONValue {
        var value = innermost
        for _ in 1..<depth { value = .array([value]) }
        return value
    }

    @Test func hundredThousandNestedArraysCompareAndDismantle() throws {
        let depth = 100_000
        var value = Self.nestedValue(depth)
        var different = Self.nestedValue(depth, innermost: .array([.number("1")]))
        // Both walk all the way down: equal to itself, and unequal only at the bottom.
        let equal = value == value
        let unequal = value == different
        #expect(equal)
        #expect(!unequal)
        #expect(value.jsonText.utf8.count == 2 * depth)

        // The innermost array is found by a path of depth - 1 steps.
        let innermost = try JSONPath(parsing: "$" + String(repeating: "[0]", count: depth - 1))
        let found = try innermost.evaluate(value)
        #expect(found == .array([]))
        let tooDeep = try JSONPath(parsing: "$" + String(repeating: "[0]", count: depth))
        do {
            _ = try tooDeep.evaluate(value)
            Issue.record("expected an error")
        } catch {
            // "$[0]...[0]: index 0 is out of range (the array at $[0]...[0] is empty)"
            let message = Array(error.message.utf8)
            let step = 1 + 3 * depth
            let here = 1 + 3 * (depth - 1)
            let middle = Array(": index 0 is out of range (the array at ".utf8)
            let end = Array(" is empty)".utf8)
            #expect(message.count == step + middle.count + here + end.count)
            if message.count == step + middle.count + here + end.count {
                #expect(Array(message[..<7]) == Array("$[0][0]".utf8))
                #expect(Array(message[(step - 3)..<(step + middle.count + 4)]) == Array("[0]".utf8) + middle + Array("$[0]".utf8))
                #expect(Array(message.suffix(3 + end.count)) == Array("[0]".utf8) + end)
            }
        }

        value.dismantle()
        different.dismantle()
        let allNull = value == .null && different == .null
        #expect(allNull)
    }

    @Test func hundredThousandNestedObjectsDismantle() throws {
        let depth = 100_000
        var value = JSONValue.number("1")
        for _ in 0..<depth { value = .object([JSONMember(key: "a", value: value)]) }
        let path = try JSONPath(parsing: "$" + String(repeating: ".a", count: depth))
        let found = try path.evaluate(value)
        #expect(found == .number("1"))
        value.dismantle()
        let isNull = value == .null
        #expect(isNull)
    }

    // MARK: JSONPath

    @Test func pathsFindValues() throws {
        let value = try JSONParser.parse(
            #"""
            {"data": {"token": "abc", "user": {"id": 7}},
             "items": [{"id": 1}, {"id": 2}],
             "odd key": {"x": "X"},
             "q\"k\\": 5, "it's": 6,
             "a": [0, [10, 11, 12]]}
            """#)
        #expect(try JSONPath(parsing: "$.data.token").evaluate(value) == .string("abc"))
        #expect(try JSONPath(parsing: "$.data.user.id").evaluate(value) == .number("7"))
        #expect(try JSONPath(parsing: "$.items[0].id").evaluate(value) == .number("1"))
        #expect(try JSONPath(parsing: "$.items[-1].id").evaluate(value) == .number("2"))
        #expect(try JSONPath(parsing: "$.items[-2].id").evaluate(value) == .number("1"))
        #expect(try JSONPath(parsing: #"$["odd key"].x"#).evaluate(value) == .string("X"))
        #expect(try JSONPath(parsing: "$['odd key']['x']").evaluate(value) == .string("X"))
        #expect(try JSONPath(parsing: #"$["q\"k\\"]"#).evaluate(value) == .number("5"))
        #expect(try JSONPath(parsing: #"$['it\'s']"#).evaluate(value) == .number("6"))
        #expect(try JSONPath(parsing: "$.a[1][2]").evaluate(value) == .number("12"))
        #expect(try JSONPath(parsing: "$").evaluate(value) == value)
    }

    @Test func pathsParseIntoComponents() throws {
        let path = try JSONPath(parsing: #"$.a["b c"][3][-1].d_e-f"#)
        #expect(path.components == [.key("a"), .key("b c"), .index(3), .index(-1), .key("d_e-f")])
        #expect(path.text == #"$.a["b c"][3][-1].d_e-f"#)
        #expect(try JSONPath(parsing: "$").components == [])
        #expect(try JSONPath(parsing: "$.é").components == [.key("é")])
    }

    @Test func pathParseErrorsNameThePositionAndTheProblem() {
        #expect(pathError("$.a[") == "invalid JSON path '$.a[': expected an index or a quoted key at column 5")
        #expect(pathError("") == "invalid JSON path '': a path must start with '$' at column 1")
        #expect(pathError("a.b") == "invalid JSON path 'a.b': expected '$' at the start, found 'a' at column 1")
        #expect(pathError("$.") == "invalid JSON path '$.': expected a key name after '.' at column 3")
        #expect(pathError("$..a") == "invalid JSON path '$..a': recursive descent '..' is not supported at column 3")
        #expect(pathError("$.*") == "invalid JSON path '$.*': wildcards are not supported at column 3")
        #expect(pathError("$[*]") == "invalid JSON path '$[*]': wildcards are not supported at column 3")
        #expect(pathError("$.a b") == "invalid JSON path '$.a b': unexpected ' ': expected '.' or '[' at column 4")
        #expect(pathError("$a") == "invalid JSON path '$a': unexpected 'a': expected '.' or '[' at column 2")
        #expect(pathError("$[1") == "invalid JSON path '$[1': expected ']', found end of path at column 4")
        #expect(pathError("$[1x]") == "invalid JSON path '$[1x]': expected ']', found 'x' at column 4")
        #expect(pathError("$[-]") == "invalid JSON path '$[-]': expected a digit after '-' at column 4")
        #expect(pathError(#"$["a]"#) == #"invalid JSON path '$["a]': unterminated quoted key at column 3"#)
        #expect(
            pathError(#"$["a\n"]"#)
                == #"invalid JSON path '$["a\n"]': invalid escape '\n' in a quoted key (only \", \' and \\ are allowed) at column 5"#)
        #expect(pathError("$[12345678901234567890]") == "invalid JSON path '$[12345678901234567890]': the index is too large at column 21")
        #expect(pathError("$.a/b") == "invalid JSON path '$.a/b': unexpected '/': expected '.' or '[' at column 4")
    }

    @Test func pathEvaluationErrorsSayWhatDidNotMatch() throws {
        let json =
            #"{"data": {"token": "t", "user": {}}, "items": [1, 2], "one": [1], "none": [], "a": "text", "n": 1, "z": null, "b": true, "odd key": {}}"#
        #expect(try evaluationError("$.data.tokn", json) == "$.data.tokn: no key 'tokn' in the object at $.data (keys: token, user)")
        #expect(
            try evaluationError("$.data.user.id", json) == "$.data.user.id: no key 'id' in the object at $.data.user (the object is empty)")
        #expect(try evaluationError("$.items[5]", json) == "$.items[5]: index 5 is out of range (the array at $.items has 2 elements)")
        #expect(try evaluationError("$.items[-3]", json) == "$.items[-3]: index -3 is out of range (the array at $.items has 2 elements)")
        #expect(try evaluationError("$.one[1]", json) == "$.one[1]: index 1 is out of range (the array at $.one has 1 element)")
        #expect(try evaluationError("$.none[0]", json) == "$.none[0]: index 0 is out of range (the array at $.none is empty)")
        #expect(try evaluationError("$.a.b", json) == "$.a.b: $.a is a string, not an object")
        #expect(try evaluationError("$.a[0]", json) == "$.a[0]: $.a is a string, not an array")
        #expect(try evaluationError("$.n.x", json) == "$.n.x: $.n is a number, not an object")
        #expect(try evaluationError("$.z[0]", json) == "$.z[0]: $.z is null, not an array")
        #expect(try evaluationError("$.b.c", json) == "$.b.c: $.b is a boolean, not an object")
        #expect(try evaluationError("$.data[0]", json) == "$.data[0]: $.data is an object, not an array")
        #expect(try evaluationError("$.items.x", json) == "$.items.x: $.items is an array, not an object")
        #expect(
            try evaluationError(#"$['odd key'].q"#, json)
                == #"$["odd key"].q: no key 'q' in the object at $["odd key"] (the object is empty)"#)
        #expect(try evaluationError("$[0]", "[]") == "$[0]: index 0 is out of range (the array at $ is empty)")
        // The failing step is reported, not the rest of the path.
        #expect(try evaluationError("$.items[9].id.x", json) == "$.items[9]: index 9 is out of range (the array at $.items has 2 elements)")
    }

    @Test func pathEvaluationErrorListsOnlySomeKeysOfALargeObject() throws {
        let members = (0..<25).map { JSONMember(key: "k\($0)", value: .null) }
        do {
            _ = try JSONPath(parsing: "$.x").evaluate(.object(members))
            Issue.record("expected an error")
        } catch {
            let listed = (0..<20).map { "k\($0)" }.joined(separator: ", ")
            #expect(error.message == "$.x: no key 'x' in the object at $ (keys: \(listed), and 5 more)")
        }
    }

    // MARK: Formatter

    @Test func formatterLaysOutLikeJq() {
        let input = #"{"name":"w","tags":["a",1,true,null],"empty":{},"none":[ ],"nested":{"deep":[[],[{}]]}}"#
        let expected = """
            {
              "name": "w",
              "tags": [
                "a",
                1,
                true,
                null
              ],
              "empty": {},
              "none": [],
              "nested": {
                "deep": [
                  [],
                  [
                    {}
                  ]
                ]
              }
            }

            """
        #expect(pretty(input) == expected)
        // Already pretty or oddly spaced input comes out the same.
        #expect(pretty(expected) == expected)
        #expect(pretty(" \r\n\t" + input + "\n\n") == expected)
    }

    @Test func formatterKeepsNumbersAndEscapesAsTyped() {
        #expect(pretty("[12345678901234567890123,1.10,-0.0e+5]") == "[\n  12345678901234567890123,\n  1.10,\n  -0.0e+5\n]\n")
        let escapes = #""\" \\ \/ \b \f \n \r \t \u00e9 \ud83d\ude00""#
        #expect(pretty("{\(escapes):\(escapes)}") == "{\n  \(escapes): \(escapes)\n}\n")
        #expect(pretty(#"["é😀", "\u00E9"]"#) == "[\n  \"é😀\",\n  \"\\u00E9\"\n]\n")
    }

    @Test func formatterPrintsEmptyContainersAndScalarsOnOneLine() {
        #expect(pretty("{}") == "{}\n")
        #expect(pretty("[ \n ]") == "[]\n")
        #expect(pretty(#" "x" "#) == "\"x\"\n")
        #expect(pretty("42") == "42\n")
        #expect(pretty("false") == "false\n")
        #expect(pretty("null") == "null\n")
    }

    @Test func formatterColoursEachKindOfToken() {
        let key = "\u{1B}[34;1m"
        let string = "\u{1B}[32m"
        let number = "\u{1B}[36m"
        let literal = "\u{1B}[33m"
        let reset = "\u{1B}[0m"
        let expected = """
            {
              \(key)"a"\(reset): [
                \(number)1\(reset),
                \(string)"x"\(reset),
                \(literal)true\(reset),
                \(literal)null\(reset),
                {}
              ],
              \(key)"b"\(reset): \(string)"k"\(reset)
            }

            """
        #expect(pretty(#"{"a":[1,"x",true,null,{}],"b":"k"}"#, palette: .standard) == expected)
        #expect(pretty("7", palette: .standard) == "\(number)7\(reset)\n")
    }

    @Test func formatterColoursPunctuationWhenAsked() {
        var palette = JSONPalette.standard
        palette.punctuation = Array("<".utf8)
        palette.number = []
        #expect(
            pretty(#"{"a":[1,2],"b":[]}"#, palette: palette) == """
                <{\u{1B}[0m
                  \u{1B}[34;1m"a"\u{1B}[0m<:\u{1B}[0m <[\u{1B}[0m
                    1<,\u{1B}[0m
                    2
                  <]\u{1B}[0m<,\u{1B}[0m
                  \u{1B}[34;1m"b"\u{1B}[0m<:\u{1B}[0m <[]\u{1B}[0m
                <}\u{1B}[0m

                """)
    }

    @Test func formatterWithoutPaletteWritesNoEscapeSequences() {
        let output = pretty(#"{"a":[1,"x",true,null,{"b":-2.5e3}]}"#)
        #expect(!output.utf8.contains(0x1B))
        #expect(output == "{\n  \"a\": [\n    1,\n    \"x\",\n    true,\n    null,\n    {\n      \"b\": -2.5e3\n    }\n  ]\n}\n")
    }

    @Test func formatterEmitsFullChunksThenTheRest() {
        // A string longer than two chunks, so it is split across them.
        let long = String(repeating: "abcdefghij\\\"", count: 15_000)
        let input = Array("[\"\(long)\", 1]".utf8)
        var chunks: [Int] = []
        var output: [UInt8] = []
        input.withUnsafeBufferPointer { buffer in
            JSONFormatter.format(buffer, palette: .standard) { chunk in
                chunks.append(chunk.count)
                output.append(contentsOf: chunk)
            }
        }
        #expect(chunks.count > 2)
        #expect(chunks.dropLast().allSatisfy { $0 == JSONFormatter.chunkSize })
        #expect(String(decoding: output, as: UTF8.self) == "[\n  \u{1B}[32m\"\(long)\"\u{1B}[0m,\n  \u{1B}[36m1\u{1B}[0m\n]\n")
    }

    @Test func formatterHandlesHundredThousandNestedArrays() {
        let depth = 100_000
        let output = JSONFormatter.format(nestedArrays(depth), palette: nil)
        // Lines of `[` going in, `[]` at the bottom, `]` coming out; the indent stops growing.
        func indent(_ level: Int) -> Int { 2 * min(level, JSONFormatter.maximumIndentDepth) }
        var openingCount = 0
        for level in 0..<(depth - 1) { openingCount += indent(level) + 2 }
        let innermostCount = indent(depth - 1) + 3
        #expect(output.count == 2 * openingCount + innermostCount)
        #expect(Array(output.prefix(6)) == Array("[\n  [\n".utf8))
        #expect(Array(output.suffix(6)) == Array("  ]\n]\n".utf8))
        // The bottom: the innermost `[]` and the first `]` at the capped indent.
        let spaces = String(repeating: " ", count: indent(depth))
        let bottom = Array("\(spaces)[\n\(spaces)[]\n\(spaces)]\n\(spaces)]\n".utf8)
        let bottomStart = openingCount - (indent(depth) + 2)
        #expect(output.count >= bottomStart + bottom.count)
        if output.count >= bottomStart + bottom.count {
            #expect(Array(output[bottomStart..<(bottomStart + bottom.count)]) == bottom)
        }
    }

    @Test func formatterSurvivesInvalidInput() {
        let inputs = [
            "", "   ", "{", "[", "}", "]", "]]]}}}", "{\"a\"", "{\"a\":", "{\"a\":1,", "[1,2", "\"unterminated",
            "\"ends in backslash\\", "[\"a\\", "tru", "nul", "-", "1.", "{\"a\" 1}", "[1 2 3]", "[,]", "{,}", "{:}",
            "@#!", "\u{1}\u{2}", "[\"\u{0}\"]", "\u{FF}", "{\"a\":[}]", "[{]}", "1 2", "\"a\" : \"b\"", ",,,", ":::",
        ]
        for input in inputs {
            let output = pretty(input, palette: .standard)
            let hasToken = input.utf8.contains { !isLayoutSpace($0) }
            #expect(output.isEmpty == !hasToken, "input \(input.debugDescription)")
            if hasToken { #expect(output.utf8.last == UInt8(ascii: "\n"), "input \(input.debugDescription)") }
        }
        #expect(pretty("[1 2]") == "[\n  1\n  2\n]\n")
        #expect(pretty("]") == "]\n")
        #expect(pretty("[\"abc") == "[\n  \"abc\n")

        // Arbitrary bytes, weighted towards JSON's own, from a fixed seed.
        let alphabet = Array("{}[],:\"\\ \n0123456789-+.eEtruefalsnl\u{1}\u{7F}".utf8) + [0xC3, 0xA9, 0xFF]
        var generator = FuzzGenerator(seed: 0x5EED)
        for _ in 0..<500 {
            let length = Int(generator.next() % 64)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let coloured = JSONFormatter.format(bytes, palette: .standard)
            let plain = JSONFormatter.format(bytes, palette: nil)
            let hasToken = bytes.contains { !isLayoutSpace($0) }
            #expect(plain.isEmpty == !hasToken, "input \(bytes)")
            #expect(coloured.isEmpty == !hasToken, "input \(bytes)")
            if hasToken { #expect(plain.last == UInt8(ascii: "\n"), "input \(bytes)") }
            // The formatter only adds and removes white space: every other byte comes out, in order.
            #expect(plain.filter { !isLayoutSpace($0) } == bytes.filter { !isLayoutSpace($0) }, "input \(bytes)")
        }
    }
}
