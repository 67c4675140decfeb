import WorkbenchBasics
import WorkbenchAPIs

/// Tab after `grpc`: the subcommands, then services (`ls`), methods (`call`), and any name of
/// the schema (`describe`).
extension Completion {
    func grpc(_ input: CompletionInput) -> [String]? {
        if input.position == 1 { return input.matching(input.subcommands) }
        guard input.position == 2, let target = workspace.grpcTarget else { return nil }
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
}
