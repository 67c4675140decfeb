// Fuzz target: `import FILE` of a Postman collection (any JSON: FileImport tells the format by content).
//
// Properties, for any bytes, on a 1 MB stack (`onSmallStack`): the import never
// crashes, a refusal is one non-empty line naming the file, and imported records
// save as a session that loads again.
import FuzzSupport
import WorkbenchCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    onSmallStack { importAndSave(text, named: "fuzz.postman_collection.json") }
    return 0
}

/// The import, and the session its records make, read back.
func importAndSave(_ text: String, named file: String) {
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
