import WorkbenchBasics

/// How large a `.http` file's variables may grow.
///
/// A file variable built from earlier ones holds their values
/// (`@v1 = {{v0}}{{v0}}`), so forty lines that each double the one before
/// would make a terabyte. A value is checked at each reference while it is
/// resolved, so neither doubling nor one line of many references to a large
/// variable gets far past the bound.
enum HTTPFileBounds {
    /// One variable's value: far beyond a token, a URL or a JSON snippet.
    static let maximumValueBytes = 1 << 20
    /// All the file's variables together.
    static let maximumTotalBytes = 16 << 20

    static func tooLarge(size: Int) -> String {
        "the variable expands to more than \(Quantities.size(maximumValueBytes)) (the bound for a file variable's value), "
            + "\(Quantities.size(size)) so far"
    }

    static func tooMuch(at name: String) -> String {
        "the file's variables expand to more than \(Quantities.size(maximumTotalBytes)) in all (the bound, passed at @\(name))"
    }
}
