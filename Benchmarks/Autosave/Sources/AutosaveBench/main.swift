// Time per autosave of a long session, before and after the record cache,
// side by side in one run: a workspace of RECORDS request records with
// BODY_KB KB text bodies and one secret variable, then ROUNDS commands that
// change the workspace (the path), each followed by an autosave.
//
// before: what the autosave did until the cache: the whole document masked
//         and encoded in one pass (`SessionEncoding.encodeAtOnce`), then written;
// after:  `Autosave.save`, which encodes only what changed, then writes.
// Both write the file the same way (AtomicFile: temporary file, fsync, rename),
// and the two files are checked to be the same bytes.
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

func argument(_ index: Int, _ fallback: Int) -> Int {
    CommandLine.arguments.count > index ? Int(CommandLine.arguments[index]) ?? fallback : fallback
}

let records = argument(1, 1000)
let bodyKB = argument(2, 100)
let rounds = argument(3, 5)
let folder = CommandLine.arguments.count > 4 ? CommandLine.arguments[4] : "/tmp"

/// A JSON body of about `bodyKB` KB, different for every record.
func body(_ number: Int) -> String {
    var items: [String] = []
    var size = 0
    var index = 0
    while size < bodyKB * 1024 {
        let item = #"{"id": \#(number * 10_000 + index), "name": "item \#(index) of record \#(number)", "tags": ["a", "b"], "price": \#(index).25}"#
        items.append(item)
        size += item.utf8.count + 2
        index += 1
    }
    return "{\"items\": [" + items.joined(separator: ", ") + "]}"
}

var workspace = Workspace()
workspace.endpoint.base = "http://127.0.0.1:8080"
workspace.variables.set("token", to: "secret-token-9f8e7d6c", secret: true)
for number in 0..<records {
    let text = body(number)
    let response = RecordedResponse(
        statusLine: "HTTP/1.1 200 OK", statusCode: 200,
        headers: [HeaderField(name: "Content-Type", value: "application/json")],
        body: text, bodySize: text.utf8.count, elapsedMilliseconds: 1.25)
    let endpoint = Endpoint(base: "{{base}}", path: "/items/\(number)", method: "GET",
                            headers: [HeaderField(name: "Authorization", value: "Bearer {{token}}")])
    workspace.history.append(RequestRecord(endpoint: endpoint, settings: Settings(), response: response))
}

let beforePath = folder + "/autosave-bench-before.json"
let afterPath = folder + "/autosave-bench-after.json"
let autosave = Autosave(path: afterPath)
// The first autosave of a run encodes everything, as before: not what is compared.
_ = autosave.save(workspace)

var beforeEncode: [Double] = [], beforeTotal: [Double] = []
var afterEncode: [Double] = [], afterTotal: [Double] = []
let encoder = SessionEncoder()
_ = workspace.sessionFileChunks(encoder: encoder)
var fileSize = 0
for round in 0..<rounds {
    workspace.endpoint.path = "/round/\(round)"

    var start = seconds()
    let whole = SessionEncoding.encodeAtOnce(SessionDocument(workspace: workspace))
    beforeEncode.append(seconds() - start)
    do { try AtomicFile.write(whole, to: beforePath) } catch { fatalError("\(error.message)") }
    beforeTotal.append(seconds() - start)
    fileSize = whole.count

    start = seconds()
    let chunks = workspace.sessionFileChunks(encoder: encoder)
    afterEncode.append(seconds() - start)
    guard chunks.flatMap({ $0 }) == whole else { fatalError("the cached text differs from the text made at once") }

    start = seconds()
    if let warning = autosave.save(workspace) { fatalError(warning) }
    afterTotal.append(seconds() - start)
}
let written = (try? FileSystem.read(afterPath, limit: Int.max)) ?? []
let same = written == (try? FileSystem.read(beforePath, limit: Int.max))
unlink(beforePath)
unlink(afterPath)

func milliseconds(_ value: Double) -> String {
    let rounded = (value * 10_000).rounded() / 10
    return "\(rounded) ms"
}

print("autosave of \(records) records with \(bodyKB) KB bodies (file \(fileSize / 1_000_000) MB), median of \(rounds) commands")
print("                 before (all encoded)   after (cached records)   ratio")
print("encode only      \(milliseconds(median(beforeEncode)).padding(22))\(milliseconds(median(afterEncode)).padding(25))\(String(format2(median(beforeEncode) / median(afterEncode))))x")
print("encode + write   \(milliseconds(median(beforeTotal)).padding(22))\(milliseconds(median(afterTotal)).padding(25))\(String(format2(median(beforeTotal) / median(afterTotal))))x")
print("files identical: \(same ? "yes" : "NO")")
if !same { exit(2) }

func format2(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return "\(rounded)"
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
