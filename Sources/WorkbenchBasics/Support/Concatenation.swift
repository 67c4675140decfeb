/// Strings joined in one allocation and one pass over their bytes.
///
/// Written here because `+`, `append` and interpolation cost a few hundred instructions
/// a piece in the standard library (a growth check, a possible reallocation and a
/// generic copy each), and every request sends and prints lines made of three or four
/// pieces: the header lines handed to libcurl, the status, timing and header lines shown.
/// What it wins (Benchmarks/README.md, "Fourth round: instructions a GET", `scale.py --only i`):
/// with three changes made beside it (`withCString`, the headers in force, the declaration
/// that applied the last command asked first), 209,600 to 196,983 instructions a GET (6%);
/// not measured apart from them.
extension String {
    package static func concatenation(_ first: String, _ second: String, _ third: String = "", _ fourth: String = "") -> String {
        let total = first.utf8.count + second.utf8.count + third.utf8.count + fourth.utf8.count
        return String(unsafeUninitializedCapacity: total) { buffer in
            var offset = 0
            copy(first, into: buffer, at: &offset)
            copy(second, into: buffer, at: &offset)
            copy(third, into: buffer, at: &offset)
            copy(fourth, into: buffer, at: &offset)
            return offset
        }
    }

    private static func copy(_ part: String, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: inout Int) {
        let copied: Int? = part.utf8.withContiguousStorageIfAvailable { bytes in
            guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return bytes.count }
            (target + offset).update(from: source, count: bytes.count)
            return bytes.count
        }
        if let copied {
            offset += copied
            return
        }
        for byte in part.utf8 {
            buffer[offset] = byte
            offset += 1
        }
    }
}
