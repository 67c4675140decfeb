import Foundation

/// The dynamic values `.http` clients make (`{{$uuid}}`): JetBrains' (`$random.*`, its
/// faker values included), httpyac's and VS Code REST Client's system variables
/// (`$randomInt MIN MAX`, `$datetime FORMAT [OFFSET UNIT]`, `$localDatetime ...`,
/// `$timestamp [OFFSET UNIT]`). Made when the file is read, as the text of the value.
enum HTTPFileDynamicValues {
    /// The value of `reference` (without braces), or nil for one the workbench does not make.
    static func value(_ reference: String, now: Date = Date()) -> String? {
        // `$random.integer(1, 9)`: its arguments may hold spaces.
        if reference.hasPrefix("$random.") && reference != "$random.uuid" { return random(reference) }
        let words = reference.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let head = words.first else { return nil }
        switch head {
        case "$uuid", "$random.uuid", "$guid", "$randomUUID": return words.count == 1 ? UUID().uuidString.lowercased() : nil
        case "$isoTimestamp":
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return words.count == 1 ? formatter.string(from: now) : nil
        case "$timestamp":
            guard let date = offset(now, words.dropFirst()) else { return nil }
            return String(Int(date.timeIntervalSince1970))
        case "$randomInt":
            if words.count == 1 { return String(Int.random(in: 0..<1000)) }
            // REST Client: MIN inclusive, MAX exclusive.
            guard words.count == 3, let low = Int(words[1]), let high = Int(words[2]), low < high else { return nil }
            return String(Int.random(in: low..<high))
        case "$datetime", "$localDatetime":
            return dateTime(reference.dropFirst(head.count), utc: head == "$datetime", now: now)
        default:
            return words.count == 1 ? random(head) : nil
        }
    }

    /// `now` moved by `OFFSET UNIT` (`-1 d`); itself without them; nil when they are not that.
    static func offset(_ now: Date, _ words: ArraySlice<String>) -> Date? {
        if words.isEmpty { return now }
        guard words.count == 2, let amount = Int(words[words.startIndex]) else { return nil }
        let units: [String: Calendar.Component] = [
            "y": .year, "M": .month, "w": .weekOfYear, "d": .day, "h": .hour,
            "m": .minute, "s": .second,
        ]
        if words[words.startIndex + 1] == "ms" { return now.addingTimeInterval(Double(amount) / 1000) }
        guard let unit = units[words[words.startIndex + 1]] else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(byAdding: unit, value: amount, to: now)
    }

    /// `rfc1123`, `iso8601` or a `"quoted"` / `'quoted'` Day.js format, then an optional offset.
    static func dateTime(_ arguments: Substring, utc: Bool, now: Date) -> String? {
        var rest = arguments.drop { $0 == " " }
        let format: String
        if let quote = rest.first, quote == "\"" || quote == "'" {
            guard let close = rest.dropFirst().firstIndex(of: quote) else { return nil }
            format = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
        } else {
            let word = rest.prefix { $0 != " " }
            rest = rest.dropFirst(word.count)
            switch word {
            case "rfc1123": format = utc ? "ddd, DD MMM YYYY HH:mm:ss [GMT]" : "ddd, DD MMM YYYY HH:mm:ss ZZ"
            case "iso8601": format = utc ? "YYYY-MM-DDTHH:mm:ss.SSS[Z]" : "YYYY-MM-DDTHH:mm:ssZ"
            default: return nil
            }
        }
        guard let date = offset(now, rest.split(separator: " ").map(String.init)[...]) else { return nil }
        return DayJSFormat.format(date, format, timeZone: utc ? TimeZone(identifier: "UTC")! : TimeZone.current)
    }

    /// JetBrains' `$random.*`: the kinds it lists, and the faker values people use most.
    static func random(_ reference: String) -> String? {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let call = reference.firstIndex(of: "(").map { (String(reference[..<$0]), reference[reference.index(after: $0)...].dropLast()) }
        if let (name, argumentText) = call, reference.hasSuffix(")") {
            let arguments = argumentText.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
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
                    ? letters + Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
                    : name == "$random.hexadecimal" ? Array("0123456789abcdef") : letters + Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
                return String((0..<count).map { _ in alphabet.randomElement()! })
            default:
                return nil
            }
        }
        let first = ["ana", "ben", "carla", "dev", "emma", "felix", "grace", "hugo"]
        let last = ["smith", "garcia", "chen", "novak", "okafor", "silva", "kowalski", "berg"]
        let word = { (words: [String]) in words.randomElement()! }
        switch reference {
        case "$random.email", "$random.internet.emailAddress", "$random.internet.safeEmailAddress":
            return "\(word(first)).\(word(last))\(Int.random(in: 1..<100))@example.com"
        case "$random.name.firstName": return word(first).capitalized
        case "$random.name.lastName": return word(last).capitalized
        case "$random.name.fullName", "$random.name.name": return word(first).capitalized + " " + word(last).capitalized
        case "$random.name.username", "$random.internet.username": return "\(word(first)).\(word(last))"
        case "$random.internet.url": return "https://www.\(word(last)).example.com"
        case "$random.internet.domainName": return "\(word(last)).example.com"
        case "$random.internet.password": return String((0..<12).map { _ in (letters + Array("0123456789")).randomElement()! })
        case "$random.address.city": return word(["Lisbon", "Oslo", "Lima", "Osaka", "Accra", "Quebec"])
        case "$random.address.country": return word(["Portugal", "Norway", "Peru", "Japan", "Ghana", "Canada"])
        case "$random.address.streetAddress": return "\(Int.random(in: 1..<200)) \(word(last).capitalized) Street"
        case "$random.address.zipCode": return String(Int.random(in: 10_000..<100_000))
        case "$random.phoneNumber.phoneNumber", "$random.phoneNumber.cellPhone": return "555-01\(Int.random(in: 10..<100))"
        case "$random.company.name": return word(last).capitalized + " " + word(["Ltd", "Inc", "GmbH", "Labs"])
        case "$random.lorem.word": return word(["lorem", "ipsum", "dolor", "sit", "amet"])
        case "$random.lorem.sentence": return "Lorem ipsum dolor sit amet."
        case "$random.bool", "$random.bool.bool": return Bool.random() ? "true" : "false"
        default: return nil
        }
    }
}

/// The Day.js format tokens REST Client's `$datetime "FORMAT"` takes (`YYYY-MM-DD`,
/// `ddd, DD MMM`, `[literal]`), written out for one date in one time zone.
enum DayJSFormat {
    static func format(_ date: Date, _ format: String, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond, .weekday], from: date)
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
        ]
        let days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        let offsetMinutes = timeZone.secondsFromGMT(for: date) / 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        func zone(_ separator: String) -> String {
            (offsetMinutes < 0 ? "-" : "+") + two(abs(offsetMinutes) / 60) + separator + two(abs(offsetMinutes) % 60)
        }
        let hour = parts.hour ?? 0
        let tokens: [(String, () -> String)] = [
            ("YYYY", { String(parts.year ?? 0) }), ("YY", { two((parts.year ?? 0) % 100) }),
            ("MMMM", { months[(parts.month ?? 1) - 1] }), ("MMM", { String(months[(parts.month ?? 1) - 1].prefix(3)) }),
            ("MM", { two(parts.month ?? 1) }), ("M", { String(parts.month ?? 1) }),
            ("DD", { two(parts.day ?? 1) }), ("D", { String(parts.day ?? 1) }),
            ("dddd", { days[(parts.weekday ?? 1) - 1] }), ("ddd", { String(days[(parts.weekday ?? 1) - 1].prefix(3)) }),
            ("HH", { two(hour) }), ("H", { String(hour) }),
            ("hh", { two(hour % 12 == 0 ? 12 : hour % 12) }), ("h", { String(hour % 12 == 0 ? 12 : hour % 12) }),
            ("mm", { two(parts.minute ?? 0) }), ("m", { String(parts.minute ?? 0) }),
            ("ss", { two(parts.second ?? 0) }), ("s", { String(parts.second ?? 0) }),
            (
                "SSS",
                {
                    let ms = (parts.nanosecond ?? 0) / 1_000_000; return ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : String(ms)
                }
            ),
            ("A", { hour < 12 ? "AM" : "PM" }), ("a", { hour < 12 ? "am" : "pm" }),
            ("ZZ", { zone("") }), ("Z", { zone(":") }),
            ("X", { String(Int(date.timeIntervalSince1970)) }), ("x", { String(Int(date.timeIntervalSince1970 * 1000)) }),
        ]
        var output = ""
        var rest = Substring(format)
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
}
