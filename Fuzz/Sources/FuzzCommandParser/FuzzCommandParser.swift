// Fuzz target: the command parser.
//
// The input is one line as the REPL or a script would hand it over (invalid
// UTF-8 repaired the way the line editor's String would be). Property: parsing
// never crashes, and it is a pure function of the line (same line, same result).
import WorkbenchCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let first = outcome(line)
    let second = outcome(line)
    if first != second {
        fatalError("CommandParser.parse is not deterministic for \(String(reflecting: line)): \(first) vs \(second)")
    }
    return 0
}

/// The result or the error message, comparable.
private enum Outcome: Equatable {
    case parsed(ParsedLine)
    case failed(String)
}

private func outcome(_ line: String) -> Outcome {
    do throws(WorkbenchError) {
        return .parsed(try CommandParser.parse(line))
    } catch {
        if error.message.isEmpty { fatalError("empty error message for \(String(reflecting: line))") }
        return .failed(error.message)
    }
}
