// Fuzz target: a GraphQL introspection result, as `graphql schema URL|FILE` reads it.
//
// Properties, for any bytes, on a 1 MB stack (`onSmallStack`): parsing and reading
// never crash (nesting is bounded by `JSONParser.maximumDepth`), and a refusal is one
// non-empty line. A schema that reads is listed and every type described without crashing.
import FuzzSupport
import WorkbenchCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    onSmallStack {
        var value: JSONValue
        do throws(JSONSyntax.Failure) {
            value = try JSONParser.parse(bytes, skippingByteOrderMark: true)
        } catch {
            if error.reason.isEmpty || error.offset > bytes.count { fatalError("a bad JSON failure: \(error)") }
            return
        }
        defer { value.dismantle() }
        if value.nestingDepth() > JSONParser.maximumDepth { fatalError("a value deeper than the parser's bound") }
        do throws(WorkbenchError) {
            let api = try GraphQLAPI(introspection: value, source: "fuzz.json")
            for type in api.types { _ = GraphQLText.describe(type) }
        } catch {
            if error.message.isEmpty || error.message.contains("\n") { fatalError("not one line: \(error.message)") }
        }
    }
    return 0
}
