import WorkbenchBasics

/// Which parts of a response are shown, as HTTPie's `--print` chooses them:
/// `print` sets it for every response, `last PART` for one look.
public enum ResponsePart: String, Equatable, Sendable, CaseIterable {
    /// Status line, time and size, headers, body.
    case all
    /// Status line, time and size, headers.
    case headers
    /// The body alone: what a pipe or `> FILE` wants.
    case body
    /// Status line, time and size.
    case status

    var showsStatus: Bool { self != .body }
    var showsHeaders: Bool { self == .all || self == .headers }
    package var showsBody: Bool { self == .all || self == .body }
}
