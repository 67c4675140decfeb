import CEditLine
import Platform

/// Interactive line input through libedit's readline-compatible API:
/// emacs keys, Ctrl-R search, tab completion, and the history file read at start.
///
/// libedit keeps its state in C globals, so there is one editor per process. It is loaded
/// when the first editor is made (CEditLine.h says why), so making one can fail.
public final class LineEditor {
    /// libedit could not be loaded: the dynamic loader's reason.
    public struct Unavailable: Error {
        public let reason: String
    }

    /// What one call to `read` produced.
    public enum Input: Equatable {
        case line(String)
        /// A line whose bytes are not UTF-8, as read: the caller says why it is refused.
        case notUTF8([UInt8])
        /// Ctrl-C: the line was dropped; `lineWasEmpty` when no key had been typed on it.
        case interrupted(lineWasEmpty: Bool)
        /// Ctrl-D on an empty line, or the terminal went away.
        case endOfInput
    }

    /// Given the text before the cursor, the words that could replace the word under it.
    public typealias Completer = (String) -> [String]

    private let historyFile: String?
    private let historyLimit: Int32 = 1000
    private let interrupted: () -> Bool

    /// - Parameters:
    ///   - historyFile: the history file to start with; nil starts empty.
    ///   - interrupted: reports (and clears) a SIGINT that arrived while reading.
    ///   - interruptPending: reports (without clearing) a SIGINT, so reading a key stops for it.
    public init(
        historyFile: String?, interrupted: @escaping () -> Bool, interruptPending: @escaping () -> Bool,
        completer: @escaping Completer
    ) throws(Unavailable) {
        // The C strings live as long as the process: libedit is loaded once.
        let names = SharedLibraries.lineEditor.map { UnsafePointer(strdup($0)) }
        guard names.withUnsafeBufferPointer({ wb_edit_load($0.baseAddress, Int32($0.count)) }) == 0 else {
            throw Unavailable(reason: wb_edit_load_error().map { String(cString: $0) } ?? "libedit could not be loaded")
        }
        self.historyFile = historyFile
        self.interrupted = interrupted
        CompletionBridge.completer = completer
        KeyReader.signalEndsRead = interruptPending
        KeyReader.install()
        wb_rl_set_readline_name("workbench")
        wb_rl_set_basic_word_break_characters(CompletionBridge.wordBreaks)
        wb_rl_set_attempted_completion(CompletionBridge.hook)
        _ = wb_rl_initialize()
        wb_using_history()
        wb_stifle_history(historyLimit)
        // Incremental reverse search, as in bash.
        _ = wb_rl_parse_and_bind("bind ^R em-inc-search-prev")
        // Ctrl-W deletes the word before the cursor, as in bash (libedit's emacs keys
        // kill the region from the mark instead, which leaves a person guessing).
        _ = wb_rl_parse_and_bind("bind ^W ed-delete-prev-word")
        // This libedit rings the bell even when Tab found the one completion. An
        // empty bell falls back to BEL, so the bell becomes an attribute reset,
        // which changes nothing at an uncoloured prompt.
        _ = wb_rl_parse_and_bind("settc bl \u{1B}[0m")
        // rl_initialize read ~/.editrc (or $EDITRC) already; reading it again after
        // the bindings above lets the user's own (`bind -v` for vi keys, a ^R) win.
        // Before ResizeRedraw's: rl_add_defun binds `M` as a prefix too, which that unbinds.
        ArrivedOutput.define()
        GrownLineRedraw.define()
        ResizeRedraw.define()
        _ = wb_rl_read_init_file(nil)
        ResizeRedraw.bindKey()
        ArrivedOutput.bindKey()
        GrownLineRedraw.bindKey()
        if let historyFile {
            _ = wb_read_history(historyFile)
        }
    }

    /// A descriptor to watch while a line is typed, and what prints what arrived on it above
    /// the line (a WebSocket's frames); nil descriptor: none now.
    public func watch(_ descriptor: @escaping () -> Int32?, printArrived: @escaping () -> Void) {
        ArrivedOutput.descriptor = descriptor
        ArrivedOutput.printArrived = printArrived
    }

    public func read(prompt: String) -> Input {
        KeyReader.keysRead = 0
        ResizeRedraw.lineStarts(prompt: prompt)
        GrownLineRedraw.lineStarts()
        let read = wb_readline(prompt)
        ResizeRedraw.lineEnds()
        guard let raw = read else {
            if interrupted() {
                return .interrupted(lineWasEmpty: KeyReader.keysRead == 0)
            }
            return .endOfInput
        }
        defer { free(raw) }
        if interrupted() {
            return .interrupted(lineWasEmpty: false)
        }
        guard let line = String(validatingCString: raw) else {
            return .notUTF8(Array(UnsafeBufferPointer(start: raw, count: strlen(raw)).map { UInt8(bitPattern: $0) }))
        }
        if let bytes = KeyReader.rawBytes(of: line) { return .notUTF8(bytes) }
        return .line(line)
    }

    /// Adds a line to this process's history (Ctrl-R, arrow keys). The file is
    /// written by the caller, entry by entry, so two REPLs never erase each other's lines.
    public func addHistory(_ line: String) {
        guard !line.isEmpty else { return }
        _ = wb_add_history(line)
    }
}

/// libedit empties its line before `readline` returns from Ctrl-C, so whether
/// anything was typed is counted here, where keys are read. libedit hands the
/// reader's int to its editor as one character, so a UTF-8 sequence is
/// decoded here into one code point, and a byte that is not UTF-8 travels
/// as a stand-in code point (U+10FF00 + the byte, in a private-use plane)
/// that `rawBytes(of:)` turns back into the byte, so the line is refused
/// naming it, never silently repaired.
enum KeyReader {
    nonisolated(unsafe) static var keysRead = 0
    /// A byte read while checking a sequence that it did not continue: the next key starts with it.
    nonisolated(unsafe) static var pending: UInt8?
    static let standInBase: UInt32 = 0x10FF00

    /// Must run before `rl_initialize`, which takes the reader.
    static func install() {
        wb_rl_set_getc_function { _ in KeyReader.next() }
    }

    /// The next character from standard input; -1 at its end or on Ctrl-C
    /// (a signal that interrupts the read ends the line: the caller asks why).
    static func next() -> Int32 {
        // Before the next key, not in the middle of one: libedit has drawn what the last did.
        if pending == nil, wb_winch_pending() == 0, GrownLineRedraw.needed() { return GrownLineRedraw.key }
        guard let first = byte(stopsForResize: true) else {
            // A resize stopped the read: the key that has libedit redraw the line.
            if !signalEndsRead(), wb_winch_take() != 0 { return ResizeRedraw.key }
            if !signalEndsRead(), ArrivedOutput.pending { return ArrivedOutput.key }
            return -1
        }
        // Ctrl-L only draws the screen again: the line is still empty after it.
        if first != 0x0C { keysRead += 1 }
        let length =
            first < 0x80
            ? 1
            : (0xC2...0xDF).contains(first)
                ? 2
                : (0xE0...0xEF).contains(first)
                    ? 3
                    : (0xF0...0xF4).contains(first) ? 4 : 0
        guard length != 1 else { return Int32(first) }
        guard length > 1 else { return Int32(standInBase + UInt32(first)) }
        var scalar = UInt32(first) & (0xFF >> (length + 1))
        for _ in 1..<length {
            guard let next = byte() else { return Int32(standInBase + UInt32(first)) }
            guard next & 0xC0 == 0x80 else {
                pending = next
                return Int32(standInBase + UInt32(first))
            }
            scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        // Overlong forms and surrogates are not UTF-8 either.
        let shortest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard scalar >= shortest, scalar < standInBase, Unicode.Scalar(scalar) != nil else {
            return Int32(standInBase + UInt32(first))
        }
        return Int32(scalar)
    }

    /// The line's bytes as typed when it holds a stand-in for a byte that is not UTF-8; nil otherwise.
    static func rawBytes(of line: String) -> [UInt8]? {
        guard line.unicodeScalars.contains(where: { $0.value >= standInBase }) else { return nil }
        var bytes: [UInt8] = []
        for scalar in line.unicodeScalars {
            if scalar.value >= standInBase {
                bytes.append(UInt8(scalar.value - standInBase))
            } else {
                bytes += Array(String(scalar).utf8)
            }
        }
        return bytes
    }

    private static func byte(stopsForResize: Bool = false) -> UInt8? {
        // No key reaches libedit while a resize waits to be redrawn, not even one read ahead:
        // libedit would draw it for the old width, and what it drew would be in neither of
        // the layouts the redraw reckons with (a row left behind, issue 39).
        if stopsForResize && wb_winch_pending() != 0 { return nil }
        if let byte = pending {
            pending = nil
            return byte
        }
        if let byte = TerminalReport.nextTypeahead() { return byte }
        var value: UInt8 = 0
        while true {
            // A Ctrl-C that came while the redraw waited for the terminal ends the line too.
            if stopsForResize && (wb_winch_pending() != 0 || signalEndsRead()) { return nil }
            // Frames that arrive while a line is typed are printed above it (ArrivedOutput).
            if stopsForResize {
                if !ArrivedOutput.waitForInput() {
                    if errno == EINTR { continue }
                    return nil
                }
                if ArrivedOutput.pending { return nil }
            }
            let count = Platform.read(0, &value, 1)
            if count == 1 {
                if value == 0x1B && TerminalReport.swallowsLateAnswer() { continue }
                return value
            }
            if count < 0 && errno == EINTR && !signalEndsRead() { continue }
            return nil
        }
    }

    /// A window resize interrupts the read too; only Ctrl-C ends the line.
    nonisolated(unsafe) static var signalEndsRead: () -> Bool = { true }
}

/// The C completion callback cannot capture context; this holds it for the one editor.
enum CompletionBridge {
    nonisolated(unsafe) static var completer: LineEditor.Completer?

    /// Only blanks split words: `@file`, `{{var}}` and `Name:` complete as whole words.
    nonisolated(unsafe) static let wordBreaks: UnsafePointer<CChar> = {
        let text = " \t\n"
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: text.utf8.count + 1)
        _ = text.withCString { strcpy(pointer, $0) }
        return UnsafePointer(pointer)
    }()

    static let hook: @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = {
        _, _, _ in
        wb_rl_set_attempted_completion_over(1)
        guard let buffer = wb_rl_line_buffer() else { return nil }
        let bytes = Array(String(cString: buffer).utf8.prefix(Int(wb_rl_point())))
        let prefix = String(decoding: bytes, as: UTF8.self)
        let candidates = completer?(prefix) ?? []
        guard !candidates.isEmpty else { return nil }
        if candidates.count > 1 {
            // The word under the cursor: what the choices replace.
            let wordLength = prefix.utf8.reversed().prefix { $0 != 32 && $0 != 9 && $0 != 10 }.count
            let addsNothing = commonPrefix(candidates).utf8.count <= wordLength
            if CompletionList.listsNow() && addsNothing {
                CompletionList.show(candidates)
                return nil
            }
        } else {
            CompletionList.lastTab = nil
        }
        // A directory completes without a trailing space, so the next Tab goes inside it.
        let single = candidates.count == 1 ? candidates[0] : nil
        wb_rl_set_completion_append_character(single.map { $0.hasSuffix("/") ? 0 : 32 } ?? 32)
        return makeMatchArray(candidates)
    }

    /// readline's match array: the common prefix first, then each candidate, then NULLs.
    /// libedit frees the array and each string with free(), so both come from malloc.
    static func makeMatchArray(_ candidates: [String]) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        let count = candidates.count == 1 ? 1 : candidates.count + 1
        guard let raw = malloc(MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (count + 2)) else { return nil }
        let matches = raw.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: count + 2)
        matches[0] = strdup(commonPrefix(candidates))
        if candidates.count > 1 {
            for (index, candidate) in candidates.enumerated() {
                matches[index + 1] = strdup(candidate)
            }
        }
        matches[count] = nil
        matches[count + 1] = nil
        return matches
    }

    static func commonPrefix(_ candidates: [String]) -> String {
        guard var prefix = candidates.first.map({ Array($0.utf8) }) else { return "" }
        for candidate in candidates.dropFirst() {
            let bytes = Array(candidate.utf8)
            var length = 0
            while length < prefix.count, length < bytes.count, prefix[length] == bytes[length] { length += 1 }
            prefix = Array(prefix[0..<length])
        }
        // Never cut a UTF-8 sequence in half.
        while let last = prefix.last, last & 0xC0 == 0x80 || last >= 0xC0 {
            if String(validating: prefix, as: UTF8.self) != nil { break }
            prefix.removeLast()
        }
        return String(decoding: prefix, as: UTF8.self)
    }
}
