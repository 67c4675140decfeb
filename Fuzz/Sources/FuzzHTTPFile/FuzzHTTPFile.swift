// Fuzz target: the `.http` file reader (JetBrains HTTP Client format).
//
// Properties, for any bytes: reading never crashes and stays within
// libFuzzer's time and memory bounds (file variables: HTTPFileBounds); a
// refusal is one non-empty line that names the file. A file that reads
// becomes a session document that saves and loads again as the same document.
import WorkbenchCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let imported: HTTPFileImport
    do throws(WorkbenchError) {
        // Bodies read with `< ./file` get a small fixed file; env files do not exist.
        imported = try HTTPFileImport.load(
            "fuzz.http", environment: nil,
            readFile: { path throws(WorkbenchError) in
                if path == "fuzz.http" { return bytes }
                return Array("file body\n".utf8)
            },
            fileExists: { $0 == "fuzz.http" })
    } catch {
        if error.message.isEmpty { fatalError("empty error message") }
        if !error.message.hasPrefix("fuzz.http") { fatalError("an error that does not name the file: \(error.message)") }
        return 0
    }
    let saved = SessionEncoding.encode(imported.document)
    let reloaded: SessionDocument
    do throws(WorkbenchError) {
        reloaded = try SessionDecoding.decode(saved, file: "saved.json")
    } catch {
        fatalError("an imported .http file does not load once saved: \(error.message)\n\(String(decoding: saved, as: UTF8.self))")
    }
    guard SessionEncoding.encode(reloaded) == saved else {
        fatalError("an imported .http file saves to other bytes once reloaded:\n\(String(decoding: saved, as: UTF8.self))")
    }
    return 0
}
