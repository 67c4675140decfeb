import Foundation
import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// A HAR 1.2 log (browser devtools' "Save all as HAR", proxies, `export har`)
/// read into request records, in the order of its entries, each with the
/// response it got kept as a recording (`diff`, `serve`, `replay --diff` use it).
///
/// Written here: no Swift package reads HAR, and the mapping is the point.
/// What goes out on replay is what the log says went out: the URL's query byte
/// for byte, the headers in order (the ones the workbench writes itself, Host
/// and Content-Length, left to it; a default it would send differently typed;
/// one it would add but the log lacks left out), the body as its text.
public enum HARImport {
    /// At most this many entries: a log is read whole, and each becomes a record.
    public static let entryLimit = 100_000

    /// Whether a parsed JSON document is a HAR log: `{"log": {"entries": [...]}}`.
    public static func recognises(_ document: JSONValue) -> Bool {
        if case .array = document["log"]?["entries"] { return true }
        return false
    }

    /// A lone HAR entry (`{"request": {...}}`) or request (`{"method", "url", "httpVersion"}`) as a log of one.
    public static func logOfOne(_ document: JSONValue) -> JSONValue? {
        let entry: JSONValue
        if document["method"]?.stringValue != nil, document["url"]?.stringValue != nil, document["httpVersion"] != nil {
            entry = .object([JSONMember(key: "request", value: document)])
        } else if case .object? = document["request"], document["request"]?["httpVersion"] != nil, document["log"] == nil {
            entry = document
        } else {
            return nil
        }
        return .object([JSONMember(key: "log", value: .object([JSONMember(key: "entries", value: .array([entry]))]))])
    }

    /// The records of a log, with one warning per thing not imported as it was.
    public static func records(
        from document: JSONValue, named file: String, settings: Settings
    ) throws(WorkbenchError) -> (records: [RequestRecord], warnings: [String]) {
        guard case .array(let entries) = document["log"]?["entries"] else {
            throw WorkbenchError("\(file): not a HAR log (expected {\"log\": {\"entries\": [...]}})")
        }
        guard entries.count <= entryLimit else {
            throw WorkbenchError("\(file): \(entries.count) entries; a HAR log imports at most \(entryLimit)")
        }
        // A log of no requests (a page that made none) is read: nothing to import, and it says so.
        guard !entries.isEmpty else { return ([], ["\(file): the HAR log has no entries: no request to import"]) }
        var records: [RequestRecord] = []
        var warnings: [String] = []
        var skipped: [String] = []
        for (index, entry) in entries.enumerated() {
            do throws(WorkbenchError) {
                let (record, notes) = try Self.record(entry, settings: settings)
                records.append(record)
                warnings += notes.map { "\(file): entry \(index + 1): \($0)" }
            } catch {
                // One odd entry (a data: URL, a relative one, a broken header) does not cost the others.
                skipped.append("\(file): entry \(index + 1)\(Self.named(entry)): \(error.message)")
            }
        }
        guard !records.isEmpty else { throw WorkbenchError(skipped.first ?? "\(file): the HAR log has no entries") }
        return (records, skipped.map { $0 + "; skipped" } + warnings)
    }

    /// ` (GET data:image/png;base6...)`: the entry's method and URL, short, for a warning about it.
    static func named(_ entry: JSONValue) -> String {
        guard let url = entry["request"]?["url"]?.stringValue else { return "" }
        let method = entry["request"]?["method"]?.stringValue.map { $0 + " " } ?? ""
        return " (\(Excerpt.quoted(method + String(url.prefix(60)) + (url.count > 60 ? "..." : ""))))"
    }

    /// Headers the transport writes from the request itself: a value in the log says nothing new.
    static let derivedHeaders: Set<String> = ["host", "content-length", "connection", "transfer-encoding", "keep-alive"]

    static func record(_ entry: JSONValue, settings: Settings) throws(WorkbenchError) -> (RequestRecord, [String]) {
        guard let request = entry["request"], case .object = request else { throw WorkbenchError("no request object") }
        guard let method = request["method"]?.stringValue, let url = request["url"]?.stringValue else {
            throw WorkbenchError("the request has no method or url")
        }
        var notes: [String] = []
        var endpoint = Endpoint()
        endpoint.method = try HTTPSyntax.normalizedMethod(method)
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
            throw WorkbenchError("url \(Excerpt.quoted(url)) is not http(s)")
        }
        let userInfo = try endpoint.setURL(LiteralText.escaped(url))
        if userInfo != nil { notes.append("the user name and password in the URL are not imported") }
        let base = try BaseURL.parse(endpoint.base ?? "")

        var headers: [HeaderField] = []
        for field in request["headers"]?.items ?? [] {
            guard let name = field["name"]?.stringValue, let value = field["value"]?.stringValue else { continue }
            if name.hasPrefix(":") { continue }  // HTTP/2 pseudo-headers: the request line says the same
            let lowered = name.lowercased()
            if derivedHeaders.contains(lowered) {
                if lowered == "host" && value != base.authority {
                    headers.append(HeaderField(name: name, value: value))
                }
                continue
            }
            try HTTPSyntax.checkHeaderName(name)
            try HTTPSyntax.checkHeaderValue(value, name: name)
            headers.append(HeaderField(name: name, value: LiteralText.escaped(value)))
        }
        // A default the workbench writes anyway is left to it, so replay keeps its place;
        // one the log does not have is left out, as the log says.
        let defaults = Endpoint.defaultHeaders(for: base)
        let given = headers
        headers.removeAll { field in
            defaults.contains { $0.hasName(field.name) && $0.value == field.value && !$0.hasName("Host") }
                && given.filter({ $0.hasName(field.name) }).count == 1
        }
        endpoint.omittedDefaults = Endpoint.removableDefaultNames.filter { name in
            !(request["headers"]?.items ?? []).contains {
                $0["name"]?.stringValue.map { HTTPSyntax.equalIgnoringASCIICase($0, name) } ?? false
            }
        }

        if let postData = request["postData"], case .object = postData {
            let mimeType = postData["mimeType"]?.stringValue ?? ""
            let params = postData["params"]?.items ?? []
            if let text = postData["text"]?.stringValue, !(text.isEmpty && !params.isEmpty) {
                let literal = LiteralText.escaped(text)
                if JSONMediaType.isJSON(mimeType), (try? JSONTemplate.check(literal)) != nil {
                    endpoint.body = .json(literal)
                } else {
                    endpoint.body = .text(literal)
                }
            } else if mimeType.lowercased().hasPrefix("multipart/form-data") {
                var parts: [MultipartPart] = []
                for param in params {
                    guard let name = param["name"]?.stringValue else { continue }
                    if let fileName = param["fileName"]?.stringValue {
                        parts.append(
                            MultipartPart(name: name, value: fileName, isFile: true, contentType: param["contentType"]?.stringValue))
                        notes.append(
                            "form-data part \(Excerpt.quoted(name)): a HAR log keeps no file content; the file \(Excerpt.quoted(fileName)) is read when sent"
                        )
                    } else {
                        parts.append(MultipartPart(name: name, value: LiteralText.escaped(param["value"]?.stringValue ?? "")))
                    }
                }
                endpoint.body = .multipart(parts)
                headers.removeAll { $0.hasName("Content-Type") }  // libcurl writes it with its boundary
            } else if !params.isEmpty {
                endpoint.body = .form(
                    params.compactMap { param in
                        param["name"]?.stringValue.map {
                            FormField(name: LiteralText.escaped($0), value: LiteralText.escaped(param["value"]?.stringValue ?? ""))
                        }
                    })
            }
            if endpoint.body != nil && !mimeType.isEmpty && !headers.contains(name: "Content-Type")
                && endpoint.body?.impliedContentType == nil && !mimeType.lowercased().hasPrefix("multipart/")
            {
                // The MIME type becomes a header: checked as the log's own headers are.
                try HTTPSyntax.checkHeaderValue(mimeType, name: "Content-Type")
                headers.append(HeaderField(name: "Content-Type", value: LiteralText.escaped(mimeType)))
            }
            if endpoint.body != nil && Endpoint.methodsWithoutBody.contains(endpoint.method) {
                endpoint.sendsBodyWithAnyMethod = true
            }
        }
        endpoint.headers = headers
        let response = try Self.response(entry)
        return (RequestRecord(endpoint: endpoint, settings: settings, response: response), notes)
    }

    /// The entry's response as a recording; nil when the request got none (status 0:
    /// blocked, aborted, or not sent).
    static func response(_ entry: JSONValue) throws(WorkbenchError) -> RecordedResponse? {
        guard let response = entry["response"], let status = Self.integer(response["status"]), status > 0 else { return nil }
        guard (100...999).contains(status) else { throw WorkbenchError("response status \(status) is not an HTTP status") }
        var headers: [HeaderField] = []
        for field in response["headers"]?.items ?? [] {
            guard let name = field["name"]?.stringValue, let value = field["value"]?.stringValue, !name.hasPrefix(":") else { continue }
            headers.append(HeaderField(name: name, value: value))
        }
        let content = response["content"]
        var body: String?
        var size = 0
        if let text = content?["text"]?.stringValue {
            if content?["encoding"]?.stringValue == "base64" {
                if let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) {
                    size = data.count
                    body = String(validating: Array(data), as: UTF8.self)
                }
            } else {
                body = text
                size = text.utf8.count
            }
        }
        if let declared = Self.integer(content?["size"]), declared >= 0 { size = max(size, declared) }
        if let text = body, text.utf8.count > RecordedResponse.bodyLimit { body = nil }
        let version = Self.statusLineVersion(response["httpVersion"]?.stringValue ?? "")
        let reason = response["statusText"]?.stringValue ?? ""
        let statusLine = "\(version) \(status)" + (reason.isEmpty ? "" : " " + reason)
        let time = entry["time"].flatMap(Self.number) ?? 0
        let recorded = RecordedResponse(
            statusLine: statusLine, statusCode: status, headers: headers, body: body, bodySize: size,
            elapsedMilliseconds: max(0, time))
        return recorded.redacted(by: .none)
    }

    /// `h2`, `http/2.0`, `HTTP/1.1`, `` as the version a status line names.
    static func statusLineVersion(_ text: String) -> String {
        switch text.lowercased() {
        case "h2", "http/2", "http/2.0": "HTTP/2"
        case "h3", "http/3", "http/3.0": "HTTP/3"
        case "http/1.0": "HTTP/1.0"
        default: "HTTP/1.1"
        }
    }

    static func integer(_ value: JSONValue?) -> Int? {
        guard case .number(let text) = value else { return nil }
        return Int(text) ?? Double(text).flatMap { $0.isFinite && abs($0) < 1e15 ? Int($0) : nil }
    }

    static func number(_ value: JSONValue) -> Double? {
        guard case .number(let text) = value, let number = Double(text), number.isFinite else { return nil }
        return number
    }
}

/// Text from another tool's file taken literally: a `{{` in it is not a
/// workbench reference, so it is written as `{{open_braces}}`, a variable
/// the import sets to `{{` (expansion is one pass, so it stays literal).
package enum LiteralText {
    package static let variable = "open_braces"

    package static func escaped(_ text: String) -> String {
        Template.hasReferences(text) ? text.replacingOccurrences(of: "{{", with: "{{\(variable)}}") : text
    }

    /// Whether any of the records needs the variable.
    static func isUsed(in records: [RequestRecord]) -> Bool {
        records.contains { record in
            let endpoint = record.endpoint
            var texts = [endpoint.base ?? "", endpoint.path, endpoint.pathQuery ?? ""] + endpoint.headers.map(\.value)
            switch endpoint.body {
            case .text(let text), .json(let text): texts.append(text)
            case .form(let fields): texts += fields.flatMap { [$0.name, $0.value] }
            case .multipart(let parts): texts += parts.map(\.value)
            default: break
            }
            return texts.contains { $0.contains("{{\(variable)}}") }
        }
    }
}
