import WorkbenchBasics
import WorkbenchHTTP

/// Loading a large session without its whole JSON tree: the file is checked,
/// the elements of its top-level `requests` array are found in the bytes, the
/// rest (the frame) is parsed on its own, and each record is parsed, read and
/// let go in turn. A 100,000-request file's tree was most of a load's memory
/// (the tree of a 50 MB file took about 200 MB beside the records made from it).
///
/// The result is exactly `decode`'s: the same reader reads the same values.
/// Anything out of the ordinary (not valid JSON, an older format version that
/// migration rewrites, keys with escapes, a second `requests`, nesting near
/// the bound) is left to the tree, which also gives the error.
extension SessionDecoding {
    /// The document, or nil when the file must go the tree's way.
    static func decodeByRecords(_ bytes: [UInt8], file: String) throws(WorkbenchError) -> SessionDocument? {
        try bytes.withUnsafeBufferPointer { (buffer) throws(WorkbenchError) -> SessionDocument? in
            guard let layout = RecordsLayout.find(in: buffer) else { return nil }
            var frame: JSONValue
            do {
                frame = try JSONParser.parse(Array(buffer[..<(layout.open + 1)]) + Array(buffer[layout.close...]))
            } catch {
                return nil
            }
            defer { frame.dismantle() }
            guard case .object = frame, frame["format"]?.stringValue == SessionDocument.formatName,
                frame["version"] == .number(String(SessionDocument.formatVersion))
            else { return nil }
            let reader = FieldReader(file: file)
            var document = try reader.fields(frame)
            document.unknown = UnknownMembers.extract(from: frame, canonical: SessionEncoding.canonicalFrame(document))
            document.requests.reserveCapacity(layout.elements.count)
            for (index, range) in layout.elements.enumerated() {
                let value: JSONValue
                do {
                    value = try JSONParser.parse(UnsafeBufferPointer(rebasing: buffer[range]))
                } catch {
                    return nil
                }
                var record = try reader.request(value, "requests[\(index)]")
                record.unknown = UnknownMembers.extract(from: value, canonical: SessionEncoding.canonical(record))
                document.requests.append(record)
            }
            return document
        }
    }
}

/// Where the top-level `requests` array and its elements are in a file's bytes.
struct RecordsLayout {
    /// The offsets of the array's `[` and `]`.
    var open: Int
    var close: Int
    /// Each element's bytes.
    var elements: [Range<Int>] = []

    /// Nesting this deep is left to the tree's reader, which owns the bound (`SessionDecoding.maximumDepth`).
    static let deepestWalked = SessionDecoding.maximumDepth - 4

    /// The layout of `input` when it is one valid JSON object with exactly one
    /// `requests` member holding an array, and no key of the top level has an
    /// escape (its text would not be its bytes); nil otherwise.
    static func find(in input: UnsafeBufferPointer<UInt8>) -> RecordsLayout? {
        var check = JSONTokenizer(input)
        guard check.checkToEnd() else { return nil }
        // Known valid: the walk lexes without checking again.
        var tokens = JSONTokenizer(input, checking: false)
        guard tokens.next().kind == .beginObject else { return nil }
        var found: RecordsLayout?
        while true {
            let key = tokens.next()
            if key.kind == .endObject { break }
            if key.kind == .comma { continue }
            guard key.kind == .string, let base = input.baseAddress else { return nil }
            let text = UnsafeBufferPointer(start: base + key.start, count: key.end - key.start)
            guard !text.contains(UInt8(ascii: "\\")) else { return nil }
            guard tokens.next().kind == .colon else { return nil }
            let isRequests = text.elementsEqual("\"requests\"".utf8)
            let first = tokens.next()
            if isRequests {
                guard found == nil, first.kind == .beginArray else { return nil }
                var layout = RecordsLayout(open: first.start, close: first.start)
                while true {
                    let token = tokens.next()
                    if token.kind == .endArray {
                        layout.close = token.start
                        break
                    }
                    if token.kind == .comma { continue }
                    guard let end = skipValue(startingWith: token, &tokens, depth: 2) else { return nil }
                    layout.elements.append(token.start..<end)
                }
                found = layout
            } else {
                guard skipValue(startingWith: first, &tokens, depth: 1) != nil else { return nil }
            }
        }
        return found
    }

    /// The end of the value that starts with `first`, its tokens read; nil when
    /// the input ends first or nests past `deepestWalked`.
    static func skipValue(startingWith first: JSONTokenizer.Token, _ tokens: inout JSONTokenizer, depth: Int) -> Int? {
        switch first.kind {
        case .string, .number, .literal: return first.end
        case .beginArray, .beginObject: break
        default: return nil
        }
        var open = 1
        while open > 0 {
            let token = tokens.next()
            switch token.kind {
            case .beginArray, .beginObject:
                open += 1
                if depth + open > deepestWalked { return nil }
            case .endArray, .endObject:
                open -= 1
                if open == 0 { return token.end }
            case .end:
                return nil
            default:
                break
            }
        }
        return nil
    }
}
