import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics

/// The protobuf codec from descriptors (Sources/WorkbenchAPIs/GRPC): the descriptor set protoc
/// made of Tests/Fixtures/GRPC/workbench_test.proto, every scalar type and the well-known types
/// through JSON -> bytes -> JSON, bytes checked against what protoc's own encoding gives where
/// the proto3 JSON mapping fixes them, and the bounds.
@Suite struct ProtoCodecTests {
    static let schema: ProtoSchema = {
        let file = String(#filePath)
        let tests = file[..<file.lastIndex(of: "/")!]
        let path = tests[..<tests.lastIndex(of: "/")!] + "/Fixtures/GRPC/workbench_test.pb"
        return try! ProtoSchema.fromDescriptorSet(try! FileSystem.read(String(path)))
    }()

    func roundTrip(_ json: String, _ type: String, expect: String? = nil) throws -> [UInt8] {
        let value = try JSONParser.parse(json)
        let bytes = try ProtoEncoder(schema: Self.schema).encode(value, as: type)
        let back = try ProtoDecoder(schema: Self.schema).decode(bytes, as: type)
        #expect(back.jsonText == (expect ?? value.jsonText))
        return bytes
    }

    @Test func descriptorsReadWithImports() {
        let schema = Self.schema
        #expect(schema.files.map(\.name).contains("common.proto"))
        #expect(schema.files.map(\.name).contains("google/protobuf/timestamp.proto"))
        let tester = schema.service(named: "workbench.test.Tester")
        #expect(
            tester?.methods.map(\.name) == ["Echo", "EchoWellKnown", "Greet", "GreetMany", "CollectGreetings", "Chat", "Fail", "Sleep"])
        #expect(tester?.method(named: "GreetMany")?.serverStreaming == true)
        #expect(tester?.method(named: "CollectGreetings")?.clientStreaming == true)
        #expect(schema.messages["workbench.test.Scalars.Nested"] != nil)
        #expect(schema.enums["workbench.common.Color"]?.name(of: 2) == "GREEN")
        #expect(schema.method("Tester/Greet")?.method.outputType == "workbench.test.Reply")
        #expect(schema.method("workbench.test.Tester.Greet")?.service.fullName == "workbench.test.Tester")
    }

    @Test func everyScalarType() throws {
        let json = #"""
            {"fDouble":1.5,"fFloat":0.25,"fInt64":"-9223372036854775808","fUint64":"18446744073709551615","fInt32":-2147483648,"fFixed64":"18446744073709551615","fFixed32":4294967295,"fBool":true,"fString":"héllo ✓","fBytes":"AAEC/w==","fUint32":4294967295,"fSfixed32":-5,"fSfixed64":"-6","fSint32":-7,"fSint64":"-8","fEnum":"GREEN","rInt32":[1,-2,3],"rString":["a","b"],"rDouble":[1.25,"NaN","Infinity","-Infinity"],"mCounts":{"a":"1","b":"-2"},"mTags":{"7":{"name":"seven","color":"RED"}},"oInt32":0,"cText":"chosen","nested":{"label":"outer","child":{"label":"inner"}},"rEnum":["RED","GREEN"]}
            """#
        _ = try roundTrip(json, "workbench.test.Scalars")
    }

    @Test func knownBytes() throws {
        // protoc --encode gives these bytes for the same values (checked once by hand).
        let bytes = try roundTrip(#"{"fInt32":150,"fString":"testing","fSint32":-1,"rInt32":[3,270]}"#, "workbench.test.Scalars")
        #expect(bytes == [0x28, 0x96, 0x01, 0x4A, 0x07] + Array("testing".utf8) + [0x70, 0x01, 0x8A, 0x01, 0x03, 0x03, 0x8E, 0x02])
    }

    @Test func defaultsLeftOutAndInputForms() throws {
        // Defaults without presence are not printed; int64 as numbers, enums by number, proto
        // names and URL-safe base64 are accepted on the way in.
        _ = try roundTrip(
            #"{"f_int64":12,"fInt32":0,"fEnum":1,"fBytes":"-_8","fString":"","oInt32":0}"#, "workbench.test.Scalars",
            expect: #"{"fInt64":"12","fBytes":"+/8=","fEnum":"RED","oInt32":0}"#)
        _ = try roundTrip(#"{"fDouble":1e3,"fFloat":-0.0}"#, "workbench.test.Scalars", expect: #"{"fDouble":1000,"fFloat":-0}"#)
    }

    @Test func wellKnownTypes() throws {
        let json = #"""
            {"at":"1972-01-01T10:00:20.021Z","took":"-1.500s","attributes":{"a":1,"b":[true,null,"x",{"c":2.5}]},"anything":"text","list":[1,"two"],"i64":"-5","text":"hi","flag":false,"ratio":0.5,"blob":"AQI=","u32":7,"f32":1.5,"i32":-3,"u64":"9","mask":"fDouble,nested.childLabel","payload":{"@type":"type.googleapis.com/workbench.common.Tag","name":"x","color":"GREEN"},"nothing":{}}
            """#
        _ = try roundTrip(json, "workbench.test.WellKnown")
        _ = try roundTrip(
            #"{"at":"2024-02-29T23:59:59.5+01:00"}"#, "workbench.test.WellKnown", expect: #"{"at":"2024-02-29T22:59:59.500Z"}"#)
        _ = try roundTrip(#"{"took":"3s","anything":null}"#, "workbench.test.WellKnown", expect: #"{"took":"3s","anything":null}"#)
        _ = try roundTrip(
            #"{"payload":{"@type":"type.googleapis.com/google.protobuf.Duration","value":"2s"}}"#, "workbench.test.WellKnown")
        _ = try roundTrip(#"{"at":"0001-01-01T00:00:00Z"}"#, "workbench.test.WellKnown")
        _ = try roundTrip(#"{"at":"9999-12-31T23:59:59.999999999Z"}"#, "workbench.test.WellKnown")
    }

    @Test func clearErrors() throws {
        let encoder = ProtoEncoder(schema: Self.schema)
        func message(_ json: String, _ type: String = "workbench.test.Scalars") -> String {
            do {
                _ = try encoder.encode(try JSONParser.parse(json), as: type)
                return "no error"
            } catch let error as WorkbenchError {
                return error.message
            } catch {
                return "\(error)"
            }
        }
        #expect(message(#"{"fInt33":1}"#) == "$: Scalars has no field 'fInt33' (did you mean 'fInt32'?)")
        #expect(message(#"{"fInt32":2147483648}"#) == "$.fInt32: 2147483648 is out of range (-2147483648 to 2147483647)")
        #expect(message(#"{"fEnum":"BLUE"}"#).hasPrefix("$.fEnum: 'BLUE' is not a value of workbench.common.Color"))
        #expect(message(#"{"nested":{"child":{"label":5}}}"#) == "$.nested.child.label: expected a string, not a number")
        #expect(message(#"{"cText":"a","cTag":{}}"#) == "$: 'cText' and 'cTag' are both of one oneof")
        #expect(message(#"{"fBytes":"***"}"#) == "$.fBytes: '***' is not base64 (bytes are given as base64)")
        #expect(message(#"{"r_int32":[1,"x"]}"#) == "$.rInt32[1]: 'x' is not an integer")
        #expect(
            message(#"{"fInt64":"12345678901234567890"}"#)
                == "$.fInt64: 12345678901234567890 is out of range (-9223372036854775808 to 9223372036854775807)")
        #expect(message(#"{"fUint64":"-1"}"#) == "$.fUint64: -1 is out of range (0 to 18446744073709551615)")
        #expect(message(#"{"at":"yesterday"}"#, "workbench.test.WellKnown").contains("is not an RFC 3339 timestamp"))
        #expect(message(#"{"took":"5 minutes"}"#, "workbench.test.WellKnown").contains("is not a duration"))
        #expect(message(#"[]"#) == "$: Scalars is an object, not an array")
    }

    @Test func boundsNamed() throws {
        // Nesting past the bound, each way.
        var json = #"{"label":"x"}"#
        for _ in 0..<ProtoBounds.maximumDepth + 1 { json = #"{"child":\#(json)}"# }
        let encoder = ProtoEncoder(schema: Self.schema)
        #expect(throws: WorkbenchError.self) { try encoder.encode(try JSONParser.parse(json), as: "workbench.test.Scalars.Nested") }
        do {
            _ = try encoder.encode(try JSONParser.parse(json), as: "workbench.test.Scalars.Nested")
        } catch let error as WorkbenchError {
            #expect(error.message.contains("the bound"))
        }
        var bytes: [UInt8] = Array("x".utf8)
        bytes = [0x0A, 0x01] + bytes
        for _ in 0..<ProtoBounds.maximumDepth + 1 {
            var writer = WireWriter()
            writer.lengthDelimited(2, bytes)
            bytes = writer.bytes
        }
        #expect(throws: WorkbenchError.self) { try ProtoDecoder(schema: Self.schema).decode(bytes, as: "workbench.test.Scalars.Nested") }
        // A length past the end, a varint of 11 bytes: errors, not crashes.
        #expect(throws: WorkbenchError.self) {
            try ProtoDecoder(schema: Self.schema).decode([0x4A, 0x09, 0x41], as: "workbench.test.Scalars")
        }
        #expect(throws: WorkbenchError.self) {
            try ProtoDecoder(schema: Self.schema).decode([0x28] + Array(repeating: 0xFF, count: 11), as: "workbench.test.Scalars")
        }
    }

    @Test func unknownFieldsSkippedAndPackedOrNot() throws {
        // Field 99 (unknown) skipped; r_int32 unpacked on the wire reads the same as packed.
        let bytes: [UInt8] = [0x98, 0x06, 0x01, 0x88, 0x01, 0x05, 0x88, 0x01, 0x06]
        let value = try ProtoDecoder(schema: Self.schema).decode(bytes, as: "workbench.test.Scalars")
        #expect(value.jsonText == #"{"rInt32":[5,6]}"#)
    }

    @Test func timestampsBothWays() throws {
        #expect(try ProtoWellKnown.timestampText(seconds: 0, nanos: 0) == "1970-01-01T00:00:00Z")
        #expect(try ProtoWellKnown.timestampText(seconds: -1, nanos: 1000) == "1969-12-31T23:59:59.000001Z")
        #expect(try ProtoWellKnown.parseTimestamp("1969-12-31T23:59:59.000001Z") == (-1, 1000))
        #expect(try ProtoWellKnown.durationText(seconds: 0, nanos: -1) == "-0.000000001s")
        #expect(try ProtoWellKnown.parseDuration("-0.5s") == (0, -500_000_000))
    }

    @Test func protoText() {
        let text = ProtoText.describe("Scalars", in: Self.schema) ?? ""
        #expect(text.contains("map<string, int64> m_counts = 20;"))
        #expect(text.contains("  oneof choice {\n    string c_text = 23;"))
        #expect(text.contains("optional int32 o_int32 = 22;"))
        #expect(
            ProtoText.describe("Tester.GreetMany", in: Self.schema)?.hasSuffix(
                "rpc GreetMany ( .workbench.test.Greeting ) returns ( stream .workbench.test.Reply );") == true)
    }
}
