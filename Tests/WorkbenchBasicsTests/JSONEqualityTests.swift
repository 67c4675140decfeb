import Testing
@testable import WorkbenchBasics

/// JSONEquality: what `expect json PATH == VALUE` compares.
struct JSONEqualityTests {
    func equal(_ left: String, _ right: String) throws -> Bool {
        try JSONEquality.equal(JSONParser.parse(left), JSONParser.parse(right))
    }

    @Test func objectMemberOrderIsIgnored() throws {
        #expect(try equal(#"{"a":1,"b":[1,2],"c":{"x":null,"y":true}}"#, #"{"c":{"y":true,"x":null},"b":[1,2],"a":1}"#))
        #expect(try !equal(#"{"a":1}"#, #"{"a":1,"b":2}"#))
        #expect(try !equal(#"{"a":1,"b":2}"#, #"{"a":1,"c":2}"#))
        #expect(try !equal(#"{"a":{"b":1}}"#, #"{"a":{"b":2}}"#))
        // A repeated key: the last one counts, as in JavaScript and Python.
        #expect(try equal(#"{"a":1,"a":2}"#, #"{"a":2}"#))
        #expect(try !equal(#"{"a":1,"a":2}"#, #"{"a":1}"#))
    }

    @Test func arraysKeepTheirOrder() throws {
        #expect(try equal("[1,[2,3]]", "[1.0,[2,3e0]]"))
        #expect(try !equal("[1,2]", "[2,1]"))
        #expect(try !equal("[1]", "[1,1]"))
    }

    @Test func numbersCompareAsExactDecimals() throws {
        for (left, right) in [
            ("1", "1.0"), ("1", "1e0"), ("1", "10e-1"), ("0.1", "0.10"), ("100", "1e2"), ("100", "1E+2"),
            ("0.001", "1e-3"), ("-0", "0"), ("0.0e5", "0"), ("-2.50", "-25e-1"),
            ("12345678901234567890", "1.2345678901234567890e19"),
            ("123456789012345678901234567890", "123456789012345678901234567890.000"),
        ] {
            #expect(try equal(left, right), "\(left) == \(right)")
            #expect(try equal(right, left), "\(right) == \(left)")
        }
        for (left, right) in [
            ("12345678901234567890", "12345678901234567891"), ("1", "-1"), ("0.1", "0.01"),
            ("1e2", "1e3"), ("9007199254740993", "9007199254740992"), ("1.0000000000000001", "1"),
        ] {
            #expect(try !equal(left, right), "\(left) != \(right)")
        }
        // Numbers are never equal to the same digits in a string.
        #expect(try !equal("1", #""1""#))
    }

    @Test func stringsCompareByUnicodeScalarsAfterUnescaping() throws {
        #expect(try equal(#""\u00e9\n\/""#, "\"é\\n/\""))
        #expect(try equal(#""\ud83d\ude00""#, "\"😀\""))
        // Canonically equivalent but different scalars: not the same text.
        #expect(try !equal("\"\u{E9}\"", "\"e\u{301}\""))
        #expect(try !equal("{\"\u{E9}\":1}", "{\"e\u{301}\":1}"))
        #expect(try !equal(#""a""#, #""A""#))
    }

    @Test func kindsMustMatch() throws {
        #expect(try equal("null", "null"))
        #expect(try equal("true", "true"))
        #expect(try !equal("true", "false"))
        #expect(try !equal("null", "false"))
        #expect(try !equal("[]", "{}"))
        #expect(try !equal("0", "false"))
    }

    @Test func hundredThousandLevelsCompareWithoutRecursion() throws {
        // Built in code: the parser refuses more than JSONParser.maximumDepth levels.
        let depth = 100_000
        var left = JSONTests.nestedValue(depth, innermost: .number("1"))
        var right = JSONTests.nestedValue(depth, innermost: .number("1.0"))
        #expect(JSONEquality.equal(left, right))
        left.dismantle()
        right.dismantle()
    }
}
