// Fuzz target: the API description loader (JSON and YAML, OpenAPI 3.0, 3.1 and
// Swagger 2.0), and what the workbench shows of a description it loaded.
//
// Properties, for any bytes: loading never crashes and stays within libFuzzer's
// time and memory bounds (YAML aliases, nesting: DescriptionBounds); a refusal
// is one non-empty line. A loaded description lists (`ls`), describes every
// operation (`describe`) and makes an example of every JSON request body
// (`body example`) without crashing.
import WorkbenchCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let description: APIDescription
    do throws(WorkbenchError) {
        description = try APIDescription.load(bytes, location: "fuzz.yaml")
    } catch {
        if error.message.isEmpty { fatalError("empty error message") }
        if error.message.contains("\n") { fatalError("an error of more than one line: \(error.message)") }
        return 0
    }
    _ = APIListing.text(description, below: "/")
    for route in description.routes {
        for method in route.methods {
            guard let operation = description.operation(method: method, path: route.template) else { continue }
            _ = OperationText.text(operation, in: description)
            if let schema = operation.requestBody?.jsonSchema {
                var example = SchemaExample.value(for: schema, components: description.document.components)
                _ = example.jsonText
                example.dismantle()
            }
        }
    }
    return 0
}
