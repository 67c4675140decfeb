import WorkbenchHTTP

/// What Tab offers in `expect event ...` and `capture NAME event ...`: `last` and the numbers of
/// the last response's events, then what can be checked or taken from one.
enum EventCompletion {
    /// The most event numbers offered: a long stream's would bury `last`.
    static let numbersOffered = 20

    static func selectors(_ input: CompletionInput) -> [String] {
        let count = input.workspace.lastResponse?.eventStream?.count ?? 0
        let first = max(1, count - numbersOffered + 1)
        return input.matching(["last"] + (count > 0 ? (first...count).map(String.init) : []))
    }

    /// `expect event SELECTOR CHECK`
    static func expect(_ input: CompletionInput) -> [String]? {
        switch input.position {
        case 2: selectors(input)
        case 3: input.matching(["type", "id", "json", "data"])
        default: nil
        }
    }

    /// `capture [--secret] NAME event SELECTOR WHAT`, `event` at `index` of the words before.
    static func capture(_ input: CompletionInput, after index: Int) -> [String]? {
        switch input.position - index {
        case 1: selectors(input)
        case 2: input.matching(["id", "type", "data"])
        default: nil
        }
    }
}
