import Foundation
import OpenAPIKit
import Testing
import Yams
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP

/// Decodes a schema and components from JSON text as the loader does (Yams keeps member order).
func decodedSchema(_ json: String) throws -> JSONSchema {
    try YAMLDecoder().decode(JSONSchema.self, from: json)
}

func decodedComponents(_ schemas: String) throws -> OpenAPI.Components {
    try YAMLDecoder().decode(OpenAPI.Components.self, from: #"{"schemas":\#(schemas)}"#)
}

/// SchemaExample: the body `body example` writes.
struct SchemaExampleTests {
    func example(_ schema: String, components: String = "{}", direction: SchemaDirection = .request) throws -> String {
        try SchemaExample.value(for: decodedSchema(schema), components: decodedComponents(components), direction: direction).jsonText
    }

    @Test func examplesComeFirstThenDefaultsThenEnums() throws {
        #expect(try example(#"{"type":"string","example":"Rex","default":"x"}"#) == #""Rex""#)
        // An example or default the schema itself rejects is passed over.
        #expect(try example(#"{"type":"string","example":"Rex","default":"x","enum":["a"]}"#) == #""a""#)
        #expect(try example(#"{"type":"integer","example":"7","default":3}"#) == "3")
        #expect(try example(#"{"type":"string","examples":["Tom","Jerry"]}"#) == #""Tom""#)
        #expect(try example(#"{"type":"integer","default":7,"enum":[1,7]}"#) == "7")
        #expect(try example(#"{"type":"string","enum":["available","sold"]}"#) == #""available""#)
        #expect(try example(#"{"const":"fixed"}"#) == #""fixed""#)
        #expect(try example(#"{"type":"number","example":9.99}"#) == "9.99")
    }

    @Test func examplesKeepArraysNestedValuesAndNumbers() throws {
        // Nested objects of an example come out in sorted key order (OpenAPIKit keeps them as dictionaries).
        #expect(
            try example(#"{"type":"array","example":[1,2.5,"x",null,true,{"b":1,"a":[]}]}"#) == #"[1,2.5,"x",null,true,{"a":[],"b":1}]"#)
        #expect(try example(#"{"type":"number","example":-0.25}"#) == "-0.25")
        #expect(try example(#"{"type":"integer","example":12345678901}"#) == "12345678901")
    }

    @Test func scalarsByTypeAndFormat() throws {
        #expect(try example(#"{"type":"string"}"#) == #""string""#)
        #expect(try example(#"{"type":"boolean"}"#) == "true")
        #expect(try example(#"{"type":"integer"}"#) == "0")
        #expect(try example(#"{"type":"number"}"#) == "0")
        #expect(try example(#"{"type":"null"}"#) == "null")
        #expect(try example(#"{"type":"string","format":"date-time"}"#) == #""2024-01-01T12:00:00Z""#)
        #expect(try example(#"{"type":"string","format":"date"}"#) == #""2024-01-01""#)
        #expect(try example(#"{"type":"string","format":"email"}"#) == #""user@example.com""#)
        #expect(try example(#"{"type":"string","format":"uuid"}"#) == #""3fa85f64-5717-4562-b3fc-2c963f66afa6""#)
        #expect(try example(#"{"type":"string","format":"uri"}"#) == #""https://example.com/""#)
        #expect(try example(#"{"type":"string","format":"ipv4"}"#) == #""192.0.2.1""#)
    }

    @Test func boundsAreRespected() throws {
        #expect(try example(#"{"type":"integer","minimum":5}"#) == "5")
        #expect(try example(#"{"type":"integer","exclusiveMinimum":5}"#) == "6")
        #expect(try example(#"{"type":"integer","maximum":-3}"#) == "-3")
        #expect(try example(#"{"type":"integer","minimum":7,"multipleOf":5}"#) == "10")
        #expect(try example(#"{"type":"integer","minimum":1,"maximum":9,"multipleOf":4}"#) == "4")
        #expect(try example(#"{"type":"number","minimum":1.5}"#) == "1.5")
        #expect(try example(#"{"type":"number","exclusiveMinimum":1,"maximum":2}"#) == "1.5")
        #expect(try example(#"{"type":"number","maximum":-0.25}"#) == "-0.25")
        #expect(try example(#"{"type":"string","minLength":10}"#) == #""stringxxxx""#)
        #expect(try example(#"{"type":"string","maxLength":3}"#) == #""str""#)
        #expect(try example(#"{"type":"array","items":{"type":"integer"},"minItems":3}"#) == "[0,0,0]")
        #expect(try example(#"{"type":"array","items":{"type":"integer"},"maxItems":0}"#) == "[]")
    }

    @Test func objectsListRequiredPropertiesFirstAndLeaveOutReadOnlyInRequests() throws {
        let pet = #"""
            {"type":"object","required":["name","photoUrls"],"properties":{
              "id":{"type":"integer","format":"int64","readOnly":true},
              "category":{"type":"object","properties":{"id":{"type":"integer"},"name":{"type":"string"}}},
              "name":{"type":"string","example":"doggie"},
              "photoUrls":{"type":"array","items":{"type":"string"}},
              "status":{"type":"string","enum":["available","pending","sold"]},
              "password":{"type":"string","writeOnly":true}}}
            """#
        #expect(
            try example(pet)
                == #"{"name":"doggie","photoUrls":["string"],"category":{"id":0,"name":"string"},"status":"available","password":"string"}"#
        )
        #expect(
            try example(pet, direction: .response)
                == #"{"name":"doggie","photoUrls":["string"],"id":0,"category":{"id":0,"name":"string"},"status":"available"}"#)
    }

    @Test func examplesOfObjectsFollowTheSchemaOrderWithoutReadOnlyMembers() throws {
        let schema =
            #"{"type":"object","properties":{"z":{"type":"integer"},"id":{"type":"integer","readOnly":true},"a":{"type":"string"}},"example":{"a":"x","id":4,"z":1,"extra":true}}"#
        #expect(try example(schema) == #"{"z":1,"a":"x","extra":true}"#)
    }

    @Test func referencesAreFollowed() throws {
        let components =
            #"{"Category":{"type":"object","properties":{"name":{"type":"string","example":"Dogs"}}},"Id":{"type":"integer","readOnly":true}}"#
        #expect(
            try example(
                ##"{"type":"object","properties":{"id":{"$ref":"#/components/schemas/Id"},"category":{"$ref":"#/components/schemas/Category"}}}"##,
                components: components)
                == #"{"category":{"name":"Dogs"}}"#)
        // A reference to nothing gives null rather than failing.
        #expect(try example(##"{"$ref":"#/components/schemas/Missing"}"##) == "null")
    }

    @Test func allOfIsMergedAndOneOfTakesTheFirstAlternative() throws {
        let components = #"{"Base":{"type":"object","required":["id"],"properties":{"id":{"type":"integer"}}}}"#
        #expect(
            try example(
                ##"{"allOf":[{"$ref":"#/components/schemas/Base"},{"type":"object","properties":{"name":{"type":"string"}}}]}"##,
                components: components)
                == #"{"id":0,"name":"string"}"#)
        #expect(
            try example(#"{"oneOf":[{"type":"null"},{"type":"string","format":"email"},{"type":"integer"}]}"#) == #""user@example.com""#)
        #expect(try example(#"{"anyOf":[{"type":"integer","minimum":3},{"type":"string"}]}"#) == "3")
        #expect(try example(#"{"allOf":[{"type":"integer","minimum":2}]}"#) == "2")
    }

    /// An `allOf` that refers to another `allOf`, twenty deep (OpenAI's requests chain three):
    /// every level's properties merged with their own values, none an empty `{}` (issue 38:
    /// each `$ref` and part spent a level of `depthLimit`), and the check sees every level.
    @Test func allOfReferringToAllOfMergesEveryLevel() throws {
        let levels = 20
        let components =
            "{"
            + (0..<levels).map { level in
                let next =
                    level == levels - 1
                    ? #"{"type":"object","required":["base"],"properties":{"base":{"type":"string","example":"deep"}}}"#
                    : ##"{"$ref":"#/components/schemas/L\##(level + 1)"}"##
                return
                    ##""L\##(level)":{"allOf":[\##(next),{"type":"object","required":["p\##(level)"],"properties":{"p\##(level)":{"type":"object","required":["x"],"properties":{"x":{"type":"integer","example":\##(level)}}}}}]}"##
            }.joined(separator: ",") + "}"
        let result = try generated(##"{"$ref":"#/components/schemas/L0"}"##, components: components)
        guard case .object(let members) = result.value else {
            Issue.record("not an object: \(result.value.jsonText)")
            return
        }
        #expect(members.count == levels + 1)
        #expect(members.first { $0.key == "base" }?.value == .string("deep"))
        for level in 0..<levels {
            #expect(members.first { $0.key == "p\(level)" }?.value.jsonText == #"{"x":\#(level)}"#)
        }
        #expect(result.passed && result.notes.isEmpty)
        // The check merges them too: the deepest level's required member, left out, is found.
        let parsed = try decodedSchema(##"{"$ref":"#/components/schemas/L0"}"##)
        let report = SchemaValidation.check(
            .object(members.filter { $0.key != "base" }), against: parsed, components: try decodedComponents(components),
            direction: .request)
        #expect(report.violations.map(\.reason) == ["missing required property 'base'"])
    }

    @Test func recursiveSchemasEndAndNeverHang() throws {
        let components = #"""
            {"Node":{"type":"object","required":["name"],"properties":{"name":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/components/schemas/Node"}},"parent":{"$ref":"#/components/schemas/Node"}}},
             "Chain":{"type":"object","required":["next"],"properties":{"next":{"$ref":"#/components/schemas/Chain"}}},
             "Loop":{"$ref":"#/components/schemas/Loop"},
             "A":{"oneOf":[{"$ref":"#/components/schemas/B"}]},"B":{"allOf":[{"$ref":"#/components/schemas/A"}]}}
            """#
        // Optional recursion (a parent, an array of children) is left out.
        #expect(try example(##"{"$ref":"#/components/schemas/Node"}"##, components: components) == ##"{"name":"string"}"##)
        // Required recursion ends in an empty object at the depth limit.
        let chain = try example(##"{"$ref":"#/components/schemas/Chain"}"##, components: components)
        #expect(chain.contains(#"{"next":{}}"#) && chain.hasSuffix(String(repeating: "}", count: SchemaExample.depthLimit + 1)))
        // A reference names no level of its own: the limit counts JSON levels.
        #expect(chain.components(separatedBy: "next").count - 1 == SchemaExample.depthLimit)
        // A reference to itself and mutual references through combinators end too.
        #expect(try example(##"{"$ref":"#/components/schemas/Loop"}"##, components: components).count < 100)
        #expect(try example(##"{"$ref":"#/components/schemas/A"}"##, components: components).count < 100)
    }

    @Test func wideSchemasAreBounded() throws {
        // Four levels of 30 properties each: 810,000 strings without the budget.
        var levels: [String] = []
        for level in 0..<4 {
            let property = level == 3 ? #"{"type":"string"}"# : ##"{"$ref":"#/components/schemas/W\##(level + 1)"}"##
            levels.append(
                #""W\#(level)":{"type":"object","properties":{"# + (0..<30).map { #""p\#($0)":\#(property)"# }.joined(separator: ",") + "}}"
            )
        }
        let text = try example(##"{"$ref":"#/components/schemas/W0"}"##, components: "{" + levels.joined(separator: ",") + "}")
        #expect(text.components(separatedBy: "\"string\"").count - 1 < SchemaExample.nodeBudget)
        #expect(try JSONParser.parse(text) != .null)
    }

    @Test func additionalPropertiesGiveOneSampleMember() throws {
        #expect(try example(#"{"type":"object","additionalProperties":{"type":"integer"}}"#) == #"{"key":0}"#)
        #expect(try example(#"{}"#) == "{}")
    }

    // MARK: - Issue 28: every example satisfies its schema

    func generated(_ schema: String, components: String = "{}") throws -> (value: JSONValue, notes: [String], passed: Bool) {
        let parsed = try decodedSchema(schema)
        let parts = try decodedComponents(components)
        let result = SchemaExample.generated(for: parsed, components: parts, direction: .request)
        let report = SchemaValidation.check(result.value, against: parsed, components: parts, direction: .request)
        return (result.value, result.notes, report.passed)
    }

    /// Patterns (as the description's text has them) and the string made for each.
    @Test(arguments: [
        (#"^(0|[1-9][0-9]*)$"#, "0"), (#"^[a-z]{2}-[A-Z]{2}$"#, "aa-AA"), (#"^v\d+(\.\d+){2}$"#, "v0.0.0"),
        (#"^[^\s@]+@[^\s@]+$"#, "a@a"), (#"^(?:red|green|blue)$"#, "red"), (#"[A-F0-9]{8}"#, "AAAAAAAA"),
        (#"^\w{3,5}_x?$"#, "000_"), (#"^(?<year>\d{4})-\d\d$"#, "0000-00"), (#"^a.c$"#, "aac"),
        (#"^\+?[1-9]\d{1,14}$"#, "10"), (#"^[\-_.a-z0-9]+$"#, "string"), (#"^\$[a-z]+$"#, "$a"),
    ])
    func stringsMatchTheirPattern(_ pattern: String, _ expected: String) throws {
        let text = JSONValue.string(pattern).jsonText
        let result = try generated(#"{"type":"string","pattern":\#(text)}"#)
        #expect(result.value == .string(expected))
        #expect(result.passed && result.notes.isEmpty, "\(pattern): \(result.value.jsonText) \(result.notes)")
    }

    @Test func discordsSnowflakeMatchesItsPatternAndLengths() throws {
        let result = try generated(#"{"type":"string","pattern":"^(0|[1-9][0-9]*)$","format":"snowflake"}"#)
        #expect(result.value == .string("0") && result.passed)
        let long = try generated(#"{"type":"string","pattern":"^[1-9][0-9]*$","minLength":17,"maxLength":20}"#)
        #expect(long.passed, "\(long.value.jsonText)")
        // A format's sample is kept when it matches the pattern too.
        #expect(try generated(#"{"type":"string","format":"date","pattern":"^\\d{4}-"}"#).value == .string("2024-01-01"))
    }

    @Test func aPatternThatCannotBeSatisfiedSaysSo() throws {
        let lookahead = try generated(#"{"type":"string","pattern":"^(?=.*[A-Z])[a-z]+$"}"#)
        #expect(!lookahead.passed)
        #expect(
            lookahead.notes == [
                "pattern ^(?=.*[A-Z])[a-z]+$ could not be satisfied; the example's string does not match it (`body edit` to fix)"
            ])
        let backReference = try generated(#"{"type":"string","pattern":"^(a)\\1$"}"#)
        #expect(backReference.notes.count == 1)
    }

    @Test func uniqueItemsAreDistinct() throws {
        for items in [
            #"{"type":"string"}"#, #"{"type":"string","pattern":"^(0|[1-9][0-9]*)$"}"#, #"{"type":"integer","minimum":5}"#,
            #"{"type":"string","enum":["a","b","c"]}"#, #"{"type":"string","format":"uuid"}"#, #"{"type":"boolean"}"#,
            #"{"type":"object","required":["id"],"properties":{"id":{"type":"string","format":"email"}}}"#,
        ] {
            let result = try generated(#"{"type":"array","uniqueItems":true,"minItems":2,"items":\#(items)}"#)
            #expect(result.passed && result.notes.isEmpty, "\(items): \(result.value.jsonText)")
        }
        let impossible = try generated(#"{"type":"array","uniqueItems":true,"minItems":3,"items":{"type":"boolean"}}"#)
        #expect(!impossible.passed && impossible.notes == ["uniqueItems: only 2 distinct items found where 3 are wanted"])
    }

    @Test func oneOfMatchesExactlyOneBranch() throws {
        // The first branch's value (0) also matches the second: the second's own value (5) is taken.
        let overlapping = try generated(#"{"oneOf":[{"type":"number"},{"type":"integer","minimum":5}]}"#)
        #expect(overlapping.passed, "\(overlapping.value.jsonText)")
        // Objects that both branches accept: the branch with a required property of its own wins.
        let objects = try generated(
            #"{"oneOf":[{"type":"object","properties":{"a":{"type":"string"}}},{"type":"object","required":["b"],"properties":{"b":{"type":"integer"}},"additionalProperties":false}]}"#
        )
        #expect(objects.passed, "\(objects.value.jsonText)")
        // Discord's shape: null or an id, in a type list; and a nullable oneOf.
        #expect(try generated(#"{"oneOf":[{"type":"null"},{"type":"string","pattern":"^(0|[1-9][0-9]*)$"}]}"#).passed)
    }

    @Test func notAndFormatsAndExactBounds() throws {
        #expect(try generated(#"{"not":{"type":"object"}}"#).value == .string("string"))
        #expect(try generated(#"{"type":"object","properties":{"x":{"not":{"type":"string"}}}}"#).passed)
        for format in ["date-time", "date", "time", "email", "uuid", "uri", "ipv4", "ipv6", "hostname", "byte", "uri-reference"] {
            let result = try generated(#"{"type":"array","uniqueItems":true,"minItems":3,"items":{"type":"string","format":"\#(format)"}}"#)
            #expect(result.passed, "\(format): \(result.value.jsonText)")
        }
        // Bounds OpenAPIKit cannot hold (kept as exact text by the loader) and bounds near them.
        #expect(
            try generated(#"{"type":"integer","minimum":9223372036854775000,"maximum":9223372036854775806}"#).value
                == .number("9223372036854775000"))
        #expect(try generated(#"{"type":"integer","exclusiveMinimum":-3,"exclusiveMaximum":-1}"#).value == .number("-2"))
        #expect(try generated(#"{"type":"number","exclusiveMinimum":0.1,"exclusiveMaximum":0.3}"#).passed)
        #expect(try generated(#"{"type":"number","minimum":0.1,"multipleOf":0.1}"#).value == .number("0.1"))
        #expect(try generated(#"{"type":"integer","format":"int32","minimum":3000000000}"#).notes.count == 1)
    }
}
