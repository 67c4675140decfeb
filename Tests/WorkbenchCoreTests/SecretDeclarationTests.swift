import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions

/// The declaration walk: every command argument declared as a credential
/// (`CommandDeclaration.Credentials`, curl's `CurlImport.credentialOptions`),
/// typed with a value, never reaches the screen, the history entry, the prompt,
/// the autosave, a saved session or any export, to the screen or to a file.
@Suite struct SecretDeclarationTests {
    static let value = "Wq7-walk-secret-91"

    /// What each declaration says carries a credential, from the declarations themselves.
    static let examples: [String] = CommandTable.all.flatMap { $0.credentials?.examples ?? [] }

    /// Every export, to the screen and to a file, of the request and of the session.
    static let exportLines: [String] =
        Export.Format.allCases.flatMap { format in
            [
                "export \(format.rawValue)", "export \(format.rawValue) > one.\(format.rawValue)",
                "export \(format.rawValue) --session > all.\(format.rawValue)",
            ]
        } + ["export curl --exact", "export curl --exact > exact.sh"]

    @Test func theWalkCoversTheDeclaredCommands() {
        let declaring = Set(CommandTable.all.filter { $0.credentials != nil }.map(\.name))
        #expect(declaring.isSuperset(of: ["set", "header", "auth", "import", "proxy"]))
        // Each curl option declared as a credential that the import reads has a case.
        for option in ["-u", "-H", "-b", "--oauth2-bearer"] {
            #expect(Self.examples.contains { $0.contains("import curl \(option) ") }, "\(option)")
        }
    }

    @Test(arguments: examples)
    func aDeclaredCredentialIsMaskedInEveryOutputAndFile(_ example: String) throws {
        let line = example.replacing("SECRET", with: Self.value)
        let harness = InterpreterHarness()
        var autosaved: [UInt8] = []
        let autosave = Autosave(
            path: "auto.json",
            storage: Autosave.Storage(
                write: { chunks, _ in autosaved = chunks.flatMap { $0 } },
                append: { bytes, _ in autosaved += bytes },
                remove: { _ in }))
        try harness.run("base http://127.0.0.1:9")
        try harness.run(line)
        _ = autosave.save(harness.workspace)
        try harness.run("send")
        try harness.run("show\nauth\nheader\nvars\ncurl\nhistory\nsave s.json")
        // An export a format cannot write (digest in Swift, SigV4 in HTTPie and Swift) fails with one line: checked too.
        var refusals: [String] = []
        for command in Self.exportLines {
            if case .failed(let error) = harness.interpreter.handle(line: command) { refusals.append(error.message) }
        }
        #expect(refusals.count <= 6, "\(refusals)")
        _ = autosave.save(harness.workspace)
        _ = autosave.finish()

        var places: [(String, String)] = [
            ("the screen", (harness.output.lines + harness.output.errors + refusals).joined(separator: "\n")),
            ("the history entry", HistoryEntry.text(for: line, redactor: harness.interpreter.redactor)),
            ("the prompt", Prompt.text(for: harness.workspace, environment: [:], width: 200, redactor: harness.interpreter.redactor)),
            ("the autosave", String(decoding: autosaved, as: UTF8.self)),
        ]
        for (path, bytes) in harness.files.contents { places.append((path, String(decoding: bytes, as: UTF8.self))) }
        #expect(harness.files.contents.count >= 2 * Export.Format.allCases.count - 4)
        for (place, text) in places {
            #expect(!text.contains(Self.value), "`\(example)`: the value reached \(place): \(text)")
        }
        #expect(!autosaved.isEmpty)
    }
}
