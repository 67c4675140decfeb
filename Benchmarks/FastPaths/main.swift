// Fast paths beside their plain versions, in one binary, in alternating rounds (Benchmarks/fast_paths.sh).
// Each fast path is copied here as written in Sources (the file is named beside it) with the plain
// version it replaces, so the two run on the same input in the same process; the copies are checked
// to give the same output. Medians of 9 rounds; the machine's other load moves both alike.
import Foundation

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func milliseconds(_ body: () -> Int) -> (Double, Int) {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = body()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6, result)
}

/// Runs `fast` and `plain` in alternating rounds; prints both medians and the ratio.
func compare(_ name: String, rounds: Int = 9, fast: () -> Int, plain: () -> Int) {
    var fastTimes: [Double] = [], plainTimes: [Double] = []
    for _ in 0..<rounds {
        let (f, a) = milliseconds(fast)
        let (p, b) = milliseconds(plain)
        precondition(a == b, "\(name): the two versions disagree")
        fastTimes.append(f)
        plainTimes.append(p)
    }
    print(String(format: "%@: fast path %.1f ms, plain %.1f ms, plain / fast %.2fx", name, median(fastTimes), median(plainTimes),
                 median(plainTimes) / median(fastTimes)))
}

// MARK: SecretRedactor.scan (Sources/WorkbenchBasics/Templates/SecretRedactor.swift)

struct Patterns {
    let patterns: [[UInt8]]
    let startsPattern: [Bool]
    init(_ forms: [String]) {
        patterns = forms.map { Array($0.utf8) }.sorted { $0.count > $1.count }
        var starts = [Bool](repeating: false, count: 256)
        for pattern in patterns { starts[Int(pattern[0])] = true }
        startsPattern = starts
    }
}
let mask = Array("******".utf8)

/// As written: over an unsafe buffer, a match tried only where a pattern can start.
func scanFast(_ input: UnsafeBufferPointer<UInt8>, _ p: Patterns, into output: inout [UInt8]) {
    var index = 0, runStart = 0
    let count = input.count
    while index < count {
        guard p.startsPattern[Int(input[index])] else { index += 1; continue }
        var matched: Int? = nil
        for pattern in p.patterns where pattern.count <= count - index && pattern[0] == input[index] {
            var offset = 1
            while offset < pattern.count && pattern[offset] == input[index + offset] { offset += 1 }
            if offset == pattern.count { matched = pattern.count; break }
        }
        if let length = matched {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
            output.append(contentsOf: mask)
            index += length
            runStart = index
            continue
        }
        index += 1
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<count]))
}

/// Plain: the same walk over the Array, every pattern tried at every byte.
func scanPlain(_ input: [UInt8], _ p: Patterns, into output: inout [UInt8]) {
    var index = 0, runStart = 0
    let count = input.count
    while index < count {
        var matched: Int? = nil
        for pattern in p.patterns where pattern.count <= count - index && pattern[0] == input[index] {
            var offset = 1
            while offset < pattern.count && pattern[offset] == input[index + offset] { offset += 1 }
            if offset == pattern.count { matched = pattern.count; break }
        }
        if let length = matched {
            output.append(contentsOf: input[runStart..<index])
            output.append(contentsOf: mask)
            index += length
            runStart = index
            continue
        }
        index += 1
    }
    output.append(contentsOf: input[runStart..<count])
}

/// A 40 MB pretty-printed JSON body, one secret echoed in every thousandth object.
func jsonBody(secret: String) -> [UInt8] {
    var text = ""
    var n = 0
    while text.utf8.count < 40_000_000 {
        text += "  {\n    \"id\": \(n),\n    \"name\": \"item \(n) é ünïcode\",\n    \"price\": \(Double(n) * 1.25),\n"
        text += "    \"tags\": [\"alpha\", \"beta\", \"gamma\"],\n    \"note\": \"" + (n % 1000 == 0 ? secret : "plain words here") + "\"\n  },\n"
        n += 1
    }
    return Array(text.utf8)
}

let secret = "s3cr3t-Token-9Zq"
let body = jsonBody(secret: secret)
// The secret as typed and its base64 forms at the three alignments, as SecretRedactor.encodedForms makes them.
let patterns = Patterns([secret, "czNjcjN0LVRva2VuLTlacQ", "MzY3IzdC1Ub2tlbi05WnE", "zM2NyM3QtVG9rZW4tOVpx"])
compare("SecretRedactor.scan, 40 MB body, one secret") {
    var output: [UInt8] = []
    output.reserveCapacity(body.count)
    body.withUnsafeBufferPointer { scanFast($0, patterns, into: &output) }
    return output.count
} plain: {
    var output: [UInt8] = []
    output.reserveCapacity(body.count)
    scanPlain(body, patterns, into: &output)
    return output.count
}

// MARK: HTTPSyntax.equalIgnoringASCIICase (Sources/WorkbenchHTTP/Endpoint/HTTPSyntax.swift)

@inline(__always) func sameIgnoringASCIICase(_ x: UInt8, _ y: UInt8) -> Bool {
    x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= UInt8(ascii: "a") && (x | 0x20) <= UInt8(ascii: "z"))
}

/// As written: over the strings' own bytes.
@inline(never) func equalFast(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    if let equal = a.utf8.withContiguousStorageIfAvailable({ x in
        b.utf8.withContiguousStorageIfAvailable { y in
            x.indices.allSatisfy { sameIgnoringASCIICase(x[$0], y[$0]) }
        }
    }), let equal {
        return equal
    }
    return equalPlain(a, b)
}

/// Plain: through the UTF-8 views' iterators.
@inline(never) func equalPlain(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    for (x, y) in zip(a.utf8, b.utf8) where !sameIgnoringASCIICase(x, y) { return false }
    return true
}

/// Native strings, as typed or received (a literal would be an immortal ASCII string).
func native(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }
let names = ["Host", "User-Agent", "Accept", "Accept-Encoding", "Authorization", "Content-Type", "X-Request-Id", "Cookie",
             "Content-Length", "Date", "Server", "Connection", "Set-Cookie", "Cache-Control", "ETag", "Vary"].map(native)
let lookups = ["host", "content-type", "authorization", "accept", "content-length", "set-cookie", "x-request-id", "etag"].map(native)
compare("HTTPSyntax.equalIgnoringASCIICase, 25.6 M header-name comparisons") {
    var hits = 0
    for _ in 0..<200_000 { for name in names { for lookup in lookups where equalFast(name, lookup) { hits += 1 } } }
    return hits
} plain: {
    var hits = 0
    for _ in 0..<200_000 { for name in names { for lookup in lookups where equalPlain(name, lookup) { hits += 1 } } }
    return hits
}

// MARK: Substring.trimmingSpaces by bytes (Sources/WorkbenchBasics/Templates/Template.swift)

extension UnsafeBufferPointer<UInt8> {
    var spaceTrimmedRange: Range<Int>? {
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var start = 0
        var end = count
        while start < end, isSpace(self[start]) {
            if start + 1 < end, self[start + 1] >= 0x80 { return nil }
            start += 1
        }
        while end > start, isSpace(self[end - 1]) {
            if end - 1 > start, self[end - 2] >= 0x80 { return nil }
            end -= 1
        }
        return start..<end
    }
}

extension Substring {
    /// As written: by bytes, in the text's own storage.
    @inline(never) func trimmedFast() -> Substring {
        guard let kept = utf8.withContiguousStorageIfAvailable(\.spaceTrimmedRange) ?? nil else { return trimmedPlain() }
        if kept.lowerBound == 0 && kept.upperBound == utf8.count { return self }
        let bytes = utf8
        return self[bytes.index(bytes.startIndex, offsetBy: kept.lowerBound)..<bytes.index(bytes.startIndex, offsetBy: kept.upperBound)]
    }

    /// Plain: Character by Character.
    @inline(never) func trimmedPlain() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}

let lines = [" application/json", "get /item/42", " keep-alive", "  Bearer {{token}}  ", "workbench/0.1.0",
             " Thu, 01 Jan 2026 00:00:00 GMT", "base http://127.0.0.1:8080", " gzip, deflate, br, zstd"].map { Substring(native($0)) }
compare("Substring.trimmingSpaces, 8 M lines and header values") {
    var total = 0
    for _ in 0..<1_000_000 { for line in lines { total &+= line.trimmedFast().utf8.count } }
    return total
} plain: {
    var total = 0
    for _ in 0..<1_000_000 { for line in lines { total &+= line.trimmedPlain().utf8.count } }
    return total
}
