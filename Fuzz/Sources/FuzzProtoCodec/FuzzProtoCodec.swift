// Fuzz target: the protobuf codec from descriptors (gRPC): a descriptor set as `grpc connect
// --proto` reads protoc's output, message bytes as a server's answer, JSON as a typed message.
//
// Properties, for any bytes, on a 1 MB stack (`onSmallStack`): reading a descriptor set, decoding
// bytes as each message type of the test schema (Tests/Fixtures/GRPC/workbench_test.pb) and
// encoding JSON never crash, and a refusal is one non-empty line. What decodes encodes again,
// and decodes to the same JSON (the mapping is stable after one round).
import FuzzSupport
import WorkbenchCore

let schema: ProtoSchema = {
    let file = String(#filePath)
    var folder = file[..<file.lastIndex(of: "/")!]
    for _ in 0..<3 { folder = folder[..<folder.lastIndex(of: "/")!] }
    let path = String(folder) + "/Tests/Fixtures/GRPC/workbench_test.pb"
    guard let bytes = try? FileSystem.read(path), let schema = try? ProtoSchema.fromDescriptorSet(bytes) else {
        fatalError("cannot read \(path)")
    }
    return schema
}()

func checkOneLine(_ error: WorkbenchError) {
    if error.message.isEmpty || error.message.contains("\n") { fatalError("not one line: \(error.message)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    onSmallStack {
        do throws(WorkbenchError) {
            let read = try ProtoSchema.fromDescriptorSet(bytes)
            for message in read.messages.values { _ = ProtoText.message(message, in: read) }
        } catch {
            checkOneLine(error)
        }
        let decoder = ProtoDecoder(schema: schema)
        let encoder = ProtoEncoder(schema: schema)
        for type in ["workbench.test.Scalars", "workbench.test.WellKnown", "workbench.test.Reply"] {
            do throws(WorkbenchError) {
                let json = try decoder.decode(bytes, as: type)
                let again = try encoder.encode(json, as: type)
                let back = try decoder.decode(again, as: type)
                if back != json { fatalError("\(type): \(json.jsonText) came back as \(back.jsonText)") }
            } catch {
                checkOneLine(error)
            }
        }
        if let value = try? JSONParser.parse(bytes, skippingByteOrderMark: false) {
            for type in ["workbench.test.Scalars", "workbench.test.WellKnown"] {
                do throws(WorkbenchError) {
                    _ = try decoder.decode(try encoder.encode(value, as: type), as: type)
                } catch {
                    checkOneLine(error)
                }
            }
        }
    }
    return 0
}
