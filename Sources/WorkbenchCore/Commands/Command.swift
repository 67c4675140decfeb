/// One parsed command line: what the user asked for, before anything happens.
public enum Command: Equatable, Sendable {
    // Building the Endpoint
    case base(String)
    case showBase
    case path(String)
    case pathAdd([String])
    case showURL
    case method(String)
    case showMethod
    case queryAdd(name: String, value: String)
    case querySet(name: String, value: String)
    case queryRemove(String)
    case queryClear
    case showQuery
    case headerSet(name: String, value: String)
    case headerAdd(name: String, value: String)
    case headerRemove(String)
    case headerClear
    case showHeaders
    case body(Body)
    case showBody
    case bodyClear
    case show
    case reset

    // Sending
    /// `send`, or `get|post|... [PATH]`: set the method (and path), then send; `> FILE` saves the body.
    case send(method: String?, path: String?, output: String?)
    case timing

    // Variables
    case set(name: String, value: String, secret: Bool)
    case unset(String)
    case vars

    // Settings
    case follow(Bool)
    case timeout(Double)
    case insecure(Bool)
    case color(ColorSetting)
    case showSettings

    case help(String?)
    case exit
}

/// `color auto|on|off`: when responses are coloured.
public enum ColorSetting: String, Equatable, Sendable, CaseIterable {
    case auto, on, off
}

/// What one line of input turned out to be.
public enum ParsedLine: Equatable, Sendable {
    /// Blank, or a `#` comment.
    case empty
    case command(Command)
    /// `body <<END` (or `body json <<END`): the following lines up to `END` are the body.
    case heredoc(json: Bool, terminator: String)
}
