import CCrypto
import WorkbenchBasics
import WorkbenchSessions

/// The autosave's journal: what changed since the autosave file was last
/// written whole, appended one line a change, so that a command costs what it
/// changed and not the size of the history.
///
/// Beside `autosave-….json` (a session file like any other), `….json.journal`
/// holds JSON lines, one for each save:
///
///     {"format":"workbench-autosave-journal","version":1,"base":{"bytes":N,"sha256":"…"}}
///     {"frame":{…the session's top level, "requests":[]…},"records":[{"index":I,"record":{…}}]}
///     {"records":[{"index":I,"record":{…}}]}
///
/// The first line names the file it continues by size and SHA-256: the file is
/// written (atomically) before the old journal is removed, so a crash between
/// the two leaves a journal that names another file, which is ignored, and the
/// file holds everything. The last `frame` is the top level (the first save's
/// line always has one); each record replaces record I or, when I is the count
/// so far, is added. A line is appended with one `write` ending in its newline:
/// a crash can only cut the last line, and a line without its newline, or one
/// that does not parse, ends what is read, so a save is restored whole or not
/// at all. Values are masked as in the file (`SessionEncoder`).
public enum AutosaveJournal {
    static let formatName = "workbench-autosave-journal"
    static let formatVersion = 1

    /// The journal of the autosave file at `path`.
    public static func path(for file: String) -> String {
        file + suffix
    }

    static let suffix = ".journal"

    /// What ties a journal to the file it continues.
    struct Fingerprint: Equatable {
        var bytes: Int
        var sha256: String

        init(bytes: Int, sha256: String) {
            self.bytes = bytes
            self.sha256 = sha256
        }

        /// The fingerprint of the file the chunks make, read chunk by chunk.
        init(of chunks: [[UInt8]]) {
            bytes = chunks.reduce(0) { $0 + $1.count }
            var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            if let context = EVP_MD_CTX_new() {
                EVP_DigestInit_ex(context, EVP_sha256(), nil)
                for chunk in chunks where !chunk.isEmpty {
                    chunk.withUnsafeBytes { _ = EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
                }
                EVP_DigestFinal_ex(context, &digest, &length)
                EVP_MD_CTX_free(context)
            }
            sha256 = digest.prefix(Int(length)).map { byte in
                let hex = String(byte, radix: 16)
                return byte < 16 ? "0" + hex : hex
            }.joined()
        }
    }

    /// The first line of a journal that continues the file with `fingerprint`.
    static func header(continuing fingerprint: Fingerprint) -> [UInt8] {
        Array(
            #"{"format":"\#(formatName)","version":\#(formatVersion),"base":{"bytes":\#(fingerprint.bytes),"sha256":"\#(fingerprint.sha256)"}}"#
                .utf8)
            + [newline]
    }

    /// The line of one save: the top level (compact JSON text) when it changed,
    /// and the records that are new or changed (index and compact JSON text).
    static func saveLine(frame: [UInt8]?, records: [(index: Int, text: [UInt8])]) -> [UInt8] {
        var line = Array("{".utf8)
        if let frame { line += Array(#""frame":"#.utf8) + frame + Array(",".utf8) }
        line += Array(#""records":["#.utf8)
        for (position, record) in records.enumerated() {
            if position > 0 { line.append(UInt8(ascii: ",")) }
            line += Array(#"{"index":\#(record.index),"record":"#.utf8) + record.text + Array("}".utf8)
        }
        return line + Array("]}\n".utf8)
    }

    private static let newline = UInt8(ascii: "\n")

    /// What a journal says: its last frame and its records, in order.
    struct Entries {
        var frame: JSONValue
        var records: [(index: Int, record: JSONValue)]
    }

    /// The entries of `journal`, read up to its first cut or broken line; nil
    /// when it does not continue the file with `fingerprint`, or says nothing.
    static func entries(of journal: [UInt8], continuing fingerprint: Fingerprint) -> Entries? {
        var lines = journal.split(separator: newline, omittingEmptySubsequences: false)
        // The last piece is empty when the journal ends with a newline; otherwise it is a cut line.
        lines.removeLast()
        guard let first = lines.first, let header = try? JSONParser.parse(Array(first)),
            header["format"]?.stringValue == formatName, header["version"] == .number(String(formatVersion)),
            header["base"]?["bytes"] == .number(String(fingerprint.bytes)),
            header["base"]?["sha256"]?.stringValue == fingerprint.sha256
        else { return nil }
        var frame: JSONValue?
        var records: [(index: Int, record: JSONValue)] = []
        saves: for line in lines.dropFirst() {
            guard let save = try? JSONParser.parse(Array(line)), case .array(let changed)? = save["records"] else { break }
            var taken: [(index: Int, record: JSONValue)] = []
            for entry in changed {
                guard case .number(let text)? = entry["index"], let index = Int(text), index >= 0,
                    let record = entry["record"]
                else { break saves }
                taken.append((index, record))
            }
            if let value = save["frame"] { frame = value }
            records += taken
        }
        guard let frame else { return nil }
        return Entries(frame: frame, records: records)
    }

    /// The session that the autosave file (`base`) and its journal make together.
    /// Without a journal, or with one that continues another file, the file alone.
    public static func document(base: [UInt8], journal: [UInt8]?, file: String) throws(WorkbenchError) -> SessionDocument {
        var document = try SessionDecoding.decode(base, file: file)
        guard let journal, !journal.isEmpty,
            let entries = entries(of: journal, continuing: Fingerprint(of: [base]))
        else { return document }
        // The journal's records decoded with its frame (their version, their shared base URL).
        let members: [JSONMember]
        if case .object(let frameMembers) = entries.frame {
            members = frameMembers.map { member in
                member.key == "requests" ? JSONMember(key: "requests", value: .array(entries.records.map(\.record))) : member
            }
        } else {
            members = []
        }
        let continued = try SessionDecoding.decode(Array(JSONValue.object(members).jsonText.utf8), file: path(for: file))
        var requests = document.requests
        for (entry, record) in zip(entries.records, continued.requests) {
            if entry.index < requests.count {
                requests[entry.index] = record
            } else if entry.index == requests.count {
                requests.append(record)
            } else {
                break
            }
        }
        document = continued
        document.requests = requests
        return document
    }
}
