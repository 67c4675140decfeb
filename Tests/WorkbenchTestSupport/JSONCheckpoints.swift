import WorkbenchBasics

/// The checkpoints the tokenizer notes every `spacing` bytes of `document`, as the body check
/// notes them for the two-thread formatter.
public func jsonCheckpoints(_ document: [UInt8], every spacing: Int) -> [JSONCheckpoint] {
    document.withUnsafeBufferPointer { buffer in
        var tokenizer = JSONTokenizer(buffer, skippingByteOrderMark: true)
        tokenizer.recordCheckpoints(every: spacing)
        _ = tokenizer.checkToEnd()
        return tokenizer.checkpoints
    }
}
