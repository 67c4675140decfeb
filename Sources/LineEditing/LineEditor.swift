import CEditLine
#if canImport(Glibc)
import Glibc
#endif

/// Interactive line input through libedit's readline-compatible API:
/// emacs keys, Ctrl-R search, tab completion and a persistent history file.
///
/// libedit keeps its state in C globals, so there is one editor per process.
public final class LineEditor {
    /// What one call to `read` produced.
    public enum Input: Equatable {
        case line(String)
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
    ///   - historyFile: where history persists; nil keeps it in memory only.
    ///   - interrupted: reports (and clears) a SIGINT that arrived while reading.
    ///   - interruptPending: reports (without clearing) a SIGINT, so reading a key stops for it.
    public init(historyFile: String?, interrupted: @escaping () -> Bool, interruptPending: @escaping () -> Bool,
                completer: @escaping Completer) {
        self.historyFile = historyFile
        self.interrupted = interrupted
        CompletionBridge.completer = completer
        KeyReader.signalEndsRead = interruptPending
        KeyReader.install()
        wb_rl_set_readline_name("workbench")
        wb_rl_set_basic_word_break_characters(CompletionBridge.wordBreaks)
        wb_rl_set_attempted_completion(CompletionBridge.hook)
        _ = rl_initialize()
        using_history()
        stifle_history(historyLimit)
        // Incremental reverse search, as in bash.
        _ = rl_parse_and_bind("bind ^R em-inc-search-prev")
        // This libedit rings the bell even when Tab found the one completion. An
        // empty bell falls back to BEL, so the bell becomes an attribute reset,
        // which changes nothing at an uncoloured prompt.
        _ = rl_parse_and_bind("settc bl \u{1B}[0m")
        // rl_initialize read ~/.editrc (or $EDITRC) already; reading it again after
        // the bindings above lets the user's own (`bind -v` for vi keys, a ^R) win.
        _ = rl_read_init_file(nil)
        if let historyFile {
            _ = read_history(historyFile)
        }
    }

    public func read(prompt: String) -> Input {
        KeyReader.keysRead = 0
        guard let raw = readline(prompt) else {
            if interrupted() {
                return .interrupted(lineWasEmpty: KeyReader.keysRead == 0)
            }
            return .endOfInput
        }
        defer { free(raw) }
        if interrupted() {
            return .interrupted(lineWasEmpty: false)
        }
        return .line(String(cString: raw))
    }

    /// Adds a line to history and saves the history file (atomically: temp file, then rename).
    public func addHistory(_ line: String) {
        guard !line.isEmpty else { return }
        _ = add_history(line)
        guard let historyFile else { return }
        let temporary = historyFile + ".tmp.\(getpid())"
        if write_history(temporary) == 0 {
            chmod(temporary, 0o600)
            rename(temporary, historyFile)
        } else {
            unlink(temporary)
        }
    }
}

/// libedit empties its line before `readline` returns from Ctrl-C, so whether
/// anything was typed is counted here, where keys are read. libedit hands the
/// reader's int to its editor as one character, so a UTF-8 sequence is
/// decoded here into one code point.
enum KeyReader {
    nonisolated(unsafe) static var keysRead = 0

    /// Must run before `rl_initialize`, which takes the reader.
    static func install() {
        wb_rl_set_getc_function { _ in KeyReader.next() }
    }

    /// The next character from standard input; -1 at its end or on Ctrl-C
    /// (a signal that interrupts the read ends the line: the caller asks why).
    static func next() -> Int32 {
        guard let first = byte() else { return -1 }
        keysRead += 1
        let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 0
        guard length > 1 else { return length == 1 ? Int32(first) : 0xFFFD }
        var scalar = UInt32(first) & (0xFF >> (length + 1))
        for _ in 1..<length {
            guard let next = byte(), next & 0xC0 == 0x80 else { return 0xFFFD }
            scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        return Unicode.Scalar(scalar) == nil ? 0xFFFD : Int32(scalar)
    }

    private static func byte() -> UInt8? {
        var value: UInt8 = 0
        while true {
            let count = Glibc.read(0, &value, 1)
            if count == 1 { return value }
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

    static let hook: @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { _, _, _ in
        wb_rl_set_attempted_completion_over(1)
        guard let buffer = wb_rl_line_buffer() else { return nil }
        let bytes = Array(String(cString: buffer).utf8.prefix(Int(wb_rl_point())))
        let prefix = String(decoding: bytes, as: UTF8.self)
        let candidates = completer?(prefix) ?? []
        guard !candidates.isEmpty else { return nil }
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
