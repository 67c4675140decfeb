import WorkbenchBasics

/// How large a session file may be. Larger than other files read whole
/// (`FileSystem.defaultReadLimit`, 64 MB): 100,000 requests as the workbench
/// saves them take about 105 MB, and a session is read record by record
/// (`SessionDecoding.decodeByRecords`), so its memory is the file and the
/// records, not a tree of it. `save` and the autosave never write more
/// (`SessionEncoder.maximumFileBytes`): what they write, `load`, `restore`,
/// `replay` and `serve` read.
public enum SessionFileBounds {
    public static let maximumBytes = 128 * 1024 * 1024

    /// The bytes of the session file at `path`, within the bound.
    public static func read(_ path: String) throws(WorkbenchError) -> [UInt8] {
        try FileSystem.read(path, limit: maximumBytes, holding: "a session file")
    }
}
