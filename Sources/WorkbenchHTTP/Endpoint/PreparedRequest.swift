import WorkbenchBasics

/// The exact request that goes on the wire: what `show` prints and `send` sends.
public struct PreparedRequest: Equatable, Sendable {
    public var method: String
    public var base: BaseURL
    /// The request target in origin form: `/path?query`.
    public var target: String
    /// Every header line, defaults included, in the order they are sent.
    public var headers: [HeaderField]
    public var body: [UInt8]
    /// Lower-cased names of the headers whose value holds a secret (a secret
    /// variable, a captured secret, `{{env.*}}`): a redirect to another origin
    /// drops them, as it drops Authorization and Cookie.
    public var secretHeaderNames: Set<String>
    /// `auth digest`: libcurl answers the server's challenge with these.
    public var digest: DigestCredentials?
    /// `auth aws-sigv4`: libcurl signs the request with these (CURLOPT_AWS_SIGV4).
    public var awsSigV4: AWSSigV4Credentials?
    /// `body multipart`: the parts, templates expanded, for libcurl's mime API
    /// (files are opened by libcurl while sending); the shown form masked.
    public var multipart: [MultipartPart]?
    public var shownMultipart: [MultipartPart]?
    /// The file a `body @FILE` came from: shown by its path and size, never its content
    /// (an input may name any file; what it holds is not for the screen).
    public var bodyFile: String?
    /// gRPC: HTTP/2 only, with prior knowledge over `http://` (h2c), by ALPN over `https://`.
    public var requiresHTTP2 = false
    /// The target, headers and body as shown: every value that came from a
    /// secret replaced by the mask *before* it was encoded, so its percent-,
    /// JSON- or form-encoded forms are masked too. Equal to the real ones when
    /// nothing secret went in.
    public var shownTarget: String
    public var shownHeaders: [HeaderField]
    public var shownBody: [UInt8]

    public init(
        method: String, base: BaseURL, target: String, headers: [HeaderField], body: [UInt8],
        secretHeaderNames: Set<String> = []
    ) {
        self.method = method
        self.base = base
        self.target = target
        self.headers = headers
        self.body = body
        self.secretHeaderNames = secretHeaderNames
        shownTarget = target
        shownHeaders = headers
        shownBody = body
    }

    /// The full URL: `scheme://host[:port]/path?query`.
    public var url: String { base.origin + target }

    /// The URL as shown, secrets masked: for prompts, errors, replay lines and reports.
    public var shownURL: String { base.origin + shownTarget }

    /// This request as it may be shown: the real values replaced by the shown ones.
    public var shown: PreparedRequest {
        var copy = self
        copy.target = shownTarget
        copy.headers = shownHeaders
        copy.body = shownBody
        copy.digest?.password = Variables.mask
        copy.awsSigV4?.secretKey = Variables.mask
        copy.multipart = shownMultipart
        return copy
    }

    /// Whether data goes with the request: a body, or an empty one announced as
    /// `Content-Length: 0` (POST, PUT and PATCH, unless `header rm Content-Length` or an
    /// imported `curl -X POST URL` says there is none, as curl sends it then).
    public var announcesBody: Bool {
        multipart != nil || !body.isEmpty
            || (Endpoint.methodsWithBody.contains(method) && headers.contains(name: "Content-Length"))
    }

    /// The request as text: request line, header lines, and the body after a blank line.
    ///
    /// A body that is not printable text is summarised instead of dumped.
    public var displayText: String {
        var lines = ["\(method) \(target) HTTP/1.1"]
        lines += headers.map { "\($0.name): \($0.value)" }
        var text = lines.joined(separator: "\n")
        if let multipart {
            text += "\n\n(multipart/form-data: libcurl adds Content-Type with its boundary and Content-Length)"
            for part in multipart {
                let type = part.effectiveType.map { ", \($0)" } ?? ""
                text +=
                    part.isFile
                    ? "\n\(part.name): file \(part.value)\(type) (streamed from disk when sent)"
                    : "\n\(part.name): \(part.value)\(type)"
            }
        } else if let bodyFile {
            text += "\n\n[the file \(bodyFile), \(Quantities.size(body.count)), read when sent]"
        } else if !body.isEmpty {
            text += "\n\n"
            if let printable = String(validating: body, as: UTF8.self), !printable.utf8.contains(0) {
                text += printable
            } else {
                text += "[\(body.count) bytes of binary data]"
            }
        }
        return text
    }
}
