import CCrypto
import WorkbenchBasics

/// AWS Signature Version 4, computed here rather than by libcurl: libcurl 7.88 signs
/// the path exactly as it is sent, while AWS (and botocore) encode it a second time for
/// every service but S3 (`/a%20b` is signed as `/a%2520b`), so any path holding a
/// percent-encoded byte was refused by API Gateway, Lambda URLs and the rest. S3 signs the
/// path as sent and wants the payload's hash in `X-Amz-Content-Sha256`, which is added.
///
/// Pure: the request, the credentials and the time in, the headers to add out. Signed:
/// `host`, `content-type` when the request has one, and every `x-amz-*` header (the
/// session token among them), in AWS's canonical form.
public enum AWSSigV4Signing {
    /// The headers that sign `request`: `Host` (unless typed), `X-Amz-Date`,
    /// `X-Amz-Content-Sha256` for S3, and `Authorization`. `now`: seconds since 1970.
    public static func headers(
        for request: PreparedRequest, credentials: AWSSigV4Credentials, now: Int
    ) -> [HeaderField] {
        let parts = credentials.provider.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let region = parts.count > 2 ? parts[2] : ""
        let service = parts.count > 3 ? parts[3] : ""
        let stamp = Self.timestamp(now)
        let day = String(stamp.prefix(8))
        let payloadHash = hex(sha256(request.body))

        var added: [HeaderField] = []
        if !request.headers.contains(name: "Host") { added.append(HeaderField(name: "Host", value: request.base.authority)) }
        added.append(HeaderField(name: "X-Amz-Date", value: stamp))
        if service == "s3" && !request.headers.contains(name: "X-Amz-Content-Sha256") {
            added.append(HeaderField(name: "X-Amz-Content-Sha256", value: payloadHash))
        }
        var signed: [String: [String]] = [:]
        for field in request.headers + added {
            let name = field.name.lowercased()
            guard name == "host" || name == "content-type" || name.hasPrefix("x-amz-") else { continue }
            signed[name, default: []].append(Self.canonicalValue(field.value))
        }
        let names = signed.keys.sorted()
        let signedHeaders = names.joined(separator: ";")
        let (path, query) = Self.split(request.target)
        let canonicalRequest = [
            request.method,
            service == "s3" ? (path.isEmpty ? "/" : path) : Self.doublyEncoded(path),
            Self.canonicalQuery(query),
            names.map { "\($0):\(signed[$0]!.joined(separator: ","))\n" }.joined(),
            signedHeaders,
            payloadHash,
        ].joined(separator: "\n")
        let scope = "\(day)/\(region)/\(service)/aws4_request"
        let stringToSign = ["AWS4-HMAC-SHA256", stamp, scope, hex(sha256(Array(canonicalRequest.utf8)))].joined(separator: "\n")
        var key = hmac(Array(("AWS4" + credentials.secretKey).utf8), day)
        for part in [region, service, "aws4_request"] { key = hmac(key, part) }
        let signature = hex(hmac(key, stringToSign))
        added.append(
            HeaderField(
                name: "Authorization",
                value: "AWS4-HMAC-SHA256 Credential=\(credentials.accessKey)/\(scope), "
                    + "SignedHeaders=\(signedHeaders), Signature=\(signature)"))
        return added
    }

    /// `20150830T123600Z` for `now` seconds since 1970 (UTC, by the civil-from-days algorithm).
    static func timestamp(_ now: Int) -> String {
        let days = now >= 0 ? now / 86_400 : (now - 86_399) / 86_400
        let seconds = now - days * 86_400
        let (year, month, day) = CivilDate.date(days: Int64(days))
        func two(_ value: some BinaryInteger) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)\(two(month))\(two(day))T\(two(seconds / 3600))\(two(seconds / 60 % 60))\(two(seconds % 60))Z"
    }

    /// The path and the query of a request target.
    package static func split(_ target: String) -> (path: String, query: String) {
        guard let mark = target.firstIndex(of: "?") else { return (target, "") }
        return (String(target[..<mark]), String(target[target.index(after: mark)...]))
    }

    /// The canonical URI of every service but S3: dot segments and empty segments removed,
    /// then the path as sent URI-encoded again (`%` becomes `%25`), `/` and `~` kept.
    package static func doublyEncoded(_ path: String) -> String {
        var segments: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) where segment != "." {
            if segment == ".." { if !segments.isEmpty { segments.removeLast() } } else { segments.append(segment) }
        }
        var normalized = "/" + segments.joined(separator: "/")
        if path.hasSuffix("/") && !segments.isEmpty { normalized += "/" }
        var output = ""
        for byte in normalized.utf8 {
            if byte == UInt8(ascii: "/") || isUnreserved(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                output += "%" + hex([byte]).uppercased()
            }
        }
        return output
    }

    /// The query's `name=value` pairs as sent, sorted (by name, then value).
    static func canonicalQuery(_ query: String) -> String {
        guard !query.isEmpty else { return "" }
        let pairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> (String, String) in
            guard let equals = pair.firstIndex(of: "=") else { return (String(pair), "") }
            return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
        }
        return pairs.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }

    /// A header value trimmed, its runs of spaces made one.
    static func canonicalValue(_ value: String) -> String {
        value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ").trimmingSpaces()
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "~")
    }

    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        _ = bytes.withUnsafeBufferPointer { SHA256($0.baseAddress, $0.count, &digest) }
        return digest
    }

    /// HMAC-SHA256 (RFC 2104) over SHA-256: a 64-byte block.
    static func hmac(_ key: [UInt8], _ message: String) -> [UInt8] {
        var block = key.count > 64 ? sha256(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        let inner = sha256(block.map { $0 ^ 0x36 } + Array(message.utf8))
        return sha256(block.map { $0 ^ 0x5c } + inner)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var output = [UInt8]()
        output.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: output, as: UTF8.self)
    }
}
