import Platform
import WorkbenchBasics

/// `{{$uuid}}` and the other values a request makes each time it is built, one list for the
/// REPL, replays and `.http` files, as the JetBrains HTTP Client, VS Code REST Client,
/// httpyac and Postman make them: `$uuid` (`$guid`, `$random.uuid`, `$randomUUID`),
/// `$timestamp [OFFSET UNIT]`, `$isoTimestamp`, `$randomInt [MIN MAX]`,
/// `$datetime FORMAT [OFFSET UNIT]`, `$localDatetime ...` and JetBrains' `$random.*`
/// (faker values included). `Endpoint.prepare` makes them once a build, so the request sent
/// and the one shown hold the same values.
///
/// Written without Foundation's calendar (as `CivilDate` is): WorkbenchHTTP does not link
/// Foundation, and the formats are a handful of Day.js tokens.
public enum DynamicValues {
    /// The names the workbench makes, for messages.
    public static let known =
        "$uuid, $guid, $random.uuid, $timestamp [OFFSET UNIT], $isoTimestamp, $randomInt [MIN MAX], "
        + "$datetime rfc1123|iso8601|\"FORMAT\" [OFFSET UNIT], $localDatetime ..., $random.integer(MIN, MAX), "
        + "$random.float(MIN, MAX), $random.alphabetic(N), $random.alphanumeric(N), $random.hexadecimal(N), "
        + "$random.email and JetBrains' other $random.* values"

    /// A moment: seconds and milliseconds since 1970 (UTC).
    public struct Instant: Equatable, Sendable {
        public var seconds: Int64
        public var milliseconds: Int64

        public init(seconds: Int64, milliseconds: Int64 = 0) {
            self.seconds = seconds
            self.milliseconds = milliseconds
        }

        public static func now() -> Instant {
            var spec = timespec()
            clock_gettime(CLOCK_REALTIME, &spec)
            return Instant(seconds: Int64(spec.tv_sec), milliseconds: Int64(spec.tv_nsec) / 1_000_000)
        }
    }

    /// A fresh value for `reference` (with its `$`, without braces), or nil for one the
    /// workbench does not make. `localOffset` gives the local zone's offset from UTC, in
    /// seconds, at a moment (`$localDatetime`); tests pass a fixed one.
    public static func value(
        _ reference: String, now: Instant = .now(), localOffset: (Int64) -> Int64 = DynamicValues.localOffset
    ) -> String? {
        // `$random.integer(1, 9)`: its arguments may hold spaces.
        if reference.hasPrefix("$random.") && reference != "$random.uuid" { return random(reference) }
        let words = reference.split(separator: " ").map(String.init)
        guard let head = words.first else { return nil }
        switch head {
        case "$uuid", "$guid", "$random.uuid", "$randomUUID": return words.count == 1 ? uuid() : nil
        case "$timestamp": return moved(now, words.dropFirst()).map { String($0.seconds) }
        case "$isoTimestamp": return words.count == 1 ? format(now, "YYYY-MM-DDTHH:mm:ss[Z]", offset: 0) : nil
        case "$randomInt":
            if words.count == 1 { return String(Int.random(in: 0..<1000)) }
            // REST Client: MIN inclusive, MAX exclusive.
            guard words.count == 3, let low = Int(words[1]), let high = Int(words[2]), low < high else { return nil }
            return String(Int.random(in: low..<high))
        case "$datetime", "$localDatetime":
            return dateTime(reference.dropFirst(head.count), utc: head == "$datetime", now: now, localOffset: localOffset)
        default:
            return nil
        }
    }

    /// The local zone's offset from UTC at `seconds`, from the C library's zone rules.
    public static func localOffset(at seconds: Int64) -> Int64 {
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return Int64(parts.tm_gmtoff)
    }

    /// A version 4 UUID, lowercase, as the clients write it.
    static func uuid() -> String {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { byte in String(byte >> 4, radix: 16) + String(byte & 0x0F, radix: 16) }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }

    /// `now` moved by `OFFSET UNIT` (`-1 d`, REST Client's units); itself without them; nil
    /// when they are not that. Years and months move the calendar date (the day clamped to
    /// the month's length, as Day.js does); the other units are fixed lengths.
    static func moved(_ now: Instant, _ words: ArraySlice<String>) -> Instant? {
        if words.isEmpty { return now }
        guard words.count == 2, let amount = Int64(words[words.startIndex]), abs(amount) <= 100_000 else { return nil }
        let seconds: [String: Int64] = ["w": 604_800, "d": 86_400, "h": 3_600, "m": 60, "s": 1]
        switch words[words.startIndex + 1] {
        case "ms":
            let total = now.seconds * 1000 + now.milliseconds + amount
            return Instant(seconds: floorDivide(total, 1000), milliseconds: total - floorDivide(total, 1000) * 1000)
        case "y", "M":
            let months = words[words.startIndex + 1] == "y" ? amount * 12 : amount
            let days = floorDivide(now.seconds, 86_400)
            let date = CivilDate.date(days: days)
            let monthIndex = date.year * 12 + (date.month - 1) + months
            let year = floorDivide(monthIndex, 12)
            let month = monthIndex - year * 12 + 1
            let day = min(date.day, daysIn(year: year, month: month))
            let movedDays = CivilDate.days(year: year, month: month, day: day)
            return Instant(seconds: now.seconds + (movedDays - days) * 86_400, milliseconds: now.milliseconds)
        case let unit:
            guard let length = seconds[unit] else { return nil }
            return Instant(seconds: now.seconds + amount * length, milliseconds: now.milliseconds)
        }
    }

    /// `rfc1123`, `iso8601` or a `"quoted"` / `'quoted'` Day.js format, then an optional offset.
    static func dateTime(_ arguments: Substring, utc: Bool, now: Instant, localOffset: (Int64) -> Int64) -> String? {
        var rest = arguments.drop { $0 == " " }
        let pattern: String
        if let quote = rest.first, quote == "\"" || quote == "'" {
            guard let close = rest.dropFirst().firstIndex(of: quote) else { return nil }
            pattern = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
        } else {
            let word = rest.prefix { $0 != " " }
            rest = rest.dropFirst(word.count)
            switch word {
            case "rfc1123": pattern = utc ? "ddd, DD MMM YYYY HH:mm:ss [GMT]" : "ddd, DD MMM YYYY HH:mm:ss ZZ"
            case "iso8601": pattern = utc ? "YYYY-MM-DDTHH:mm:ss.SSS[Z]" : "YYYY-MM-DDTHH:mm:ssZ"
            default: return nil
            }
        }
        guard let moment = moved(now, rest.split(separator: " ").map(String.init)[...]) else { return nil }
        return format(moment, pattern, offset: utc ? 0 : localOffset(moment.seconds))
    }

    /// The Day.js tokens REST Client's `$datetime "FORMAT"` takes (`YYYY-MM-DD`, `ddd, DD MMM`,
    /// `[literal]`), written out for `instant` in a zone `offset` seconds from UTC.
    static func format(_ instant: Instant, _ pattern: String, offset: Int64) -> String {
        let local = instant.seconds + offset
        let days = floorDivide(local, 86_400)
        let date = CivilDate.date(days: days)
        let secondOfDay = local - days * 86_400
        let hour = Int(secondOfDay / 3600)
        let minute = Int(secondOfDay / 60 % 60)
        let second = Int(secondOfDay % 60)
        let month = Int(date.month)
        // 1970-01-01 was a Thursday (4, counting from Sunday as 0).
        let weekday = Int((days % 7 + 11) % 7)
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
        ]
        let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        func zone(_ separator: String) -> String {
            let minutes = Int(abs(offset) / 60)
            return (offset < 0 ? "-" : "+") + two(minutes / 60) + separator + two(minutes % 60)
        }
        let twelve = hour % 12 == 0 ? 12 : hour % 12
        let milliseconds = Int(instant.milliseconds)
        let tokens: [(String, () -> String)] = [
            ("YYYY", { String(date.year) }), ("YY", { two(Int(date.year % 100)) }),
            ("MMMM", { months[month - 1] }), ("MMM", { String(months[month - 1].prefix(3)) }),
            ("MM", { two(month) }), ("M", { String(month) }),
            ("DD", { two(Int(date.day)) }), ("D", { String(date.day) }),
            ("dddd", { weekdays[weekday] }), ("ddd", { String(weekdays[weekday].prefix(3)) }),
            ("HH", { two(hour) }), ("H", { String(hour) }), ("hh", { two(twelve) }), ("h", { String(twelve) }),
            ("mm", { two(minute) }), ("m", { String(minute) }), ("ss", { two(second) }), ("s", { String(second) }),
            ("SSS", { milliseconds < 10 ? "00\(milliseconds)" : milliseconds < 100 ? "0\(milliseconds)" : String(milliseconds) }),
            ("A", { hour < 12 ? "AM" : "PM" }), ("a", { hour < 12 ? "am" : "pm" }),
            ("ZZ", { zone("") }), ("Z", { zone(":") }),
            ("X", { String(instant.seconds) }), ("x", { String(instant.seconds * 1000 + instant.milliseconds) }),
        ]
        var output = ""
        var rest = Substring(pattern)
        outer: while let character = rest.first {
            if character == "[", let close = rest.firstIndex(of: "]") {
                output += rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
                continue
            }
            for (token, make) in tokens where rest.hasPrefix(token) {
                output += make()
                rest = rest.dropFirst(token.count)
                continue outer
            }
            output.append(character)
            rest = rest.dropFirst()
        }
        return output
    }

    /// JetBrains' `$random.*`: the kinds it lists, and the faker values people use most.
    static func random(_ reference: String) -> String? {
        let lower = Array("abcdefghijklmnopqrstuvwxyz")
        let upper = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let digits = Array("0123456789")
        if let open = reference.firstIndex(of: "("), reference.hasSuffix(")") {
            let name = reference[..<open]
            let arguments = reference[reference.index(after: open)...].dropLast().split(separator: ",").map { $0.trimmingSpaces() }
            switch name {
            case "$random.integer":
                guard arguments.count == 2, let low = Int(arguments[0]), let high = Int(arguments[1]), low < high else { return nil }
                return String(Int.random(in: low..<high))
            case "$random.float":
                guard arguments.count == 2, let low = Double(arguments[0]), let high = Double(arguments[1]), low < high else { return nil }
                return String(Double.random(in: low..<high))
            case "$random.alphabetic", "$random.alphanumeric", "$random.hexadecimal":
                guard arguments.count == 1, let count = Int(arguments[0]), (0...10_000).contains(count) else { return nil }
                let alphabet =
                    name == "$random.alphabetic"
                    ? lower + upper : name == "$random.hexadecimal" ? Array("0123456789abcdef") : lower + upper + digits
                return String((0..<count).map { _ in alphabet.randomElement()! })
            default:
                return nil
            }
        }
        let first = ["ana", "ben", "carla", "dev", "emma", "felix", "grace", "hugo"]
        let last = ["smith", "garcia", "chen", "novak", "okafor", "silva", "kowalski", "berg"]
        let pick = { (words: [String]) in words.randomElement()! }
        let capitalized = { (word: String) in word.prefix(1).uppercased() + word.dropFirst() }
        switch reference {
        case "$random.email", "$random.internet.emailAddress", "$random.internet.safeEmailAddress":
            return "\(pick(first)).\(pick(last))\(Int.random(in: 1..<100))@example.com"
        case "$random.name.firstName": return capitalized(pick(first))
        case "$random.name.lastName": return capitalized(pick(last))
        case "$random.name.fullName", "$random.name.name": return capitalized(pick(first)) + " " + capitalized(pick(last))
        case "$random.name.username", "$random.internet.username": return "\(pick(first)).\(pick(last))"
        case "$random.internet.url": return "https://www.\(pick(last)).example.com"
        case "$random.internet.domainName": return "\(pick(last)).example.com"
        case "$random.internet.password": return String((0..<12).map { _ in (lower + digits).randomElement()! })
        case "$random.address.city": return pick(["Lisbon", "Oslo", "Lima", "Osaka", "Accra", "Quebec"])
        case "$random.address.country": return pick(["Portugal", "Norway", "Peru", "Japan", "Ghana", "Canada"])
        case "$random.address.streetAddress": return "\(Int.random(in: 1..<200)) \(capitalized(pick(last))) Street"
        case "$random.address.zipCode": return String(Int.random(in: 10_000..<100_000))
        case "$random.phoneNumber.phoneNumber", "$random.phoneNumber.cellPhone": return "555-01\(Int.random(in: 10..<100))"
        case "$random.company.name": return capitalized(pick(last)) + " " + pick(["Ltd", "Inc", "GmbH", "Labs"])
        case "$random.lorem.word": return pick(["lorem", "ipsum", "dolor", "sit", "amet"])
        case "$random.lorem.sentence": return "Lorem ipsum dolor sit amet."
        case "$random.bool", "$random.bool.bool": return Bool.random() ? "true" : "false"
        default: return nil
        }
    }

    private static func daysIn(year: Int64, month: Int64) -> Int64 {
        let next = month == 12 ? CivilDate.days(year: year + 1, month: 1, day: 1) : CivilDate.days(year: year, month: month + 1, day: 1)
        return next - CivilDate.days(year: year, month: month, day: 1)
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }
}
