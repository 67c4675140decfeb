import Synchronization

/// The colours the formatter puts around each kind of token: ANSI SGR start
/// sequences, each coloured token being followed by `JSONPalette.reset`.
/// An empty sequence leaves that kind of token plain, with no reset either.
public struct JSONPalette: Equatable, Sendable {
    public var key: [UInt8]
    public var string: [UInt8]
    public var number: [UInt8]
    /// `true`, `false` and `null`.
    public var literal: [UInt8]
    /// `{ } [ ] , :`
    public var punctuation: [UInt8]

    public init(key: [UInt8], string: [UInt8], number: [UInt8], literal: [UInt8], punctuation: [UInt8]) {
        self.key = key
        self.string = string
        self.number = number
        self.literal = literal
        self.punctuation = punctuation
    }

    /// Blue bold keys, green strings, cyan numbers, yellow literals; the
    /// punctuation stays in the terminal's own colour, so the values stand out.
    public static let standard = JSONPalette(
        key: Array("\u{1B}[34;1m".utf8),
        string: Array("\u{1B}[32m".utf8),
        number: Array("\u{1B}[36m".utf8),
        literal: Array("\u{1B}[33m".utf8),
        punctuation: []
    )

    public static let reset: [UInt8] = Array("\u{1B}[0m".utf8)
}

/// A streaming pretty-printer for response bodies, laid out like `jq .`.
///
/// It copies token bytes rather than parsing values: every string and number
/// comes out exactly as received, and a 40 MB body costs one pass over the
/// input and a reused 64 KiB output buffer, with no allocation per token.
/// Tokens come from `JSONTokenizer`, the same one that checks and parses.
///
/// `formatIfValid` checks while it prints (one pass) and emits nothing for
/// input that is not JSON; `format` lays out anything, however broken, token
/// by token, and always ends at the last byte without reading past it.
public enum JSONFormatter {
    /// Output reaches `emit` in chunks of exactly this size, then one last partial chunk.
    public static let chunkSize = 64 * 1024
    /// Room after a chunk's end that short copies may scribble on (they copy
    /// 16 or 32 bytes whatever the length, and the next write covers the excess).
    static let chunkSlack = 64

    /// How much output `formatIfValid` holds back while the input is not yet
    /// known to be valid. A body whose output fits is checked and printed in
    /// one pass; past it, the rest of the input is checked ahead (on a copy
    /// of the tokenizer) before anything is released, so memory stays bounded.
    public static let heldOutputLimit = 16 * chunkSize

    /// Indentation stops growing at this depth. Printing N nested arrays one
    /// per line with full indentation takes about 2N² bytes, 20 GB for
    /// 100,000 levels, and no one reads columns past 200 anyway; the
    /// brackets still show the structure.
    public static let maximumIndentDepth = 100

    /// One output buffer kept from one format to the next: a response printed every
    /// request allocated and freed 64 KiB, and glibc's `free` of a block that size
    /// sweeps its lists of small blocks each time.
    /// Its address; 0 when none is kept (a pointer is not `Sendable`, its bits are).
    private static let spareBuffer = Atomic<Int>(0)

    /// The kept buffer (a chunk and its slack), or a new one when another format holds it.
    static func takeSpareBuffer() -> UnsafeMutablePointer<UInt8> {
        UnsafeMutablePointer(bitPattern: spareBuffer.exchange(0, ordering: .acquiring))
            ?? .allocate(capacity: chunkSize + chunkSlack)
    }

    /// Keeps `buffer` for the next format, or frees it when one is kept already.
    static func keepSpareBuffer(_ buffer: UnsafeMutablePointer<UInt8>) {
        if !spareBuffer.compareExchange(expected: 0, desired: Int(bitPattern: buffer), ordering: .releasing).exchanged {
            buffer.deallocate()
        }
    }

    /// Pretty-prints `input` with a 2-space indent, keys in the input's order,
    /// every string and number byte-for-byte as received; `palette` nil means
    /// no colour. Output goes to `emit` in chunks of `chunkSize` bytes (and a
    /// final partial chunk) and ends with a newline; a chunk is valid only
    /// during the call that receives it. Input with no token at all (empty
    /// or only white space) produces no output. It does not check: input
    /// already known to be valid (`JSONBodyCheck`) is printed in this one pass.
    /// `escapingControls` and `skippingByteOrderMark`: see `formatIfValid`.
    public static func format(
        _ input: UnsafeBufferPointer<UInt8>, palette: JSONPalette?, escapingControls: Bool = false,
        skippingByteOrderMark: Bool = false, emit: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var capped = false
        format(
            input, palette: palette, escapingControls: escapingControls, skippingByteOrderMark: skippingByteOrderMark,
            indentCapped: &capped, emit: emit)
    }

    /// `format`, setting `indentCapped` when the input nests deeper than
    /// `maximumIndentDepth` (its indentation stopped growing there), so that the caller can say so.
    public static func format(
        _ input: UnsafeBufferPointer<UInt8>, palette: JSONPalette?, escapingControls: Bool = false,
        skippingByteOrderMark: Bool = false, indentCapped: inout Bool, emit: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        let capped = withoutActuallyEscaping(emit) { emit in
            var printer = Printer(
                tokenizer: JSONTokenizer(input, checking: false, skippingByteOrderMark: skippingByteOrderMark), palette: palette,
                escapingControls: escapingControls, holding: false, emit: emit)
            printer.runChecked()
            printer.release()
            return printer.indentCapped
        }
        if capped { indentCapped = true }
    }

    /// How much output a buffer of `formatInSegments` holds, and how many
    /// each thread has. A buffer takes a whole stretch between two checkpoints
    /// (64 KiB of input, about 150 KiB of coloured output), so a stretch is
    /// usually one handover; two let a thread lay out the next stretch while
    /// the last one waits to be written. Measured on the 40 MB body: 32, 64
    /// and 128 KiB buffers, three or four each, took 1.2-2.3x as long, as
    /// every handover may wake the other thread; 512 KiB gained nothing.
    public static let segmentChunkSize = 256 * 1024
    public static let segmentBuffersEach = 2

    /// `format` for input whose `checkpoints` the check noted: the stretches
    /// between checkpoints are laid out by two threads (the calling one and
    /// another), each taking the next one free, and whichever finds output of
    /// the stretch due writes it, so a large body's formatting and writing
    /// are shared by two cores. Output is exactly `format`'s (in other
    /// chunks); `emit` is called from either thread, never from both at once.
    /// `indentCapped` as `format` sets it.
    public static func formatInSegments(
        _ input: UnsafeBufferPointer<UInt8>, checkpoints: [JSONCheckpoint], palette: JSONPalette?,
        escapingControls: Bool = false, skippingByteOrderMark: Bool = false,
        chunkSize: Int = segmentChunkSize, buffersEach: Int = segmentBuffersEach, emit: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var capped = false
        formatInSegments(
            input, checkpoints: checkpoints, palette: palette, escapingControls: escapingControls,
            skippingByteOrderMark: skippingByteOrderMark, chunkSize: chunkSize, buffersEach: buffersEach,
            indentCapped: &capped, emit: emit)
    }

    public static func formatInSegments(
        _ input: UnsafeBufferPointer<UInt8>, checkpoints: [JSONCheckpoint], palette: JSONPalette?,
        escapingControls: Bool = false, skippingByteOrderMark: Bool = false,
        chunkSize: Int = segmentChunkSize, buffersEach: Int = segmentBuffersEach, indentCapped: inout Bool,
        emit: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        // The first stretch starts where the text does, with nothing open.
        let first = skippingByteOrderMark && JSONTokenizer.hasByteOrderMark(input) ? 3 : 0
        var starts = [JSONCheckpoint(offset: first, depth: 0, levels: 0)]
        for checkpoint in checkpoints where checkpoint.offset > starts[starts.count - 1].offset && checkpoint.offset < input.count {
            starts.append(checkpoint)
        }
        let chunks = OrderedChunks(segments: starts.count, chunkSize: chunkSize, slack: chunkSlack, buffersEach: buffersEach)
        let found = withoutActuallyEscaping(emit) { emit in
            let job = SegmentJob(
                input: input, starts: starts, palette: palette, escapingControls: escapingControls,
                chunks: chunks, emit: emit)
            let capped = CappedFlag()
            WorkerThreads.run(1, { _ in capped.note(job.run(producer: 1)) }, meanwhile: { capped.note(job.run(producer: 0)) })
            chunks.writeDue(emit)
            return capped.value.withLock { $0 }
        }
        if found { indentCapped = true }
    }

    /// Whether either thread of `formatInSegments` met a value nested past `maximumIndentDepth`.
    private final class CappedFlag: Sendable {
        let value = Mutex(false)
        func note(_ capped: Bool) { if capped { value.withLock { $0 = true } } }
    }

    /// What each thread of `formatInSegments` needs. The input is read-only
    /// and outlives the threads, and so does `emit`, which `OrderedChunks`
    /// calls from one thread at a time (`formatInSegments` waits for both).
    private struct SegmentJob: @unchecked Sendable {
        let input: UnsafeBufferPointer<UInt8>
        let starts: [JSONCheckpoint]
        let palette: JSONPalette?
        let escapingControls: Bool
        let chunks: OrderedChunks
        let emit: (UnsafeBufferPointer<UInt8>) -> Void

        /// Lays out stretches until none is left; whether one nested deeper than `maximumIndentDepth`.
        func run(producer: Int) -> Bool {
            let filler = OrderedChunks.Filler(chunks, producer: producer, emit: emit)
            var printer: Printer?
            while let (segment, buffer) = filler.begin() {
                if printer == nil {
                    printer = Printer(
                        tokenizer: JSONTokenizer(input, checking: false), palette: palette,
                        escapingControls: escapingControls, holding: false,
                        handingOverTo: filler, firstBuffer: buffer, emit: { _ in })
                }
                let end = segment + 1 < starts.count ? starts[segment + 1].offset : Int.max
                printer?.layOut(from: starts[segment], to: end, into: buffer)
                filler.end(count: printer?.filled ?? 0)
            }
            printer?.release()
            return printer?.indentCapped ?? false
        }
    }

    /// Pretty-prints `input` into one array: for tests and small bodies.
    public static func format(_ input: [UInt8], palette: JSONPalette?, escapingControls: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        input.withUnsafeBufferPointer { buffer in
            format(buffer, palette: palette, escapingControls: escapingControls) { chunk in output.append(contentsOf: chunk) }
        }
        return output
    }

    /// Checks and pretty-prints one JSON value in the same pass, as `format`
    /// lays it out. Returns nil when `input` was one valid value and all of
    /// its output went to `emit`; otherwise the failure, and nothing was
    /// emitted. This is the per-value entry point: a response is one value,
    /// a JSON Lines body one per line (see `JSONSequence`).
    ///
    /// `escapingControls` is for a terminal: DEL and the C1 controls
    /// (U+0080..U+009F), which JSON allows raw inside strings, are written as
    /// the JSON escape `\u007f`, so the output still reads as the same JSON
    /// document and the terminal never interprets them. `skippingByteOrderMark`
    /// passes over a leading UTF-8 BOM.
    public static func formatIfValid(
        _ input: UnsafeBufferPointer<UInt8>, palette: JSONPalette?, escapingControls: Bool = false,
        skippingByteOrderMark: Bool = false, emit: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> JSONSyntax.Failure? {
        var capped = false
        return formatIfValid(
            input, palette: palette, escapingControls: escapingControls,
            skippingByteOrderMark: skippingByteOrderMark, indentCapped: &capped, emit: emit)
    }

    /// `formatIfValid`, setting `indentCapped` when the value nests deeper than `maximumIndentDepth`.
    public static func formatIfValid(
        _ input: UnsafeBufferPointer<UInt8>, palette: JSONPalette?, escapingControls: Bool = false,
        skippingByteOrderMark: Bool = false, indentCapped: inout Bool, emit: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> JSONSyntax.Failure? {
        let (failure, capped) = withoutActuallyEscaping(emit) { emit in
            var printer = Printer(
                tokenizer: JSONTokenizer(input, skippingByteOrderMark: skippingByteOrderMark), palette: palette,
                escapingControls: escapingControls, holding: true, emit: emit)
            printer.run()
            printer.release()
            return (printer.problem.map { JSONSyntax.failure(at: $0.offset, reason: $0.reason, in: input) }, printer.indentCapped)
        }
        if failure == nil && capped { indentCapped = true }
        return failure
    }

    /// `formatIfValid` into one array: nil output when the input is not one valid value.
    public static func formatIfValid(
        _ input: [UInt8], palette: JSONPalette?, escapingControls: Bool = false, skippingByteOrderMark: Bool = false
    ) -> Result<[UInt8], JSONSyntax.Failure> {
        var output: [UInt8] = []
        let failure = input.withUnsafeBufferPointer { buffer in
            formatIfValid(buffer, palette: palette, escapingControls: escapingControls, skippingByteOrderMark: skippingByteOrderMark) {
                chunk in
                output.append(contentsOf: chunk)
            }
        }
        if let failure { return .failure(failure) }
        return .success(output)
    }

    /// A colour start sequence and its length, inside the printer's table.
    private struct Style {
        var start: UnsafePointer<UInt8>
        var count: Int
    }

    /// The colour sequences one after the other, then ": ", "," and "\n"
    /// and the deepest indentation, so every piece of output that is not input
    /// is copied from here. Made once for each palette: building it was a third
    /// of printing a small body (Benchmarks/README.md, "Fourth round": with media types and
    /// trimming by bytes, 218,000 to 209,600 instructions a GET, `scale.py --only i`).
    /// Never written after `init`, hence Sendable.
    private final class StyleTable: @unchecked Sendable {
        let palette: JSONPalette?
        let table: UnsafeMutablePointer<UInt8>
        let keyStyle, stringStyle, numberStyle, literalStyle, punctuationStyle, reset: Style
        /// What follows a key when punctuation is plain: the reset (when the
        /// key is coloured) and ": ".
        let keyEnd: Style
        /// "\n" followed by `2 * maximumIndentDepth` spaces, with "," just before it.
        let lineBreak: UnsafePointer<UInt8>

        /// The tables made so far, one per palette (there are two: none and the standard one).
        private static let made = Mutex<[StyleTable]>([])
        private static let keptTables = 4

        static func table(for palette: JSONPalette?) -> StyleTable {
            made.withLock { tables in
                if let found = tables.first(where: { $0.palette == palette }) { return found }
                let table = StyleTable(palette: palette)
                if tables.count < keptTables { tables.append(table) }
                return table
            }
        }

        private init(palette: JSONPalette?) {
            self.palette = palette
            let sequences: [[UInt8]] =
                palette.map { [$0.key, $0.string, $0.number, $0.literal, $0.punctuation, JSONPalette.reset] }
                ?? [[], [], [], [], [], []]
            let indentCount = 1 + 2 * JSONFormatter.maximumIndentDepth
            let tableCount = sequences.reduce(indentCount + 3) { $0 + $1.count }
            table = .allocate(capacity: tableCount + 16)
            (table + tableCount).initialize(repeating: 0, count: 16)
            var styles: [Style] = []
            var offset = 0
            for sequence in sequences {
                for byte in sequence {
                    table[offset] = byte
                    offset += 1
                }
                styles.append(Style(start: UnsafePointer(table + offset - sequence.count), count: sequence.count))
            }
            keyStyle = styles[0]
            stringStyle = styles[1]
            numberStyle = styles[2]
            literalStyle = styles[3]
            punctuationStyle = styles[4]
            reset = styles[5]
            for byte in ": ,".utf8 {
                table[offset] = byte
                offset += 1
            }
            // The reset only after a coloured key, as `write(_:count:style:)` does.
            keyEnd =
                keyStyle.count > 0
                ? Style(start: reset.start, count: reset.count + 2)
                : Style(start: reset.start + reset.count, count: 2)
            table[offset] = UInt8(ascii: "\n")
            (table + offset + 1).initialize(repeating: UInt8(ascii: " "), count: indentCount - 1)
            lineBreak = UnsafePointer(table + offset)
        }

        deinit { table.deallocate() }
    }

    private struct Printer {
        var tokenizer: JSONTokenizer
        let input: UnsafePointer<UInt8>?
        /// Tokens that end this far before the input's end may be read 32 bytes at a time.
        let wideReadLimit: UnsafePointer<UInt8>?
        let emit: (UnsafeBufferPointer<UInt8>) -> Void
        let escapingControls: Bool

        /// The output chunk being filled, and how much it holds before it goes out.
        var buffer: UnsafeMutablePointer<UInt8>
        let chunkCapacity: Int
        var filled = 0
        /// Set when the chunks are written in order by `formatInSegments`: a
        /// full chunk is handed over and the next one to fill comes back.
        let filler: OrderedChunks.Filler?
        /// Where the stretch being laid out ends (`formatInSegments`): the
        /// layout stops at the value that starts there.
        var segmentEnd = Int.max

        /// Whether full chunks are held back (in `held`) until the input is known to be valid.
        var holding: Bool
        var held: [UInt8] = []
        /// The input turned out not to be valid: nothing more is written.
        var stopped = false
        /// Why, when `holding` found the input not valid.
        var problem: JSONTokenizer.Problem?

        /// Holds `table`, which the styles below point into.
        let styles: StyleTable
        let table: UnsafeMutablePointer<UInt8>
        let keyStyle, stringStyle, numberStyle, literalStyle, punctuationStyle, reset: Style
        /// What follows a key when punctuation is plain: the reset (when the
        /// key is coloured) and ": ".
        let keyEnd: Style
        /// "\n" followed by `2 * maximumIndentDepth` spaces, with "," just before it.
        let lineBreak: UnsafePointer<UInt8>
        /// Commas and colons without colour: written with the line break or
        /// the key they go with, one copy instead of two (the grammar-driven layout).
        let fusesPunctuation: Bool

        /// One bit per open container, set for objects; a bit stack keeps a
        /// body of nothing but brackets from needing memory beyond an eighth of its size.
        var kinds: [UInt64] = []
        var depth = 0
        /// A container opened deeper than `maximumIndentDepth`: its lines were not indented further.
        var indentCapped = false

        /// `filler`: full chunks go there, instead of to `emit`, and
        /// `firstBuffer` (of its chunk size) is the first one filled.
        init(
            tokenizer: JSONTokenizer, palette: JSONPalette?, escapingControls: Bool, holding: Bool,
            handingOverTo filler: OrderedChunks.Filler? = nil, firstBuffer: UnsafeMutablePointer<UInt8>? = nil,
            emit: @escaping (UnsafeBufferPointer<UInt8>) -> Void
        ) {
            self.tokenizer = tokenizer
            self.input = tokenizer.base
            wideReadLimit = tokenizer.count >= 32 ? tokenizer.base.map { $0 + tokenizer.count - 32 } : nil
            self.emit = emit
            self.escapingControls = escapingControls
            self.holding = holding
            self.filler = filler
            chunkCapacity = filler?.chunkSize ?? JSONFormatter.chunkSize
            buffer =
                firstBuffer
                ?? (filler == nil
                    ? JSONFormatter.takeSpareBuffer()
                    : .allocate(capacity: chunkCapacity + JSONFormatter.chunkSlack))

            let styles = StyleTable.table(for: palette)
            self.styles = styles
            table = styles.table
            keyStyle = styles.keyStyle
            stringStyle = styles.stringStyle
            numberStyle = styles.numberStyle
            literalStyle = styles.literalStyle
            punctuationStyle = styles.punctuationStyle
            reset = styles.reset
            keyEnd = styles.keyEnd
            lineBreak = styles.lineBreak
            fusesPunctuation = punctuationStyle.count == 0 && !escapingControls
        }

        func release() {
            if filler == nil { JSONFormatter.keepSpareBuffer(buffer) }
        }

        // MARK: Output

        mutating func flush() {
            guard filled > 0 else { return }
            defer { filled = 0 }
            guard holding else {
                if let filler {
                    buffer = filler.handOver(count: filled)
                } else {
                    emit(UnsafeBufferPointer(start: buffer, count: filled))
                }
                return
            }
            guard !stopped else { return }
            held.append(contentsOf: UnsafeBufferPointer(start: buffer, count: filled))
            if held.count >= JSONFormatter.heldOutputLimit && tokenizer.checking {
                // Too much to hold: check the rest of the input before releasing any of it.
                var probe = tokenizer
                if probe.checkToEnd() {
                    tokenizer.stopChecking()
                    releaseHeld()
                } else {
                    problem = probe.problem
                    stopped = true
                    held = []
                }
            }
        }

        /// Emits the held output, in chunks of `chunkSize` and a last partial one, and stops holding.
        mutating func releaseHeld() {
            holding = false
            held.withUnsafeBufferPointer { all in
                var start = 0
                while start < all.count {
                    let end = min(start + chunkCapacity, all.count)
                    emit(UnsafeBufferPointer(rebasing: all[start..<end]))
                    start = end
                }
            }
            held = []
        }

        @inline(__always)
        mutating func write(_ source: UnsafePointer<UInt8>, count: Int) {
            if count <= chunkCapacity - filled {
                Self.copy(source, to: buffer + filled, count: count)
                filled += count
            } else {
                writeAcrossChunks(source, count: count)
            }
        }

        /// Copies without a call to `memmove` for the short pieces most
        /// tokens, colours and indents are: two overlapping loads and stores
        /// that never read or write outside either range.
        @inline(__always)
        static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
            let from = UnsafeRawPointer(source)
            let to = UnsafeMutableRawPointer(target)
            switch count {
            case 8...16:
                let head = from.loadUnaligned(as: UInt64.self)
                let tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                to.storeBytes(of: head, as: UInt64.self)
                to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
            case 4..<8:
                let head = from.loadUnaligned(as: UInt32.self)
                let tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                to.storeBytes(of: head, as: UInt32.self)
                to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
            case 1..<4:
                target[0] = source[0]
                target[count >> 1] = source[count >> 1]
                target[count - 1] = source[count - 1]
            case 0:
                break
            default:
                target.update(from: source, count: count)
            }
        }

        /// Appends `count` bytes (at most 32, with room in the chunk) copied as
        /// one 32-byte block, whatever `count` is: `source` must have 32
        /// readable bytes, and the bytes past `count` are overwritten next.
        /// With the grammar-driven layout it took the 40 MB document's `format`
        /// from 91 to 56 ms (Benchmarks/README.md, "Printing: the formatting pass";
        /// not measured apart from it), and the key-and-colon block took the
        /// two-thread print from 45-52 to 45-47 ms ("Printing on two threads").
        @inline(__always)
        mutating func appendBlock(_ source: UnsafePointer<UInt8>, count: Int) {
            let target = UnsafeMutableRawPointer(buffer + filled)
            Self.copy16(source, to: target)
            Self.copy16(source + 16, to: target + 16)
            filled += count
        }

        @inline(__always)
        static func copy16(_ source: UnsafePointer<UInt8>, to target: UnsafeMutableRawPointer) {
            target.storeBytes(of: UnsafeRawPointer(source).loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
        }

        mutating func writeAcrossChunks(_ source: UnsafePointer<UInt8>, count: Int) {
            var source = source
            var remaining = count
            while remaining > 0 {
                if filled == chunkCapacity { flush() }
                let piece = min(remaining, chunkCapacity - filled)
                (buffer + filled).update(from: source, count: piece)
                filled += piece
                source += piece
                remaining -= piece
            }
        }

        @inline(__always)
        mutating func write(_ byte: UInt8) {
            if filled == chunkCapacity { flush() }
            buffer[filled] = byte
            filled += 1
        }

        @inline(__always)
        mutating func write(_ source: UnsafePointer<UInt8>, count: Int, style: Style) {
            if style.count == 0 {
                if count <= 32, let limit = wideReadLimit, source <= limit, count <= chunkCapacity - filled {
                    appendBlock(source, count: count)
                } else {
                    write(source, count: count)
                }
            } else {
                write(source, count: count, style: style, end: reset)
            }
        }

        /// `style`, the token's bytes, then `end`: the reset, or a key's
        /// reset and ": " (`keyEnd`).
        @inline(__always)
        mutating func write(_ source: UnsafePointer<UInt8>, count: Int, style: Style, end: Style) {
            let total = style.count + count + end.count
            if count <= 32, style.count <= 16, end.count <= 16, let limit = wideReadLimit, source <= limit,
                total <= chunkCapacity - filled
            {
                // The usual case: a short token whose colour, bytes and end
                // fit; copied as fixed 16- and 32-byte blocks, with no branch on
                // the length (the bytes past each piece are overwritten by the next).
                let target = UnsafeMutableRawPointer(buffer + filled)
                Self.copy16(style.start, to: target)
                Self.copy16(source, to: target + style.count)
                Self.copy16(source + 16, to: target + style.count + 16)
                Self.copy16(end.start, to: target + style.count + count)
                filled += total
            } else if total <= chunkCapacity - filled {
                // All three pieces fit: one capacity check.
                Self.copy(style.start, to: buffer + filled, count: style.count)
                Self.copy(source, to: buffer + filled + style.count, count: count)
                Self.copy(end.start, to: buffer + filled + style.count + count, count: end.count)
                filled += total
            } else {
                write(style.start, count: style.count)
                write(source, count: count)
                write(end.start, count: end.count)
            }
        }

        @inline(__always)
        mutating func writePunctuation(_ byte: UInt8) {
            if punctuationStyle.count == 0 {
                write(byte)
            } else {
                write(punctuationStyle.start, count: punctuationStyle.count)
                write(byte)
                write(reset.start, count: reset.count)
            }
        }

        /// `{}` or `[]` on one line, as jq prints them, coloured as punctuation.
        mutating func writeEmptyContainer(_ open: UInt8, _ close: UInt8) {
            if punctuationStyle.count > 0 { write(punctuationStyle.start, count: punctuationStyle.count) }
            write(open)
            write(close)
            if punctuationStyle.count > 0 { write(reset.start, count: reset.count) }
        }

        /// A newline and the indentation of the current depth; `afterComma`
        /// puts a `,` before them in the same copy (`fusesPunctuation`: the
        /// table has it just before the newline).
        @inline(__always)
        mutating func breakLine(afterComma: Bool = false) {
            let start = afterComma ? lineBreak - 1 : lineBreak
            let count = (afterComma ? 2 : 1) + 2 * min(depth, JSONFormatter.maximumIndentDepth)
            if count <= 32, filled + count <= chunkCapacity {
                // Up to 15 levels: one fixed block (the table has the bytes to spare).
                appendBlock(start, count: count)
            } else {
                write(start, count: count)
            }
        }

        // MARK: Containers

        mutating func push(isObject: Bool) {
            let word = depth >> 6
            if word == kinds.count { kinds.append(0) }
            let bit: UInt64 = 1 << UInt64(depth & 63)
            if isObject { kinds[word] |= bit } else { kinds[word] &= ~bit }
            depth += 1
            if depth > JSONFormatter.maximumIndentDepth { indentCapped = true }
        }

        var insideObject: Bool {
            guard depth > 0 else { return false }
            return kinds[(depth - 1) >> 6] & (1 << UInt64((depth - 1) & 63)) != 0
        }

        // MARK: Strings on a terminal

        /// Writes a token's bytes with the characters a terminal would
        /// interpret as JSON `\u00XX` escapes: DEL, C1 controls (C2 80..C2 9F)
        /// and, in input that is not JSON anyway, C0 controls.
        mutating func writeEscapingControls(_ source: UnsafePointer<UInt8>, count: Int) {
            var runStart = 0
            var index = 0
            while index < count {
                let byte = source[index]
                var length = 0
                var value = byte
                if byte < 0x20 || byte == 0x7F {
                    length = 1
                } else if byte == 0xC2, index + 1 < count, source[index + 1] >= 0x80, source[index + 1] <= 0x9F {
                    length = 2
                    value = source[index + 1]
                } else if byte == 0xE2, index + 2 < count, let bidi = Self.bidiControl(source[index + 1], source[index + 2]) {
                    // U+202A..U+202E and U+2066..U+2069 would reorder the text shown after them.
                    write(source + runStart, count: index - runStart)
                    for byte in "\\u20".utf8 { write(byte) }
                    write(Self.hexDigit(bidi >> 4))
                    write(Self.hexDigit(bidi & 0x0F))
                    index += 3
                    runStart = index
                    continue
                }
                guard length > 0 else {
                    index += 1
                    continue
                }
                write(source + runStart, count: index - runStart)
                for byte in "\\u00".utf8 { write(byte) }
                write(Self.hexDigit(value >> 4))
                write(Self.hexDigit(value & 0x0F))
                index += length
                runStart = index
            }
            write(source + runStart, count: count - runStart)
        }

        /// The low byte of a bidirectional control encoded as E2 `second` `third`, or nil.
        static func bidiControl(_ second: UInt8, _ third: UInt8) -> UInt8? {
            if second == 0x80, third >= 0xAA, third <= 0xAE { return third - 0x80 }
            if second == 0x81, third >= 0xA6, third <= 0xA9 { return third - 0x80 + 0x40 }
            return nil
        }

        static func hexDigit(_ value: UInt8) -> UInt8 {
            value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
        }

        /// `@_transparent`: the optimizer left this call (once per token) out of line.
        @_transparent
        mutating func writeToken(_ source: UnsafePointer<UInt8>, count: Int, style: Style) {
            if escapingControls {
                writeEscapingControls(source, count: count, style: style)
            } else {
                write(source, count: count, style: style)
            }
        }

        mutating func writeEscapingControls(_ source: UnsafePointer<UInt8>, count: Int, style: Style) {
            if style.count > 0 { write(style.start, count: style.count) }
            writeEscapingControls(source, count: count)
            if style.count > 0 { write(reset.start, count: reset.count) }
        }

        // MARK: Layout

        /// Lays out the tokens as they come (any input, valid or not).
        /// `afterValue` and `expectKey`: the state to start in (see below), for
        /// taking over from `runChecked` part way.
        mutating func run(afterValue startAfterValue: Bool = false, expectKey startExpectKey: Bool = false) {
            guard let base = input else {
                _ = tokenizer.next()  // empty input: a problem when checking
                return finish(wroteAnything: false)
            }
            // A value (or key) has just been written; another one right after
            // it, which only broken input or a sequence has, goes on a new line.
            var afterValue = startAfterValue
            // The next string is a key: the last token was `{` or an object's `,`.
            var expectKey = startExpectKey
            var wroteAnything = startAfterValue || depth > 0
            // `{` or `[` not written yet: when the next token closes it, both
            // go on one line (`{}`, `[]`), as jq prints them.
            var pendingOpen: UInt8 = 0
            while !stopped {
                let token = tokenizer.checking ? tokenizer.nextChecked() : tokenizer.nextLenient()
                if holding, let found = tokenizer.problem {
                    // Not JSON: nothing of it is shown formatted.
                    problem = found
                    stopped = true
                    held = []
                    return
                }
                if pendingOpen != 0 {
                    let opensObject = pendingOpen == UInt8(ascii: "{")
                    if token.kind == (opensObject ? .endObject : .endArray) {
                        writeEmptyContainer(pendingOpen, opensObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                        pendingOpen = 0
                        afterValue = true
                        expectKey = false
                        continue
                    }
                    writePunctuation(pendingOpen)
                    push(isObject: opensObject)
                    breakLine()
                    pendingOpen = 0
                    afterValue = false
                    expectKey = opensObject
                }
                // The next stretch's printer lays out the rest (`formatInSegments`).
                if token.start >= segmentEnd { return }
                let start = token.start
                switch token.kind {
                case .end:
                    return finish(wroteAnything: wroteAnything)
                case .string:
                    if afterValue { breakLine() }
                    writeToken(base + start, count: token.end - start, style: expectKey ? keyStyle : stringStyle)
                    afterValue = true
                    expectKey = false
                case .comma:
                    writePunctuation(UInt8(ascii: ","))
                    breakLine()
                    afterValue = false
                    expectKey = insideObject
                case .colon:
                    writePunctuation(UInt8(ascii: ":"))
                    write(UInt8(ascii: " "))
                    afterValue = false
                    expectKey = false
                case .beginObject, .beginArray:
                    if afterValue { breakLine() }
                    pendingOpen = base[start]
                case .endObject, .endArray:
                    // Closing whatever is open, if anything.
                    if depth > 0 {
                        depth -= 1
                        breakLine()
                    } else if afterValue {
                        breakLine()
                    }
                    writePunctuation(base[start])
                    afterValue = true
                    expectKey = false
                case .literal, .number, .other:
                    if afterValue { breakLine() }
                    let style = token.kind == .number ? numberStyle : token.kind == .literal ? literalStyle : Style(start: table, count: 0)
                    writeToken(base + start, count: token.end - start, style: style)
                    afterValue = true
                    expectKey = false
                }
                wroteAnything = true
            }
        }

        /// Lays out input already checked to be one valid JSON value (the
        /// same layout as `run`), driven by the grammar: where the grammar
        /// leaves one choice (a key after `{` or an object's `,`, then `:`),
        /// nothing is dispatched on, so the branch that costs most per token,
        /// "what comes next", is taken about once a value instead of twice a
        /// token. The bytes of strings, numbers and literals are found by the
        /// tokenizer's own scanners. Anything the grammar does not allow (the
        /// input was not what the check saw) hands over to `run` where it is,
        /// so no byte is lost either way.
        /// `start`: where to begin, a value's first byte or white space before
        /// it (the tokenizer's position when nil), with `depth` and `kinds` set
        /// for the containers open there. The layout stops at `segmentEnd`.
        mutating func runChecked(from start: Int? = nil) {
            guard let base = input else { return finish(wroteAnything: false) }
            let count = tokenizer.count
            var index = start ?? tokenizer.position
            value: while true {
                guard JSONTokenizer.skipSpace(base, &index, count) else {
                    return handOver(at: index, afterValue: false, expectKey: false)
                }
                if index >= segmentEnd { return }
                let start = index
                let byte = base[index]
                if byte == UInt8(ascii: "\"") {
                    index = JSONTokenizer.endOfString(base, from: index + 1, end: count)
                    writeToken(base + start, count: index - start, style: stringStyle)
                } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    let opensObject = byte == UInt8(ascii: "{")
                    index += 1
                    if JSONTokenizer.skipSpace(base, &index, count),
                        base[index] == (opensObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                    {
                        writeEmptyContainer(byte, base[index])
                        index += 1
                    } else {
                        writePunctuation(byte)
                        push(isObject: opensObject)
                        breakLine()
                        if opensObject {
                            index = writeKey(base, at: index, count: count)
                            guard index >= 0 else { return }
                        }
                        continue value
                    }
                } else if JSONTokenizer.isLetter(byte) {
                    index = JSONTokenizer.endOfLetters(base, from: index + 1, count: count)
                    writeToken(base + start, count: index - start, style: literalStyle)
                } else if JSONTokenizer.isNumberByte(byte) {
                    index = JSONTokenizer.endOfNumberBytes(base, from: index + 1, count: count)
                    writeToken(base + start, count: index - start, style: numberStyle)
                } else {
                    return handOver(at: index, afterValue: false, expectKey: false)
                }
                // After a value: `,` and the next member, or the ends of containers.
                while true {
                    let more = JSONTokenizer.skipSpace(base, &index, count)
                    guard more, depth > 0 else {
                        if !more && depth == 0 { return finish(wroteAnything: true) }
                        return handOver(at: index, afterValue: true, expectKey: false)
                    }
                    let next = base[index]
                    let inObject = insideObject
                    if next == UInt8(ascii: ",") {
                        if fusesPunctuation {
                            breakLine(afterComma: true)
                        } else {
                            writePunctuation(next)
                            breakLine()
                        }
                        index += 1
                        if inObject {
                            index = writeKey(base, at: index, count: count)
                            guard index >= 0 else { return }
                        }
                        continue value
                    }
                    guard next == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                        return handOver(at: index, afterValue: true, expectKey: false)
                    }
                    depth -= 1
                    breakLine()
                    writePunctuation(next)
                    index += 1
                }
            }
        }

        /// Lays out the stretch from `start` to the value at `end` (`Int.max`:
        /// to the end of the input), filling `buffer` from its start.
        mutating func layOut(from start: JSONCheckpoint, to end: Int, into buffer: UnsafeMutablePointer<UInt8>) {
            self.buffer = buffer
            filled = 0
            depth = start.depth
            kinds = [start.levels]
            segmentEnd = end
            runChecked(from: start.offset)
        }

        /// Writes the key at `index` (after spaces) and its `:`; returns where
        /// the value starts, or -1 when the input did not have them there and
        /// the rest was laid out by `run` instead.
        @inline(__always)
        mutating func writeKey(_ base: UnsafePointer<UInt8>, at start: Int, count: Int) -> Int {
            var index = start
            guard JSONTokenizer.skipSpace(base, &index, count), base[index] == UInt8(ascii: "\"") else {
                handOver(at: index, afterValue: false, expectKey: true)
                return -1
            }
            let key = index
            let end = JSONTokenizer.endOfString(base, from: index + 1, end: count)
            index = end
            guard JSONTokenizer.skipSpace(base, &index, count), base[index] == UInt8(ascii: ":") else {
                writeToken(base + key, count: end - key, style: keyStyle)
                handOver(at: index, afterValue: true, expectKey: false)
                return -1
            }
            if fusesPunctuation {
                write(base + key, count: end - key, style: keyStyle, end: keyEnd)
            } else {
                writeToken(base + key, count: end - key, style: keyStyle)
                writePunctuation(UInt8(ascii: ":"))
                write(UInt8(ascii: " "))
            }
            return index + 1
        }

        /// Lays out the rest from `index` token by token (`run`), in the state given.
        mutating func handOver(at index: Int, afterValue: Bool, expectKey: Bool) {
            tokenizer.move(to: index)
            run(afterValue: afterValue, expectKey: expectKey)
        }

        /// Ends the output: a `{` or `[` still pending, the final newline, and
        /// (when holding) the verdict on what was held.
        mutating func finish(wroteAnything: Bool) {
            if wroteAnything { write(UInt8(ascii: "\n")) }
            flush()
            if holding && !stopped {
                if let found = tokenizer.problem {
                    problem = found
                    held = []
                } else {
                    releaseHeld()
                }
            }
        }
    }
}
