import Testing
@testable import WorkbenchBasics
import WorkbenchTestSupport

/// `{{NAME}}` and `{{env.NAME}}`: parsing, validation, expansion, and the variable store.
@Suite struct TemplateTests {
    static let scope = VariableScope(
        variables: Variables([
            "host": .init(value: "api.example.com"),
            "id": .init(value: "42"),
            "token": .init(value: "s3cret", isSecret: true),
            "empty": .init(value: ""),
            "nested": .init(value: "{{id}}"),
            "api.v-2_x": .init(value: "dotted"),
        ]),
        environment: ["HOME": "/home/ana", "API_KEY": "k-123", "EMPTY": ""])

    // MARK: - Parsing

    @Test func parsesLiteralsAndReferences() throws {
        #expect(
            try Template.parse("https://{{host}}/users/{{ id }}?k={{env.API_KEY}}") == [
                .literal("https://"), .variable("host"), .literal("/users/"), .variable("id"),
                .literal("?k="), .environment("API_KEY"),
            ])
        #expect(try Template.parse("{{a}}{{b}}") == [.variable("a"), .variable("b")])
        #expect(try Template.parse("plain") == [.literal("plain")])
        #expect(try Template.parse("") == [])
        #expect(try Template.parse("{single} }} braces") == [.literal("{single} }} braces")])
        #expect(try Template.parse("{\"a\": {{id}}}") == [.literal("{\"a\": "), .variable("id"), .literal("}")])
    }

    @Test(arguments: [
        ("{{", "unclosed '{{' in '{{': close it with '}}'"),
        ("a {{b", "unclosed '{{' in 'a {{b': close it with '}}'"),
        ("{{a}} {{b", "unclosed '{{' in '{{a}} {{b': close it with '}}'"),
        ("{{}}", "empty variable reference '{{}}' in '{{}}'"),
        ("x{{   }}y", "empty variable reference '{{}}' in 'x{{   }}y'"),
        ("{{bad name}}", "invalid variable name 'bad name' in {{bad name}}: use letters, digits, '_', '-' and '.'"),
        ("{{1st}}", "invalid variable name '1st' in {{1st}}: use letters, digits, '_', '-' and '.'"),
        ("{{a/b}}", "invalid variable name 'a/b' in {{a/b}}: use letters, digits, '_', '-' and '.'"),
        ("{{é}}", "invalid variable name 'é' in {{é}}: use letters, digits, '_', '-' and '.'"),
        ("{{env.}}", "invalid environment variable name '' in {{env.}}"),
        ("{{env.1X}}", "invalid environment variable name '1X' in {{env.1X}}"),
        ("{{env.A-B}}", "invalid environment variable name 'A-B' in {{env.A-B}}"),
        ("{{env.A.B}}", "invalid environment variable name 'A.B' in {{env.A.B}}"),
        // Text from a multi-line `body <<END` block is shown on one line.
        ("line 1\nline {{2", "unclosed '{{' in 'line 1\\nline {{2': close it with '}}'"),
        ("a\r\n{{x\ny}}", "invalid variable name 'x\\ny' in {{x\\ny}}: use letters, digits, '_', '-' and '.'"),
        ("{{env.A\u{1}}}", "invalid environment variable name 'A\\u{1}' in {{env.A\\u{1}}}"),
        (
            String(repeating: "x", count: 70) + "{{",
            "unclosed '{{' in '" + String(repeating: "x", count: 57) + "...': close it with '}}'"
        ),
    ])
    func malformedReferences(text: String, message: String) {
        let error = thrownError { () throws(WorkbenchError) in try Template.parse(text) }
        #expect(error?.message == message)
        #expect(error?.message.contains("\n") == false)
        #expect(thrownError { () throws(WorkbenchError) in try Template.validate(text) } == error)
    }

    @Test func hasReferencesAndNames() {
        #expect(Template.hasReferences("a{{b}}"))
        #expect(Template.hasReferences("{{"))
        #expect(!Template.hasReferences("{a} }}"))
        #expect(Template.variableNames(in: "{{a}}/{{env.HOME}}/{{b}}/{{a}}") == ["a", "b", "a"])
        #expect(Template.variableNames(in: "{{bad name}}") == [])
        #expect(Template.variableNames(in: "none") == [])
    }

    @Test(arguments: ["a", "_x", "A", "api_key", "a.b-c_1", "API_KEY", "x1", "envx", "env"])
    func validVariableNames(name: String) {
        #expect(Template.isValidVariableName(name))
    }

    @Test(arguments: ["", "1a", "-a", ".a", "a b", "env.X", "é", "a/b", "a:b", "a{", "a}", "a$"])
    func invalidVariableNames(name: String) {
        #expect(!Template.isValidVariableName(name))
    }

    // MARK: - Expansion

    @Test(arguments: [
        ("https://{{host}}/users/{{id}}", "https://api.example.com/users/42"),
        ("{{ id }}", "42"),
        ("Bearer {{token}}", "Bearer s3cret"),
        ("[{{empty}}]", "[]"),
        ("{{env.HOME}}/x", "/home/ana/x"),
        ("k={{env.API_KEY}}&e={{env.EMPTY}}", "k=k-123&e="),
        ("{{api.v-2_x}}", "dotted"),
        ("no references", "no references"),
        ("}} {x}", "}} {x}"),
        // A value is not expanded again: `nested` holds the text `{{id}}`.
        ("{{nested}}", "{{id}}"),
    ])
    func expands(text: String, expanded: String) throws {
        #expect(try Template.expand(text, in: Self.scope) == expanded)
    }

    /// A secret whose source was not read yet: shown as the mask, never sent as it. On the wire
    /// the expansion refuses, naming the variable, so a path that forgot to read sources sends nothing.
    @Test func aSecretNotReadFromItsSourceIsMaskedForDisplayAndRefusedOnTheWire() throws {
        var variables = Variables()
        variables.set("token", from: try SecretSource(parsing: "env:API_TOKEN"))
        variables.set("id", to: "42")
        let scope = VariableScope(variables: variables)
        #expect(try Template.expand("Bearer {{token}}", in: scope) == "Bearer ******")
        #expect(try Template.expand("Bearer {{token}}", in: scope.masked) == "Bearer ******")
        #expect(try Template.expand("Bearer {{token}}", in: scope.forWire.masked) == "Bearer ******")
        #expect(try Template.expand("/users/{{id}}", in: scope.forWire) == "/users/42")
        let error = #expect(throws: WorkbenchError.self) { try Template.expand("Bearer {{token}}", in: scope.forWire) }
        #expect(
            error?.message == "{{token}} was not read from its source (env:API_TOKEN) before sending: nothing sent, rather than the mask")
        // Once read, it goes as it is.
        variables.resolve("token", to: "s3cret")
        #expect(try Template.expand("Bearer {{token}}", in: VariableScope(variables: variables).forWire) == "Bearer s3cret")
    }

    @Test func undefinedVariablesAreClearErrors() {
        #expect(
            thrownError { () throws(WorkbenchError) in try Template.expand("/users/{{user_id}}", in: Self.scope) }?
                .message == "undefined variable {{user_id}}: set it with `set user_id VALUE`")
        #expect(
            thrownError { () throws(WorkbenchError) in try Template.expand("{{env.NOPE}}", in: Self.scope) }?
                .message == "environment variable NOPE is not set (used as {{env.NOPE}})")
        // Malformed references are reported even when expanding.
        #expect(
            thrownError { () throws(WorkbenchError) in try Template.expand("{{id", in: Self.scope) }?
                .message == "unclosed '{{' in '{{id': close it with '}}'")
    }

    @Test func environmentIsReadFromTheScopeNotStored() throws {
        var scope = Self.scope
        #expect(try Template.expand("{{env.API_KEY}}", in: scope) == "k-123")
        scope.environment["API_KEY"] = "changed"
        #expect(try Template.expand("{{env.API_KEY}}", in: scope) == "changed")
    }

    // MARK: - Variables

    @Test func variablesStoreAndFlagSecrets() {
        var variables = Variables()
        variables.set("b", to: "2")
        variables.set("a", to: "1", secret: true)
        variables.set("C", to: "3")
        #expect(variables.names == ["C", "a", "b"])
        #expect(variables.value(of: "a") == "1")
        #expect(variables.isSecret("a"))
        #expect(!variables.isSecret("b"))
        #expect(!variables.isSecret("missing"))
        #expect(variables.value(of: "missing") == nil)

        // Setting again replaces the value and the secret flag.
        variables.set("a", to: "one")
        #expect(variables.entries["a"] == Variables.Entry(value: "one", isSecret: false))

        #expect(variables.remove("b") == Variables.Entry(value: "2"))
        #expect(variables.remove("b") == nil)
        #expect(variables.names == ["C", "a"])
    }

    @Test func scopeDefaultsAreEmpty() {
        let scope = VariableScope()
        #expect(scope.variables.entries.isEmpty)
        #expect(scope.environment.isEmpty)
        #expect(
            thrownError { () throws(WorkbenchError) in try Template.expand("{{env.HOME}}", in: scope) }?.message
                == "environment variable HOME is not set (used as {{env.HOME}})")
    }

    @Test func trimmingSpacesOnlyTrimsSpacesAndTabs() {
        #expect(" \t a b \t ".trimmingSpaces() == "a b")
        #expect("\na\n".trimmingSpaces() == "\na\n")
        #expect("".trimmingSpaces() == "")
    }

    @Test func aTemplateExpandsToAtMostTheReadLimit() {
        var variables = Variables()
        variables.set("big", to: String(repeating: "x", count: 1 << 20))
        let text = String(repeating: "{{big}}", count: 65)
        let error = thrownError { () throws(WorkbenchError) in _ = try Template.expand(text, in: VariableScope(variables: variables)) }
        #expect(error?.message.hasSuffix("expands to more than 64.0 MB (the bound for a value with {{...}} references)") == true)
    }
}

/// Fast paths of this unit, each checked against the plain version it replaced.
extension TemplateTests {
    @Test func trimmingSpacesTrimsWhatTheCharacterWalkTrims() {
        var random = FuzzGenerator(seed: 27)
        for length in 0..<12 {
            for _ in 0..<400 {
                let text = random.awkwardText(length: length)
                #expect(
                    Substring(text).trimmingSpaces() == PlainVersions.trimmedByCharacters(Substring(text)), "\(Array(text.unicodeScalars))")
                #expect(text.trimmingSpaces() == String(PlainVersions.trimmedByCharacters(Substring(text))))
                // A slice of a longer text, as the header and line readers pass.
                let padded = "x" + text + "y"
                let inner = padded.dropFirst().dropLast()
                #expect(inner.trimmingSpaces() == PlainVersions.trimmedByCharacters(inner))
            }
        }
        // A space joined to a combining mark is not trimmed; one before plain text is.
        #expect(" \u{301}a ".trimmingSpaces() == " \u{301}a")
        #expect("\t a\t".trimmingSpaces() == "a")
    }
}
