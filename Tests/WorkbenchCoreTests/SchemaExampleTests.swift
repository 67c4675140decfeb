import Foundation
import OpenAPIKit
import Testing
import Yams
@testable import WorkbenchCore

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
        #expect(try example(#"{"type":"string","example":"Rex","default":"x","enum":["a"]}"#) == #""Rex""#)
        #expect(try example(#"{"type":"string","examples":["Tom","Jerry"]}"#) == #""Tom""#)
        #expect(try example(#"{"type":"integer","default":7,"enum":[1,7]}"#) == "7")
        #expect(try example(#"{"type":"string","enum":["available","sold"]}"#) == #""available""#)
        #expect(try example(#"{"const":"fixed"}"#) == #""fixed""#)
        #expect(try example(#"{"type":"number","example":9.99}"#) == "9.99")
    }

    @Test func examplesKeepArraysNestedValuesAndNumbers() throws {
        // Nested objects of an example come out in sorted key order (OpenAPIKit keeps them as dictionaries).
        #expect(try example(#"{"type":"array","example":[1,2.5,"x",null,true,{"b":1,"a":[]}]}"#) == #"[1,2.5,"x",null,true,{"a":[],"b":1}]"#)
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
        #expect(try example(pet) == #"{"name":"doggie","photoUrls":["string"],"category":{"id":0,"name":"string"},"status":"available","password":"string"}"#)
        #expect(try example(pet, direction: .response) == #"{"name":"doggie","photoUrls":["string"],"id":0,"category":{"id":0,"name":"string"},"status":"available"}"#)
    }

    @Test func examplesOfObjectsFollowTheSchemaOrderWithoutReadOnlyMembers() throws {
        let schema = #"{"type":"object","properties":{"z":{"type":"integer"},"id":{"type":"integer","readOnly":true},"a":{"type":"string"}},"example":{"a":"x","id":4,"z":1,"extra":true}}"#
        #expect(try example(schema) == #"{"z":1,"a":"x","extra":true}"#)
    }

    @Test func referencesAreFollowed() throws {
        let components = #"{"Category":{"type":"object","properties":{"name":{"type":"string","example":"Dogs"}}},"Id":{"type":"integer","readOnly":true}}"#
        #expect(try example(##"{"type":"object","properties":{"id":{"$ref":"#/components/schemas/Id"},"category":{"$ref":"#/components/schemas/Category"}}}"##, components: components)
                == #"{"category":{"name":"Dogs"}}"#)
        // A reference to nothing gives null rather than failing.
        #expect(try example(##"{"$ref":"#/components/schemas/Missing"}"##) == "null")
    }

    @Test func allOfIsMergedAndOneOfTakesTheFirstAlternative() throws {
        let components = #"{"Base":{"type":"object","required":["id"],"properties":{"id":{"type":"integer"}}}}"#
        #expect(try example(##"{"allOf":[{"$ref":"#/components/schemas/Base"},{"type":"object","properties":{"name":{"type":"string"}}}]}"##, components: components)
                == #"{"id":0,"name":"string"}"#)
        #expect(try example(#"{"oneOf":[{"type":"null"},{"type":"string","format":"email"},{"type":"integer"}]}"#) == #""user@example.com""#)
        #expect(try example(#"{"anyOf":[{"type":"integer","minimum":3},{"type":"string"}]}"#) == "3")
        #expect(try example(#"{"allOf":[{"type":"integer","minimum":2}]}"#) == "2")
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
        #expect(chain.hasSuffix(#"{"next":{}}}}}}}"#))
        #expect(chain.components(separatedBy: "next").count - 1 <= SchemaExample.depthLimit)
        // A reference to itself and mutual references through combinators end too.
        #expect(try example(##"{"$ref":"#/components/schemas/Loop"}"##, components: components).count < 100)
        #expect(try example(##"{"$ref":"#/components/schemas/A"}"##, components: components).count < 100)
    }

    @Test func wideSchemasAreBounded() throws {
        // Four levels of 30 properties each: 810,000 strings without the budget.
        var levels: [String] = []
        for level in 0..<4 {
            let property = level == 3 ? #"{"type":"string"}"# : ##"{"$ref":"#/components/schemas/W\##(level + 1)"}"##
            levels.append(#""W\#(level)":{"type":"object","properties":{"# + (0..<30).map { #""p\#($0)":\#(property)"# }.joined(separator: ",") + "}}")
        }
        let text = try example(##"{"$ref":"#/components/schemas/W0"}"##, components: "{" + levels.joined(separator: ",") + "}")
        #expect(text.components(separatedBy: "\"string\"").count - 1 < SchemaExample.nodeBudget)
        #expect(try JSONParser.parse(text) != .null)
    }

    @Test func additionalPropertiesGiveOneSampleMember() throws {
        #expect(try example(#"{"type":"object","additionalProperties":{"type":"integer"}}"#) == #"{"key":0}"#)
        #expect(try example(#"{}"#) == "{}")
    }
}
