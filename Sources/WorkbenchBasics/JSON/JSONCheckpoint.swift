/// A place in checked JSON text where a value starts, with the containers
/// open around it: enough for a formatter to lay out the text from there on
/// its own (`JSONFormatter.formatInSegments`), so that a large body can be
/// printed by two threads, each taking a stretch between two checkpoints.
///
/// The check passes every value anyway (`JSONTokenizer.recordCheckpoints`),
/// so noting one every few dozen KiB costs a compare per value and a few
/// bytes per checkpoint; finding such places afterwards would cost a pass.
public struct JSONCheckpoint: Equatable, Sendable {
    /// The offset of the value's first byte.
    public var offset: Int
    /// How many containers are open around the value (at most 64).
    public var depth: Int
    /// One bit per open container, from the outermost (bit 0), set for objects.
    public var levels: UInt64

    public init(offset: Int, depth: Int, levels: UInt64) {
        self.offset = offset
        self.depth = depth
        self.levels = levels
    }

    /// Checkpoints cover only the first 64 levels (one word of bits).
    public static let deepestLevel = 64
}
