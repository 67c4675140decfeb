import Testing
@testable import WorkbenchHTTP
import WorkbenchTestSupport

/// `HTTPResponse`: its media type read as the plain version read it.
@Suite struct HTTPResponseTests {
    @Test func mediaTypesAreReadAsBefore() {
        func plainly(_ contentType: String) -> String {
            let end = contentType.utf8.firstIndex(of: UInt8(ascii: ";")) ?? contentType.endIndex
            return String(PlainVersions.trimmedByCharacters(contentType[..<end])).lowercased()
        }
        let types = [
            "application/json", "Application/JSON", "application/json; charset=utf-8", " text/html ", "\ttext/plain\t;q=1",
            "", ";", "application/problem+json", "TEXT/ÉVENT", "text/plain \u{301}", "application/x-ndjson;",
        ]
        for type in types {
            #expect(HTTPResponse.mediaType(of: type) == plainly(type), "\(type)")
        }
    }
}
