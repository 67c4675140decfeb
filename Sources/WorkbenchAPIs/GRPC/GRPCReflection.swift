import WorkbenchBasics

/// The server reflection protocol (grpc.reflection.v1, and v1alpha for older servers): the
/// services listed, then the files that define them and every file they import. Its request and
/// answer messages are read and written with the wire layer (`ProtoWire.swift`), as the schema
/// they deliver does not exist yet.
public enum GRPCReflection {
    public static let paths = [
        "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
        "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo",
    ]
    /// Rounds of asking for imports still missing (each round asks for all that are missing).
    static let maximumImportRounds = 32

    /// One exchange on the reflection stream: requests out, answers back, the status.
    public typealias Exchange = (_ path: String, _ requests: [[UInt8]]) throws(WorkbenchError) -> (answers: [[UInt8]], status: GRPCStatus)

    /// Rounds of asking both versions in turn. A server that lacks a version answers
    /// UNIMPLEMENTED at once, before it reads the request, and libcurl 7.88 then often loses
    /// the answer (the stream is reset while the request's body is still on its way): such a
    /// reset counts as "not this version", and reflection only reads, so asking again is safe.
    static let maximumRounds = 8

    /// The schema of every service the server lists.
    public static func schema(exchange: Exchange) throws(WorkbenchError) -> ProtoSchema {
        var chosen: String?
        var services: [String] = []
        var lastReset: WorkbenchError?
        rounds: for _ in 0..<maximumRounds {
            // Only the last round counts: one where both versions answered UNIMPLEMENTED settles it.
            lastReset = nil
            for path in paths {
                let answers: [[UInt8]]
                let status: GRPCStatus
                do throws(WorkbenchError) {
                    (answers, status) = try exchange(path, [request(field: 7, "*")])
                } catch  where error.kind == .transport(.emptyReply) {
                    lastReset = error
                    continue
                }
                if status.code == 12 { continue }  // UNIMPLEMENTED: the other version
                guard status.code == 0 else {
                    throw WorkbenchError(
                        "grpc connect: server reflection failed: \(status.name) \(Template.oneLine(status.message.prefix(200)))")
                }
                chosen = path
                for answer in answers { services += try serviceNames(answer) }
                break rounds
            }
            if lastReset == nil { break }
        }
        guard let path = chosen else {
            throw WorkbenchError(
                "grpc connect: the server offers no reflection (v1 or v1alpha)"
                    + (lastReset == nil ? "" : ", or refused it at once (its streams were reset before an answer could be read)")
                    + ": give its .proto files with --proto")
        }
        var schema = ProtoSchema()
        var requests = services.filter { !$0.hasPrefix("grpc.reflection.") }.map { request(field: 4, $0) }
        var asked = Set<String>()
        for _ in 0..<maximumImportRounds where !requests.isEmpty {
            let (answers, status) = try exchange(path, requests)
            guard status.code == 0 else {
                throw WorkbenchError(
                    "grpc connect: server reflection failed: \(status.name) \(Template.oneLine(status.message.prefix(200)))")
            }
            for answer in answers {
                for file in try files(answer) {
                    schema.add(file)
                    guard schema.files.count <= ProtoBounds.maximumFiles else {
                        throw WorkbenchError("grpc connect: more than \(ProtoBounds.maximumFiles) files (the bound)")
                    }
                }
            }
            let missing = Set(schema.files.flatMap(\.dependencies)).filter { !schema.hasFile($0) && !asked.contains($0) }
            asked.formUnion(missing)
            requests = missing.sorted().map { request(field: 3, $0) }
        }
        return schema
    }

    /// A `ServerReflectionRequest` with one of its string fields set.
    static func request(field: Int, _ value: String) -> [UInt8] {
        var writer = WireWriter()
        writer.string(field, value)
        return writer.bytes
    }

    /// The names in a `list_services_response` (field 6).
    static func serviceNames(_ answer: [UInt8]) throws(WorkbenchError) -> [String] {
        var reader = WireReader(answer)
        var names: [String] = []
        while !reader.isAtEnd {
            let (number, type) = try reader.tag()
            if number == 7, type == .lengthDelimited { throw try errorResponse(&reader) }
            guard number == 6, type == .lengthDelimited else {
                try reader.skip(type, number: number)
                continue
            }
            var list = try reader.nested()
            while !list.isAtEnd {
                let (item, itemType) = try list.tag()
                guard item == 1, itemType == .lengthDelimited else {
                    try list.skip(itemType, number: item)
                    continue
                }
                var service = try list.nested()
                while !service.isAtEnd {
                    let (field, fieldType) = try service.tag()
                    if field == 1, fieldType == .lengthDelimited {
                        names.append(try service.string())
                    } else {
                        try service.skip(fieldType, number: field)
                    }
                }
            }
        }
        return names
    }

    /// The files of a `file_descriptor_response` (field 4).
    static func files(_ answer: [UInt8]) throws(WorkbenchError) -> [ProtoFile] {
        var reader = WireReader(answer)
        var files: [ProtoFile] = []
        while !reader.isAtEnd {
            let (number, type) = try reader.tag()
            if number == 7, type == .lengthDelimited { throw try errorResponse(&reader) }
            guard number == 4, type == .lengthDelimited else {
                try reader.skip(type, number: number)
                continue
            }
            var response = try reader.nested()
            while !response.isAtEnd {
                let (field, fieldType) = try response.tag()
                if field == 1, fieldType == .lengthDelimited {
                    files.append(try ProtoFile(descriptor: Array(try response.lengthDelimited())))
                } else {
                    try response.skip(fieldType, number: field)
                }
            }
        }
        return files
    }

    /// An `error_response` (field 7) as the error to throw.
    static func errorResponse(_ reader: inout WireReader) throws(WorkbenchError) -> WorkbenchError {
        var error = try reader.nested()
        var code = 0
        var message = ""
        while !error.isAtEnd {
            let (field, type) = try error.tag()
            switch (field, type) {
            case (1, .varint): code = Int(truncatingIfNeeded: try error.varint())
            case (2, .lengthDelimited): message = try error.string()
            default: try error.skip(type, number: field)
            }
        }
        return WorkbenchError(
            "grpc connect: server reflection answered \(GRPCStatus(code: code, message: message).name): \(Template.oneLine(message.prefix(200)))"
        )
    }
}
