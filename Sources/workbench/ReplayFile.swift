import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import WorkbenchCore

extension WorkbenchCommand {
    /// `workbench replay FILE.json`: a saved session as a check that an API still behaves.
    struct ReplayFile: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "replay",
            abstract: "Replay a saved session: one line per request, then `N passed, N failed`.",
            discussion: "Exit status: 0 when every request passed, 1 when any failed, 2 when the file or the arguments are bad."
        )

        @Argument(help: "The session file.")
        var file: String

        @Option(help: "Send every request to this base URL instead of the recorded one.")
        var base: String?

        @Option(name: .customLong("var"), help: "Set a variable, NAME=VALUE (repeatable); secrets come from here or WORKBENCH_VAR_NAME.")
        var variables: [String] = []

        @Option(help: "Write a JUnit XML report to this file.")
        var junit: String?

        @Flag(help: "Go on after a failing request (by default the replay stops there).")
        var keepGoing = false

        @Option(help: "When to colour output: auto, always or never.")
        var color: ColorChoice = .auto

        func run() throws {
            let streams = StandardStreams()
            func fail(_ message: String) -> ExitCode {
                streams.printError("error: \(message)")
                return ExitCode(2)
            }
            let environment = currentEnvironment()
            let document: SessionDocument
            do {
                document = try SessionDecoding.decode(try FileSystem.read(file), file: file)
            } catch {
                throw fail(error.message)
            }
            guard !document.requests.isEmpty else { throw fail("\(file) has no recorded requests to replay") }
            if let base, !Template.hasReferences(base) {
                do { _ = try BaseURL.parse(base) } catch { throw fail("--base: \(error.message)") }
            }
            var known = Variables()
            for (name, value) in document.variables { known.set(name, to: value) }
            let secrets = Set(document.secretNames)
            var referenced = Set(document.secretNames)
            for record in document.requests { referenced.formUnion(record.endpoint.referencedVariables) }
            for name in referenced {
                if let value = environment[Self.environmentName(for: name)] {
                    known.set(name, to: value, secret: secrets.contains(name))
                }
            }
            for assignment in variables {
                guard let equals = assignment.firstIndex(of: "="),
                      Template.isValidVariableName(String(assignment[..<equals])) else {
                    throw fail("--var expects NAME=VALUE, got '\(assignment)'")
                }
                let name = String(assignment[..<equals])
                known.set(name, to: String(assignment[assignment.index(after: equals)...]), secret: secrets.contains(name))
            }
            let missing = Replayer.missingVariables(in: document.requests, known: known)
            if !missing.isEmpty {
                let described = missing.map { name in
                    "\(name)\(secrets.contains(name) ? " (a secret, never saved)" : ""): pass --var \(name)=VALUE or set \(Self.environmentName(for: name))"
                }
                throw fail("missing variable " + described.joined(separator: "; "))
            }

            let transport: CurlTransport
            do { transport = try CurlTransport() } catch { throw fail(error.message) }
            let replayer = Replayer(environment: environment, baseOverride: base) { request, settings throws(WorkbenchError) in
                try transport.send(request, settings: settings, options: SendOptions())
            }
            let useColor = DisplayOptions(outputIsTerminal: isatty(1) == 1,
                                          noColorRequested: !(environment["NO_COLOR"] ?? "").isEmpty)
                .usesColor(color.setting)
            var outcomes: [Replayer.Outcome] = []
            for (index, record) in document.requests.enumerated() {
                let outcome = replayer.run(record, number: index + 1, variables: &known)
                outcomes.append(outcome)
                streams.printLine(Replayer.line(for: outcome, color: useColor))
                streams.flush()
                if !outcome.passed && !keepGoing { break }
            }
            let skipped = document.requests.count - outcomes.count
            if skipped > 0 {
                streams.printLine("stopped at the first failure: \(skipped) request\(skipped == 1 ? "" : "s") not sent (--keep-going sends them)")
            }
            if let junit {
                do {
                    try AtomicFile.write(Array(JUnitReport.xml(suite: file, outcomes: outcomes).utf8), to: junit, mode: 0o644)
                } catch {
                    streams.printError("error: \(error.message)")
                }
            }
            streams.printLine(Replayer.summary(outcomes))
            streams.flush()
            throw ExitCode(outcomes.allSatisfy(\.passed) && skipped == 0 ? 0 : 1)
        }

        /// `WORKBENCH_VAR_NAME`, with characters an environment name cannot hold as `_`.
        static func environmentName(for variable: String) -> String {
            "WORKBENCH_VAR_" + String(variable.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        }
    }
}
