import Platform
import WorkbenchBasics

/// `grpc connect URL --proto FILE...`: the files compiled by protoc into a descriptor set
/// (`--include_imports`), which `ProtoSchema` reads. protoc is the reference parser of the
/// language; the workbench does not parse `.proto` text itself.
public enum ProtoCompiler {
    /// How much of protoc's complaint is shown.
    static let maximumErrorBytes = 4096

    public static func compile(_ files: [String], importPaths: [String]) throws(WorkbenchError) -> ProtoSchema {
        guard let protoc = findProgram("protoc") else {
            throw WorkbenchError(
                "grpc connect: --proto needs protoc on the PATH (Debian: apt install protobuf-compiler); a server with reflection needs no files"
            )
        }
        for file in files {
            do throws(WorkbenchError) {
                try FileSystem.checkReadableRegularFile(FileSystem.expandTilde(file), shownAs: file, for: "compile")
            } catch {
                // Named as every other error of the command is.
                throw WorkbenchError("grpc connect: " + error.message, kind: error.kind)
            }
        }
        let base = environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/workbench-protoc-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw FileSystem.failure("grpc connect: cannot make a temporary folder for protoc")
        }
        let folder = String(cString: made)
        let output = folder + "/descriptors.pb"
        let errors = folder + "/errors.txt"
        defer {
            unlink(output)
            unlink(errors)
            rmdir(folder)
        }
        let paths = importPaths.isEmpty ? unique(files.map(folderOf)) : importPaths
        let words =
            [protoc, "--include_imports", "--descriptor_set_out=" + output] + paths.map { "--proto_path=" + FileSystem.expandTilde($0) }
            + files.map(FileSystem.expandTilde)
        let command = words.map(ShellWords.quote).joined(separator: " ") + " </dev/null >/dev/null 2>" + ShellWords.quote(errors)
        let status = try ShellCommand.run(command, input: [])
        guard status == 0 else {
            let complaint =
                (try? FileSystem.read(errors, limit: maximumErrorBytes * 4)).map {
                    String(decoding: $0.prefix(maximumErrorBytes), as: UTF8.self)
                } ?? ""
            let lines = complaint.split(separator: "\n").prefix(5).map { Template.oneLine($0) }
            throw WorkbenchError(
                "grpc connect: protoc could not compile \(files.joined(separator: ", ")) (exit \(status))"
                    + (lines.isEmpty ? "" : ": " + lines.joined(separator: "; ")))
        }
        return try ProtoSchema.fromDescriptorSet(
            try FileSystem.read(output, limit: ProtoBounds.maximumMessageBytes, holding: "a descriptor set"))
    }

    static func folderOf(_ file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }

    static func unique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The first executable `name` on the PATH.
    static func findProgram(_ name: String) -> String? {
        let path = environment("PATH") ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = folder + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
