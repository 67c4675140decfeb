import Foundation
import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// `export har [--session]`: requests and the responses they got as a HAR 1.2
/// log (http://www.softwareishard.com/blog/har-12-spec/), which browsers'
/// devtools (Network panel, "Import HAR"), HAR viewers and proxies open.
///
/// Written here: building the log is a mapping of our records, and no Swift
/// package writes HAR. Requests are written as they went out, in the shown
/// form (secret values masked before encoding), responses as recorded
/// (credential headers masked), and the whole log passes the redactor of the
/// workspace's secrets once more. A record keeps its total time only, so it is
/// the entry's `wait`; a record keeps no start time, so entries start at the
/// export's time, one after another.
public enum HARExport {
    public static func text(
        records: [RequestRecord], variables: Variables, scope: VariableScope, now: Date = Date(),
        readFile: (String) throws(WorkbenchError) -> [UInt8]
    ) throws(WorkbenchError) -> String {
        var entries: [JSONValue] = []
        var start = now.timeIntervalSince1970 * 1000
        for (index, record) in records.enumerated() {
            let request: PreparedRequest
            do throws(WorkbenchError) {
                request = try record.endpoint.prepare(in: scope.masked, readFile: readFile).shown
            } catch {
                throw WorkbenchError(records.count > 1 ? "request \(index + 1): \(error.message)" : error.message)
            }
            entries.append(entry(request: request, record: record, startMilliseconds: start))
            start += record.response?.elapsedMilliseconds ?? 0
        }
        let log: JSONValue = .object([
            member(
                "log",
                .object([
                    member("version", .string("1.2")),
                    member(
                        "creator", .object([member("name", .string("workbench")), member("version", .string(WorkbenchVersion.current))])),
                    member("pages", .array([])),
                    member("entries", .array(entries)),
                ]))
        ])
        let redactor = SecretRedactor(secrets: variables.entries.values.filter(\.isSecret).map(\.value))
        return redactor.redact(String(decoding: SessionEncoding.pretty(log), as: UTF8.self))
    }

    static func entry(request: PreparedRequest, record: RequestRecord, startMilliseconds: Double) -> JSONValue {
        let response = record.response
        let version = response.map { String($0.statusLine.prefix { $0 != " " }) } ?? "HTTP/1.1"
        let time = response?.elapsedMilliseconds ?? 0
        return .object([
            member("startedDateTime", .string(isoDate(milliseconds: startMilliseconds))),
            member("time", number(time)),
            member("request", requestObject(request, version: version)),
            member("response", response.map(responseObject) ?? unanswered(failure: record.failure)),
            member("cache", .object([])),
            member(
                "timings",
                .object([
                    member("blocked", .number("-1")), member("dns", .number("-1")), member("connect", .number("-1")),
                    member("send", .number("0")), member("wait", number(time)), member("receive", .number("0")),
                    member("ssl", .number("-1")),
                ])),
        ])
    }

    static func requestObject(_ request: PreparedRequest, version: String) -> JSONValue {
        var members = [
            member("method", .string(request.method)),
            member("url", .string(request.url)),
            member("httpVersion", .string(version)),
            member("cookies", .array(cookies(request.headers.values(of: "Cookie")))),
            member("headers", headers(request.headers)),
            member("queryString", .array(queryString(request.target))),
        ]
        let contentType = request.headers.values(of: "Content-Type").last ?? ""
        if let parts = request.multipart {
            members.append(
                member(
                    "postData",
                    .object([
                        member("mimeType", .string("multipart/form-data")),
                        member(
                            "params",
                            .array(
                                parts.map { part in
                                    .object(
                                        part.isFile
                                            ? [
                                                member("name", .string(part.name)), member("fileName", .string(part.value)),
                                                member("contentType", .string(part.effectiveType ?? "application/octet-stream")),
                                            ]
                                            : [member("name", .string(part.name)), member("value", .string(part.value))])
                                })),
                        member("text", .string("")),
                    ])))
        } else if !request.body.isEmpty {
            var postData = [member("mimeType", .string(contentType))]
            if let text = String(validating: request.body, as: UTF8.self) {
                postData.append(member("text", .string(text)))
            } else {
                // HAR 1.2 has no encoding for request bodies; the size says what was sent.
                postData.append(member("text", .string("")))
                postData.append(member("comment", .string("\(request.body.count) bytes of binary data, not included")))
            }
            if contentType.lowercased().hasPrefix("application/x-www-form-urlencoded"),
                let text = String(validating: request.body, as: UTF8.self)
            {
                postData.insert(member("params", .array(formParams(text))), at: 1)
            }
            members.append(member("postData", .object(postData)))
        }
        members.append(member("headersSize", .number("-1")))
        members.append(member("bodySize", .number(String(request.body.count))))
        return .object(members)
    }

    static func responseObject(_ response: RecordedResponse) -> JSONValue {
        let words = response.statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        let reason = words.count > 2 ? String(words[2]) : ""
        var content = [
            member("size", .number(String(response.bodySize))),
            member("mimeType", .string(response.headers.values(of: "Content-Type").last ?? "")),
        ]
        if let body = response.body {
            content.append(member("text", .string(body)))
        } else if response.bodySize > 0 {
            content.append(member("comment", .string("binary or larger than the recording keeps; not included")))
        }
        return .object([
            member("status", .number(String(response.statusCode))),
            member("statusText", .string(reason)),
            member("httpVersion", .string(words.first.map(String.init) ?? "HTTP/1.1")),
            member("cookies", .array([])),
            member("headers", headers(response.headers)),
            member("content", .object(content)),
            member("redirectURL", .string(response.headers.values(of: "Location").last ?? "")),
            member("headersSize", .number("-1")),
            member("bodySize", .number(String(response.bodySize))),
        ])
    }

    /// A request that got no response: status 0, as browsers write a blocked one. Never sent
    /// (imported), or sent and failed, with why in `_error` as Chrome writes it.
    static func unanswered(failure: String?) -> JSONValue {
        .object(
            [
                member("status", .number("0")), member("statusText", .string("")), member("httpVersion", .string("")),
                member("cookies", .array([])), member("headers", .array([])),
                member("content", .object([member("size", .number("0")), member("mimeType", .string(""))])),
                member("redirectURL", .string("")), member("headersSize", .number("-1")), member("bodySize", .number("-1")),
                member("comment", .string(failure.map { "sent, no response: " + $0 } ?? "not sent")),
            ] + (failure.map { [member("_error", .string($0))] } ?? []))
    }

    static func headers(_ fields: [HeaderField]) -> JSONValue {
        .array(fields.map { .object([member("name", .string($0.name)), member("value", .string($0.value))]) })
    }

    static func cookies(_ values: [String]) -> [JSONValue] {
        values.flatMap { $0.split(separator: ";") }.compactMap { pair in
            let text = pair.trimmingSpaces()
            guard let equals = text.firstIndex(of: "=") else { return nil }
            let name = String(text[..<equals])
            let value = String(text[equals...].dropFirst())
            return .object([member("name", .string(name)), member("value", .string(value))])
        }
    }

    static func queryString(_ target: String) -> [JSONValue] {
        guard let mark = target.firstIndex(of: "?") else { return [] }
        return formParams(String(target[target.index(after: mark)...]), plusIsSpace: false)
    }

    static func formParams(_ text: String, plusIsSpace: Bool = true) -> [JSONValue] {
        text.split(separator: "&").map { (pair: Substring) -> JSONValue in
            let equals = pair.firstIndex(of: "=") ?? pair.endIndex
            let name = String(pair[..<equals])
            let value = equals == pair.endIndex ? "" : String(pair[equals...].dropFirst())
            return .object([
                member("name", .string(PercentEncoding.decode(name, plusIsSpace: plusIsSpace))),
                member("value", .string(PercentEncoding.decode(value, plusIsSpace: plusIsSpace))),
            ])
        }
    }

    static func member(_ key: String, _ value: JSONValue) -> JSONMember { JSONMember(key: key, value: value) }

    static func number(_ value: Double) -> JSONValue {
        .number(value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value))
    }

    static func isoDate(milliseconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: milliseconds / 1000))
    }
}
