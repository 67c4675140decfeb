import Foundation

/// The fuzz targets' seed inputs (Fuzz/Corpus/TARGET/), which the unit tests check with each
/// target's property.
public enum FuzzCorpus {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/Corpus").standardized

    /// Each seed of the fuzz target `target`, by name, in name order.
    public static func seeds(_ target: String) throws -> [(String, [UInt8])] {
        let folder = folder.appendingPathComponent(target)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            (name, Array(try Data(contentsOf: folder.appendingPathComponent(name))))
        }
    }
}
