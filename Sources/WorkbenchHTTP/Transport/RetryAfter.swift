import WorkbenchBasics

/// A `Retry-After` header (RFC 9110 10.2.3): delay-seconds, or an HTTP-date, read as
/// the seconds to wait from `now` (seconds since the epoch). Pure: the clock is passed in.
public enum RetryAfter {
    /// The seconds to wait; nil when the value is neither form. A date in the past is 0.
    public static func seconds(_ value: String, now: Double) -> Double? {
        let text = value.trimmingSpaces()
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Very long digit strings are a wait longer than any cap: saturate, do not overflow.
            return text.utf8.count > 12 ? 1e12 : Double(text)
        }
        guard let date = httpDate(text) else { return nil }
        return max(0, date - now)
    }

    /// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the form servers send, as seconds since
    /// the epoch; the obsolete forms (RFC 850, asctime) too, as recipients must accept them.
    static func httpDate(_ text: String) -> Double? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        var day: Int?
        var month: Int?
        var year: Int?
        var clock: [Int]?
        if words.count == 6, words[5] == "GMT" {
            // Sun, 06 Nov 1994 08:49:37 GMT
            day = Int(words[1])
            month = months.firstIndex(of: words[2].lowercased()).map { $0 + 1 }
            year = Int(words[3])
            clock = words[4].split(separator: ":").compactMap { Int($0) }
        } else if words.count == 4, words[3] == "GMT" {
            // Sunday, 06-Nov-94 08:49:37 GMT
            let parts = words[1].split(separator: "-")
            if parts.count == 3 {
                day = Int(parts[0])
                month = months.firstIndex(of: parts[1].lowercased()).map { $0 + 1 }
                year = Int(parts[2]).map { $0 < 70 ? 2000 + $0 : $0 < 100 ? 1900 + $0 : $0 }
            }
            clock = words[2].split(separator: ":").compactMap { Int($0) }
        } else if words.count == 5 {
            // Sun Nov  6 08:49:37 1994
            month = months.firstIndex(of: words[1].lowercased()).map { $0 + 1 }
            day = Int(words[2])
            clock = words[3].split(separator: ":").compactMap { Int($0) }
            year = Int(words[4])
        }
        guard let day, let month, let year, let clock, clock.count == 3, (1...31).contains(day), (1970...9999).contains(year),
            (0...23).contains(clock[0]), (0...59).contains(clock[1]), (0...60).contains(clock[2])
        else { return nil }
        let days = Int(CivilDate.days(year: Int64(year), month: Int64(month), day: Int64(day)))
        return Double(days * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2])
    }
}
