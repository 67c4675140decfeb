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

    /// `grpc call S/M {"na` + Tab: the fields of the message where the cursor is.
    private func fieldNames(_ input: CompletionInput, target: GRPCTarget) -> [String]? {
        guard let (_, method) = target.schema.method(input.before[2]) else { return nil }
        let typed = (input.before.dropFirst(3) + [input.current]).joined(separator: " ")
        return fieldNames(typed: typed, current: input.current, inputType: method.inputType, schema: target.schema)
    }

    /// In the lines of `grpc call S/M <<END`: the lines above count.
    func grpcHeredocCandidates(linePrefix: String, current: String) -> [String]? {
        guard let grpcCall else { return nil }
        guard let target = workspace.grpcTarget, let (_, method) = target.schema.method(grpcCall.method) else { return [] }
        return fieldNames(typed: grpcCall.messages + linePrefix, current: current, inputType: method.inputType, schema: target.schema)
            ?? []
    }

    /// The names as the word under the cursor becomes: what it holds before the key (`{`,
    /// `,`, nothing), then the quoted name.
    private func fieldNames(typed: String, current: String, inputType: String, schema: ProtoSchema) -> [String]? {
        guard let (partial, names) = ProtoCompletion.fieldNames(typed, inputType: inputType, schema: schema) else { return nil }
        var head = current
        if !partial.isEmpty || head.hasSuffix("\"") {
            head = String(head.dropLast(partial.count))
            if head.hasSuffix("\"") { head.removeLast() }
        }
        return names.map { head + "\"" + $0 + "\"" }
    }
}
