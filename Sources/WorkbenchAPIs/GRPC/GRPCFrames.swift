import WorkbenchBasics
import WorkbenchHTTP

/// gRPC's length-prefixed messages on an HTTP/2 stream: a flag byte (compressed or not), the
/// length as four bytes big-endian, the message.
public enum GRPCFrames {
    public static func frame(_ messages: [[UInt8]]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(messages.reduce(0) { $0 + $1.count + 5 })
        for message in messages {
            let length = UInt32(message.count)
            bytes += [0, UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            bytes += message
        }
        return bytes
    }
}

/// Takes a response body as it arrives and hands over each whole message (a `ResponseStream`,
/// so a server stream's messages are shown as they come). Bounded by `ProtoBounds.maximumMessageBytes`.
public final class GRPCMessageStream: ResponseStream {
    private var pending: [UInt8] = []
    public private(set) var messages: [[UInt8]] = []
    public private(set) var failure: WorkbenchError?
    /// Told of each message when it is whole.
    let onMessage: ([UInt8]) -> Void

    public init(onMessage: @escaping ([UInt8]) -> Void) {
        self.onMessage = onMessage
    }

    public func begin(statusLine: String, headers: [HeaderField]) -> Bool { true }

    public func receive(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard failure == nil else { return }
        pending.append(contentsOf: bytes)
        while pending.count >= 5 {
            let length = Int(pending[1]) << 24 | Int(pending[2]) << 16 | Int(pending[3]) << 8 | Int(pending[4])
            guard pending[0] == 0 else {
                failure = WorkbenchError("grpc: the server sent a compressed message, which was not asked for")
                return
            }
            guard length <= ProtoBounds.maximumMessageBytes else {
                failure = WorkbenchError(
                    "grpc: the server sent a message of \(Quantities.size(length)), over the bound of \(Quantities.size(ProtoBounds.maximumMessageBytes))"
                )
                return
            }
            guard pending.count >= 5 + length else { return }
            let message = Array(pending[5..<5 + length])
            pending.removeFirst(5 + length)
            messages.append(message)
            onMessage(message)
        }
    }

    /// Bytes left over that make no whole message (a body cut short).
    public var leftover: Int { pending.count }
}

/// A call's status from its trailers (or a trailers-only answer).
public struct GRPCStatus: Equatable, Sendable {
    public var code: Int
    public var message: String
    /// `grpc-status-details-bin`: a `google.rpc.Status`, as sent.
    public var details: [UInt8]?

    public static let names = [
        "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS",
        "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED",
        "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED",
    ]

    public var name: String { code >= 0 && code < Self.names.count ? Self.names[code] : "CODE_\(code)" }

    /// A code from its name (`NOT_FOUND`, `not-found`) or number.
    public static func code(_ word: String) -> Int? {
        if let number = Int(word), number >= 0 { return number }
        let name = word.uppercased().replacingOccurrences("-", "_")
        return names.firstIndex(of: name)
    }

    /// From the response's header fields (trailers come after the headers, in the same block).
    public init?(fields: [HeaderField]) {
        guard let status = fields.last(where: { $0.hasName("grpc-status") }), let code = Int(status.value.trimmingSpaces()) else {
            return nil
        }
        self.code = code
        message = PercentEncoding.decode(fields.last { $0.hasName("grpc-message") }?.value ?? "")
        details = fields.last { $0.hasName("grpc-status-details-bin") }.flatMap { try? ProtoWellKnown.base64Decode($0.value) }
    }

    public init(code: Int, message: String, details: [UInt8]? = nil) {
        self.code = code
        self.message = message
        self.details = details
    }

    /// The details as JSON: `google.rpc.Status` read by hand (code, message, details as Any,
    /// each shown by the schema when it has the type, else by its bytes).
    public func detailsJSON(schema: ProtoSchema) -> JSONValue? {
        guard let details else { return nil }
        var reader = WireReader(details)
        guard let fields = try? ProtoDecoder.rawFields(&reader) else { return nil }
        var items: [JSONValue] = []
        let decoder = ProtoDecoder(schema: schema)
        for case .bytes(let any) in fields[3] ?? [] {
            var anyReader = WireReader(Array(any))
            if let raw = try? ProtoDecoder.rawFields(&anyReader),
                let value = try? decoder.decodeWellKnown("google.protobuf.Any", raw, depth: 1)
            {
                items.append(value)
            }
        }
        return .array(items)
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: Character, _ replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
