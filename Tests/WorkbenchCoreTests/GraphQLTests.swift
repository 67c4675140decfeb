import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions

/// GraphQL: `body graphql` (checked documents, the payload sent), `graphql schema|ls|describe`
/// from SDL and from introspection, completion from the schema, response errors on send and
/// replay, sessions and exports; through the interpreter with fake files and a scripted transport.
@Suite struct GraphQLTests {
    static let sdl = #"""
        """A film of the original trilogy."""
        enum Episode {
          "Episode IV"
          NEWHOPE
          EMPIRE
          JEDI
          HOLIDAY @deprecated(reason: "never mention it")
        }
        interface Character { id: ID! name: String! friends: [Character!]! }
        type Human implements Character { id: ID! name: String! friends: [Character!]! homePlanet: String }
        "A droid.\u001b]0;pwned\u0007"
        type Droid implements Character { id: ID! name: String! friends: [Character!]! primaryFunction: String }
        union SearchResult = Human | Droid
        input ReviewInput { stars: Int! commentary: String = "none" episode: Episode }
        type Review { stars: Int! commentary: String }
        type Query {
          "The hero of a film."
          hero(episode: Episode = JEDI): Character
          human(id: ID!): Human
          search(text: String!, first: Int = 10): [SearchResult!]!
          flags(on: Boolean): [Episode!]
        }
        type Mutation { createReview(episode: Episode!, review: ReviewInput!, tags: [Episode!]): Review }
        extend type Query { reviews(episode: Episode!): [Review!]! }
        """#

    static func harness() -> InterpreterHarness {
        let h = InterpreterHarness(
            environment: ["TOKEN": "env-token-value"],
            files: [
                "schema.graphql": Array(sdl.utf8),
                "notes.txt": Array("just { some notes\n".utf8),
                "introspection.json": Array(introspection.utf8),
            ])
        return h
    }

    static func response(_ status: Int, _ body: String) -> HTTPResponse {
        HTTPResponse(
            statusLine: "HTTP/1.1 \(status) X", statusCode: status,
            headers: [HeaderField(name: "Content-Type", value: "application/json")], body: Array(body.utf8))
    }

    // MARK: body graphql

    @Test func aDocumentIsCheckedWhenTypedWithLineAndColumn() throws {
        let h = Self.harness()
        try h.run("base http://127.0.0.1:9\npath /graphql")
        let before = WorkspaceSnapshot(h.workspace)
        #expect(h.failure("body graphql { hero( }")?.message == "invalid GraphQL document: line 1, column 9: Expected Name, found }")
        #expect(
            h.failure("body graphql type Query { a: Int }")?.message.contains("line 1, column 1: a request holds operations and fragments")
                == true)
        #expect(h.failure("body graphql fragment F on Query { a }")?.message.contains("no operation") == true)
        #expect(h.failure("body graphql")?.message.contains("expected a query") == true)
        #expect(h.failure("body graphql { a(x: \"{{unclosed\") }")?.message.contains("invalid GraphQL document") == true)
        // A heredoc: the line of the error is the document's.
        try h.run("body graphql <<END\nquery {\n  hero {\n    name(\n  }\n}")
        #expect(h.failure("END")?.message == "invalid GraphQL document: line 4, column 3: Expected Name, found }")
        #expect(WorkspaceSnapshot(h.workspace) == before)
        // Columns after a reference are those of the text as typed.
        #expect(
            h.failure("body graphql { human(id: {{id}}) { name } ) }")?.message.hasPrefix("invalid GraphQL document: line 1, column 30:")
                == true)
    }

    @Test func documentsAreBoundedInSizeAndDepth() throws {
        let deep = String(repeating: "{ a ", count: 200) + String(repeating: "}", count: 200)
        #expect(throws: WorkbenchError("invalid GraphQL document: line 1: nested more than 128 levels deep")) {
            try GraphQLDocument.check(deep)
        }
        let large = "{ a(s: \"" + String(repeating: "x", count: GraphQLDocument.maxBytes) + "\") }"
        #expect((try? GraphQLDocument.check(large)) == nil)
        // Braces in strings and comments do not count.
        let quoted = "{ a(s: \"" + String(repeating: "(", count: 300) + "\") # " + String(repeating: "[", count: 300) + "\n}"
        #expect(try GraphQLDocument.check(quoted).count == 1)
    }

    @Test func thePayloadIsSentAsPostJSONWithVariablesAndOperation() throws {
        let h = Self.harness()
        try h.run("base http://127.0.0.1:9\npath /graphql\nset --secret key s3cr3t-value")
        #expect(try h.printed("body graphql query Hero($ep: Episode) { hero(episode: $ep) { name } }") == "method POST (was GET)")
        try h.run(#"body graphql vars {"ep": "JEDI", "key": "{{key}}", "n": 1.10}"#)
        let request = try h.prepared()
        #expect(request.method == "POST")
        #expect(request.headers.contains(HeaderField(name: "Content-Type", value: "application/json")))
        #expect(
            String(decoding: request.body, as: UTF8.self)
                == #"{"query":"query Hero($ep: Episode) { hero(episode: $ep) { name } }","variables":{"ep": "JEDI", "key": "s3cr3t-value", "n": 1.10},"operationName":"Hero"}"#
        )
        #expect(!String(decoding: request.shown.body, as: UTF8.self).contains("s3cr3t-value"))
        #expect(
            try h.printed("body")
                == "query Hero($ep: Episode) { hero(episode: $ep) { name } }\n# variables: {\"ep\": \"JEDI\", \"key\": \"{{key}}\", \"n\": 1.10}\n# operation: Hero"
        )
        // A new document keeps the variables; `vars clear` drops them.
        try h.run("body graphql { hero { name } }")
        #expect(String(decoding: try h.prepared().body, as: UTF8.self).hasPrefix(#"{"query":"{ hero { name } }","variables":{"#))
        try h.run("body graphql vars clear")
        #expect(String(decoding: try h.prepared().body, as: UTF8.self) == #"{"query":"{ hero { name } }"}"#)
        // Quoted as one word, as a shell would need it.
        try h.run("body graphql '{ human(id: \"1\") { name } }'")
        #expect(String(decoding: try h.prepared().body, as: UTF8.self) == #"{"query":"{ human(id: \"1\") { name } }"}"#)
    }

    @Test func variablesAreAJSONObjectAndNeedABody() throws {
        let h = Self.harness()
        try h.run("base http://127.0.0.1:9")
        #expect(h.failure(#"body graphql vars {"a": 1}"#)?.message.contains("no GraphQL body yet") == true)
        try h.run("body graphql { a }")
        #expect(h.failure("body graphql vars [1, 2]")?.message.contains("expected a JSON object") == true)
        #expect(h.failure(#"body graphql vars {"a": }"#)?.message.hasPrefix("invalid GraphQL variables:") == true)
        try h.run("body graphql vars {{allVariables}}\nset allVariables [1]")
        #expect(h.failure("show")?.message.contains("GraphQL variables must be a JSON object, not an array") == true)
        try h.run("body graphql vars <<END\n{\n  \"a\": 2\n}\nEND")
        #expect(String(decoding: try h.prepared().body, as: UTF8.self) == "{\"query\":\"{ a }\",\"variables\":{\n  \"a\": 2\n}}")
    }

    @Test func severalOperationsAskForOne() throws {
        let h = Self.harness()
        try h.run("base http://127.0.0.1:9")
        let note = try h.printed("body graphql query A { a } query B { b }")
        #expect(note.contains("the document has 2 operations (A, B): `body graphql operation NAME` picks the one to run"))
        #expect(!String(decoding: try h.prepared().body, as: UTF8.self).contains("operationName"))
        try h.run("body graphql operation B")
        #expect(String(decoding: try h.prepared().body, as: UTF8.self).hasSuffix(#","operationName":"B"}"#))
        #expect(h.failure("body graphql operation C")?.message == "body graphql: the document has no operation 'C' (it has A, B)")
        // The choice stays while the document still has it.
        #expect(try h.printed("body graphql query A { a } query B { b2 }") == "operation B (of A, B)")
        try h.run("body graphql operation clear")
        #expect(!String(decoding: try h.prepared().body, as: UTF8.self).contains("operationName"))
    }

    // MARK: the schema

    @Test func aSchemaFromSDLListsAndDescribes() throws {
        let h = Self.harness()
        #expect(try h.printed("graphql schema schema.graphql") == "loaded schema.graphql: 14 types; query Query, mutation Mutation")
        #expect(try h.printed("graphql") == "GraphQL schema from schema.graphql: 14 types; query Query, mutation Mutation")
        #expect(
            try h.printed("graphql ls") == """
                query Query
                  hero(episode: Episode = JEDI): Character
                  human(id: ID!): Human
                  search(text: String!, first: Int = 10): [SearchResult!]!
                  flags(on: Boolean): [Episode!]
                  reviews(episode: Episode!): [Review!]!
                mutation Mutation
                  createReview(episode: Episode!, review: ReviewInput!, tags: [Episode!]): Review
                types: Episode, Character, Human, Droid, SearchResult, ReviewInput, Review
                """)
        #expect(try h.printed("graphql ls Episode") == "enum Episode\n  NEWHOPE\n  EMPIRE\n  JEDI\n  HOLIDAY  (deprecated)")
        #expect(try h.printed("graphql ls SearchResult") == "union SearchResult = Human | Droid")
        #expect(
            try h.printed("graphql ls ReviewInput")
                == "input ReviewInput\n  stars: Int!\n  commentary: String = \"none\"\n  episode: Episode")
        #expect(
            try h.printed("graphql describe Query.hero") == """
                Query.hero: Character
                  The hero of a film.
                arguments:
                  episode: Episode = JEDI
                      one of: NEWHOPE, EMPIRE, JEDI, HOLIDAY
                returns interface Character: id, name, friends
                """)
        #expect(try h.printed("graphql describe Query.human").contains("  id: ID!  (required)"))
        // A description's terminal controls are shown escaped.
        let droid = try h.printed("graphql describe Droid")
        #expect(droid.hasPrefix("type Droid implements Character\n  A droid.\\x1b]0;pwned\\x07\n"))
        #expect(!droid.contains("\u{1b}"))
        #expect(try h.printed("graphql describe Character").hasPrefix("interface Character  (implemented by Human, Droid)"))
        #expect(try h.printed("graphql describe Episode").contains("  NEWHOPE\n      Episode IV\n"))
        #expect(h.failure("graphql ls Epsode")?.message == "graphql ls: no type 'Epsode' in the schema: did you mean Episode?")
        #expect(h.failure("graphql describe Query.hreo")?.message == "graphql describe: Query has no field 'hreo': did you mean hero?")
        #expect(h.failure("graphql bogus")?.message.contains("unknown subcommand") == true)
        #expect(try h.printed("graphql schema off") == "forgot the GraphQL schema from schema.graphql")
        #expect(h.failure("graphql ls")?.message.contains("no GraphQL schema") == true)
    }

    @Test func badSchemaFilesAreOneErrorAndChangeNothing() throws {
        let h = Self.harness()
        try h.run("graphql schema schema.graphql")
        let before = WorkspaceSnapshot(h.workspace)
        #expect(h.failure("graphql schema notes.txt")?.message.hasPrefix("notes.txt: invalid schema: line 1, column 1:") == true)
        #expect(h.failure("graphql schema missing.graphql")?.message.contains("cannot read") == true)
        h.files.contents["bad.json"] = Array(#"{"data": {"__schema": {"types": [{"name": "A"}]}}}"#.utf8)
        #expect(
            h.failure("graphql schema bad.json")?.message == "bad.json: not a GraphQL introspection result: types[0] (A) has no known kind")
        h.files.contents["deep.json"] =
            Array(#"{"__schema": {"types": [{"kind": "OBJECT", "name": "A", "fields": [{"name": "f", "type": "#.utf8)
            + Array(String(repeating: #"{"kind": "LIST", "ofType": "#, count: 40).utf8) + Array(#"{"kind": "SCALAR", "name": "Int"}"#.utf8)
            + Array(String(repeating: "}", count: 40).utf8) + Array("}]}]}}".utf8)
        #expect(h.failure("graphql schema deep.json")?.message.contains("a type nested more than 32 lists deep") == true)
        #expect(h.workspace.graphqlSchemaLocation == "schema.graphql")
        #expect(WorkspaceSnapshot(h.workspace) == before)
    }

    /// Introspection JSON of a small schema, as `graphql schema FILE` reads it.
    static let introspection = #"""
        {"data": {"__schema": {
          "queryType": {"name": "Root"}, "mutationType": null, "subscriptionType": null,
          "types": [
            {"kind": "OBJECT", "name": "Root", "description": "The root.", "fields": [
              {"name": "user", "description": "A user by login.", "args": [
                {"name": "login", "description": null, "type": {"kind": "NON_NULL", "name": null, "ofType": {"kind": "SCALAR", "name": "String", "ofType": null}}, "defaultValue": null}],
               "type": {"kind": "OBJECT", "name": "User", "ofType": null}, "isDeprecated": false, "deprecationReason": null}],
             "inputFields": null, "interfaces": [], "enumValues": null, "possibleTypes": null},
            {"kind": "OBJECT", "name": "User", "description": null, "fields": [
              {"name": "login", "args": [], "type": {"kind": "NON_NULL", "name": null, "ofType": {"kind": "SCALAR", "name": "String", "ofType": null}}, "isDeprecated": false},
              {"name": "role", "args": [], "type": {"kind": "ENUM", "name": "Role", "ofType": null}, "isDeprecated": true, "deprecationReason": "use roles"}],
             "inputFields": null, "interfaces": [], "enumValues": null, "possibleTypes": null},
            {"kind": "ENUM", "name": "Role", "description": null, "fields": null, "inputFields": null, "interfaces": null,
             "enumValues": [{"name": "ADMIN", "isDeprecated": false}, {"name": "GUEST", "isDeprecated": false}], "possibleTypes": null},
            {"kind": "SCALAR", "name": "String", "description": null},
            {"kind": "OBJECT", "name": "__Schema", "description": null, "fields": []}
          ]}}}
        """#

    @Test func introspectionFromAFileAndThroughTheTransport() throws {
        let h = Self.harness()
        #expect(try h.printed("graphql schema introspection.json") == "loaded introspection.json: 4 types; query Root")
        #expect(try h.printed("graphql ls") == "query Root\n  user(login: String!): User\ntypes: User, Role")
        #expect(try h.printed("graphql ls User") == "type User\n  login: String!\n  role: Role  (deprecated)")
        // `graphql schema`: the introspection query to the request's own URL, with its headers and auth.
        try h.run("base http://127.0.0.1:9\npath /api/graphql\nauth bearer {{env.TOKEN}}\nheader X-Tenant: acme")
        h.transport.responses = [.success(Self.response(200, Self.introspection))]
        #expect(try h.printed("graphql schema") == "loaded http://127.0.0.1:9/api/graphql: 4 types; query Root")
        let sent = try #require(h.transport.sent.last).request
        #expect(sent.method == "POST" && sent.target == "/api/graphql")
        #expect(sent.headers.contains(HeaderField(name: "Authorization", value: "Bearer env-token-value")))
        #expect(sent.headers.contains(HeaderField(name: "X-Tenant", value: "acme")))
        #expect(String(decoding: sent.body, as: UTF8.self).hasPrefix(#"{"query":"query IntrospectionQuery {"#))
        // Not a request of the history, and the request being built is unchanged.
        #expect(h.workspace.history.isEmpty && h.endpoint.body == nil && h.endpoint.method == "GET")
        // Another origin gets none of the credentials.
        h.transport.responses = [.success(Self.response(200, Self.introspection))]
        try h.run("graphql schema http://127.0.0.2:9/graphql")
        let other = try #require(h.transport.sent.last).request
        #expect(other.target == "/graphql" && other.base.host == "127.0.0.2")
        #expect(!other.headers.contains { $0.hasName("Authorization") || $0.hasName("X-Tenant") })
        // A server that refuses introspection: its message, and nothing changes.
        h.transport.responses = [.success(Self.response(400, #"{"errors": [{"message": "introspection is disabled"}]}"#))]
        #expect(
            h.failure("graphql schema")?.message
                == "graphql schema: http://127.0.0.1:9/api/graphql answered HTTP/1.1 400 X: introspection is disabled")
        h.transport.responses = [.success(Self.response(200, #"{"errors": [{"message": "introspection is disabled"}]}"#))]
        #expect(
            h.failure("graphql schema")?.message
                == "http://127.0.0.1:9/api/graphql: the introspection query failed: introspection is disabled")
        h.transport.responses = [.success(Self.response(404, "not here"))]
        #expect(h.failure("graphql schema")?.message == "graphql schema: http://127.0.0.1:9/api/graphql answered HTTP/1.1 404 X")
        #expect(h.workspace.graphqlSchemaLocation == "http://127.0.0.2:9/graphql")
    }

    // MARK: completion

    static func completions(_ prefix: String, document: String? = nil) throws -> [String] {
        var workspace = Workspace()
        workspace.graphqlSchema = try GraphQLAPI(sdl: sdl, source: "schema.graphql")
        workspace.endpoint.body = .graphql(GraphQLBody(query: "query A { a } mutation B { b }"))
        return Completion(workspace: workspace, listDirectory: { _ in [] }, graphqlDocument: document).candidates(forLinePrefix: prefix)
    }

    @Test func completionFollowsTheSelectionBeingTyped() throws {
        #expect(try Self.completions("body graphql { he") == ["hero"])
        #expect(try Self.completions("body graphql {he") == ["{hero"])
        #expect(try Self.completions("body graphql { hero { ") == ["id", "name", "friends", "__typename"])
        #expect(try Self.completions("body graphql { hero { friends { na") == ["name"])
        #expect(try Self.completions("body graphql { h: human(id: 1) { home") == ["homePlanet"])
        #expect(try Self.completions("body graphql { hero(ep") == ["hero(episode"])
        #expect(try Self.completions("body graphql { hero(episode: ") == ["NEWHOPE", "EMPIRE", "JEDI", "HOLIDAY"])
        #expect(try Self.completions("body graphql { hero(episode:J") == ["hero(episode:JEDI"])
        #expect(try Self.completions("body graphql { flags(on: ") == ["true", "false"])
        #expect(try Self.completions("body graphql { search(text: \"a b\", f") == ["first"])
        #expect(try Self.completions("body graphql { search(text: \"x\") { ... on ") == ["Human", "Droid"])
        #expect(try Self.completions("body graphql { search(text: \"x\") { ... on Droid { pri") == ["primaryFunction"])
        #expect(try Self.completions("body graphql mutation { createReview(review: {st") == ["{stars"])
        #expect(try Self.completions("body graphql mutation { createReview(review: {stars: 1, episode: E") == ["EMPIRE"])
        #expect(try Self.completions("body graphql mutation { createReview(tags: [JEDI, N") == ["NEWHOPE"])
        #expect(try Self.completions("body graphql mutation { createReview(episode: JEDI, review: {stars: 1}) { com") == ["commentary"])
        #expect(try Self.completions("body graphql { hero { name } } fragment F on D") == ["Droid"])
        #expect(try Self.completions("body graphql { hero { ...F @sk") == ["@skip"])
        #expect(try Self.completions("body graphql { a(s: \"unclosed") == [])
        #expect(try Self.completions("body graphql q") == ["query"])
        #expect(try Self.completions("body graphql operation ") == ["A", "B", "clear"])
        #expect(try Self.completions("body gr") == ["graphql"])
        // The lines of a `body graphql <<END` block are part of the document.
        #expect(try Self.completions("    fr", document: "query {\n  hero {\n") == ["friends"])
        #expect(try Self.completions("  hu", document: "query {\n  hero { name }\n") == ["human"])
    }

    @Test func completionOfTypesAndFieldsAfterGraphQLCommands() throws {
        #expect(try Self.completions("graphql ") == ["schema", "ls", "describe"])
        #expect(try Self.completions("graphql ls Ep") == ["Episode"])
        #expect(try Self.completions("graphql describe Query.h") == ["Query.hero", "Query.human"])
        #expect(try Self.completions("graphql describe ReviewInput.st") == ["ReviewInput.stars"])
        #expect(try Self.completions("graphql schema o") == ["off"])
    }

    @Test func namesThatAreNoGraphQLNamesAreNotOffered() throws {
        let hostile =
            #"{"__schema": {"queryType": {"name": "Q"}, "types": [{"kind": "OBJECT", "name": "Q", "fields": ["#
            + #"{"name": "ok", "args": [], "type": {"kind": "SCALAR", "name": "Int"}},"#
            + #"{"name": "o\u001b]0;x\u0007", "args": [], "type": {"kind": "SCALAR", "name": "Int"}}]},"#
            + #"{"kind": "SCALAR", "name": "Int"}, {"kind": "ENUM", "name": "E\u202e", "enumValues": []}]}}"#
        var workspace = Workspace()
        workspace.graphqlSchema = try GraphQLAPI(introspection: try JSONParser.parse(hostile), source: "h.json")
        let completion = Completion(workspace: workspace, listDirectory: { _ in [] })
        #expect(completion.candidates(forLinePrefix: "body graphql { o") == ["ok"])
        #expect(completion.candidates(forLinePrefix: "graphql ls ") == ["Q", "Int"])
        #expect(completion.candidates(forLinePrefix: "graphql describe Q.") == ["Q.ok"])
        // Listed, they are escaped.
        #expect(GraphQLText.members(try #require(workspace.graphqlSchema?.type(named: "Q"))) == "type Q\n  ok: Int\n  o\\x1b]0;x\\x07: Int")
    }

    @Test func variableDefinitionsCompleteInputTypes() throws {
        let found = try Self.completions("body graphql query Q($e: ")
        #expect(found.contains("Episode") && found.contains("ReviewInput") && found.contains("String"))
        #expect(!found.contains("Human") && !found.contains("Query"))
        #expect(try Self.completions("body graphql query Q($e: Ep") == ["Episode"])
    }

    // MARK: responses

    static let failing =
        #"{"data": {"boom": null}, "errors": [{"message": "the boom field \u001b[31mfails", "locations": [{"line": 1, "column": 3}], "path": ["boom", 0, "x"]}]}"#

    @Test func errorsAreErrorLinesAfterTheDataAndFailAReplay() throws {
        let h = Self.harness()
        try h.run("base http://127.0.0.1:9\nbody graphql { boom }")
        h.transport.responses = [.success(Self.response(200, Self.failing))]
        try h.run("send")
        #expect(h.output.errors == [#"error: GraphQL: the boom field \x1b[31mfails (path boom.0.x; line 1, column 3)"#])
        #expect(String(decoding: h.output.bytes, as: UTF8.self).contains("\"boom\": null"))
        h.transport.responses = [.success(Self.response(200, Self.failing))]
        let failure = h.failure("replay 1")
        #expect(failure?.message == "replay: 1 of 1 request failed")
        #expect(h.output.lines.last?.contains(#"FAIL"#) == true)
        #expect(h.output.lines.last?.contains(#"GraphQL error: the boom field"#) == true)
        // An expectation about the errors decides instead.
        try h.run("expect json $.errors[0].message exists")
        h.transport.responses = [.success(Self.response(200, Self.failing))]
        try h.run("replay 1")
        // A body that is no GraphQL response (or a JSON body) is not read for errors.
        try h.run("body json {\"a\": 1}")
        h.transport.responses = [.success(Self.response(200, Self.failing))]
        let before = h.output.errors.count
        try h.run("send")
        #expect(h.output.errors.count == before)
    }

    @Test func manyErrorsAreCounted() throws {
        let errors = (1...25).map { #"{"message": "e\#($0)"}"# }.joined(separator: ",")
        let lines = GraphQLResponseErrors.lines(Self.response(200, #"{"errors": [\#(errors)]}"#))
        #expect(lines.count == 21 && lines.last == "error: GraphQL: 5 more errors")
        #expect(GraphQLResponseErrors.lines(Self.response(200, #"{"data": {"errors": 1}}"#)).isEmpty)
        #expect(GraphQLResponseErrors.lines(Self.response(200, #"not json "errors""#)).isEmpty)
    }

    // MARK: sessions and exports

    @Test func theSessionKeepsTheBodyAndTheSchemaByReference() throws {
        let h = Self.harness()
        try h.run("base http://127.0.0.1:9\ngraphql schema schema.graphql\nbody graphql query Q($id: ID!) { human(id: $id) { name } }")
        try h.run("body graphql vars {\"id\": \"{{id}}\"}\nsave s.json")
        let text = String(decoding: try #require(h.files.contents["s.json"]), as: UTF8.self)
        #expect(text.contains(#""kind": "graphql""#) && text.contains(#""graphqlSchema": "schema.graphql""#))
        #expect(!text.contains("HOLIDAY"))  // by reference: the schema itself is not in the file
        let fresh = Self.harness()
        fresh.files.contents["s.json"] = h.files.contents["s.json"]
        let loaded = try fresh.printed("load s.json")
        #expect(loaded.hasSuffix("loaded schema.graphql: 14 types; query Query, mutation Mutation"))
        #expect(fresh.endpoint.body == h.endpoint.body)
        #expect(fresh.workspace.graphqlSchema?.type(named: "Droid") != nil)
        // A schema from a URL is named, not fetched behind the user's back.
        var document = try SessionDecoding.decode(Array(text.utf8), file: "s.json")
        document.graphqlSchema = "http://127.0.0.1:9/graphql"
        fresh.files.contents["u.json"] = SessionEncoding.encode(document)
        #expect(try fresh.printed("load u.json").hasSuffix("`graphql schema http://127.0.0.1:9/graphql` loads it again"))
        #expect(fresh.transport.sent.isEmpty)
        // A session whose document does not parse is refused with the place.
        let broken = text.replacingOccurrences(of: "human(id: $id)", with: "human(id: $id")
        fresh.files.contents["b.json"] = Array(broken.utf8)
        #expect(fresh.failure("load b.json")?.message.contains("endpoint.body.query") == true)
    }

    @Test func exportsSendThePayload() throws {
        let h = Self.harness()
        try h.run(
            "base http://127.0.0.1:9\npath /graphql\nbody graphql query Q($ep: Episode) { hero(episode: $ep) { name } }\nbody graphql vars {\"ep\": \"JEDI\"}"
        )
        let curl = try h.printed("curl")
        #expect(
            curl.contains(
                #"--data-raw '{"query":"query Q($ep: Episode) { hero(episode: $ep) { name } }","variables":{"ep": "JEDI"},"operationName":"Q"}'"#
            ))
        try h.run("send")
        let hurl = try h.printed("export hurl")
        #expect(
            hurl.contains(
                "POST http://127.0.0.1:9/graphql\nContent-Type: application/json\n```graphql\nquery Q($ep: Episode) { hero(episode: $ep) { name } }\n\nvariables {\"ep\": \"JEDI\"}\n```"
            ))
        let http = try h.printed("export http")
        #expect(
            http.contains(
                #"{"query":"query Q($ep: Episode) { hero(episode: $ep) { name } }","variables":{"ep": "JEDI"},"operationName":"Q"}"#))
        // Several operations: Hurl has no operation name, so the JSON goes as it is.
        try h.run("body graphql query A { a } query B { b }\nbody graphql operation B\nsend")
        #expect(
            try h.printed("export hurl").contains(
                #"{"query":"query A { a } query B { b }","variables":{"ep": "JEDI"},"operationName":"B"}"#))
    }

    @Test func httpFilesGraphQLRequests() throws {
        let imported = try HTTPFileImport.read(
            """
            @token = t0k
            @episode = JEDI

            ### Hero
            GRAPHQL http://h.test/graphql
            Authorization: Bearer {{token}}

            query Hero($ep: Episode) {
              hero(episode: $ep) { name }
            }

            {
              "ep": "{{episode}}"
            }

            ### No variables
            GRAPHQL http://h.test/graphql

            { hero { name } }
            """, file: "api.http", environment: nil, readFile: { path throws(WorkbenchError) in throw WorkbenchError("no \(path)") },
            fileExists: { _ in false })
        let requests = imported.document.requests
        #expect(requests.map(\.endpoint.method) == ["POST", "POST"])
        #expect(
            requests[0].endpoint.body
                == .graphql(
                    GraphQLBody(
                        query: "query Hero($ep: Episode) {\n  hero(episode: $ep) { name }\n}", variables: "{\n  \"ep\": \"{{episode}}\"\n}",
                        operationName: "Hero")))
        #expect(requests[1].endpoint.body == .graphql(GraphQLBody(query: "{ hero { name } }")))
        #expect(throws: WorkbenchError.self) {
            try HTTPFileImport.read(
                "GRAPHQL http://h.test/graphql\n\n{ hero( }\n", file: "bad.http", environment: nil,
                readFile: { _ throws(WorkbenchError) in [] }, fileExists: { _ in false })
        }
    }
}
