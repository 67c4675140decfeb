import WorkbenchBasics
import WorkbenchHTTP

/// The settings of `auth aws-sigv4` and `auth oauth2` in a session file
/// (`SessionEncoding.encode(_: Auth)` writes them): references, never values.
extension FieldReader {
    func authKind(_ object: JSONValue, _ path: String, into auth: inout Auth) throws(WorkbenchError) {
        switch auth.scheme {
        case .awsSigV4:
            let aws = try self.object(object["aws"], "\(path).aws")
            let region = try string(aws["region"], "\(path).aws.region")
            let service = try string(aws["service"], "\(path).aws.service")
            for (name, value) in [("region", region), ("service", service)]
            where value.isEmpty || value.contains(":") {
                throw fail("\(path).aws.\(name)", "expected a name without ':'")
            }
            let token = try optionalString(aws["sessionToken"], "\(path).aws.sessionToken")
            try checkTemplates([token].compactMap { $0 }, path: "\(path).aws")
            auth.aws = AWSSigV4Settings(region: region, service: service, sessionToken: token)
        case .oauth2:
            let settings = try self.object(object["oauth2"], "\(path).oauth2")
            let flowText = try string(settings["flow"], "\(path).oauth2.flow")
            guard let flow = OAuth2Settings.Flow(rawValue: flowText) else {
                throw fail("\(path).oauth2.flow", "expected client-credentials, device or code, found '\(Template.oneLine(flowText.prefix(40)))'")
            }
            let tokenURL = try string(settings["tokenURL"], "\(path).oauth2.tokenURL")
            let authorizationURL = try optionalString(settings["authorizationURL"], "\(path).oauth2.authorizationURL")
            if flow != .clientCredentials && authorizationURL == nil {
                throw fail("\(path).oauth2.authorizationURL", "missing (the \(flow.rawValue) flow needs it)")
            }
            let clientID = try string(settings["clientID"], "\(path).oauth2.clientID")
            let clientSecret = try optionalString(settings["clientSecret"], "\(path).oauth2.clientSecret")
            let scope = try optionalString(settings["scope"], "\(path).oauth2.scope")
            var port: Int?
            if settings["port"] != nil {
                let number = try integer(settings["port"], "\(path).oauth2.port")
                guard (1...65535).contains(number) else { throw fail("\(path).oauth2.port", "expected a port from 1 to 65535") }
                port = number
            }
            try checkTemplates([tokenURL, clientID] + [authorizationURL, clientSecret].compactMap { $0 }, path: "\(path).oauth2")
            var oauth2 = OAuth2Settings(flow: flow, tokenURL: tokenURL, authorizationURL: authorizationURL, clientID: clientID,
                                        clientSecret: clientSecret, scope: scope, port: port)
            oauth2.clientAuthInBody = try bool(settings["clientAuthInBody"], "\(path).oauth2.clientAuthInBody", default: false)
            auth.oauth2 = oauth2
        case .basic, .digest, .bearer, .apiKeyHeader, .apiKeyQuery:
            if auth.scheme == .apiKeyHeader {
                do throws(WorkbenchError) { try HTTPSyntax.checkHeaderName(auth.user) } catch { throw fail("\(path).user", error.message) }
            }
        }
    }

    private func checkTemplates(_ texts: [String], path: String) throws(WorkbenchError) {
        do throws(WorkbenchError) {
            for text in texts { try Template.validate(text) }
        } catch {
            throw fail(path, error.message)
        }
    }
}
