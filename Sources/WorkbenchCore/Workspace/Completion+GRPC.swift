import WorkbenchBasics
import WorkbenchAPIs

/// Tab after `grpc`: the subcommands, then services (`ls`), methods (`call`), and any name of
/// the schema (`describe`).
extension Completion {
    func grpc(_ input: CompletionInput) -> [String]? {
        if input.position == 1 { return input.matching(input.subcommands) }
        guard let target = workspace.grpcTarget else { return nil }
        if input.position >= 3, input.before[1].lowercased() == "call" { return fieldNames(input, target: target) }
        guard input.position == 2 else { return nil }
        let schema = target.schema
        let services = schema.services.filter { !$0.fullName.hasPrefix("grpc.reflection.") }
        switch input.before[1].lowercased() {
        case "ls":
            return input.matching(services.map(\.fullName))
        case "call":
            return input.matching(services.flatMap { service in service.methods.map { "\(service.fullName)/\($0.name)" } })
        case "describe":
            let names =
                services.map(\.fullName) + services.flatMap { service in service.methods.map { "\(service.fullName).\($0.name)" } }
                + schema.messages.keys.sorted() + schema.enums.keys.sorted()
            return input.matching(names)
        default:
            return nil
        }
    }

    /// `grpc call S/M {"na` + Tab: the fields of the message where the cursor is, as the word
    /// typed up to the key's quote, then `"name"`.
    private func fieldNames(_ input: CompletionInput, target: GRPCTarget) -> [String]? {
        guard let (_, method) = target.schema.method(input.before[2]) else { return nil }
        let typed = (input.before.dropFirst(3) + [input.current]).joined(separator: " ")
        guard let (partial, names) = ProtoCompletion.fieldNames(typed, inputType: method.inputType, schema: target.schema)
        else { return nil }
        // The word as typed before the key (`{`, `,`, nothing), then the quoted name.
        var head = input.current
        if !partial.isEmpty || head.hasSuffix("\"") {
            head = String(head.dropLast(partial.count))
            if head.hasSuffix("\"") { head.removeLast() }
        }
        return names.map { head + "\"" + $0 + "\"" }
    }
}
