import Platform
import WorkbenchBasics

/// The sizes of a multipart body's files when the transfer starts, to explain a
/// failure after it.
///
/// libcurl announces a multipart body's length from the files' sizes and then
/// streams them; a file that shrinks (or grows) meanwhile leaves the server
/// waiting for bytes that never come, or reading bytes it did not expect, and
/// the failure libcurl reports is about the connection ("empty reply"). When a
/// file's size changed, that is the cause, and the error says so.
struct UploadFileSizes {
    private var sizes: [(shown: String, path: String, size: Int64)] = []

    init(_ parts: [MultipartPart]?) {
        for part in parts ?? [] where part.isFile {
            let path = FileSystem.expandTilde(part.value)
            // A file missing at the start is refused by name before anything is sent.
            if let size = Self.size(of: path) { sizes.append((part.value, path, size)) }
        }
    }

    /// The error to give instead of `error` when a file changed size during the upload.
    func explain(_ error: WorkbenchError) -> WorkbenchError {
        for file in sizes {
            let now = Self.size(of: file.path)
            guard now != file.size else { continue }
            let after = now.map { "\($0) bytes" } ?? "gone"
            return error.prefixed(
                "the upload of '\(file.shown)' failed: the file changed while it was sent "
                    + "(\(file.size) bytes when the transfer started, \(after) now); ")
        }
        return error
    }

    private static func size(of path: String) -> Int64? {
        guard let info = FileStatus.of(path: path), info.kind == .regular else { return nil }
        return info.size
    }
}
