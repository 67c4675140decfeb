import Testing
@testable import WorkbenchBasics
@testable import WorkbenchCore
import WorkbenchTestSupport

/// Every declared command and subcommand, walked: help shows it, the parser takes its
/// example, its declaration applies it, Tab offers it. A declaration that drifts from its parsing or completion fails here.
@Suite struct CommandDeclarationTests {
    func complete(_ prefix: String) -> [String] {
        Completion(workspace: Workspace(), listDirectory: { _ in [] }).candidates(forLinePrefix: prefix)
    }

    /// The words of a text, split at spaces, `|` and brackets (`[all|headers]` -> `all`, `headers`).
    func tokens(_ text: String) -> Set<String> {
        Set(text.split(whereSeparator: { " \n|[]".contains($0) }).map(String.init))
    }

    @Test func everyCommandIsInHelp() throws {
        let overview = tokens(CommandCatalog.overview())
        let all = CommandCatalog.everyCommand().split(separator: "\n")
        for declaration in CommandTable.all {
            let name = declaration.name
            #expect(overview.contains(name), "help does not list \(name)")
            #expect(all.contains { $0.hasPrefix("  \(name) ") }, "help all does not list \(name)")
            let help = try CommandCatalog.help(for: name)
            for usage in declaration.usage {
                #expect(help.contains("\n  \(usage)\n"), "help \(name) does not show `\(usage)`")
            }
            #expect(help.hasSuffix("example:\n  \(declaration.example)"), "help \(name) does not show its example")
        }
    }

    @Test func everyExampleParsesAsItsCommand() throws {
        for declaration in CommandTable.all {
            let parsed: ParsedLine
            do {
                parsed = try CommandParser.parse(declaration.example)
            } catch {
                Issue.record("example of \(declaration.name), `\(declaration.example)`: \(error.message)")
                continue
            }
            guard case .command = parsed else {
                Issue.record("example of \(declaration.name) parsed as \(parsed)")
                continue
            }
            #expect(
                declaration.example.hasPrefix(declaration.name + " ") || declaration.example == declaration.name,
                "the example of \(declaration.name) is another command's")
        }
    }

    @Test func everyCommandIsCompletedFromItsPrefix() {
        for name in CommandTable.names {
            #expect(complete(String(name.prefix(1))).contains(name), "Tab after `\(name.prefix(1))` does not offer \(name)")
            #expect(complete(name).contains(name), "Tab after `\(name)` does not offer it")
        }
    }

    @Test func everySubcommandIsCompletedAndInHelp() throws {
        for declaration in CommandTable.all {
            let offered = complete(declaration.name + " ")
            let usage = tokens(declaration.usage.joined(separator: "\n"))
            for subcommand in declaration.subcommands {
                #expect(offered.contains(subcommand), "Tab after `\(declaration.name) ` does not offer \(subcommand)")
                #expect(usage.contains(subcommand), "no usage line of \(declaration.name) shows \(subcommand)")
            }
        }
    }

    /// Each example's command reaches an effect through `Workspace.apply`'s one switch: it
    /// is applied, or refused with an error about the command itself (no file here, no
    /// response yet), never with one about the routing.
    @Test func everyExampleIsApplied() throws {
        let context = CommandContext(
            environment: [:],
            readFile: { path throws(WorkbenchError) in throw WorkbenchError("no file \(path) here") },
            writeFile: { _, _ throws(WorkbenchError) in })
        for declaration in CommandTable.all {
            guard case .command(let command) = try CommandParser.parse(declaration.example) else { continue }
            var workspace = Workspace()
            do {
                _ = try workspace.apply(command, context: context)
            } catch {
                #expect(!error.message.contains("internal error"), "`\(declaration.example)`: \(error.message)")
            }
        }
    }

    @Test func namesAreDeclaredOnce() {
        #expect(Set(CommandTable.names).count == CommandTable.names.count)
        #expect(CommandTable.names == CommandCatalog.groups.flatMap(\.names))
        #expect(CommandTable.all.allSatisfy { !$0.usage.isEmpty && !$0.summary.isEmpty })
    }
}

/// Fast paths of this unit, each checked against the plain version it replaced.
extension CommandDeclarationTests {
    @Test func theFirstWordFindsTheDeclarationTheCharacterWalkFound() {
        func byCharacters(_ line: String) -> String? {
            let longest = CommandTable.names.map(\.count).max() ?? 0
            let first = line.prefix(longest + 1).prefix { $0 != " " && $0 != "\t" && $0 != "|" }
            guard first.count <= longest else { return nil }
            return CommandTable.declaration(named: first.lowercased())?.name
        }
        var lines = [
            "get /a", "GET\t/a", "Get|jq .", "header X: y", "body {}", "send", "", " get", "getter /x",
            "quickstart-and-more", "gét /a", "日本 x",
        ]
        var random = FuzzGenerator(seed: 9)
        for _ in 0..<500 {
            let name = CommandTable.names[Int(random.next() % UInt64(CommandTable.names.count))]
            let cased = Bool.random(using: &random) ? name.uppercased() : name
            lines.append(cased + random.awkwardText(length: Int(random.next() % 4)))
        }
        for line in lines {
            #expect(CommandTable.declaration(startingLine: line)?.name == byCharacters(line), "\(line)")
        }
    }
}
