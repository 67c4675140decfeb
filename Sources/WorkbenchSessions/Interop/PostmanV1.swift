import WorkbenchBasics

/// A Postman collection v1 (`requests`, `folders`, `order`), as old exports and newman's own
/// examples still have them, rewritten as the v2.1 document `PostmanImport` reads: folders
/// in their order, each request's URL, headers and body by its `dataMode`.
enum PostmanV1 {
    /// `requests` beside `order` or `folders`, and no `item`.
    static func recognises(_ document: JSONValue) -> Bool {
        guard case .array? = document["requests"], document["item"] == nil else { return false }
        return document["order"] != nil || document["folders"] != nil || document["name"] != nil
    }

    /// The collection as v2.1: its folders' requests in their order, then the collection's,
    /// then any request that no order names.
    static func asVersion2(_ document: JSONValue) -> JSONValue {
        var requests: [String: JSONValue] = [:]
        var ids: [String] = []
        for request in document["requests"]?.items ?? [] {
            guard let id = request["id"]?.stringValue else { continue }
            requests[id] = request
            ids.append(id)
        }
        var used: Set<String> = []
        func items(_ order: JSONValue?) -> [JSONValue] {
            (order?.items ?? []).compactMap { id -> JSONValue? in
                guard let id = id.stringValue, let request = requests[id], used.insert(id).inserted else { return nil }
                return item(request)
            }
        }
        var folders: [String: JSONValue] = [:]
        var folderIDs: [String] = []
        for folder in document["folders"]?.items ?? [] {
            guard let id = folder["id"]?.stringValue else { continue }
            folders[id] = folder
            folderIDs.append(id)
        }
        let folderOrder = (document["folders_order"]?.items.compactMap(\.stringValue) ?? []) + folderIDs
        var seenFolders: Set<String> = []
        var top: [JSONValue] = []
        for id in folderOrder where seenFolders.insert(id).inserted {
            guard let folder = folders[id] else { continue }
            top.append(
                .object([
                    JSONMember(key: "name", value: folder["name"] ?? .string(id)),
                    JSONMember(key: "item", value: .array(items(folder["order"]))),
                ]))
        }
        top += items(document["order"])
        top += ids.filter { !used.contains($0) }.compactMap { requests[$0].map(item) }
        var members = [
            JSONMember(
                key: "info",
                value: .object([
                    JSONMember(key: "name", value: document["name"] ?? .string("collection")),
                    JSONMember(key: "schema", value: .string("https://schema.getpostman.com/json/collection/v1.0.0/collection.json")),
                ])), JSONMember(key: "item", value: .array(top)),
        ]
        if let variables = document["variables"] { members.append(JSONMember(key: "variable", value: variables)) }
        return .object(members)
    }

    /// One v1 request as a v2.1 item.
    static func item(_ request: JSONValue) -> JSONValue {
        var fields = [
            JSONMember(key: "method", value: request["method"] ?? .string("GET")),
            JSONMember(key: "url", value: request["url"] ?? .string("")),
        ]
        if case .array? = request["headerData"] {
            fields.append(
                JSONMember(
                    key: "header",
                    value: .array(
                        (request["headerData"]?.items ?? []).map { header in
                            .object([
                                JSONMember(key: "key", value: header["key"] ?? .string("")),
                                JSONMember(key: "value", value: header["value"] ?? .string("")),
                                JSONMember(key: "disabled", value: .bool(header["enabled"] == .bool(false))),
                            ])
                        })))
        } else if let headers = request["headers"] {
            fields.append(JSONMember(key: "header", value: headers))
        }
        if let body = body(request) { fields.append(JSONMember(key: "body", value: body)) }
        return .object([
            JSONMember(key: "name", value: request["name"] ?? .string("(unnamed)")),
            JSONMember(key: "request", value: .object(fields)),
        ])
    }

    /// `dataMode` raw, params (form-data) or urlencoded, as a v2.1 body.
    static func body(_ request: JSONValue) -> JSONValue? {
        switch request["dataMode"]?.stringValue {
        case "raw":
            guard let raw = request["rawModeData"], raw.stringValue?.isEmpty == false else { return nil }
            return .object([JSONMember(key: "mode", value: .string("raw")), JSONMember(key: "raw", value: raw)])
        case "params", "urlencoded":
            let mode = request["dataMode"]?.stringValue == "params" ? "formdata" : "urlencoded"
            let fields: [JSONValue] = (request["data"]?.items ?? []).map { field in
                .object([
                    JSONMember(key: "key", value: field["key"] ?? .string("")),
                    JSONMember(key: "value", value: field["value"] ?? .string("")),
                    JSONMember(key: "type", value: field["type"] ?? .string("text")),
                    JSONMember(key: "disabled", value: .bool(field["enabled"] == .bool(false))),
                ])
            }
            return .object([JSONMember(key: "mode", value: .string(mode)), JSONMember(key: mode, value: .array(fields))])
        default:
            return nil
        }
    }
}
