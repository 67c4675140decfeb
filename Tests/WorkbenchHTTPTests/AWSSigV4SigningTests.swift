import Testing
@testable import WorkbenchBasics
@testable import WorkbenchHTTP

/// The SigV4 signer against signatures botocore computes for the same requests (its
/// SigV4Auth: the AWS documentation's IAM example, and a path encoded twice).
@Suite struct AWSSigV4SigningTests {
    static let credentials = AWSSigV4Credentials(
        provider: "aws:amz:us-east-1:iam", accessKey: "AKIDEXAMPLE",
        secretKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY")
    /// 2015-08-30T12:36:00Z.
    static let now = 1_440_938_160

    @Test func theDocumentationsExampleSignsAsBotocoreSigns() throws {
        let request = PreparedRequest(
            method: "GET", base: try BaseURL.parse("https://iam.amazonaws.com"),
            target: "/?Version=2010-05-08&Action=ListUsers",
            headers: [HeaderField(name: "Content-Type", value: "application/x-www-form-urlencoded; charset=utf-8")],
            body: [])
        let added = AWSSigV4Signing.headers(for: request, credentials: Self.credentials, now: Self.now)
        #expect(added.map(\.name) == ["Host", "X-Amz-Date", "Authorization"])
        #expect(added[1].value == "20150830T123600Z")
        #expect(
            added[2].value == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, "
                + "SignedHeaders=content-type;host;x-amz-date, Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7")
    }

    @Test func aPathIsEncodedTwiceExceptForS3() throws {
        var credentials = Self.credentials
        credentials.provider = "aws:amz:us-east-1:execute-api"
        let request = PreparedRequest(
            method: "GET", base: try BaseURL.parse("https://api.example.com"),
            target: "/prod/caf%C3%A9/a%20b", headers: [], body: [])
        #expect(AWSSigV4Signing.doublyEncoded("/prod/caf%C3%A9/a%20b") == "/prod/caf%25C3%25A9/a%2520b")
        #expect(AWSSigV4Signing.doublyEncoded("/a//b/./c/../d/") == "/a/b/d/")
        #expect(AWSSigV4Signing.doublyEncoded("") == "/")
        let added = AWSSigV4Signing.headers(for: request, credentials: credentials, now: Self.now)
        #expect(added.last?.value.hasSuffix("Signature=da388354b55c14fcea50cd470b69928ba95dbf8aabfc8d1663e4122d6748fc7b") == true)
        credentials.provider = "aws:amz:us-east-1:s3"
        let s3 = AWSSigV4Signing.headers(for: request, credentials: credentials, now: Self.now)
        #expect(s3.map(\.name) == ["Host", "X-Amz-Date", "X-Amz-Content-Sha256", "Authorization"])
        #expect(s3[2].value == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func timestampsAreUTC() {
        #expect(AWSSigV4Signing.timestamp(0) == "19700101T000000Z")
        #expect(AWSSigV4Signing.timestamp(951_782_400) == "20000229T000000Z")
        #expect(AWSSigV4Signing.timestamp(4_102_444_799) == "20991231T235959Z")
    }
}
