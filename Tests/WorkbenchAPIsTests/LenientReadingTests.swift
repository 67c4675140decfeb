import OpenAPIKit
import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP

/// Issue 28: keywords a strict 3.1 reader rejects are read leniently, one note
/// each, and never cost a component.
@Suite struct LenientReadingTests {
    static func load(_ text: String) throws -> APIDescription {
        try APIDescription.load(Array(text.utf8), location: "t.json")
    }

    static func document(_ version: String, schemas: String) -> String {
        ##"{"openapi":"\##(version)","info":{"title":"t","version":"1"},"paths":{"/x":{"post":{"requestBody":{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/Body"}}}},"responses":{"200":{"description":"ok"}}}}},"components":{"schemas":\##(schemas)}}"##
    }

    func check(_ api: APIDescription, _ value: String, schema: String = "Body") throws -> SchemaValidation.Report {
        SchemaValidation.check(
            try JSONParser.parse(value), against: .reference(.component(named: schema)), components: api.document.components,
            direction: .request)
    }

    @Test func threeZeroExclusiveBoundsInAThreeOneDocument() throws {
        let api = try Self.load(
            Self.document(
                "3.1.0",
                schemas: #"""
                    {"Body":{"type":"object","properties":{
                      "rate":{"type":"number","minimum":0,"exclusiveMinimum":true,"maximum":2,"exclusiveMaximum":false},
                      "lone":{"type":"number","exclusiveMaximum":true}}}}
                    """#))
        #expect(api.warnings.isEmpty)
        #expect(
            api.lenientReadings == [
                "components/schemas/Body/properties/rate: `exclusiveMinimum: true` (OpenAPI 3.0's form) read as `exclusiveMinimum: 0`",
                "components/schemas/Body/properties/rate: `exclusiveMaximum: false` (OpenAPI 3.0's form) is the default; left out",
                "components/schemas/Body/properties/lone: `exclusiveMaximum: true` (OpenAPI 3.0's form) has no `maximum` to qualify; left out",
            ])
        #expect(try check(api, #"{"rate":2}"#).passed)
        #expect(try check(api, #"{"rate":0}"#).violations.map(\.description) == ["$.rate: 0 is not greater than 0"])
    }

    @Test func threeOneExclusiveBoundsInAThreeZeroDocument() throws {
        let api = try Self.load(Self.document("3.0.3", schemas: #"{"Body":{"type":"integer","exclusiveMinimum":5}}"#))
        #expect(
            api.lenientReadings == [
                "components/schemas/Body: `exclusiveMinimum: 5` (OpenAPI 3.1's form) read as `minimum: 5` with `exclusiveMinimum: true`"
            ])
        #expect(try check(api, "6").passed && !(try check(api, "5").passed))
    }

    @Test func boundsBeyondSixtyFourBitsAreExactDecimals() throws {
        for version in ["3.1.0", "3.0.3"] {
            let api = try Self.load(
                Self.document(
                    version,
                    schemas: #"""
                        {"Body":{"type":"object","properties":{
                          "seed":{"type":"integer","minimum":-9223372036854776000,"maximum":9223372036854776000},
                          "big":{"type":"number","maximum":123456789012345678901234567890},
                          "step":{"type":"integer","multipleOf":0.5}}}}
                        """#))
            #expect(api.warnings.isEmpty, "\(version): \(api.warnings)")
            #expect(api.lenientReadings.count == 4, "\(api.lenientReadings)")
            #expect(
                api.lenientReadings[1]
                    == "components/schemas/Body/properties/seed: `maximum: 9223372036854776000` does not fit a 64-bit integer; read as an exact decimal"
            )
            // Between Int64.max and the bound: valid; one past it: not.
            #expect(try check(api, #"{"seed":9223372036854775999}"#).passed)
            #expect(
                try check(api, #"{"seed":9223372036854776001}"#).violations.map(\.description) == [
                    "$.seed: 9223372036854776001 is not at most 9223372036854776000"
                ])
            #expect(try check(api, #"{"seed":-9223372036854776000}"#).passed)
            #expect(try check(api, #"{"big":123456789012345678901234567890}"#).passed)
            #expect(!(try check(api, #"{"big":123456789012345678901234567891}"#).passed))
            #expect(try check(api, #"{"step":3}"#).passed)
            let operation = try #require(api.operation(method: "POST", path: "/x"))
            let example = try BodyExample.build(for: operation, in: api)
            #expect(example.notes.isEmpty && example.value.jsonText == #"{"seed":0,"big":0,"step":0}"#)
        }
    }

    @Test func examplesAndFreeFormValuesAreNotTakenForSchemas() throws {
        let api = try Self.load(
            Self.document(
                "3.1.0",
                schemas: #"""
                    {"Body":{"type":"object","example":{"minimum":0,"exclusiveMinimum":true,"maximum":99999999999999999999999},
                      "properties":{"example":{"type":"integer","maximum":99999999999999999999999}}}}
                    """#))
        // Only the property named `example` (a schema) is read leniently, not the example value.
        #expect(
            api.lenientReadings == [
                "components/schemas/Body/properties/example: `maximum: 99999999999999999999999` does not fit a 64-bit integer; read as an exact decimal"
            ])
    }

    @Test func openAIsDescriptionLoadsWhole() throws {
        let api = try BodyExamplePropertyTests.load(BodyExamplePropertyTests.fixtures + "Real/openai-openapi.yaml")
        #expect(api.warnings.isEmpty)
        #expect(api.lenientReadings.count == 9)
        #expect(api.lenientReadings.filter { $0.contains("exclusiveMinimum: true") }.count == 7)
        let chat = try #require(api.operation(method: "POST", path: "/chat/completions"))
        let example = try BodyExample.build(for: chat, in: api)
        #expect(example.notes.isEmpty)
        guard case .object(let members) = example.value else { Issue.record("not an object: \(example.value)"); return }
        #expect(members.contains { $0.key == "messages" } && members.contains { $0.key == "model" })
        // The seed's exact bounds are checked as written.
        let seed = #"{"model":"gpt-4o","messages":[{"role":"user","content":"hi"}],"seed":9223372036854776001}"#
        let schema = try #require(chat.requestBody?.jsonSchema)
        let report = SchemaValidation.check(
            try JSONParser.parse(seed), against: schema, components: api.document.components, direction: .request)
        #expect(
            report.violations.map(\.description).contains("$.seed: 9223372036854776001 is not at most 9223372036854776000"),
            "\(report.violations)")
    }
}
