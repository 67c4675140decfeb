import WorkbenchBasics

/// Collects everything a command or a renderer prints, in memory.
public final class RecordingOutput: OutputSink {
    public var lines: [String] = []
    public var bytes: [UInt8] = []
    public var errors: [String] = []

    public init() {}

    public func printLine(_ text: String) { lines.append(text) }
    public func writeBytes(_ bytes: [UInt8]) { self.bytes += bytes }
    public func printError(_ text: String) { errors.append(text) }
}
