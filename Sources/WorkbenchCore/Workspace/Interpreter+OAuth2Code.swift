extension Interpreter {
    func runCodeFlow(
        _ settings: inout OAuth2Settings, tokenURL: String, client: OAuth2Protocol.Client
    ) throws(WorkbenchError) -> OAuth2Protocol.Token {
        throw WorkbenchError("oauth2 code: TODO")
    }
}
