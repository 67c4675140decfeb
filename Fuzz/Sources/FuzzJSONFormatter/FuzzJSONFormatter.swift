// Fuzz target: JSONSyntax.validate and the streaming JSONFormatter.
//
// Properties, for any bytes:
// - validate never crashes, and the formatter never crashes, with or without colour;
// - the coloured output with its colour sequences removed is the plain output;
// - a non-empty output ends with a newline, and an input with no token gives no output.
// - formatIfValid emits exactly format's output when validate accepts the input,
//   and nothing (with validate's failure) when it does not;
// - JSONBodyCheck fed the input in pieces (sizes from the input's first byte)
//   reaches validate's verdict (with a byte order mark skipped);
// When validate accepts the input, also:
// - the output with white space outside strings removed equals the input with
//   white space outside strings removed (the formatter only moves white space);
// - the output is itself valid JSON.
import WorkbenchCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    var valid = true
    do throws(JSONSyntax.Failure) {
        try JSONSyntax.validate(input)
    } catch {
        valid = false
        guard error.offset >= 0, error.offset <= size, error.line >= 1, error.column >= 1 else {
            fatalError("JSONSyntax.Failure out of range: \(error) for \(size) bytes")
        }
    }

    let plain = format(input, palette: nil)
    let coloured = format(input, palette: .standard)
    // The standard palette's sequences are ESC [ ... m. Invalid input may hold
    // ESC bytes of its own, so only compare when the input has none.
    if !input.contains(0x1B) {
        let stripped = stripColour(coloured)
        guard stripped == plain else {
            fatalError("colour changes more than colour: plain \(plain.count) bytes, stripped \(stripped.count) bytes")
        }
    }
    let hasToken = input.contains { !isJSONSpace($0) }
    if hasToken != !plain.isEmpty {
        fatalError("input has a token: \(hasToken), but the output has \(plain.count) bytes")
    }
    if let last = plain.last, last != UInt8(ascii: "\n") {
        fatalError("output does not end with a newline")
    }

    var checked: [UInt8] = []
    let checkFailure = JSONFormatter.formatIfValid(input, palette: .standard) { checked.append(contentsOf: $0) }
    if valid ? (checkFailure != nil || checked != coloured) : (checkFailure == nil || !checked.isEmpty) {
        fatalError("formatIfValid disagrees with validate and format (valid: \(valid))")
    }
    checkInPieces(input)

    guard valid else { return 0 }
    let squeezedInput = squeeze(Array(input))
    let squeezedOutput = squeeze(plain)
    guard squeezedInput == squeezedOutput else {
        fatalError("""
            formatting changed more than white space:
            input:  \(String(decoding: squeezedInput, as: UTF8.self))
            output: \(String(decoding: squeezedOutput, as: UTF8.self))
            """)
    }
    do throws(JSONSyntax.Failure) {
        try JSONSyntax.validate(plain)
    } catch {
        fatalError("the formatted output of valid JSON is not valid: \(error)")
    }
    return 0
}

/// Formats through the chunked API, as the response renderer does.
private func format(_ input: UnsafeBufferPointer<UInt8>, palette: JSONPalette?) -> [UInt8] {
    var output: [UInt8] = []
    var chunks = 0
    var sawPartial = false
    JSONFormatter.format(input, palette: palette) { chunk in
        // Every chunk but the last is exactly chunkSize bytes, and none is empty.
        if sawPartial || chunk.isEmpty { fatalError("chunk \(chunks) after a partial one, or empty") }
        if chunk.count != JSONFormatter.chunkSize { sawPartial = true }
        chunks += 1
        output.append(contentsOf: chunk)
    }
    return output
}

private func isJSONSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
}

/// Removes every `ESC [ ... m` sequence.
private func stripColour(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
        if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
            var end = index + 2
            while end < bytes.count, bytes[end] != UInt8(ascii: "m") { end += 1 }
            index = end + 1
            continue
        }
        result.append(bytes[index])
        index += 1
    }
    return result
}

/// `bytes` without the JSON white space outside strings.
private func squeeze(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var inString = false
    var escaped = false
    for byte in bytes {
        if inString {
            result.append(byte)
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
        } else if byte == UInt8(ascii: "\"") {
            inString = true
            result.append(byte)
        } else if !isJSONSpace(byte) {
            result.append(byte)
        }
    }
    return result
}

/// The body check, fed piece by piece as a download would, must agree with one check of the whole.
private func checkInPieces(_ input: UnsafeBufferPointer<UInt8>) {
    var whole = JSONTokenizer(input, skippingByteOrderMark: true)
    let expected: JSONBodyCheck.Verdict = whole.checkToEnd()
        ? .valid
        : .invalid(JSONSyntax.failure(at: whole.problem?.offset ?? -1, reason: whole.problem?.reason ?? "", in: input))
    let size = 1 + Int(input.first ?? 0) % 7
    var check = JSONBodyCheck()
    var received = 0
    while received < input.count {
        received = min(received + size, input.count)
        check.add(UnsafeBufferPointer(rebasing: input[0..<received]))
    }
    guard check.finish(input) == expected else {
        fatalError("JSONBodyCheck in pieces of \(size) disagrees with one check: \(expected)")
    }
}
