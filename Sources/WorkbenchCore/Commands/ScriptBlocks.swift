import WorkbenchBasics
import WorkbenchSessions

/// A script's statements once its blocks are read: a line as typed, `if CHECK` ... `else`
/// ... `end`, or `repeat N` ... `end`. Each keeps the line number it came from, for errors.
public indirect enum ScriptStatement: Equatable, Sendable {
    case line(String, number: Int)
    case conditional(Expectation, number: Int, then: [ScriptStatement], otherwise: [ScriptStatement])
    case repetition(count: Int, number: Int, body: [ScriptStatement])
}

/// The bounds of a script's blocks, named in the errors that keep them.
public enum ScriptBounds {
    /// The most times one `repeat` runs its block.
    public static let repeatCount = 10_000
    /// How deep `if` and `repeat` blocks nest.
    public static let nestingDepth = 16
    /// The most runs of the innermost block that nested `repeat`s multiply to.
    public static let nestedRepeats = 1_000_000
    /// The most lines a block holds (they are kept until its `end`).
    public static let blockLines = 100_000
    /// The most one `sleep` waits.
    public static let sleepSeconds = 3600.0
    /// The most all of a script's `sleep`s wait together.
    public static let totalSleepSeconds = 3600.0
}

/// Reads a script line by line into statements: an ordinary line goes out at once, a block
/// when its outermost `end` arrives. Pure: the interpreter runs what it gives.
public struct ScriptBlockReader {
    private struct OpenBlock {
        enum Kind {
            case conditional(Expectation)
            case repetition(Int)
            /// An `if` or `repeat` line that was refused: kept so its `end` still matches.
            case refused
        }
        let kind: Kind
        let number: Int
        let keyword: String
        var then: [ScriptStatement] = []
        var otherwise: [ScriptStatement] = []
        var inElse = false
        var elseLine: Int?
    }

    private var open: [OpenBlock] = []
    /// The terminator of a `body <<END` block inside an open block: its lines are body text.
    private var heredocTerminator: String?
    private var lines = 0
    /// A line of the open block was refused: the block is read to its `end`, not run.
    private var refused = false

    public init() {}

    /// Whether a block is open (its lines are being kept until `end`).
    public var isInsideBlock: Bool { !open.isEmpty }

    /// The statement `line` completes: nil while a block is still open. `bodyPending`: the
    /// interpreter is inside a top-level `body <<END`, so the line is body text, never a keyword.
    public mutating func read(_ line: String, number: Int, bodyPending: Bool = false) throws(WorkbenchError) -> ScriptStatement? {
        if open.isEmpty && bodyPending { return .line(line, number: number) }
        do throws(WorkbenchError) {
            return try readLine(line, number: number)
        } catch {
            // The rest of the block is still read (so its `end` closes it), but it will not run.
            guard let outermost = open.first else { throw error }
            refused = true
            throw error.mapMessage { "\($0); the block `\(outermost.keyword)` (line \(outermost.number)) will not run" }
        }
    }

    private mutating func readLine(_ line: String, number: Int) throws(WorkbenchError) -> ScriptStatement? {
        if let terminator = heredocTerminator {
            if line.trimmingSpaces() == terminator { heredocTerminator = nil }
            try append(.line(line, number: number))
            return nil
        }
        let trimmed = line.trimmingSpaces()
        let words = trimmed.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        let keyword = words.first.map { $0.lowercased() } ?? ""
        let rest = words.count > 1 ? String(words[1]).trimmingSpaces() : ""
        switch keyword {
        case "if":
            let check: Expectation
            do throws(WorkbenchError) {
                check = try Expectation.parse(rest)
            } catch {
                try refuseOpening("if \(rest)", number: number)
                throw error.mapMessage { "if: \($0); `if` takes a check as `expect` does, as in `if status 200`" }
            }
            try openBlock(OpenBlock(kind: .conditional(check), number: number, keyword: "if \(rest)"))
            return nil
        case "repeat":
            guard let count = Int(rest), count >= 0 else {
                try refuseOpening("repeat \(rest)", number: number)
                throw WorkbenchError("repeat: expected a number of times, as in `repeat 3`, got \(Excerpt.quoted(rest))")
            }
            guard count <= ScriptBounds.repeatCount else {
                try refuseOpening("repeat \(rest)", number: number)
                throw WorkbenchError("repeat: \(count) is more than \(ScriptBounds.repeatCount), the most times a block repeats")
            }
            let outer = open.reduce(1) { product, block in
                if case .repetition(let times) = block.kind { return product * max(times, 1) }
                return product
            }
            guard outer * max(count, 1) <= ScriptBounds.nestedRepeats else {
                try refuseOpening("repeat \(rest)", number: number)
                throw WorkbenchError(
                    "repeat: nested repeats would run the inner block \(outer * count) times, more than \(ScriptBounds.nestedRepeats) (the bound on nested repeats)"
                )
            }
            try openBlock(OpenBlock(kind: .repetition(count), number: number, keyword: "repeat \(rest)"))
            return nil
        case "else":
            guard rest.isEmpty else { throw WorkbenchError("else: expected nothing after `else`, got \(Excerpt.quoted(rest))") }
            guard var block = open.popLast() else { throw WorkbenchError("else: no `if` is open") }
            guard case .conditional = block.kind else {
                open.append(block)
                throw WorkbenchError("else: the open block is `\(block.keyword)` (line \(block.number)), not an `if`")
            }
            if let elseLine = block.elseLine {
                open.append(block)
                throw WorkbenchError("else: this `if` (line \(block.number)) already has its `else` (line \(elseLine))")
            }
            block.inElse = true
            block.elseLine = number
            open.append(block)
            return nil
        case "end":
            guard rest.isEmpty else { throw WorkbenchError("end: expected nothing after `end`, got \(Excerpt.quoted(rest))") }
            guard let block = open.popLast() else { throw WorkbenchError("end: no `if` or `repeat` is open") }
            let statement: ScriptStatement
            switch block.kind {
            case .conditional(let check):
                statement = .conditional(check, number: block.number, then: block.then, otherwise: block.otherwise)
            case .repetition(let count):
                statement = .repetition(count: count, number: block.number, body: block.then)
            case .refused:
                statement = .line("", number: block.number)
            }
            if open.isEmpty {
                defer { refused = false }
                return refused ? nil : statement
            }
            try append(statement)
            return nil
        default:
            guard !open.isEmpty else { return .line(line, number: number) }
            switch try? CommandParser.parse(line) {
            case .heredoc(_, let terminator)?, .graphqlHeredoc(_, let terminator)?: heredocTerminator = terminator
            default: break
            }
            try append(.line(line, number: number))
            return nil
        }
    }

    /// At the end of the script: an open block is an error naming the line that opened it.
    public func finish() throws(WorkbenchError) {
        guard let innermost = open.last else { return }
        if let terminator = heredocTerminator {
            throw WorkbenchError(
                "end of input inside `body <<\(terminator)` in the block `\(innermost.keyword)` (line \(innermost.number))")
        }
        throw WorkbenchError("`\(innermost.keyword)` (line \(innermost.number)) has no `end`: the block was not run")
    }

    /// The line that opened the outermost open block (where an unfinished script's error points).
    public var openingLine: Int? { open.first?.number }

    /// An opening line that was refused: a stand-in keeps its `end` matched, so with
    /// `--keep-going` the block's lines are passed over, not run as if outside it.
    private mutating func refuseOpening(_ keyword: String, number: Int) throws(WorkbenchError) {
        try openBlock(OpenBlock(kind: .refused, number: number, keyword: keyword))
    }

    private mutating func openBlock(_ block: OpenBlock) throws(WorkbenchError) {
        guard open.count < ScriptBounds.nestingDepth else {
            throw WorkbenchError(
                "\(block.keyword.split(separator: " ").first ?? ""): blocks nested more than \(ScriptBounds.nestingDepth) deep (the bound on nesting)"
            )
        }
        if open.isEmpty { lines = 0 }
        open.append(block)
    }

    private mutating func append(_ statement: ScriptStatement) throws(WorkbenchError) {
        lines += 1
        guard lines <= ScriptBounds.blockLines, let index = open.indices.last else {
            let first = open.first
            open.removeAll()
            heredocTerminator = nil
            throw WorkbenchError(
                "the block `\(first?.keyword ?? "")` (line \(first?.number ?? 0)) holds more than \(ScriptBounds.blockLines) lines (the bound on a block)"
            )
        }
        if open[index].inElse { open[index].otherwise.append(statement) } else { open[index].then.append(statement) }
    }
}
