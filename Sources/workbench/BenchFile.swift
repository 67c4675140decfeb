import ArgumentParser
import WorkbenchCore

extension WorkbenchCommand {
    /// `workbench bench SESSION.json`: the arguments; the work is `BenchLaunch`'s and `bench`'s.
    struct BenchFile: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bench",
            abstract: "Send a session's request many times and print requests/s, statuses, errors and latency percentiles.",
            discussion: """
                The session's current request, or history entry N with --request N, sent as `bench` sends it in the REPL \
                (help bench): N requests (default 200) over C connections, or for a duration; with --rate, on a fixed \
                schedule, latency counted from each request's scheduled start. Ctrl-C stops and prints what was measured \
                (exit status 130). Exit status 2 when the session or the request cannot be had.
                """
        )

        @Argument(help: "The session file.")
        var file: String

        @Option(help: "The request of the session's history to bench (1-based); default: the request being built.")
        var request: Int?

        @Option(
            name: [.customShort("n"), .customLong("requests")],
            help: "How many requests (default 200 without --duration; at most 10000000).")
        var count: Int?

        @Option(name: [.customShort("c"), .long], help: "Connections, and requests in flight (at most 1000).")
        var concurrency = 1

        @Option(name: [.customShort("d"), .long], help: "How long to send: 10s, 1m (at most 1h).")
        var duration: String?

        @Option(name: [.customShort("r"), .long], help: "Requests started per second, on a fixed schedule (at most 1000000).")
        var rate: String?

        @Option(help: "Write the figures as JSON to this file (schema in docs/runs.md).")
        var json: String?

        @OptionGroup var options: CommonOptions

        func run() throws {
            // The REPL's parser reads the same words, so the bounds and their errors are one.
            var words = ["bench", "--concurrency", String(concurrency)]
            if let count { words.append(String(count)) }
            if let duration { words += ["--duration", duration] }
            if let rate { words += ["--rate", rate] }
            let parsed: ParsedLine
            do throws(WorkbenchError) {
                parsed = try CommandParser.parse(words.joined(separator: " "))
            } catch {
                throw ValidationError(error.message)
            }
            guard case .command(.bench(let plan, _)) = parsed else { throw ExitCode(2) }
            throw ExitCode(BenchLaunch(file: file, request: request, plan: plan, json: json).run(options: options.values))
        }
    }
}
