import Testing

@testable import WorkbenchHTTP

/// The dynamic values (`{{$uuid}}`, `{{$datetime ...}}`) at fixed moments and zones.
struct DynamicValuesTests {
    /// 2024-02-29T23:59:58.007Z, a Thursday in a leap year.
    let leapDay = DynamicValues.Instant(seconds: 1_709_251_198, milliseconds: 7)

    func value(_ reference: String, offset: Int64 = 0) -> String? {
        DynamicValues.value(reference, now: leapDay, localOffset: { _ in offset })
    }

    @Test func datesInTheFormatsRESTClientNames() {
        #expect(value("$datetime iso8601") == "2024-02-29T23:59:58.007Z")
        #expect(value("$datetime rfc1123") == "Thu, 29 Feb 2024 23:59:58 GMT")
        #expect(value("$datetime 'YYYY-MM-DD HH:mm:ss [at] ddd'") == "2024-02-29 23:59:58 at Thu")
        #expect(value("$datetime \"D/M/YY h:m A x\"") == "29/2/24 11:59 PM 1709251198007")
        #expect(value("$localDatetime iso8601", offset: 3600) == "2024-03-01T00:59:58+01:00")
        #expect(value("$localDatetime rfc1123", offset: -16_200) == "Thu, 29 Feb 2024 19:29:58 -0430")
        #expect(value("$isoTimestamp") == "2024-02-29T23:59:58Z")
        #expect(value("$datetime nonsense") == nil)
    }

    @Test func offsetsMoveTheCalendarAsDayJSDoes() {
        #expect(value("$timestamp") == "1709251198")
        #expect(value("$timestamp -1 d") == "1709164798")
        #expect(value("$datetime 'YYYY-MM-DD' 1 y") == "2025-02-28")
        #expect(value("$datetime 'YYYY-MM-DD' -12 M") == "2023-02-28")
        #expect(value("$datetime 'YYYY-MM-DD' 1 M") == "2024-03-29")
        #expect(value("$datetime 'YYYY-MM-DD HH:mm' 2 h") == "2024-03-01 01:59")
        #expect(value("$datetime 'ss.SSS' 993 ms") == "59.000")
        #expect(value("$datetime 'YYYY-MM-DD' -3 w") == "2024-02-08")
        #expect(value("$timestamp 1 fortnight") == nil)
        #expect(value("$timestamp 1") == nil)
    }

    @Test func datesBefore1970() {
        let early = DynamicValues.Instant(seconds: -1)
        #expect(DynamicValues.value("$datetime 'YYYY-MM-DD HH:mm:ss dddd'", now: early) == "1969-12-31 23:59:59 Wednesday")
    }

    @Test func randomValuesInTheirRanges() {
        #expect(value("$random.integer(3, 4)") == "3")
        #expect(value("$randomInt 5 6") == "5")
        #expect(value("$randomInt 6 5") == nil)
        #expect(value("$random.hexadecimal(8)")?.allSatisfy { "0123456789abcdef".contains($0) } == true)
        #expect(value("$random.alphabetic(12)")?.count == 12)
        #expect(value("$random.email")?.hasSuffix("@example.com") == true)
        #expect(value("$random.name.firstName")?.first?.isUppercase == true)
        #expect(value("$random.nothing") == nil)
        let uuid = value("$uuid") ?? ""
        #expect(uuid.count == 36 && Array(uuid)[14] == "4")
        #expect(value("$uuid") != uuid)
    }
}
