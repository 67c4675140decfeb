import Foundation
import OpenAPIKit
import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP

/// SchemaValidation: what `expect schema` reports.
struct SchemaValidationTests {
    static let petComponents = #"""
        {"Pet":{"type":"object","required":["id","name"],"properties":{
            "id":{"type":"integer","format":"int64"},
            "name":{"type":"string","minLength":1},
            "tag":{"type":"string","nullable":true},
            "status":{"type":"string","enum":["available","pending","sold"]},
            "password":{"type":"string","writeOnly":true}}},
         "Pets":{"type":"array","items":{"$ref":"#/components/schemas/Pet"}},
         "Node":{"type":"object","required":["name"],"properties":{"name":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/components/schemas/Node"}}}},
         "Loop":{"$ref":"#/components/schemas/Loop"}}
        """#

    /// The violations as `PATH: REASON` lines.
    func check(_ value: String, _ schema: String, components: String = petComponents, direction: SchemaDirection = .response) throws
        -> [String]
    {
        let report = try SchemaValidation.check(
            JSONParser.parse(value), against: decodedSchema(schema), components: decodedComponents(components), direction: direction)
        return report.violations.map(\.description)
    }

    @Test func validValuesPass() throws {
        let pets = ##"{"$ref":"#/components/schemas/Pets"}"##
        #expect(try check(#"[{"id":1,"name":"Rex","tag":null,"status":"sold"},{"id":2,"name":"Tom","tag":"cat"}]"#, pets) == [])
        #expect(try check(#"[]"#, pets) == [])
        #expect(try check(#"{"a":1}"#, #"{}"#) == [])
    }

    @Test func violationsNameTheirPaths() throws {
        let pets = ##"{"$ref":"#/components/schemas/Pets"}"##
        let value = #"[{"id":1,"name":"Rex"},{"id":"2","name":"Tom"},{"name":"","status":"lost","tag":5}]"#
        #expect(
            try check(value, pets) == [
                "$[1].id: expected an integer, got a string",
                "$[2]: missing required property 'id'",
                "$[2].name: is 0 characters long, at least 1 required",
                #"$[2].status: "lost" is not one of "available", "pending", "sold""#,
                "$[2].tag: expected a string or null, got a number",
            ])
        #expect(
            try check(
                #"{"pets":[{"name":7}]}"#,
                #"{"type":"object","properties":{"pets":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string"}}}}}}"#
            )
                == ["$.pets[0].name: expected a string, got a number"])
        // Keys that are not names are quoted as in our JSON paths.
        #expect(
            try check(#"{"odd key":1}"#, #"{"type":"object","properties":{"odd key":{"type":"string"}}}"#) == [
                #"$["odd key"]: expected a string, got a number"#
            ])
    }

    @Test func typesIncludingNullability() throws {
        #expect(try check("null", #"{"type":"string"}"#) == ["$: expected a string, got null"])
        #expect(try check("null", #"{"type":"string","nullable":true}"#) == [])
        #expect(try check("null", #"{"type":["string","null"]}"#) == [])
        #expect(try check("3", #"{"type":["string","null"]}"#) == ["$: expected a string or null, got a number"])
        #expect(try check("true", #"{"type":"boolean"}"#) == [])
        #expect(try check("1", #"{"type":"boolean"}"#) == ["$: expected a boolean, got a number"])
        #expect(try check("{}", #"{"type":"array"}"#) == ["$: expected an array, got an object"])
        #expect(try check("[]", #"{"type":"object"}"#) == ["$: expected an object, got an array"])
        #expect(try check("1", #"{"type":"null"}"#) == ["$: expected null, got a number"])
    }

    @Test func integersAreNumbersWithoutAFraction() throws {
        for good in ["0", "-7", "1.0", "1e2", "2.50e1", "123456789012345678901234567890"] {
            #expect(try check(good, #"{"type":"integer"}"#) == [], "\(good)")
        }
        for bad in ["1.5", "1e-1", "0.000001"] {
            #expect(try check(bad, #"{"type":"integer"}"#) == ["$: expected an integer, got \(bad)"])
        }
        #expect(try check("2147483648", #"{"type":"integer","format":"int32"}"#) == ["$: 2147483648 is outside the range of int32"])
        #expect(try check("-2147483648", #"{"type":"integer","format":"int32"}"#) == [])
        #expect(
            try check("9223372036854775808", #"{"type":"integer","format":"int64"}"#) == [
                "$: 9223372036854775808 is outside the range of int64"
            ])
        #expect(try check("1.5", #"{"type":"number"}"#) == [])
        #expect(try check(#""1""#, #"{"type":"number"}"#) == ["$: expected a number, got a string"])
    }

    @Test func numericBoundsAndMultiplesAreExact() throws {
        #expect(try check("5", #"{"type":"integer","minimum":5}"#) == [])
        #expect(try check("4", #"{"type":"integer","minimum":5}"#) == ["$: 4 is not at least 5"])
        #expect(try check("5", #"{"type":"integer","exclusiveMinimum":5}"#) == ["$: 5 is not greater than 5"])
        #expect(try check("5", #"{"type":"number","exclusiveMaximum":5}"#) == ["$: 5 is not less than 5"])
        #expect(try check("5.0000000000000000001", #"{"type":"number","maximum":5}"#) == ["$: 5.0000000000000000001 is not at most 5"])
        #expect(try check("-0.5", #"{"type":"number","minimum":-0.25}"#) == ["$: -0.5 is not at least -0.25"])
        #expect(try check("-0.1", #"{"type":"number","minimum":-0.25}"#) == [])
        #expect(try check("0.3", #"{"type":"number","multipleOf":0.1}"#) == [])
        #expect(try check("19.99", #"{"type":"number","multipleOf":0.01}"#) == [])
        #expect(try check("19.995", #"{"type":"number","multipleOf":0.01}"#) == ["$: 19.995 is not a multiple of 0.01"])
        #expect(try check("1e30", #"{"type":"integer","multipleOf":7}"#) == ["$: 1e30 is not a multiple of 7"])
        #expect(try check("7e30", #"{"type":"integer","multipleOf":7}"#) == [])
        #expect(try check("0", #"{"type":"integer","multipleOf":7}"#) == [])
    }

    @Test func stringsByLengthPatternAndFormat() throws {
        // Lengths count Unicode scalars: "é" precomposed is one.
        #expect(try check(#""é""#, #"{"type":"string","maxLength":1}"#) == [])
        #expect(try check(#""abcd""#, #"{"type":"string","maxLength":3}"#) == ["$: is 4 characters long, at most 3 allowed"])
        #expect(try check(#""ab12""#, #"{"type":"string","pattern":"[0-9]+"}"#) == [])
        #expect(try check(#""abcd""#, #"{"type":"string","pattern":"^[0-9]+$"}"#) == [#"$: "abcd" does not match the pattern ^[0-9]+$"#])
        let formats: [(String, [String], [String])] = [
            (
                "date-time", ["2024-02-29T23:59:60Z", "2024-01-31t12:00:00.123+05:30"],
                ["2023-02-29T00:00:00Z", "2024-01-31T12:00:00", "2024-01-31", "2024-13-01T00:00:00Z"]
            ),
            ("date", ["2024-02-29", "2023-12-31"], ["2023-02-29", "2024-1-01", "20240101"]),
            ("email", ["a.b+c@example.com"], ["no-at.example.com", "a@b", "a b@example.com", "a@@example.com"]),
            ("uuid", ["3fa85f64-5717-4562-b3fc-2c963f66afa6"], ["3fa85f64-5717-4562-b3fc-2c963f66afa", "not-a-uuid"]),
            ("ipv4", ["192.168.0.1", "0.0.0.0"], ["256.1.1.1", "01.2.3.4", "1.2.3"]),
            ("ipv6", ["::1", "2001:db8::1"], ["1.2.3.4", "2001:db8:::1", "gggg::"]),
            ("uri", ["https://example.com/a?b=c", "urn:isbn:0451450523"], ["/relative", "http://exa mple.com", ""]),
            ("hostname", ["example.com", "localhost"], ["-bad.com", "a..b"]),
        ]
        for (format, goods, bads) in formats {
            for good in goods {
                #expect(try check(#""\#(good)""#, #"{"type":"string","format":"\#(format)"}"#) == [], "\(format) \(good)")
            }
            for bad in bads {
                #expect(
                    try check(#""\#(bad)""#, #"{"type":"string","format":"\#(format)"}"#) == [#"$: "\#(bad)" is not a valid \#(format)"#],
                    "\(format) \(bad)")
            }
        }
        // Unknown formats are annotations.
        #expect(try check(#""anything""#, #"{"type":"string","format":"x-custom"}"#) == [])
    }

    @Test func objectKeywords() throws {
        let closed = #"{"type":"object","properties":{"a":{"type":"integer"}},"additionalProperties":false}"#
        #expect(try check(#"{"a":1,"b":2}"#, closed) == ["$.b: property 'b' is not allowed (additionalProperties is false)"])
        let typed = #"{"type":"object","additionalProperties":{"type":"string"}}"#
        #expect(try check(#"{"x":"1","y":2}"#, typed) == ["$.y: expected a string, got a number"])
        let patterned = #"{"type":"object","patternProperties":{"^x-":{"type":"string"}},"additionalProperties":false}"#
        #expect(
            try check(#"{"x-a":"ok","x-b":1,"c":true}"#, patterned)
                == ["$[\"x-b\"]: expected a string, got a number", "$.c: property 'c' is not allowed (additionalProperties is false)"].map {
                    $0.replacingOccurrences(of: "$[\"x-b\"]", with: "$.x-b")
                })
        #expect(try check(#"{}"#, #"{"type":"object","minProperties":1}"#) == ["$: has 0 properties, at least 1 required"])
        #expect(try check(#"{"a":1,"b":2}"#, #"{"type":"object","maxProperties":1}"#) == ["$: has 2 properties, at most 1 allowed"])
    }

    @Test func readOnlyAndWriteOnlyRequiredness() throws {
        let schema =
            #"{"type":"object","required":["id","password"],"properties":{"id":{"type":"integer","readOnly":true},"password":{"type":"string","writeOnly":true}}}"#
        // A response need not carry the password, a request need not carry the id.
        #expect(try check(#"{"id":1}"#, schema, direction: .response) == [])
        #expect(try check(#"{"password":"x"}"#, schema, direction: .request) == [])
        #expect(try check(#"{}"#, schema, direction: .response) == ["$: missing required property 'id'"])
    }

    @Test func arrayKeywords() throws {
        #expect(try check("[1,2]", #"{"type":"array","minItems":3}"#) == ["$: has 2 items, at least 3 required"])
        #expect(try check("[1,2]", #"{"type":"array","maxItems":1}"#) == ["$: has 2 items, at most 1 allowed"])
        #expect(
            try check(#"[1,{"a":1,"b":2},1.0,{"b":2,"a":1}]"#, #"{"type":"array","uniqueItems":true}"#)
                == ["$[2]: duplicates an earlier item (uniqueItems)", "$[3]: duplicates an earlier item (uniqueItems)"])
        #expect(
            try check(
                #"[1,"a",true]"#, #"{"type":"array","prefixItems":[{"type":"integer"},{"type":"string"}],"items":{"type":"boolean"}}"#)
                == [])
        #expect(
            try check(#"[1,2,3]"#, #"{"type":"array","prefixItems":[{"type":"integer"},{"type":"string"}],"items":{"type":"boolean"}}"#)
                == ["$[1]: expected a string, got a number", "$[2]: expected a boolean, got a number"])
    }

    @Test func enumsAndConstCompareByMeaning() throws {
        #expect(try check("1.0", #"{"type":"number","enum":[1,2]}"#) == [])
        #expect(try check("3", #"{"type":"number","enum":[1,2]}"#) == ["$: 3 is not one of 1, 2"])
        #expect(try check(#""b""#, #"{"const":"a"}"#) == [#"$: expected "a", got "b""#])
    }

    @Test func combinators() throws {
        let anyOf = #"{"anyOf":[{"type":"string"},{"type":"integer"}]}"#
        #expect(try check("1", anyOf) == [])
        #expect(
            try check("true", anyOf) == [
                "$: matches none of the 2 anyOf alternatives; the closest fails:", "$: expected a string, got a boolean",
            ])
        let oneOf = #"{"oneOf":[{"type":"integer"},{"type":"number","minimum":0}]}"#
        #expect(try check("-1", oneOf) == [])
        #expect(try check("1.5", oneOf) == [])
        #expect(try check("1", oneOf) == ["$: matches 2 oneOf alternatives (1, 2), exactly one must match"])
        let allOf = #"{"allOf":[{"type":"object","required":["a"]},{"type":"object","required":["b"]}]}"#
        #expect(try check(#"{"a":1}"#, allOf) == ["$: missing required property 'b'"])
        #expect(try check("1", #"{"not":{"type":"string"}}"#) == [])
        #expect(try check(#""x""#, #"{"not":{"type":"string"}}"#) == ["$: must not match the schema under `not`"])
    }

    @Test func deepAndRecursiveInputIsBounded() throws {
        // A value 200 nodes deep (400 JSON levels: the parser takes up to JSONParser.maximumDepth)
        // against a recursive schema, past SchemaValidation.depthLimit: reported once, no crash.
        let depth = 200
        var value = ""
        for _ in 0..<depth { value += #"{"name":"n","children":["# }
        value += #"{"name":"leaf"}"#
        for _ in 0..<depth { value += "]}" }
        let lines = try check(value, ##"{"$ref":"#/components/schemas/Node"}"##)
        #expect(lines.count == 1)
        #expect(lines.first?.contains("nested more than \(SchemaValidation.depthLimit) levels deep") == true)
        // A reference to itself and nothing else ends.
        #expect(try check("1", ##"{"$ref":"#/components/schemas/Loop"}"##) == [])
    }

    @Test func manyViolationsAreCapped() throws {
        let value = "[" + Array(repeating: #""x""#, count: 500).joined(separator: ",") + "]"
        let report = try SchemaValidation.check(
            JSONParser.parse(value), against: decodedSchema(#"{"type":"array","items":{"type":"integer"}}"#),
            components: decodedComponents("{}"), limit: 20)
        #expect(report.violations.count == 20)
        #expect(report.omitted == 480)
        #expect(report.violations[19].path == "$[19]")
    }
}
