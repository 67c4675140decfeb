// What the import fuzz targets (HAR, Postman) check, for any bytes: the import never
// crashes, a refusal is one non-empty line naming the file, and imported records save
// as a session that loads again.
import WorkbenchCore

/// The import, and the session its records make, read back.
public func importAndSave(_ text: String, named file: String) {
    let imported: FileImport
    do throws(WorkbenchError) {
        imported = try FileImport.read(text, named: file, settings: Settings(), readFile: { path throws(WorkbenchError) in
            throw WorkbenchError("cannot read \(path)")
        })
    } catch {
        if error.message.isEmpty || error.message.contains("\n") { fatalError("not one line: \(error.message)") }
        if !error.message.hasPrefix(file) && !error.message.hasPrefix("cannot read") {
            fatalError("an error that does not name the file: \(error.message)")
        }
        return
    }
    let saved = SessionEncoding.encode(SessionDocument(requests: imported.records))
    do throws(WorkbenchError) {
        _ = try SessionDecoding.decode(saved, file: "saved.json")
    } catch {
        fatalError("an imported file does not load once saved: \(error.message)")
    }
}
