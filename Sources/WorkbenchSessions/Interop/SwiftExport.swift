import WorkbenchBasics

/// Requests as Swift code in the style the project grew from: an `Endpoint`
/// enum, one case per distinct request, the variables it uses as associated
/// values, and one `urlRequest(baseURL:)` that builds a `URLRequest` for
/// Foundation (FoundationNetworking on Linux).
///
/// The code encodes paths, query items and forms with the workbench's own
/// rules (its `Encode` helper is part of the output), joins base and path with
/// exactly one `/`, adds no `?` without a query, and sends every header the
/// workbench sends but Host and Content-Length, which URLSession writes: so the
/// same request goes out (URLSession adds Connection and Accept-Language of its
/// own, and Accept where none is set; it cannot be told not to). `--runnable` adds a `main` that sends each request of
/// the session once, in order, with captures flowing, and prints each status.
enum SwiftExport {
    static func text(records: [RequestRecord], variables: Variables, runnable: Bool) throws(WorkbenchError) -> String {
        var cases: [SwiftCase] = []
        var caseOfRecord: [Int] = []
        for record in records {
            if let index = cases.firstIndex(where: { $0.endpoint == record.endpoint }) {
                caseOfRecord.append(index)
                continue
            }
            let taken = cases.map(\.name)
            cases.append(try SwiftCase(record.endpoint, taken: taken))
            caseOfRecord.append(cases.count - 1)
        }
        var lines = [
            "// Exported by workbench \(WorkbenchVersion.current).",
            "import Foundation",
            "#if canImport(FoundationNetworking)",
            "import FoundationNetworking",
            "#endif",
            "",
            "/// The requests, one case per distinct request; the variables they use are associated values.",
            "enum Endpoint {",
        ]
        lines += cases.map { "    case \($0.declaration)" }
        lines += ["", "    var method: String {", "        switch self {"]
        lines += cases.map { "        case .\($0.name): return \(StringLiteral.quoted($0.endpoint.method))" }
        lines += ["        }", "    }", ""]
        lines += property("path", type: "String", cases: cases) { $0.pathExpression }
        lines += property("queryItems", type: "[URLQueryItem]", cases: cases) { $0.queryExpression }
        lines += property("headers", type: "[(name: String, value: String)]", cases: cases) { $0.headersExpression }
        lines += property("body", type: "Data?", cases: cases) { $0.bodyExpression }
        lines += urlRequestFunction
        lines += ["}", ""] + encodeHelper
        if runnable { lines += try main(records: records, cases: cases, caseOfRecord: caseOfRecord, variables: variables) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `var NAME: TYPE { switch self { case .x(let a): return ... } }`
    static func property(_ name: String, type: String, cases: [SwiftCase], _ value: (SwiftCase) -> String) -> [String] {
        var lines = ["    var \(name): \(type) {", "        switch self {"]
        for swiftCase in cases {
            let text = value(swiftCase)
            lines.append("        case \(swiftCase.pattern(usedIn: text)): return \(text)")
        }
        return lines + ["        }", "    }", ""]
    }

    static let urlRequestFunction = [
        "    /// The request against `baseURL` (scheme, host, port and any path prefix): exactly one `/`",
        "    /// between base and path, no `?` without query items.",
        "    func urlRequest(baseURL: URL) -> URLRequest {",
        "        var base = baseURL.absoluteString",
        "        while base.hasSuffix(\"/\") { base.removeLast() }",
        "        var text = base + path",
        "        if !queryItems.isEmpty {",
        "            text += \"?\" + queryItems.map { Encode.query($0.name) + \"=\" + Encode.query($0.value ?? \"\") }.joined(separator: \"&\")",
        "        }",
        "        var request = URLRequest(url: URL(string: text)!)",
        "        request.httpMethod = method",
        "        for header in headers { request.addValue(header.value, forHTTPHeaderField: header.name) }",
        "        request.httpBody = body",
        "        return request",
        "    }",
    ]

    static let encodeHelper = [
        "/// Percent-encoding as the workbench does it (RFC 3986; forms as HTML forms).",
        "enum Encode {",
        "    static let unreserved = Set(\"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~\".utf8)",
        "    static func escaped(_ text: String, keeping: (UInt8) -> Bool, space: String? = nil) -> String {",
        "        var out = \"\"",
        "        for byte in text.utf8 {",
        "            if keeping(byte) { out.unicodeScalars.append(Unicode.Scalar(byte)) }",
        "            else if byte == 32, let space { out += space }",
        "            else { out += \"%\" + String(byte, radix: 16, uppercase: true).leftPadded() }",
        "        }",
        "        return out",
        "    }",
        "    static func path(_ text: String) -> String { escaped(text) { unreserved.contains($0) || \"!$&'()*+,;=:@/%\".utf8.contains($0) } }",
        "    static func segment(_ text: String) -> String { escaped(text) { unreserved.contains($0) || \"!$&'()*+,;=:@\".utf8.contains($0) } }",
        "    static func query(_ text: String) -> String { escaped(text) { unreserved.contains($0) || \"!$'()*,;:@/?\".utf8.contains($0) } }",
        "    static func form(_ text: String) -> String { escaped(text, keeping: { unreserved.contains($0) && $0 != 126 || $0 == 42 }, space: \"+\") }",
        "}",
        "",
        "extension String {",
        "    func leftPadded() -> String { count == 1 ? \"0\" + self : self }",
        "}",
    ]

    /// The runnable part: values for the variables, each request sent once, captures taken.
    static func main(records: [RequestRecord], cases: [SwiftCase], caseOfRecord: [Int], variables: Variables) throws(WorkbenchError)
        -> [String]
    {
        var lines = [
            "",
            "// MARK: - Run: swiftc THIS_FILE.swift -o requests && ./requests BASE_URL",
            "// Variables come from WORKBENCH_VAR_NAME in the environment, else the value they had",
            "// (secrets have none here: give them in the environment).",
            "func variable(_ name: String, _ recorded: String) -> String {",
            "    ProcessInfo.processInfo.environment[\"WORKBENCH_VAR_\" + name] ?? recorded",
            "}",
            "",
            "/// One response; written by URLSession's queue while `send` waits, read after.",
            "final class Reply: @unchecked Sendable {",
            "    var status = 0",
            "    var headers: [String: String] = [:]",
            "    var body = Data()",
            "}",
            "",
            "func send(_ endpoint: Endpoint, to baseURL: URL) -> Reply {",
            "    let reply = Reply()",
            "    let done = DispatchSemaphore(value: 0)",
            "    URLSession.shared.dataTask(with: endpoint.urlRequest(baseURL: baseURL)) { data, response, error in",
            "        if let error { print(\"error: \\(error.localizedDescription)\") }",
            "        if let http = response as? HTTPURLResponse {",
            "            reply.status = http.statusCode",
            "            for (name, value) in http.allHeaderFields { reply.headers[\"\\(name)\".lowercased()] = \"\\(value)\" }",
            "        }",
            "        reply.body = data ?? Data()",
            "        done.signal()",
            "    }.resume()",
            "    done.wait()",
            "    return reply",
            "}",
            "",
            "/// A value at a JSON path (keys and indices) of a body, as text.",
            "func json(_ data: Data, _ path: [Any]) -> String {",
            "    var value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])",
            "    for step in path {",
            "        if let key = step as? String { value = (value as? [String: Any])?[key] }",
            "        else if let index = step as? Int, let array = value as? [Any] {",
            "            let resolved = index < 0 ? array.count + index : index",
            "            value = array.indices.contains(resolved) ? array[resolved] : nil",
            "        }",
            "    }",
            "    if let text = value as? String { return text }",
            "    if let value, JSONSerialization.isValidJSONObject(value), let data = try? JSONSerialization.data(withJSONObject: value) {",
            "        return String(decoding: data, as: UTF8.self)",
            "    }",
            "    return value.map { \"\\($0)\" } ?? \"\"",
            "}",
            "",
            "guard CommandLine.arguments.count > 1, let baseURL = URL(string: CommandLine.arguments[1]) else {",
            "    print(\"usage: \\(CommandLine.arguments[0]) BASE_URL\")",
            "    exit(2)",
            "}",
        ]
        var captured: Set<String> = []
        var declared: Set<String> = []
        // A name captured more than once is a `var`, the others `let`.
        let capturedNames = records.flatMap { $0.captures.map(\.name) }
        let reassigned = Set(capturedNames.filter { name in capturedNames.filter { $0 == name }.count > 1 })
        for (index, record) in records.enumerated() {
            let swiftCase = cases[caseOfRecord[index]]
            var arguments: [String] = []
            for parameter in swiftCase.parameters {
                let source: String
                switch parameter.reference {
                case .variable(let name) where captured.contains(name):
                    source = "captured_\(SwiftCase.identifier(name))"
                case .variable(let name):
                    let recorded = variables.isSecret(name) ? "" : (variables.value(of: name) ?? "")
                    source = "variable(\(StringLiteral.quoted(name)), \(StringLiteral.quoted(recorded)))"
                case .environment(let name):
                    source = "ProcessInfo.processInfo.environment[\(StringLiteral.quoted(name))] ?? \"\""
                case .literal:
                    continue
                }
                arguments.append("\(parameter.label): \(source)")
            }
            let call = swiftCase.parameters.isEmpty ? ".\(swiftCase.name)" : ".\(swiftCase.name)(\(arguments.joined(separator: ", ")))"
            let response = "response\(index + 1)"
            lines.append("let \(response) = send(\(call), to: baseURL)")
            lines.append("print(\"\(index + 1) \(record.endpoint.method) \\(\(response).status)\")")
            for capture in record.captures {
                let name = "captured_\(SwiftCase.identifier(capture.name))"
                let value: String
                switch capture.source {
                case .status: value = "String(\(response).status)"
                case .header(let header):
                    value = "\(response).headers[\(StringLiteral.quoted(header.lowercased()))] ?? \"\""
                case .json(let path):
                    let steps = path.components.map { component -> String in
                        switch component {
                        case .key(let key): return StringLiteral.quoted(key)
                        case .index(let index): return String(index)
                        }
                    }
                    value = "json(\(response).body, [\(steps.joined(separator: ", "))])"
                case .event:
                    // The generated client reads whole bodies: a value of one server-sent event is left to fill.
                    value = "\"\"  // from \(Template.oneLine(capture.sourceText)): not exported"
                }
                lines.append(
                    declared.contains(name)
                        ? "\(name) = \(value)"
                        : "\(reassigned.contains(capture.name) ? "var" : "let") \(name) = \(value)")
                declared.insert(name)
                captured.insert(capture.name)
            }
        }
        return lines
    }
}
