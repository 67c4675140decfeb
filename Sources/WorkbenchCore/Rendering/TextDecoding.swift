/// Decodes a text body in its declared charset; bad bytes become U+FFFD, never a crash.
public enum TextDecoding {
    public static func decode(_ bytes: [UInt8], charset: String) -> String {
        switch charset {
        case "iso-8859-1", "latin1", "latin-1", "iso8859-1", "l1", "windows-1252", "cp1252", "us-ascii", "ascii":
            // Each byte is one code point (windows-1252's extra letters in 0x80-0x9F are rare in APIs).
            var scalars = String.UnicodeScalarView()
            for byte in bytes { scalars.append(Unicode.Scalar(byte)) }
            return String(scalars)
        default:
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
