/// Where output goes. The executable writes to the terminal; tests collect it.
public protocol OutputSink: AnyObject {
    /// Text for standard output (a newline is added).
    func printLine(_ text: String)
    /// Raw bytes for standard output, as they are.
    func writeBytes(_ bytes: [UInt8])
    /// One line for standard error (`warning: ...`, progress notes).
    func printError(_ text: String)
    /// Raw bytes for standard output, straight from a buffer (large bodies: no copy needed).
    func write(_ buffer: UnsafeBufferPointer<UInt8>)
    /// Puts out what is buffered now: a streamed body is shown event by event.
    func flush()
}

extension OutputSink {
    public func flush() {}

    public func write(_ buffer: UnsafeBufferPointer<UInt8>) {
        writeBytes(Array(buffer))
    }
}
