import WorkbenchHTTP
import WorkbenchAPIs

/// A call's outcome as the places that list calls name it (`history`, replay lines, reports,
/// `diff`): the HTTP status, or for a gRPC call, which answers 200 whatever happened, its
/// grpc-status, as grpcurl and evans name it.
public enum AnswerStatus {
    /// `404`, or `grpc 5 NOT_FOUND`.
    public static func text(statusCode: Int, headers: [HeaderField]) -> String {
        guard let status = GRPCStatus(fields: headers) else { return String(statusCode) }
        return "grpc \(status.code) \(status.name)"
    }

    /// The gRPC status's name (`NOT_FOUND`), nil for an HTTP answer.
    public static func grpcName(headers: [HeaderField]) -> String? {
        GRPCStatus(fields: headers)?.name
    }
}

extension RecordedResponse {
    /// `404`, or `grpc 5 NOT_FOUND`.
    public var statusText: String { AnswerStatus.text(statusCode: statusCode, headers: headers) }
}

extension HTTPResponse {
    /// `404`, or `grpc 5 NOT_FOUND`.
    public var statusText: String { AnswerStatus.text(statusCode: statusCode, headers: headers) }
}
