import SystemPackage
import Platform
import WorkbenchBasics

/// Where a report may be written: never onto a file the run reads, and never
/// over a file that is not a report of the same format.
///
/// A report path is often typed next to the session files it reports on, so
/// `workbench replay s.json --junit s.json` or a mistyped path must not
/// replace a session or a system file with XML. A report of the same format
/// (this run's last one, or another tool's JUnit or TAP for the same CI job)
/// is replaced as CI users expect; an empty file too (`mktemp`'s). The check
/// runs before anything is sent, and again just before the report is written.
extension ReportTarget {
    /// Bytes read from an existing file to tell its format.
    static let sniffLength = 1024

    /// Throws when this report must not be written to its path.
    func checkOverwrite(inputs: [String]) throws(WorkbenchError) {
        let target = FileSystem.expandTilde(path)
        guard let info = FileStatus.of(path: target) else { return }
        for input in inputs {
            if FileStatus.of(path: FileSystem.expandTilde(input))?.identity == info.identity {
                throw WorkbenchError(
                    "the \(format.rawValue) report '\(path)' is an input of this replay ('\(input)'): choose another file for the report")
            }
        }
        guard info.kind == .regular else { return }  // checkWritable names what it is
        guard info.size > 0 else { return }
        let head: [UInt8]
        do {
            let descriptor = try FileDescriptor.open(target, .readOnly, options: [.nonBlocking, .closeOnExec])
            defer { try? descriptor.close() }
            head = try [UInt8](unsafeUninitializedCapacity: Self.sniffLength) { buffer, count in
                count = try descriptor.read(into: UnsafeMutableRawBufferPointer(buffer))
            }
        } catch {
            throw WorkbenchError("cannot write the \(format.rawValue) report '\(path)': it exists and cannot be read (\(error))")
        }
        guard !format.recognizes(head) else { return }
        throw WorkbenchError(
            "'\(path)' exists and is not a \(format.title) report: the workbench writes a report only over an older one (remove it or choose another file)"
        )
    }
}

extension ReportFormat {
    var title: String {
        switch self {
        case .junit: "JUnit XML"
        case .tap: "TAP"
        case .json: "workbench JSON"
        case .html: "workbench HTML"
        }
    }

    /// Whether a file that starts with `head` is a report of this format.
    func recognizes(_ head: [UInt8]) -> Bool {
        let text = String(decoding: head, as: UTF8.self)
        let start = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        switch self {
        case .junit:
            return (start.hasPrefix("<?xml") || start.hasPrefix("<testsuite")) && text.contains("<testsuite")
        case .tap:
            return start.hasPrefix("TAP version") || start.hasPrefix("1..") || start.hasPrefix("ok ") || start.hasPrefix("not ok ")
        case .json:
            return start.hasPrefix("{") && text.contains("\"workbench-replay-report\"")
        case .html:
            return start.lowercased().hasPrefix("<!doctype html") && text.contains("<title>workbench replay")
        }
    }
}
