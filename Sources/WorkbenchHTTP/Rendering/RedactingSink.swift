import WorkbenchBasics

/// The one place output passes through redaction on its way out: every line,
/// error and body byte written through it has the known secrets masked.
///
/// Bodies arrive in chunks, and a secret may be cut by a chunk boundary; the
/// bytes that could begin a secret are held back until the next write or
/// `finish()`, so no chunking reveals one.
public final class RedactingSink: OutputSink {
    public let base: OutputSink
    public var redactor: SecretRedactor {
        didSet { finish() }
    }
    private var held: [UInt8] = []

    public init(_ base: OutputSink, redactor: SecretRedactor = .none) {
        self.base = base
        self.redactor = redactor
    }

    public func printLine(_ text: String) {
        finish()
        base.printLine(redactor.redact(text))
    }

    public func printError(_ text: String) {
        finish()
        base.printError(redactor.redact(text))
    }

    public func writeBytes(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    public func write(_ buffer: UnsafeBufferPointer<UInt8>) {
        if redactor.isEmpty {
            finish()
            base.write(buffer)
            return
        }
        var output: [UInt8] = []
        output.reserveCapacity(buffer.count + held.count)
        if held.isEmpty {
            let stop = redactor.scan(buffer, final: false, into: &output)
            held = Array(buffer[stop...])
        } else {
            let joined = held + Array(buffer)
            let stop = joined.withUnsafeBufferPointer { redactor.scan($0, final: false, into: &output) }
            held = Array(joined[stop...])
        }
        if !output.isEmpty { output.withUnsafeBufferPointer { base.write($0) } }
    }

    /// Flushes the sink below; bytes that could begin a secret stay held back.
    public func flush() {
        base.flush()
    }

    /// Writes out what was held back: the output ended without completing a secret.
    public func finish() {
        guard !held.isEmpty else { return }
        let rest = held
        held = []
        rest.withUnsafeBufferPointer { base.write($0) }
    }
}
