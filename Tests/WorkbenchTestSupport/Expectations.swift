import Testing
import WorkbenchBasics
import WorkbenchHTTP

/// The error `body` throws, or nil (recording an issue) when it does not throw.
public func thrownError<T>(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws(WorkbenchError) -> T
) -> WorkbenchError? {
    do {
        let value = try body()
        Issue.record("expected an error, got \(value)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// The header lines of a prepared request, as `Name: value`.
public func headerLines(_ request: PreparedRequest) -> [String] {
    request.headers.map { "\($0.name): \($0.value)" }
}

/// The default header lines for a base with this Host value.
public func defaultHeaderLines(host: String) -> [String] {
    [
        "Host: \(host)", "User-Agent: workbench/\(WorkbenchVersion.current)", "Accept: */*",
        "Accept-Encoding: \(AcceptEncoding.supported)",
    ]
}

public func utf8Bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
