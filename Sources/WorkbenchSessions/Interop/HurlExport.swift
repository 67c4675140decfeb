import WorkbenchBasics
import WorkbenchHTTP

/// Requests as a Hurl file: captures as `[Captures]`, expectations as
/// `[Asserts]` (or the `HTTP` status line), so a session explored by hand runs
/// in CI with `hurl --test`.
///
/// Hurl reads `{{name}}` like the workbench, so references stay; variables not
/// captured in the file are given with `--variable NAME=VALUE` (or `HURL_NAME`),
/// which the header comment lists, secrets by name only.
enum HurlExport {
    static func text(records: [RequestRecord], variables: Variables) throws(WorkbenchError) -> String {
        var captured: [String] = []
        for record in records { captured += record.captures.map(\.name) }
        let needed = records.flatMap { $0.endpoint.referencedVariables + $0.endpoint.referencedEnvironment }
            .uniqued().filter { !captured.contains($0) }
        var lines = ["# Exported by workbench \(WorkbenchVersion.current): run with `hurl --test FILE`."]
        if !needed.isEmpty {
            let given = needed.map { name in
                variables.isSecret(name) || variables.value(of: name) == nil
                    ? "--variable \(name)=..." : "--variable \(name)=\(variables.value(of: name) ?? "")"
            }
            lines.append("# Variables: " + given.joined(separator: " ") + " (secrets are not written here)")
        }
        for record in records {
            let portable = try PortableRequest(record.endpoint, variables: variables) { part in
                switch part {
                case .literal(let text): text
                case .variable(let name), .environment(let name): "{{\(name)}}"
                }
            }
            lines.append("")
            lines.append("\(portable.method) \(portable.url)")
            lines += portable.headers.map { "\($0.name): \($0.value)" }
            lines += portable.auth.map { $0.scheme.kind.hurlLines($0) } ?? []
            let follows = portable.followsLikeTheWorkbench(
                record.settings, variables: variables, redirects: record.response?.redirectStatuses)
            lines += options(
                record.settings,
                follows: follows,
                auth: portable.auth,
                pathAsIs: record.endpoint.sendsPathAsIs, repetition: record.repetition)
            if portable.body != nil, let body = record.endpoint.body {
                lines += self.body(body, portable: portable)
            }
            lines += response(record, follows: follows)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `[Options]` section: the auth kind's own first.
    static func options(
        _ settings: Settings, follows: Bool, auth: Auth? = nil, pathAsIs: Bool = false, repetition: SendRepetition? = nil
    ) -> [String] {
        var options = auth.map { $0.scheme.kind.hurlOptions($0) } ?? []
        if pathAsIs { options.append("path-as-is: true") }
        if follows { options.append("location: true") }
        if settings.insecure { options.append("insecure: true") }
        var notes: [String] = []
        if let repetition {
            (options, notes) = (options + retryOptions(repetition).options, retryOptions(repetition).notes)
        }
        return (options.isEmpty ? [] : ["[Options]"] + options) + notes
    }

    /// `send --until` / `--retry` as Hurl's `retry` (retries while an assert fails or the request
    /// errs) and `retry-interval` (fixed, in milliseconds). The `--until` check becomes an assert
    /// (`response`); what Hurl cannot do is said in a comment.
    static func retryOptions(_ repetition: SendRepetition) -> (options: [String], notes: [String]) {
        var notes: [String] = []
        var count = repetition.retries
        var interval = SendRepetition.firstBackoff
        if repetition.until != nil {
            // Tries within --for, the first one not a retry.
            let polls = max(Int((repetition.limit / repetition.every).rounded(.down)), 1)
            count = max(count, polls)
            interval = repetition.every
            notes.append(
                "# send --until: Hurl retries every \(DurationText.shown(interval)) up to \(count) times; --for \(DurationText.shown(repetition.limit)) is not a time limit there"
            )
        }
        if repetition.retries > 0 {
            notes.append(
                "# send --retry: Hurl waits a fixed retry-interval; the exponential backoff and Retry-After are not expressible, and it retries on any failed assert, not only 429 and 503"
            )
        }
        return (["retry: \(count)", "retry-interval: \(Int((interval * 1000).rounded()))"], notes)
    }

    static func body(_ body: Body, portable: PortableRequest) -> [String] {
        switch body {
        case .json:
            return (portable.bodyText ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        case .form(let fields):
            return ["[FormParams]"] + fields.map { "\($0.name): \($0.value)" }
        case .file(let path), .jsonFile(let path), .templateFile(let path):
            return ["file,\(path);"]
        case .multipart(let parts):
            return ["[MultipartFormData]"]
                + parts.map { part in
                    part.isFile
                        ? "\(part.name): file,\(part.value);" + (part.contentType.map { " \($0)" } ?? "")
                        : "\(part.name): \(part.value)"
                }
        case .text(let text):
            return ["```"] + text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + ["```"]
        case .graphql(let graphql):
            return graphqlBody(graphql, portable: portable)
        }
    }

    /// The `HTTP` line, then `[Captures]` and `[Asserts]`. `follows`: whether the file has Hurl
    /// follow redirects; when the workbench followed some that Hurl will not, the status it
    /// recorded is not what Hurl gets, and the first redirect's is.
    static func response(_ record: RequestRecord, follows: Bool = true) -> [String] {
        var status = "*"
        var asserts: [String] = []
        var unsupported: [String] = []
        let until = record.repetition?.until.map { [$0] } ?? []
        for expectation in record.effectiveExpectations + until {
            switch expectation {
            case .status(.code(let code)): status = String(code)
            case .status(.range(let hundred)): asserts += ["status >= \(hundred * 100)", "status < \(hundred * 100 + 100)"]
            case .headerContains(let name, let text):
                asserts.append("header \(StringLiteral.quoted(name)) contains \(StringLiteral.quoted(text))")
            case .jsonExists(let path): asserts.append("jsonpath \(StringLiteral.quoted(path.text)) exists")
            case .timeBelow(let milliseconds): asserts.append("duration < \(Int(milliseconds.rounded(.up)))")
            case .jsonEquals(let path, let value):
                if let literal = predicateValue(value) {
                    asserts.append("jsonpath \(StringLiteral.quoted(path.text)) == \(literal)")
                } else {
                    unsupported.append(expectation.text)
                }
            case .jsonCompare(let path, let comparison, let value):
                // Hurl's `contains` is for strings and `includes` for collections; a string VALUE
                // is taken as a substring (the common case).
                let isString = value.trimmingSpaces().hasPrefix("\"")
                let predicate = comparison == .contains && !isString ? "includes" : comparison.rawValue
                if let literal = predicateValue(value) {
                    asserts.append("jsonpath \(StringLiteral.quoted(path.text)) \(predicate) \(literal)")
                } else {
                    unsupported.append(expectation.text)
                }
            case .bodyContains(let text):
                asserts.append("body contains \(StringLiteral.quoted(text))")
            case .schema, .grpcStatus, .event:
                // Hurl has no OpenAPI schema assert, speaks no gRPC, and reads no event one by one.
                unsupported.append(expectation.text)
            }
        }
        if record.expectations.isEmpty, !follows, record.settings.followRedirects,
            let first = record.response?.redirectStatuses?.first
        {
            // The status recorded is the last redirect's target's; Hurl, not following, gets the first.
            status = String(first)
        }
        var lines = ["HTTP \(status)"]
        if !record.captures.isEmpty {
            lines.append("[Captures]")
            for capture in record.captures {
                switch capture.source {
                case .status: lines.append("\(capture.name): status")
                case .header(let name): lines.append("\(capture.name): header \(StringLiteral.quoted(name))")
                case .json(let path): lines.append("\(capture.name): jsonpath \(StringLiteral.quoted(path.text))")
                case .event: unsupported.append("capture \(capture.name) \(capture.sourceText)")
                }
            }
        }
        if !asserts.isEmpty { lines += ["[Asserts]"] + asserts }
        lines += unsupported.map { "# not expressible in Hurl: " + ($0.hasPrefix("capture ") ? $0 : "expect \($0)") }
        return lines
    }

    /// A JSON scalar as a Hurl predicate value; nil for objects and arrays.
    static func predicateValue(_ json: String) -> String? {
        let text = json.trimmingSpaces()
        guard let first = text.first, first != "{", first != "[" else { return nil }
        return text
    }
}
