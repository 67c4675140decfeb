/// A response body checked as JSON while it arrived, so that printing it is
/// one pass over bytes already known to be valid.
///
/// The transport feeds each piece of the body as it comes (`add`), which
/// checks the new bytes while they are still in the cache and while the
/// server is still sending; `finish` gives the verdict once the body is
/// complete. A token cut by the end of a piece is taken up again from its
/// start with the next piece; one that grows past `longestPendingToken`
/// (a huge string arriving in many pieces) ends the check, so no piece is
/// rescanned over and over: the body is then checked when printed instead.
public struct JSONBodyCheck {
    /// The verdict: valid, or where and why not. Stored on the response.
    public enum Verdict: Equatable, Sendable {
        case valid
        case invalid(JSONSyntax.Failure)
    }

    /// Media types checked while they arrive: one JSON value (not sequences, which are split first).
    public static func applies(toMediaType type: String) -> Bool {
        JSONMediaType.isJSON(type) && !JSONMediaType.isJSONSequence(type)
    }

    public static let longestPendingToken = 1 << 20

    /// How far apart the check notes checkpoints (`JSONCheckpoint`), for
    /// printing a large body on two threads: stretches of about this size are
    /// what the threads take turns on.
    public static let checkpointSpacing = 64 << 10

    private var tokenizer: JSONTokenizer?
    private var gaveUp = false
    /// The checkpoints of a body found valid (`finish`); empty otherwise.
    public private(set) var checkpoints: [JSONCheckpoint] = []

    public init() {}

    /// `body` is everything received so far (including earlier pieces).
    public mutating func add(_ body: UnsafeBufferPointer<UInt8>) {
        guard !gaveUp else { return }
        // The byte order mark is decided once three bytes are there.
        if tokenizer == nil {
            guard body.count >= 3 else { return }
            tokenizer = JSONTokenizer(body, skippingByteOrderMark: true)
            tokenizer?.recordCheckpoints(every: Self.checkpointSpacing)
        }
        guard var current = tokenizer else { return }
        tokenizer = nil  // keep the stack uniquely referenced while it changes
        current.resume(body, final: false)
        _ = current.checkToEnd()
        if current.isWaiting && body.count - current.position > Self.longestPendingToken {
            gaveUp = true
            return
        }
        tokenizer = current
    }

    /// The verdict on the complete `body`, or nil when the check gave up
    /// (the body is then checked when printed).
    public mutating func finish(_ body: UnsafeBufferPointer<UInt8>) -> Verdict? {
        guard !gaveUp else { return nil }
        var current = tokenizer ?? JSONTokenizer(body, skippingByteOrderMark: true)
        tokenizer = nil
        current.resume(body, final: true)
        if current.checkToEnd() {
            checkpoints = current.checkpoints
            return .valid
        }
        guard let problem = current.problem else { return nil }
        return .invalid(JSONSyntax.failure(at: problem.offset, reason: problem.reason, in: body))
    }
}
