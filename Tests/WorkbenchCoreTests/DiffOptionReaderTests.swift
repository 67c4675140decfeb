import Testing
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// `--header NAME` and `--ignore PATH`, read by one reader for `diff` and `compare`: the same
/// options anywhere among each command's own words, the same errors.
@Suite struct DiffOptionReaderTests {
    /// The options of `line`'s command, whichever of the two it is.
    private func options(_ line: String) throws -> (ResponseDiff.Options, [String])? {
        switch try CommandParser.parse(line) {
        case .command(.diff(_, _, let options)): (options, [])
        case .command(.compare(_, _, let options, let ignored, _)): (options, ignored)
        default: nil
        }
    }

    @Test(arguments: ["diff 1 2", "compare local staging"])
    func optionsAnywhereAndRepeated(command: String) throws {
        let words = command.split(separator: " ").map(String.init)
        let line = "\(words[0]) --header ETag \(words[1]) --ignore $.id \(words[2]) --ignore 'header Date' --header '*'"
        let (options, _) = try #require(try options(line))
        #expect(options == (try ResponseDiff.Options(headers: ["ETag", "*"], ignore: ["$.id", "header Date"])))
        #expect(options.allHeaders && options.headers == ["etag"] && options.ignoredHeaders == ["date"])
    }

    @Test func eachCommandKeepsItsOwnWords() throws {
        #expect(
            try CommandParser.parse("diff 2 --ignore $.a 3")
                == .command(.diff(old: 2, new: 3, options: try ResponseDiff.Options(headers: [], ignore: ["$.a"]))))
        #expect(
            try CommandParser.parse("compare a --header ETag b --ignore $.v")
                == .command(
                    .compare(
                        first: "a", second: "b", options: try ResponseDiff.Options(headers: ["ETag"], ignore: ["$.v"]),
                        ignored: ["$.v"])))
        #expect(
            try CommandParser.parse("compare --save a b --ignore $.v")
                == .command(
                    .compare(
                        first: "a", second: "b", options: try ResponseDiff.Options(headers: [], ignore: ["$.v"]),
                        ignored: ["$.v"], save: true)))
    }

    @Test(arguments: [
        ("diff 1 --ignore", "diff: --ignore needs a value; see `help diff`"),
        ("compare a b --ignore", "compare: --ignore needs a value; see `help compare`"),
        ("diff 1 --header", "diff: --header needs a value; see `help diff`"),
        ("compare a b --header", "compare: --header needs a value; see `help compare`"),
        ("diff 1 --header 'a b'", "diff: --header: 'a b' is not a header name; see `help diff`"),
        ("compare a b --header 'a b'", "compare: --header: 'a b' is not a header name; see `help compare`"),
        (
            "diff 1 --ignore 'header'",
            "diff: --ignore: expected `header NAME` or a JSON path like $.updated_at, got 'header'; see `help diff`"
        ),
        (
            "compare a b --ignore 'header'",
            "compare: --ignore: expected `header NAME` or a JSON path like $.updated_at, got 'header'; see `help compare`"
        ),
        ("diff 1 2 3", "diff: expected request numbers (see `history`), --header NAME or --ignore PATH, got '3'; see `help diff`"),
        (
            "diff 1 --diff x",
            "diff: expected request numbers (see `history`), --header NAME or --ignore PATH, got '--diff'; see `help diff`"
        ),
        ("compare a b c", "compare: expected two environments, --header NAME, --ignore PATH or --save, got 'c'; see `help compare`"),
        (
            "compare a --head x b",
            "compare: expected two environments, --header NAME, --ignore PATH or --save, got '--head'; see `help compare`"
        ),
        ("compare a", "compare: say which two environments: `compare local staging` (see `env`); see `help compare`"),
        ("compare a a", "compare: two different environments, not a twice; see `help compare`"),
        // The command's own words are checked before the options' values.
        ("compare a --header 'a b'", "compare: say which two environments: `compare local staging` (see `env`); see `help compare`"),
        (
            "diff --ignore $.a",
            "diff: say which: `diff N M` compares the responses of requests N and M, `diff N` request N's with the last response; see `help diff`"
        ),
    ])
    func rejects(line: String, message: String) {
        let error = thrownError { () throws(WorkbenchError) in try CommandParser.parse(line) }
        #expect(error?.message == message)
    }
}
