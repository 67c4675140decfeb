import WorkbenchBasics
import WorkbenchSessions

/// The REPL's autosave: after every line that changed the workspace (a failed
/// `expect` and a `replay` included), the session is written to this process's
/// file (`AutosaveFolder`), which `restore` reads back.
///
/// Cheap with a long history: the encoder keeps each request record's text,
/// so a command encodes only what changed, and the file is written from those
/// texts without joining them first (still whole and atomically).
public final class Autosave {
    public let path: String
    /// Writes the chunks as one file.
    private let write: ([[UInt8]], String) throws(WorkbenchError) -> Void
    private let encoder = SessionEncoder()
    private var saved: Workspace?

    public init(path: String, write: @escaping ([[UInt8]], String) throws(WorkbenchError) -> Void = { chunks, path throws(WorkbenchError) in
        try AtomicFile.write(chunks: chunks, to: path)
    }) {
        self.path = path
        self.write = write
    }

    /// Saves `workspace` if it differs from what was saved last; a warning when it could not be.
    public func save(_ workspace: Workspace) -> String? {
        if let saved, saved == workspace { return nil }
        do {
            let chunks = workspace.sessionFileChunks(encoder: encoder)
            try encoder.checkLoadable(chunks)
            try write(chunks, path)
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
