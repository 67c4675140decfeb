// How fast `JSONBodyCheck` checks a JSON document, in isolation: the file is
// read into memory once, then checked ROUNDS times in one go (`add` with the
// whole body, then `finish`: the tokenizer's checkToEnd over all of it) and
// ROUNDS times in 16 KiB pieces (as libcurl's write callback hands a download
// over: `add` with everything so far after each piece). Prints the medians and
// the verdict; `json_check.sh` runs two builds of this (this tree and an
// earlier commit) side by side. Times are the thread's CPU time.
//
//     JSONCheckBench FILE [ROUNDS]
#if canImport(Glibc)
import Glibc
#endif
import WorkbenchCore

/// CPU time of this thread: on a shared machine, time spent waiting for a core is left out.
func seconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

func readFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
        let read = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if read == 0 { break }
        bytes.append(contentsOf: chunk[0..<read])
    }
    return bytes
}

func describe(_ verdict: JSONBodyCheck.Verdict?) -> String {
    switch verdict {
    case .valid: "valid"
    case .invalid(let failure): "invalid: \(failure)"
    case nil: "gave up"
    }
}

let arguments = CommandLine.arguments
guard arguments.count > 1, let body = readFile(arguments[1]) else {
    print("usage: JSONCheckBench FILE [ROUNDS]")
    exit(2)
}
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
let piece = 16 * 1024

var whole: [Double] = []
var pieces: [Double] = []
var verdicts: Set<String> = []
body.withUnsafeBufferPointer { buffer in
    for _ in 0..<rounds {
        var start = seconds()
        var check = JSONBodyCheck()
        check.add(buffer)
        verdicts.insert(describe(check.finish(buffer)))
        whole.append(seconds() - start)

        start = seconds()
        check = JSONBodyCheck()
        var received = 0
        while received < buffer.count {
            received = min(received + piece, buffer.count)
            check.add(UnsafeBufferPointer(rebasing: buffer[0..<received]))
        }
        verdicts.insert(describe(check.finish(buffer)))
        pieces.append(seconds() - start)
    }
}
let megabytes = Double(body.count) / 1e6
func figure(_ time: Double) -> String {
    let milliseconds = (time * 1e4).rounded() / 10
    let rate = (megabytes / time).rounded()
    return "\(milliseconds) ms (\(Int(rate)) MB/s)"
}
print("bytes \(body.count)")
print("whole \(median(whole))")
print("pieces \(median(pieces))")
print("verdict \(verdicts.sorted().joined(separator: " / "))")
print("# whole body at once: \(figure(median(whole))); in 16 KiB pieces: \(figure(median(pieces)))")
