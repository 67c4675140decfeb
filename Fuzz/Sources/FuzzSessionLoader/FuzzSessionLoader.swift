// Fuzz target: the session-file loader, and its round trip through the writer.
//
// Properties, for any bytes: decoding never crashes. When it succeeds with a
// document D, encoding D gives bytes E that decode again, to a document equal
// to D, which encodes to exactly E: what `save` writes, `load` reads back as it was.
import WorkbenchCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let document: SessionDocument
    do throws(WorkbenchError) {
        document = try SessionDecoding.decode(bytes, file: "fuzz.json")
    } catch {
        if error.message.isEmpty { fatalError("empty error message") }
        return 0
    }

    let encoded = SessionEncoding.encode(document)
    let again: SessionDocument
    do throws(WorkbenchError) {
        again = try SessionDecoding.decode(encoded, file: "saved.json")
    } catch {
        fatalError("""
            a decoded session does not load again once saved: \(error.message)
            saved:
            \(String(decoding: encoded, as: UTF8.self))
            """)
    }
    guard again == document else {
        fatalError("""
            a saved session loads as a different document
            before: \(document)
            after:  \(again)
            """)
    }
    let reencoded = SessionEncoding.encode(again)
    guard reencoded == encoded else {
        fatalError("""
            saving a reloaded session gives other bytes:
            first:
            \(String(decoding: encoded, as: UTF8.self))
            second:
            \(String(decoding: reencoded, as: UTF8.self))
            """)
    }
    return 0
}
