import Platform
import WorkbenchBasics

/// Decodes a text body in its declared charset; bad bytes become U+FFFD, never a crash.
///
/// UTF-8 and Latin-1 are decoded here; every other charset (windows-1252,
/// UTF-16, Shift_JIS, EUC-JP, KOI8-R, ...) by the C library's iconv. A byte
/// order mark decides over the declared charset, as browsers do.
public enum TextDecoding {
    public static func decode(_ bytes: [UInt8], charset: String) -> String {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return String(decoding: bytes.dropFirst(3), as: UTF8.self)
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return iconvDecode(bytes, from: "UTF-16") ?? String(decoding: bytes, as: UTF8.self)
        }
        switch charset.lowercased() {
        case "utf-8", "utf8":
            return String(decoding: bytes, as: UTF8.self)
        case "iso-8859-1", "latin1", "latin-1", "iso8859-1", "l1", "us-ascii", "ascii":
            // Each byte is one code point.
            var scalars = String.UnicodeScalarView()
            for byte in bytes { scalars.append(Unicode.Scalar(byte)) }
            return String(scalars)
        case let other:
            return iconvDecode(bytes, from: other) ?? String(decoding: bytes, as: UTF8.self)
        }
    }

    /// `bytes` converted from `charset` to UTF-8 by iconv; nil when iconv does
    /// not know the charset. An invalid or cut-off sequence becomes U+FFFD and
    /// the conversion goes on after it.
    static func iconvDecode(_ bytes: [UInt8], from charset: String) -> String? {
        guard charset.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        let converter = iconv_open("UTF-8", charset)
        guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 2)
        var chunk = [UInt8](repeating: 0, count: 16_384)
        var input = bytes
        input.withUnsafeMutableBufferPointer { inputBuffer in
            chunk.withUnsafeMutableBufferPointer { chunkBuffer in
                var inPointer = inputBuffer.baseAddress.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self) }
                var inLeft = inputBuffer.count
                while inLeft > 0 {
                    var outPointer = chunkBuffer.baseAddress.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self) }
                    var outLeft = chunkBuffer.count
                    let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                    output.append(contentsOf: chunkBuffer[0..<(chunkBuffer.count - outLeft)])
                    if result == -1 && errno != E2BIG {
                        // EILSEQ or EINVAL: skip one byte, mark it, go on.
                        output += [0xEF, 0xBF, 0xBD]
                        inPointer = inPointer.map { $0 + 1 }
                        inLeft -= 1
                    }
                }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
