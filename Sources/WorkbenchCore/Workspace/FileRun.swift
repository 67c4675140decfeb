import WorkbenchBasics
import WorkbenchAPIs
import WorkbenchSessions

/// `run FILE` inside a session: a script's lines, or a `.http` file's requests, through the
/// interpreter that runs the session, as if typed there.
struct FileRun {
    /// How deep `run` scripts may be nested: a script that runs itself stops here.
    static let depthLimit = 8

    let interpreter: Interpreter

    /// `run SCRIPT`: each line as if typed; the first failing line stops it, named `FILE:LINE`.
    /// `exit` in the script ends the script, not the REPL.
    func script(_ file: String) throws(WorkbenchError) {
        guard interpreter.runDepth < Self.depthLimit else {
            throw WorkbenchError("run: scripts nested \(Self.depthLimit) deep (does one run itself?)")
        }
        let bytes = FileSystem.withoutByteOrderMark(try interpreter.context.readFile(file))
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        interpreter.runDepth += 1
        defer { interpreter.runDepth -= 1 }
        // The outermost script bounds its sleeps, nested `run`s counting towards it.
        let outermost = interpreter.scriptSleep == nil
        if outermost { interpreter.scriptSleep = 0 }
        defer { if outermost { interpreter.scriptSleep = nil } }
        var blocks = ScriptBlockReader()
        for (index, bytes) in lines.enumerated() {
            // A line that is not UTF-8 is refused naming the byte, as `workbench run` does.
            let statement: ScriptStatement?
            do throws(WorkbenchError) {
                let line = try UTF8Line.decode(bytes)
                statement = try blocks.read(line, number: index + 1, bodyPending: interpreter.isCollectingBody)
            } catch {
                interpreter.cancelPendingInput()
                throw error.prefixed("\(file):\(index + 1): ")
            }
            guard let statement else { continue }
            do throws(ScriptStop) {
                try ScriptBlockRunner(interpreter: interpreter).run(statement)
            } catch {
                switch error {
                case .exit: return
                case .failed(let failure, let line):
                    interpreter.cancelPendingInput()
                    throw failure.prefixed("\(file):\(line): ")
                }
            }
        }
        do throws(WorkbenchError) {
            try blocks.finish()
        } catch {
            interpreter.cancelPendingInput()
            throw error.prefixed("\(file):\(blocks.openingLine ?? lines.count): ")
        }
        if case .failed(let error) = interpreter.finishInput() {
            throw error.prefixed("\(file):\(lines.count): ")
        }
    }

    /// `run FILE.http`: the file's requests join the history and are sent in
    /// order, each shown as `replay N` shows it, captures flowing, then `N passed,
    /// M failed`; the first failure stops it unless `keepGoing`, as `replay` does.
    /// The file's variables (and its environment's) are set first; private values
    /// as secrets. Nothing changes when the file cannot be read.
    func httpFile(_ file: String, environment: String?, keepGoing: Bool = false) throws(WorkbenchError) {
        // Variables already `set` win over the file's and its env files' values.
        let given = Set(interpreter.workspace.variables.names).subtracting(interpreter.workspace.httpFileVariableNames)
        var imported = try HTTPFileImport.load(
            file, environment: environment, overrides: given, readFile: interpreter.context.readFile,
            localFiles: interpreter.workspace.localFiles)
        imported.notes += interpreter.workspace.localFiles.leaveOutRefusedFiles(in: &imported.document, input: file)
        for note in imported.notes { interpreter.output.printError("warning: " + note) }
        guard !imported.document.requests.isEmpty else { throw WorkbenchError("\(file): no request it holds can be sent here") }
        for (name, value) in imported.document.variables where !given.contains(name) {
            interpreter.workspace.variables.set(name, to: value)
            interpreter.workspace.httpFileVariableNames.insert(name)
        }
        for (name, value) in imported.secrets {
            interpreter.workspace.variables.set(name, to: value, secret: true)
            interpreter.workspace.httpFileVariableNames.insert(name)
        }
        let first = interpreter.workspace.history.count + 1
        var requests = imported.document.requests
        // As `import` does: a literal credential of the file becomes a secret bound to its request's origin.
        for index in requests.indices { _ = interpreter.workspace.keepImportedCredentials(&requests[index].endpoint) }
        interpreter.workspace.history += requests
        let last = interpreter.workspace.history.count
        interpreter.output.printLine(
            "\(file): \(last - first + 1) request\(last == first ? "" : "s"), sent in order as history \(first == last ? "\(first)" : "\(first)-\(last)")"
        )
        try interpreter.replay(
            Array(first...last), fromInitialCookies: false, keepGoing: keepGoing, environment: nil, showingEach: true)
    }
}
