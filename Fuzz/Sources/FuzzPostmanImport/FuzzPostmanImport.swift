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
