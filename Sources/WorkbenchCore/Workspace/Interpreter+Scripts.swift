import WorkbenchBasics
import WorkbenchAPIs
import WorkbenchSessions

/// `run SCRIPT` inside a session: the lines of a file through the same interpreter.
extension Interpreter {
    /// `run SCRIPT`: each line as if typed; the first failing line stops it, named `FILE:LINE`.
    /// `exit` in the script ends the script, not the REPL.
    func runScript(_ file: String) throws(WorkbenchError) {
        guard runDepth < Self.runDepthLimit else {
            throw WorkbenchError("run: scripts nested \(Self.runDepthLimit) deep (does one run itself?)")
        }
        let bytes = try context.readFile(file)
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        runDepth += 1
        defer { runDepth -= 1 }
        // The outermost script bounds its sleeps, nested `run`s counting towards it.
        let outermost = scriptSleep == nil
        if outermost { scriptSleep = 0 }
        defer { if outermost { scriptSleep = nil } }
        var blocks = ScriptBlockReader()
        for (index, bytes) in lines.enumerated() {
            // A line that is not UTF-8 is refused naming the byte, as `workbench run` does.
            let statement: ScriptStatement?
            do throws(WorkbenchError) {
                let line = try UTF8Line.decode(bytes)
                statement = try blocks.read(line, number: index + 1, bodyPending: isCollectingBody)
            } catch {
                cancelPendingInput()
                throw error.prefixed("\(file):\(index + 1): ")
            }
            guard let statement else { continue }
            do throws(ScriptStop) {
                try run(statement)
            } catch {
                switch error {
                case .exit: return
                case .failed(let failure, let line):
                    cancelPendingInput()
                    throw failure.prefixed("\(file):\(line): ")
                }
            }
        }
        do throws(WorkbenchError) {
            try blocks.finish()
        } catch {
            cancelPendingInput()
            throw error.prefixed("\(file):\(blocks.openingLine ?? lines.count): ")
        }
        if case .failed(let error) = finishInput() {
            throw error.prefixed("\(file):\(lines.count): ")
        }
    }

    /// `run FILE.http`: the file's requests join the history and are sent in
    /// order, each shown as `replay N` shows it, captures flowing. The file's
    /// variables (and its environment's) are set first; private values as secrets.
    /// Nothing changes when the file cannot be read.
    func runHTTPFile(_ file: String, environment: String?) throws(WorkbenchError) {
        // Variables already `set` win over the file's and its env files' values.
        let given = Set(workspace.variables.names).subtracting(workspace.httpFileVariableNames)
        var imported = try HTTPFileImport.load(file, environment: environment, overrides: given, readFile: context.readFile)
        imported.notes += workspace.localFiles.leaveOutRefusedFiles(in: &imported.document, input: file)
        for note in imported.notes { output.printError("warning: " + note) }
        guard !imported.document.requests.isEmpty else { throw WorkbenchError("\(file): no request it holds can be sent here") }
        for (name, value) in imported.document.variables where !given.contains(name) {
            workspace.variables.set(name, to: value)
            workspace.httpFileVariableNames.insert(name)
        }
        for (name, value) in imported.secrets {
            workspace.variables.set(name, to: value, secret: true)
            workspace.httpFileVariableNames.insert(name)
        }
        let first = workspace.history.count + 1
        workspace.history += imported.document.requests
        let last = workspace.history.count
        output.printLine(
            "\(file): \(last - first + 1) request\(last == first ? "" : "s"), sent in order as history \(first == last ? "\(first)" : "\(first)-\(last)")"
        )
        for number in first...last { try replay(.number(number)) }
    }
}
