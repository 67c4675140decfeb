// Time per autosave as the history grows, side by side in one run: for each
// size in RECORDS (a list), a workspace of that many request records with
// BODY_BYTES-byte text bodies and one secret variable, then ROUNDS commands,
// each followed by an autosave. Two kinds of command: `send` (a request
// recorded: one record more) and `edit` (the path changed: no record). The
// change itself is timed too: if the autosave kept a reference to the history,
// the next append would copy it.
//
// whole:   what the autosave did until the journal (issue 27): the encoder
//          keeps each record's text, and the whole file is written again
//          (AtomicFile: temporary file, fsync, rename) after every command;
// journal: `Autosave.save`: the line of what changed appended to the journal
//          (write, fdatasync), the file written whole only when the journal
//          passes half of it.
// The two are checked to say the same: the whole file read back equals the
// autosave file and its journal read back (`AutosaveJournal.document`).
#if canImport(Glibc)
import Glibc
#endif
import WorkbenchCore

func seconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

let sizes = (CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "1000,10000,100000")
    .split(separator: ",").compactMap { Int($0) }
let bodyBytes = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 200 : 200
let rounds = CommandLine.arguments.count > 3 ? Int(CommandLine.arguments[3]) ?? 20 : 20
let folder = CommandLine.arguments.count > 4 ? CommandLine.arguments[4] : "/tmp"

func record(_ number: Int) -> RequestRecord {
    var text = #"{"id": \#(number), "name": "item \#(number)", "tags": ["a", "b"]"#
    while text.utf8.count < bodyBytes - 1 { text += ", \"pad\": \"" + String(repeating: "x", count: min(60, bodyBytes)) + "\"" }
    text += "}"
    let response = RecordedResponse(
        statusLine: "HTTP/1.1 200 OK", statusCode: 200,
        headers: [HeaderField(name: "Content-Type", value: "application/json")],
        body: text, bodySize: text.utf8.count, elapsedMilliseconds: 1.25)
    let endpoint = Endpoint(base: "{{base}}", path: "/items/\(number)", method: "GET",
                            headers: [HeaderField(name: "Authorization", value: "Bearer {{token}}")])
    return RequestRecord(endpoint: endpoint, settings: Settings(), response: response)
}

func milliseconds(_ value: Double) -> String {
    let rounded = (value * 10_000).rounded() / 10
    return "\(rounded) ms"
}

func ratio(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return "\(rounded)x"
}

func bytes(_ count: Int) -> String {
    count >= 1_000_000 ? "\(count / 1_000_000) MB" : count >= 1_000 ? "\(count / 1_000) KB" : "\(count) B"
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}

print("autosave after a command, median of \(rounds) commands of each kind; bodies of \(bodyBytes) bytes")
print("records   file     command  change    whole file        journal           whole / journal   bytes a command (whole / journal)")
var allSame = true
for size in sizes {
    var workspace = Workspace()
    workspace.endpoint.base = "http://127.0.0.1:8080"
    workspace.variables.set("token", to: "secret-token-9f8e7d6c", secret: true)
    workspace.history.reserveCapacity(size + rounds)
    for number in 0..<size { workspace.history.append(record(number)) }

    let wholePath = folder + "/autosave-bench-whole.json"
    let journalPath = folder + "/autosave-bench-journal.json"
    let encoder = SessionEncoder()
    let autosave = Autosave(path: journalPath)
    // The first save of a run writes everything either way: not what is compared.
    do { try AtomicFile.write(chunks: workspace.sessionFileChunks(encoder: encoder), to: wholePath) } catch { fatalError(error.message) }
    if let warning = autosave.save(workspace) { fatalError(warning) }

    for kind in ["send", "edit"] {
        var change: [Double] = [], whole: [Double] = [], journal: [Double] = []
        var wholeBytes = 0, journalBytes = 0
        for round in 0..<rounds {
            let next = record(size + round)
            // The command's own change, timed: a history another holder shares would be copied here.
            var start = seconds()
            if kind == "send" { workspace.history.append(next) }
            workspace.endpoint.path = "/\(kind)/\(round)"
            change.append(seconds() - start)

            start = seconds()
            let chunks = workspace.sessionFileChunks(encoder: encoder)
            do { try AtomicFile.write(chunks: chunks, to: wholePath) } catch { fatalError(error.message) }
            whole.append(seconds() - start)
            wholeBytes += SessionEncoder.size(of: chunks)

            let journalBefore = (try? FileSystem.read(journalPath + ".journal", limit: Int.max).count) ?? 0
            start = seconds()
            if let warning = autosave.save(workspace) { fatalError(warning) }
            journal.append(seconds() - start)
            let journalAfter = (try? FileSystem.read(journalPath + ".journal", limit: Int.max).count) ?? 0
            journalBytes += max(0, journalAfter - journalBefore)
        }
        let fileSize = SessionEncoder.size(of: workspace.sessionFileChunks(encoder: encoder))
        print("\(String(size).padding(10))\(bytes(fileSize).padding(9))\(kind.padding(9))"
            + "\(milliseconds(median(change)).padding(10))\(milliseconds(median(whole)).padding(18))\(milliseconds(median(journal)).padding(18))"
            + "\(ratio(median(whole) / median(journal)).padding(18))\(bytes(wholeBytes / rounds)) / \(bytes(journalBytes / rounds))")
    }
    do {
        let wholeDocument = try SessionDecoding.decode(try FileSystem.read(wholePath, limit: Int.max), file: wholePath)
        let base = try FileSystem.read(journalPath, limit: Int.max)
        let journal = try? FileSystem.read(journalPath + ".journal", limit: Int.max)
        let restored = try AutosaveJournal.document(base: base, journal: journal, file: journalPath)
        if restored != wholeDocument { allSame = false }
    } catch {
        fatalError(error.message)
    }
    unlink(wholePath)
    unlink(journalPath)
    unlink(journalPath + ".journal")
}
print("the file and journal read back as the whole file: \(allSame ? "yes" : "NO")")
if !allSame { exit(2) }
