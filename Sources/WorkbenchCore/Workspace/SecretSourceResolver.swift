import WorkbenchBasics
import WorkbenchHTTP

/// The secrets requests about to be sent refer to that are still at their source (`set --secret
/// NAME --from SOURCE`): read once each before anything goes out, on every path that sends
/// (`Interpreter.wireScope`). A source that fails is the error, and nothing is sent; without
/// this a secret not read yet would go out as the mask.
struct SecretSourceResolver {
    /// The environment a source reads (`env:NAME`, a command's environment).
    let environment: [String: String]
    /// What a source that fails leaves undone, said in its error: `nothing sent` before a send,
    /// `the request not shown` for `show --secrets`, which sends nothing.
    var withheld = "nothing sent"

    /// The variables `endpoints`, `texts` and the proxy's login refer to, each once, in order.
    static func referencedNames(endpoints: [Endpoint], texts: [String], proxy: ProxySetting) -> [String] {
        var needed: [String] = []
        for endpoint in endpoints {
            for name in endpoint.referencedVariables where !needed.contains(name) { needed.append(name) }
        }
        var texts = texts
        // The proxy's password is a secret variable its URL refers to (`Sender` expands it).
        if case .url(let proxy) = proxy { texts.append(proxy) }
        for text in texts {
            for name in Template.variableNames(in: text) where !needed.contains(name) { needed.append(name) }
        }
        return needed
    }

    /// Reads each of `pending` from its source into `variables`, which then hold the value
    /// (never saved); the first source that fails is the error, those read before it kept.
    func resolve(_ pending: [String], in variables: inout Variables) throws(WorkbenchError) {
        for name in pending {
            guard let source = variables.entries[name]?.source else { continue }
            let value: String
            do throws(WorkbenchError) {
                value = try source.read(environment: environment)
            } catch {
                throw error.prefixed("{{\(name)}} not read, \(withheld): ")
            }
            variables.resolve(name, to: value)
        }
    }
}
