/// `run SCRIPT` inside a session: the lines of a file through the same interpreter.
extension Interpreter {
    /// `run SCRIPT`: each line as if typed; the first failing line stops it, named `FILE:LINE`.
    /// `exit` in the script ends the script, not the REPL.
    func runScript(_ file: String) throws(WorkbenchError) {
        guard runDepth < Self.runDepthLimit else {
            throw WorkbenchError("run: scripts nested \(Self.runDepthLimit) deep (does one run itself?)")
        }
        if HTTPFileImport.handles(file) {
            throw WorkbenchError("run: '\(file)' is a .http file, which holds requests rather than commands: "
                + "`load \(file)` then `replay all` (or `workbench run \(file)` outside)")
        }
        let bytes = try context.readFile(file)
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        runDepth += 1
        defer { runDepth -= 1 }
        for (index, bytes) in lines.enumerated() {
            // A line that is not UTF-8 is refused naming the byte, as `workbench run` does.
            let line: String
            do throws(WorkbenchError) {
                line = try UTF8Line.decode(bytes)
            } catch {
                cancelPendingInput()
                throw WorkbenchError("\(file):\(index + 1): \(error.message)")
            }
            switch handle(line: line) {
            case .ok: continue
            case .exit: return
            case .failed(let error):
                cancelPendingInput()
                throw WorkbenchError("\(file):\(index + 1): \(error.message)")
            }
        }
        if case .failed(let error) = finishInput() {
            throw WorkbenchError("\(file):\(lines.count): \(error.message)")
        }
    }
}
