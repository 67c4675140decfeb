import WorkbenchBasics

/// Fake files for `body @FILE`, `load` and `save`.
public final class FakeFiles {
    public var contents: [String: [UInt8]]
    public init(_ contents: [String: [UInt8]]) { self.contents = contents }

    public func read(_ path: String) throws(WorkbenchError) -> [UInt8] {
        guard let bytes = contents[path] else { throw WorkbenchError("cannot read '\(path)': No such file or directory") }
        return bytes
    }
}
