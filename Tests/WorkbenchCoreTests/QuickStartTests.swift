import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions

/// The command lines the executable reads without ArgumentParser, and those it leaves to it.
@Suite struct QuickStartTests {
    @Test(arguments: [
        ([], QuickStart.start(LaunchOptions(), restore: false)),
        (["--version"], .version),
        (["--color", "always"], .start(LaunchOptions(color: .on), restore: false)),
        (["--color=never"], .start(LaunchOptions(color: .off), restore: false)),
        (["--color", "auto"], .start(LaunchOptions(color: .auto), restore: false)),
        (["--no-history"], .start(LaunchOptions(noHistory: true), restore: false)),
        (["--keep-going"], .start(LaunchOptions(keepGoing: true), restore: false)),
        (["--restore"], .start(LaunchOptions(), restore: true)),
        (
            ["--keep-going", "--color", "never", "--restore", "--no-history"],
            .start(LaunchOptions(color: .off, noHistory: true, keepGoing: true), restore: true)
        ),
        (["run", "script.wb"], .run(script: "script.wb", LaunchOptions())),
        (["run", "--keep-going", "a b.http", "--color=always"], .run(script: "a b.http", LaunchOptions(color: .on, keepGoing: true))),
        (["run", "start"], .run(script: "start", LaunchOptions())),
    ])
    func readsTheUsualCommandLines(arguments: [String], expected: QuickStart) {
        #expect(QuickStart.parse(arguments[...]) == expected)
    }

    /// Everything else goes to ArgumentParser: its help, its errors, subcommands, session files.
    @Test(arguments: [
        ["--help"], ["-h"], ["help"], ["--version", "--color", "always"], ["--color", "always", "--version"],
        ["--version", "--version"], ["session.json"], ["replay", "a.json"], ["serve", "a.json"],
        ["import", "curl.txt"], ["start"], ["--color"], ["--color", "on"], ["--color", "ALWAYS"], ["--color="],
        ["--color", "--no-history"], ["--color", "always", "--color", "never"], ["--no-history", "--no-history"],
        ["--restore", "--restore"], ["--unknown"], ["-"], ["--"], ["--keep-going", "session.json"],
        ["--generate-completion-script", "bash"], ["--experimental-dump-help"], [""],
        ["run"], ["run", "a.wb", "b.wb"], ["run", "--restore", "a.wb"], ["run", "--env", "dev", "a.http"],
        ["run", "-"], ["run", "help"], ["run", ""], ["run", "--help"], ["run", "--", "a.wb"], ["--color", "always", "run", "a.wb"],
    ])
    func leavesTheRestToArgumentParser(arguments: [String]) {
        #expect(QuickStart.parse(arguments[...]) == nil)
    }
}
