/// The REPL's autosave: after every line that changed the workspace (a failed
/// `expect` and a `replay` included), the session is written to this process's
/// file (`AutosaveFolder`), which `restore` reads back.
///
/// Cheap with a long history: the encoder keeps each request record's text,
/// so a command encodes only what changed (the file is still written whole,
/// atomically).
public final class Autosave {
    public let path: String
    private let write: ([UInt8], String) throws(WorkbenchError) -> Void
    private let encoder = SessionEncoder()
    private var saved: Workspace?

    public init(path: String, write: @escaping ([UInt8], String) throws(WorkbenchError) -> Void = { bytes, path throws(WorkbenchError) in
        try AtomicFile.write(bytes, to: path)
    }) {
        self.path = path
        self.write = write
    }

    /// Saves `workspace` if it differs from what was saved last; a warning when it could not be.
    public func save(_ workspace: Workspace) -> String? {
        if let saved, saved == workspace { return nil }
        do {
            try write(workspace.sessionFileText(encoder: encoder), path)
            saved = workspace
            return nil
        } catch {
            return "warning: autosave failed: \(error.message)"
        }
    }

    /// Takes `workspace` as already saved (it was just loaded from this file, or started empty).
    public func markSaved(_ workspace: Workspace) {
        saved = workspace
    }
}
