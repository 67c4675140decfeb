import WorkbenchBasics
import WorkbenchHTTP

/// The settings of an auth kind in a session file are read by the kind
/// (`AuthKind.readSaved`, beside `savedMembers`), through the reader's accessors.
extension FieldReader: SavedFieldReader {
    func authKind(_ object: JSONValue, _ path: String, into auth: inout Auth) throws(WorkbenchError) {
        try auth.scheme.kind.readSaved(object, path: path, reader: self, into: &auth)
    }
}
