import Testing
import Platform
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// The line shown while a request is waited for.
@Suite struct WaitProgressTests {
    @Test func theProgressLineWaitsASecondThenSaysWhatItKnows() {
        #expect(WaitProgress(elapsed: 0.9).text == nil)
        #expect(WaitProgress(elapsed: 1.25).text == "waiting 1.2 s (Ctrl-C aborts)")
        #expect(WaitProgress(elapsed: 2, received: 100, expected: 400, toFile: false).text == "waiting 2.0 s (Ctrl-C aborts)")
        #expect(
            WaitProgress(elapsed: 2, received: 100, expected: 400, toFile: true).text
                == "[#####...............] 100 bytes of 400 bytes, 50 bytes/s (Ctrl-C aborts)")
        #expect(
            WaitProgress(elapsed: 2, received: 3 << 20, expected: nil, toFile: true).text
                == "3.0 MB, 1.5 MB/s, 2.0 s (Ctrl-C aborts)")
        // A decoded body can outgrow the Content-Length of the encoded one: no bar then.
        #expect(
            WaitProgress(elapsed: 2, received: 500, expected: 400, toFile: true).text == "500 bytes, 250 bytes/s, 2.0 s (Ctrl-C aborts)")
    }
}
