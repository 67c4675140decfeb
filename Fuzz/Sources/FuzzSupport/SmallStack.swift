// What the JSON readers' fuzz targets share: the reader runs on a thread with a
// small stack, so that a walk whose recursion follows the input's nesting
// (Swift's destruction of a parsed value, a decoder) crashes within libFuzzer's
// input lengths, as 70,000 levels crashed an 8 MB main thread (issue 40).
#if canImport(Glibc)
import Glibc
#endif

/// Stack enough for every walk of a value within `JSONParser.maximumDepth` (512
/// levels, with AddressSanitizer's larger frames); a 32,000-deep input of 64 KB
/// walked by recursion needs several times more.
public let fuzzStackBytes = 1 << 20

/// Runs `body` on a new thread with a `fuzzStackBytes` stack and waits for it.
public func onSmallStack(_ body: @escaping () -> Void) {
    final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setstacksize(&attributes, fuzzStackBytes)
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let made = pthread_create(&thread, &attributes, { argument in
        let box = Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue()
        box.body()
        return nil
    }, box)
    pthread_attr_destroy(&attributes)
    guard made == 0 else { fatalError("pthread_create failed: \(made)") }
    pthread_join(thread, nil)
}
