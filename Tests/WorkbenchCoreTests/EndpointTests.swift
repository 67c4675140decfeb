import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// Endpoint assembly: the five seed systems built through commands, URL
/// joining and percent-encoding, headers, bodies and the base URL parser.
@Suite struct EndpointTests {
    // MARK: - The five seeds (Sessions/seeds/README.md), built with commands

    @Test func seed1MovieDatabaseGETWithKeyAndHeaders() throws {
        let h = InterpreterHarness(environment: ["TMDB_TOKEN": "tok123"])
        try h.run(
            """
            base https://api.themoviedb.org
            path /3/movie/popular
            set --secret key 0123abcd
            query add api_key {{key}}
            query add language ko-KR
            query add page 1
            header Authorization: Bearer {{env.TMDB_TOKEN}}
            header Accept: application/json
            """)
        let request = try h.prepared()
        #expect(request.method == "GET")
        #expect(request.target == "/3/movie/popular?api_key=0123abcd&language=ko-KR&page=1")
        #expect(request.url == "https://api.themoviedb.org/3/movie/popular?api_key=0123abcd&language=ko-KR&page=1")
        // The seed's bug: headers collected and never sent. Every one is here, in order;
        // the user's Accept replaces the default one.
        #expect(
            headerLines(request) == [
                "Host: api.themoviedb.org",
                "User-Agent: workbench/\(WorkbenchVersion.current)",
                "Accept-Encoding: \(AcceptEncoding.supported)",
                "Authorization: Bearer tok123",
                "Accept: application/json",
            ])
        #expect(request.body.isEmpty)
        // Stored as typed: the templates are expanded only when the request is built.
        #expect(h.endpoint.query.first == QueryItem(name: "api_key", value: "{{key}}"))
        #expect(
            h.endpoint.headers.first
                == HeaderField(
                    name: "Authorization", value: "Bearer {{env.TMDB_TOKEN}}",
                    origin: "https://api.themoviedb.org"))
        #expect(h.workspace.variables.isSecret("key"))
    }

    @Test func seed1QueryOrderIsStableAcrossBuilds() throws {
        let h = InterpreterHarness()
        try h.run("base https://api.themoviedb.org\npath /3/movie/popular")
        for (index, name) in ["z", "a", "m", "b", "y", "c"].enumerated() {
            try h.run("query add \(name) \(index)")
        }
        let expected = "/3/movie/popular?z=0&a=1&m=2&b=3&y=4&c=5"
        for _ in 0..<5 {
            #expect(try h.prepared().target == expected)
        }
    }

    @Test func seed2NoQuestionMarkWithoutQuery() throws {
        let h = InterpreterHarness()
        try h.run("base https://jsonplaceholder.typicode.com\npath /posts/1")
        var request = try h.prepared()
        #expect(request.target == "/posts/1")
        #expect(request.url == "https://jsonplaceholder.typicode.com/posts/1")
        #expect(!request.url.contains("?"))
        #expect(headerLines(request) == defaultHeaderLines(host: "jsonplaceholder.typicode.com"))

        // A query added and cleared leaves no `?` behind either.
        try h.run("query add a 1\nquery clear")
        request = try h.prepared()
        #expect(request.target == "/posts/1")
    }

    @Test func seed2PostWithJSONBody() throws {
        let h = InterpreterHarness()
        try h.run(
            """
            base https://jsonplaceholder.typicode.com
            method post
            path /posts
            body json {"title": "foo", "body": "bar", "userId": 1}
            """)
        let request = try h.prepared()
        #expect(request.method == "POST")
        #expect(request.target == "/posts")
        #expect(
            headerLines(request) == defaultHeaderLines(host: "jsonplaceholder.typicode.com") + [
                "Content-Type: application/json",
                "Content-Length: 44",
            ])
        #expect(request.body == utf8Bytes(#"{"title": "foo", "body": "bar", "userId": 1}"#))
        #expect(
            request.displayText == """
                POST /posts HTTP/1.1
                Host: jsonplaceholder.typicode.com
                User-Agent: workbench/\(WorkbenchVersion.current)
                Accept: */*
                Accept-Encoding: \(AcceptEncoding.supported)
                Content-Type: application/json
                Content-Length: 44

                {"title": "foo", "body": "bar", "userId": 1}
                """)
    }

    /// Seed 2 lists these methods; each one goes on the request line as typed (upper-cased),
    /// and only POST, PUT and PATCH announce an empty body.
    @Test(arguments: ["get", "HEAD", "Post", "put", "DELETE", "options", "trace", "CONNECT", "patch", "purge"])
    func seed2Methods(typed: String) throws {
        let h = InterpreterHarness()
        try h.run("base http://example.com\nmethod \(typed)")
        let request = try h.prepared()
        let method = typed.uppercased()
        #expect(request.method == method)
        #expect(request.displayText.hasPrefix("\(method) / HTTP/1.1\n"))
        let announcesLength = ["POST", "PUT", "PATCH"].contains(method)
        #expect(headerLines(request) == defaultHeaderLines(host: "example.com") + (announcesLength ? ["Content-Length: 0"] : []))
    }

    /// `header rm Content-Length`: an empty POST goes without `Content-Length: 0`, as `curl -X POST`
    /// sends it; `header clear` announces it again, and a body is announced whatever was said.
    @Test func headerRmContentLengthSendsAnEmptyPostWithoutIt() throws {
        let h = InterpreterHarness()
        try h.run("base http://example.com\nmethod post\nheader rm Content-Length")
        #expect(headerLines(try h.prepared()) == defaultHeaderLines(host: "example.com"))
        #expect(try !h.prepared().announcesBody)
        #expect(try h.printed("header").contains("not sent: Content-Length"))
        #expect(throws: WorkbenchError.self) { try h.run("header rm content-length") }
        try h.run("body abc")
        #expect(headerLines(try h.prepared()) == defaultHeaderLines(host: "example.com") + ["Content-Length: 3"])
        try h.run("body clear\nheader clear")
        #expect(headerLines(try h.prepared()) == defaultHeaderLines(host: "example.com") + ["Content-Length: 0"])
    }

    static let firestoreBase = "https://firestore.googleapis.com/v1/projects/demo-app/databases/(default)/documents"
    static let firestoreProfile =
        #"{"fields": {"profileImage": {"stringValue": "https://img.example/1.png"}, "nickName": {"stringValue": "ana"}, "introduce": {"stringValue": "hi"}}}"#

    @Test func seed3FirestorePatchWithRepeatedQueryNames() throws {
        let h = InterpreterHarness()
        try h.run(
            """
            base \(Self.firestoreBase)
            set docID u123
            header Content-Type: application/json
            path /users/{{docID}}
            method PATCH
            query add updateMask.fieldPaths profileImage
            query add updateMask.fieldPaths nickName
            query add updateMask.fieldPaths introduce
            body json \(Self.firestoreProfile)
            """)
        let request = try h.prepared()
        #expect(request.method == "PATCH")
        #expect(
            request.target == "/v1/projects/demo-app/databases/(default)/documents/users/u123"
                + "?updateMask.fieldPaths=profileImage&updateMask.fieldPaths=nickName&updateMask.fieldPaths=introduce")
        #expect(request.url == "https://firestore.googleapis.com" + request.target)
        // The user's Content-Type is sent once, in the user's place; no implied duplicate.
        #expect(
            headerLines(request) == defaultHeaderLines(host: "firestore.googleapis.com") + [
                "Content-Type: application/json",
                "Content-Length: 146",
            ])
        #expect(request.body == utf8Bytes(Self.firestoreProfile))
    }

    @Test func seed3OtherRouterCases() throws {
        let h = InterpreterHarness()
        try h.run(
            """
            base \(Self.firestoreBase)
            header Content-Type: application/json
            set next tokenABC
            path /users
            query add pageSize 10
            query add pageToken {{next}}
            """)
        var request = try h.prepared()
        #expect(request.method == "GET")
        #expect(request.target == "/v1/projects/demo-app/databases/(default)/documents/users?pageSize=10&pageToken=tokenABC")
        #expect(headerLines(request) == defaultHeaderLines(host: "firestore.googleapis.com") + ["Content-Type: application/json"])

        try h.run(
            """
            query clear
            method delete
            path add doc-9
            """)
        request = try h.prepared()
        #expect(request.method == "DELETE")
        #expect(request.target == "/v1/projects/demo-app/databases/(default)/documents/users/doc-9")
        #expect(headerLines(request) == defaultHeaderLines(host: "firestore.googleapis.com") + ["Content-Type: application/json"])
        #expect(request.body.isEmpty)
    }

    @Test(arguments: ["https://rickandmortyapi.com/api", "https://rickandmortyapi.com/api/", "rickandmortyapi.com/api"])
    func seed4RickAndMortyHasNoDoubleSlash(base: String) throws {
        let h = InterpreterHarness()
        try h.run(
            """
            base \(base)
            path add character 1
            query add name rick
            query add status alive
            """)
        let request = try h.prepared()
        let scheme = base.hasPrefix("https") ? "https" : "http"
        #expect(request.url == "\(scheme)://rickandmortyapi.com/api/character/1?name=rick&status=alive")
        #expect(request.target == "/api/character/1?name=rick&status=alive")
        #expect(!request.url.dropFirst(scheme.count + 3).contains("//"))
        #expect(h.endpoint.segments == ["character", "1"])
    }

    @Test func seed4PathThenSegmentsKeepOrder() throws {
        let h = InterpreterHarness()
        try h.run(
            """
            base https://rickandmortyapi.com/api/
            path /episode/
            path add 28
            path add 3 1
            """)
        #expect(try h.prepared().target == "/api/episode/28/3/1")
        #expect(try h.printed("path") == "https://rickandmortyapi.com/api/episode/28/3/1")
        // Setting the path again starts the segments over.
        try h.run("path location")
        #expect(try h.prepared().target == "/api/location")
    }

    /// `https://host//get` goes out as `//get`, as curl and Postman send it: below a bare origin
    /// the path's slashes stay; where it joins a base's path, exactly one `/` (issue 38).
    @Test(arguments: [
        ("path https://h.example//get", "//get"), ("path https://h.example//get//x/", "//get//x/"),
        ("base https://h.example\npath //get", "//get"), ("base https://h.example/\npath //get", "/get"),
        ("base https://h.example/api\npath //get", "/api/get"), ("base https://h.example\npath ///", "///"),
    ])
    func doubleSlashInThePathStays(lines: String, target: String) throws {
        let h = InterpreterHarness()
        try h.run(lines)
        #expect(try h.prepared().target == target)
    }

    @Test func seed5LoginPostsJSON() throws {
        let h = InterpreterHarness()
        try h.run(
            """
            base http://localhost:8080
            set --secret password s3cret
            method post
            path /login
            body json {"username": "ana", "password": "{{password}}"}
            """)
        let request = try h.prepared()
        #expect(request.method == "POST")
        #expect(request.target == "/login")
        #expect(request.url == "http://localhost:8080/login")
        #expect(
            headerLines(request) == defaultHeaderLines(host: "localhost:8080") + [
                "Content-Type: application/json",
                "Content-Length: 41",
            ])
        #expect(request.body == utf8Bytes(#"{"username": "ana", "password": "s3cret"}"#))
        // The stored body keeps the reference; the secret is masked in `vars`.
        #expect(h.endpoint.body == .json(#"{"username": "ana", "password": "{{password}}"}"#))
        #expect(try h.printed("vars") == "password = ****** (secret)")
    }

    @Test func seed5PostVerbSetsMethodAndPathThenSends() throws {
        let h = InterpreterHarness()
        try h.run(
            """
            base http://localhost:8080
            body json {"username": "ana", "password": "pw"}
            post /login
            """)
        #expect(h.sentOutputFiles == [nil])
        let request = try h.prepared()
        #expect(request.method == "POST")
        #expect(request.target == "/login")
        #expect(request.body == utf8Bytes(#"{"username": "ana", "password": "pw"}"#))
    }

    @Test func seed5GETCarriesNoBodyHeaders() throws {
        let h = InterpreterHarness()
        try h.run("base http://localhost:8080\npath /me\nheader Authorization: Bearer t")
        let request = try h.prepared()
        #expect(headerLines(request) == defaultHeaderLines(host: "localhost:8080") + ["Authorization: Bearer t"])
        #expect(!request.displayText.contains("\n\n"))
    }

    // MARK: - Joining base and path

    @Test(arguments: [
        ("https://h.example", "users", "/users"),
        ("https://h.example", "/users", "/users"),
        ("https://h.example/", "users", "/users"),
        ("https://h.example/", "/users", "/users"),
        ("https://h.example/", "//users", "/users"),
        ("https://h.example/v2", "users", "/v2/users"),
        ("https://h.example/v2", "/users", "/v2/users"),
        ("https://h.example/v2/", "users", "/v2/users"),
        ("https://h.example/v2/", "/users", "/v2/users"),
        ("https://h.example/v2//", "//users", "/v2/users"),
        ("https://h.example/api/v2", "users/1", "/api/v2/users/1"),
        ("https://h.example/v2", "/users/", "/v2/users/"),
        ("https://h.example", "/users/", "/users/"),
        ("https://h.example", "", "/"),
        ("https://h.example/", "", "/"),
        ("https://h.example", "/", "/"),
        ("https://h.example/v2", "", "/v2"),
        ("https://h.example/v2", "/", "/v2/"),
    ])
    func exactlyOneSlashBetweenBaseAndPath(base: String, path: String, target: String) throws {
        var endpoint = Endpoint(base: base)
        try endpoint.setPath(path)
        let request = try endpoint.prepare(in: VariableScope())
        #expect(request.target == target)
        #expect(request.url == "https://h.example" + target)
    }

    @Test func segmentsJoinWithOneSlash() throws {
        let cases: [(String, String, [String], String)] = [
            ("http://h", "", ["a"], "/a"),
            ("http://h/", "", ["a", "b"], "/a/b"),
            ("http://h/v1", "", ["a"], "/v1/a"),
            ("http://h/v1", "/x/", ["a"], "/v1/x/a"),
            ("http://h/v1", "x", ["a"], "/v1/x/a"),
            ("http://h", "/", ["a"], "/a"),
        ]
        for (base, path, segments, target) in cases {
            var endpoint = Endpoint(base: base)
            try endpoint.setPath(path)
            endpoint.segments = segments
            #expect(try endpoint.prepare(in: VariableScope()).target == target, "\(base) + \(path) + \(segments)")
        }
    }

    // MARK: - Percent-encoding

    @Test func pathAddEncodesEachSegmentAsOneValue() throws {
        let h = InterpreterHarness()
        try h.run(
            #"""
            base http://h
            path add "a b/c" 100% é "x?y#z" a+b:c@d
            """#)
        #expect(h.endpoint.segments == ["a b/c", "100%", "é", "x?y#z", "a+b:c@d"])
        #expect(try h.prepared().target == "/a%20b%2Fc/100%25/%C3%A9/x%3Fy%23z/a+b:c@d")
    }

    @Test(arguments: [
        ("/a b", "/a%20b"),
        ("/café", "/caf%C3%A9"),
        ("/caf%C3%A9", "/caf%C3%A9"),
        ("/caf%c3%a9", "/caf%c3%a9"),
        ("/100%", "/100%25"),
        ("/100%/x", "/100%25/x"),
        ("/a%zz", "/a%25zz"),
        ("/a%4", "/a%254"),
        ("/%41", "/%41"),
        ("/a%20b%", "/a%20b%25"),
        ("/a\"b<c>d", "/a%22b%3Cc%3Ed"),
        ("/a[b]{c}|d\\e^f`g", "/a%5Bb%5D%7Bc%7D%7Cd%5Ce%5Ef%60g"),
        ("/keep/!$&'()*+,;=:@-._~", "/keep/!$&'()*+,;=:@-._~"),
        ("/users//1", "/users//1"),
    ])
    func pathEncoding(typed: String, target: String) throws {
        var endpoint = Endpoint(base: "http://h")
        try endpoint.setPath(typed)
        #expect(endpoint.path == typed)
        #expect(try endpoint.prepare(in: VariableScope()).target == target)
    }

    @Test(arguments: [
        ("a&b", "a%26b"),
        ("a=b", "a%3Db"),
        ("a+b", "a%2Bb"),
        ("a#b", "a%23b"),
        ("a b", "a%20b"),
        ("é", "%C3%A9"),
        ("日本", "%E6%97%A5%E6%9C%AC"),
        ("100%", "100%25"),
        ("%41", "%2541"),
        ("a/b?c:d@e", "a/b?c:d@e"),
        ("-._~", "-._~"),
        ("[x]", "%5Bx%5D"),
        ("", ""),
    ])
    func queryNamesAndValuesAreEncoded(raw: String, encoded: String) throws {
        var endpoint = Endpoint(base: "http://h")
        if raw.isEmpty {
            endpoint.query = [QueryItem(name: "k", value: raw)]
            #expect(try endpoint.prepare(in: VariableScope()).target == "/?k=")
            return
        }
        endpoint.query = [QueryItem(name: raw, value: raw)]
        #expect(try endpoint.prepare(in: VariableScope()).target == "/?\(encoded)=\(encoded)")
    }

    @Test func queryEncodingThroughCommands() throws {
        let h = InterpreterHarness()
        try h.run(
            #"""
            base https://h.example/api
            query add "q&x" "rock & roll = 1+1 #1 é"
            query add flag ""
            query add a=b
            """#)
        #expect(
            h.endpoint.query == [
                QueryItem(name: "q&x", value: "rock & roll = 1+1 #1 é"),
                QueryItem(name: "flag", value: ""),
                QueryItem(name: "a", value: "b"),
            ])
        #expect(try h.prepared().target == "/api?q%26x=rock%20%26%20roll%20%3D%201%2B1%20%231%20%C3%A9&flag=&a=b")
    }

    @Test func pastedQueryInPathBecomesItemsSentAsTyped() throws {
        var endpoint = Endpoint(base: "http://h")
        try endpoint.setPath("/search?q=a+b&x=%C3%A9&empty=&name=x%26y&flag")
        #expect(endpoint.path == "/search")
        #expect(endpoint.query.isEmpty && endpoint.pathQuery == "q=a+b&x=%C3%A9&empty=&name=x%26y&flag")
        #expect(
            endpoint.allQueryItems == [
                QueryItem(name: "q", value: "a+b", isEncoded: true),
                QueryItem(name: "x", value: "%C3%A9", isEncoded: true),
                QueryItem(name: "empty", value: "", isEncoded: true),
                QueryItem(name: "name", value: "x%26y", isEncoded: true),
                QueryItem(name: "flag", value: "", isEncoded: true, isBare: true),
            ])
        #expect(try endpoint.prepare(in: VariableScope()).target == "/search?q=a+b&x=%C3%A9&empty=&name=x%26y&flag")
    }

    @Test func aSignedURLGoesOutByteForByte() throws {
        var endpoint = Endpoint(base: "http://h")
        try endpoint.setPath("/anything?sig=a%2Bb%2Fc%3D&x=1+2&t=a/b?c")
        #expect(try endpoint.prepare(in: VariableScope()).target == "/anything?sig=a%2Bb%2Fc%3D&x=1+2&t=a/b?c")
        // Typed items are still encoded by the workbench, after the pasted ones.
        endpoint.query.append(QueryItem(name: "note", value: "a b+c"))
        #expect(try endpoint.prepare(in: VariableScope()).target == "/anything?sig=a%2Bb%2Fc%3D&x=1+2&t=a/b?c&note=a%20b%2Bc")
        // `query rm` and `query set` find a pasted item by its decoded name.
        let removed = endpoint.removeQuery("sig")
        #expect(removed)
        endpoint.setQuery("x", "3")
        #expect(try endpoint.prepare(in: VariableScope()).target == "/anything?t=a/b?c&note=a%20b%2Bc&x=3")
    }

    @Test func expandedValuesAreEncodedAfterExpansion() throws {
        let h = InterpreterHarness()
        try h.run(
            """
            base http://h
            set id "a b/c?d#e"
            path /users/{{id}}
            query add q {{id}}
            """)
        // In a typed path `/` still separates segments; `?` and `#` from a value are data.
        #expect(try h.prepared().target == "/users/a%20b/c%3Fd%23e?q=a%20b/c?d%23e")
        try h.run("path /users\npath add {{id}}")
        #expect(try h.prepared().target == "/users/a%20b%2Fc%3Fd%23e?q=a%20b/c?d%23e")
    }

    @Test func formBodyEncoding() throws {
        let h = InterpreterHarness()
        try h.run(
            #"""
            base http://h
            method POST
            body form "q=a b&c" name=é plus=1+1 "empty="
            """#)
        let request = try h.prepared()
        #expect(request.body == utf8Bytes("q=a+b%26c&name=%C3%A9&plus=1%2B1&empty="))
        #expect(
            headerLines(request).suffix(2) == [
                "Content-Type: application/x-www-form-urlencoded",
                "Content-Length: 39",
            ])
    }

    @Test func percentEncodingFunctions() {
        #expect(PercentEncoding.path("/a b/%2F/%") == "/a%20b/%2F/%25")
        #expect(PercentEncoding.segment("a/b%2F") == "a%2Fb%252F")
        #expect(PercentEncoding.queryComponent("a b&c=d+e#f") == "a%20b%26c%3Dd%2Be%23f")
        #expect(PercentEncoding.formComponent("a b&c=d+e~") == "a+b%26c%3Dd%2Be%7E")
        #expect(PercentEncoding.decode("a%20b+c") == "a b+c")
        #expect(PercentEncoding.decode("a%20b+c", plusIsSpace: true) == "a b c")
        #expect(PercentEncoding.decode("%zz%4") == "%zz%4")
        #expect(PercentEncoding.decode("%C3%A9%41") == "éA")
    }

    // MARK: - Headers

    @Test func userHeadersReplaceDefaultsAndKeepOrder() throws {
        let h = InterpreterHarness()
        try h.run(
            """
            base https://h.example:8443
            header X-First: 1
            header user-agent: mine/1.0
            header add X-First: 2
            header HOST: other.example
            header Accept-Encoding: identity
            """)
        let request = try h.prepared()
        // Host first, as curl writes it on the wire, typed or not.
        #expect(
            headerLines(request) == [
                "HOST: other.example",
                "Accept: */*",
                "X-First: 1",
                "user-agent: mine/1.0",
                "X-First: 2",
                "Accept-Encoding: identity",
            ])
    }

    @Test func headerSetReplacesAllOfThatNameInPlaceOfTheFirst() throws {
        let h = InterpreterHarness()
        try h.run(
            """
            base http://h
            header A: 1
            header B: 2
            header add a: 3
            header add C: 4
            header A: 9
            """)
        #expect(
            h.endpoint.headers == [
                HeaderField(name: "A", value: "9"), HeaderField(name: "B", value: "2"), HeaderField(name: "C", value: "4"),
            ])
        try h.run("header rm b")
        #expect(h.endpoint.headers.map(\.name) == ["A", "C"])
        #expect(h.endpoint.headers.values(of: "a") == ["9"])
    }

    @Test func hostHeaderAndPorts() throws {
        let cases: [(String, String, String)] = [
            ("http://h.example", "h.example", "http://h.example/"),
            ("http://h.example:80", "h.example", "http://h.example/"),
            ("https://h.example:443", "h.example", "https://h.example/"),
            ("https://h.example:80", "h.example:80", "https://h.example:80/"),
            ("http://127.0.0.1:8080", "127.0.0.1:8080", "http://127.0.0.1:8080/"),
            ("http://[::1]:8080", "[::1]:8080", "http://[::1]:8080/"),
            ("http://[::1]", "[::1]", "http://[::1]/"),
            (":3000", "localhost:3000", "http://localhost:3000/"),
            ("HTTPS://API.Example.COM", "api.example.com", "https://api.example.com/"),
        ]
        for (base, host, url) in cases {
            let request = try Endpoint(base: base).prepare(in: VariableScope())
            #expect(request.headers.first == HeaderField(name: "Host", value: host), "\(base)")
            #expect(request.url == url, "\(base)")
        }
    }

    @Test func headerValuesAreExpandedTrimmedAndChecked() throws {
        let h = InterpreterHarness(environment: ["TOKEN": "  abc  "])
        try h.run("base http://h\nheader Authorization: Bearer{{env.TOKEN}}")
        #expect(try h.prepared().headers.last == HeaderField(name: "Authorization", value: "Bearer  abc"))

        // A variable must not smuggle a second header line in.
        h.interpreter.workspace.variables.set("evil", to: "x\r\nX-Injected: 1")
        try h.run("header X-Evil: {{evil}}")
        let error = h.failure("show")
        #expect(error?.message == "invalid value for header X-Evil: a carriage return (CR) is not allowed in a header value")
    }

    // MARK: - Bodies

    @Test func contentTypeIsImpliedOnlyWhenNotSet() throws {
        let h = InterpreterHarness()
        try h.run(
            """
            base http://h
            method PUT
            header content-type: application/vnd.api+json
            body json {"a": 1}
            """)
        let request = try h.prepared()
        #expect(headerLines(request).suffix(2) == ["content-type: application/vnd.api+json", "Content-Length: 8"])
        try h.run("header rm Content-Type")
        #expect(headerLines(try h.prepared()).suffix(2) == ["Content-Type: application/json", "Content-Length: 8"])
    }

    @Test func rawBodyHasNoContentTypeAndAnyMethodAnnouncesItsLength() throws {
        let h = InterpreterHarness()
        try h.run("base http://h\nmethod PURGE\nbody hello, world")
        let request = try h.prepared()
        #expect(request.method == "PURGE")
        #expect(request.body == utf8Bytes("hello, world"))
        #expect(headerLines(request) == defaultHeaderLines(host: "h") + ["Content-Length: 12"])
    }

    @Test func userContentLengthIsNotDuplicated() throws {
        let h = InterpreterHarness()
        try h.run("base http://h\nmethod POST\nheader Content-Length: 0")
        #expect(headerLines(try h.prepared()) == defaultHeaderLines(host: "h") + ["Content-Length: 0"])
    }

    @Test func jsonBodyIsCheckedAgainAfterExpansion() throws {
        let h = InterpreterHarness()
        try h.run(
            #"""
            base http://h
            method POST
            set id 42
            body json {"id": {{id}}, "name": "{{name}}"}
            set name ana
            """#)
        #expect(try h.prepared().body == utf8Bytes(#"{"id": 42, "name": "ana"}"#))
        try h.run("set id abc")
        let error = thrownError { () throws(WorkbenchError) in try h.prepared() }
        #expect(error?.message.hasPrefix("JSON body is not valid after expanding variables: ") == true)
        #expect(error?.message.hasSuffix("at line 1, column 8 (byte 7)") == true)
    }

    @Test func fileBodyIsReadWhenTheRequestIsBuilt() throws {
        let h = InterpreterHarness(files: ["data.json": utf8Bytes("{\"v\": 1}")])
        try h.run("base http://h\nmethod POST\nset dir data\nbody @{{dir}}.json")
        #expect(h.endpoint.body == .file("{{dir}}.json"))
        #expect(try h.prepared().body == utf8Bytes("{\"v\": 1}"))
        h.files.contents["data.json"] = utf8Bytes("{\"v\": 2}")
        #expect(try h.prepared().body == utf8Bytes("{\"v\": 2}"))
        // The Content-Type is the one the extension names; none for an unknown one.
        #expect(headerLines(try h.prepared()).contains("Content-Type: application/json"))
        try h.run("body @{{dir}}.unknown-extension")
        h.files.contents["data.unknown-extension"] = utf8Bytes("x")
        #expect(!headerLines(try h.prepared()).contains { $0.hasPrefix("Content-Type") })

        try h.run("body @missing.bin")
        #expect(h.failure("show")?.message == "cannot read 'missing.bin': No such file or directory")
    }

    @Test func binaryBodyIsSummarisedInDisplayText() throws {
        let h = InterpreterHarness(files: ["img.png": [0x89, 0x50, 0x00, 0xFF]])
        try h.run("base http://h\nmethod POST\nbody @img.png")
        #expect(try h.printed("show").hasSuffix("Content-Length: 4\n\n[the file img.png, 4 bytes, read when sent]"))
    }

    /// A body typed for a POST does not ride along with GET, HEAD, OPTIONS, DELETE or TRACE; it stays for later.
    @Test func getHeadAndOptionsSendNoBody() throws {
        let h = InterpreterHarness()
        try h.run("base http://h\nbody json {\"password\": \"pw\"}")
        for method in ["GET", "HEAD", "OPTIONS", "DELETE", "TRACE"] {
            try h.run("method \(method)")
            let request = try h.prepared()
            #expect(request.body.isEmpty)
            #expect(headerLines(request) == defaultHeaderLines(host: "h"))
            #expect(
                try h.printed("show").hasSuffix(
                    "(a body is set but not sent with \(method); it stays for a later POST, PUT or PATCH; `send --body` sends it)"))
        }
        try h.run("method POST")
        #expect(try h.prepared().body == utf8Bytes(#"{"password": "pw"}"#))
    }

    @Test func prepareWithoutFileAccessNamesTheFile() throws {
        let endpoint = Endpoint(base: "http://h", method: "PUT", body: .file("x.bin"))
        let error = thrownError { () throws(WorkbenchError) in try endpoint.prepare(in: VariableScope()) }
        #expect(error?.message == "cannot read x.bin: files are not available here")
    }

    // MARK: - Base URL parsing

    @Test func baseURLParts() throws {
        let base = try BaseURL.parse("  HTTPS://API.example.com:8443/V2/a%20b/ ")
        #expect(base == BaseURL(scheme: "https", host: "api.example.com", port: 8443, pathPrefix: "/V2/a%20b", hasTrailingSlash: true))
        #expect(base.authority == "api.example.com:8443")
        #expect(base.origin == "https://api.example.com:8443")
        #expect(base.effectivePort == 8443)
        #expect(try BaseURL.parse("example.com") == BaseURL(scheme: "http", host: "example.com", port: nil, pathPrefix: ""))
        #expect(try BaseURL.parse(":8080/api") == BaseURL(scheme: "http", host: "localhost", port: 8080, pathPrefix: "/api"))
        #expect(try BaseURL.parse("https://h").effectivePort == 443)
        #expect(try BaseURL.parse("http://h").effectivePort == 80)
        #expect(try BaseURL.parse("http://[2001:db8::1]:65535").host == "[2001:db8::1]")
        #expect(try BaseURL.parse("http://[::ffff:1.2.3.4]").host == "[::ffff:1.2.3.4]")
        #expect(try BaseURL.parse("http://h/a%zz/(x)").pathPrefix == "/a%25zz/(x)")
    }

    /// A base from a variable (say, a captured value) may hold a line break; the error stays one line.
    @Test func baseURLControlCharactersGiveOneLineErrors() {
        #expect(
            thrownError { () throws(WorkbenchError) in try BaseURL.parse("http://a\nb") }?.message
                == "invalid base URL 'http://a\\nb': a line feed (LF) is not allowed in a URL")
        #expect(
            thrownError { () throws(WorkbenchError) in try BaseURL.parse("http://a\u{7}b") }?.message
                == "invalid base URL 'http://a\\u{7}b': the control character U+7 is not allowed in a URL")
        #expect(
            thrownError { () throws(WorkbenchError) in try BaseURL.parse("http://a\tb") }?.message
                == "invalid base URL 'http://a\tb': a tab is not allowed in a URL")
    }

    @Test func noBaseIsAnError() {
        let error = thrownError { () throws(WorkbenchError) in try Endpoint().prepare(in: VariableScope()) }
        #expect(error?.message == "no base URL: set one with `base URL` (for example `base https://api.example.com`)")
    }

    @Test func baseFromAVariableIsParsedWhenBuilt() throws {
        let h = InterpreterHarness(environment: ["API": "https://api.example.com/v3/"])
        try h.run("base {{env.API}}\npath users")
        #expect(try h.prepared().url == "https://api.example.com/v3/users")
        try h.run("base {{host}}")
        #expect(h.failure("show")?.message == "undefined variable {{host}}: set it with `set host VALUE`")
        try h.run("set host ftp://files")
        #expect(h.failure("show")?.message == "unsupported scheme 'ftp' in base URL 'ftp://files': use http or https")
    }

    @Test func resetKeepsBaseOnly() throws {
        let h = InterpreterHarness()
        try h.run(
            """
            base http://h/v1
            path /x
            path add y
            method DELETE
            query add a 1
            header A: 1
            body text
            set v 1
            timeout 3
            reset
            """)
        #expect(h.endpoint == Endpoint(base: "http://h/v1"))
        #expect(h.workspace.variables.value(of: "v") == "1")
        #expect(h.workspace.settings.timeout == 3)
        #expect(try h.prepared().displayText.hasPrefix("GET /v1 HTTP/1.1\n"))
    }

    @Test func aHeaderOverTheBoundIsRefusedAndNotKept() throws {
        let h = InterpreterHarness()
        try h.run("base http://127.0.0.1:9")
        let before = WorkspaceSnapshot(h.workspace)
        let error = h.failure("header X-Big: " + String(repeating: "a", count: 1_048_576))
        #expect(error?.message == "the value of header 'X-Big' is 1.0 MB, over the bound of 100.0 KB for one header")
        #expect(WorkspaceSnapshot(h.workspace) == before)
        // A .http file's 10 MB header: one error naming the line.
        let big = "GET http://127.0.0.1:9/\nX-Big: " + String(repeating: "b", count: 10_000_000) + "\n"
        let imported = thrownError { () throws(WorkbenchError) in
            try HTTPFileImport.read(
                big, file: "big.http", environment: nil,
                readFile: { path throws(WorkbenchError) in
                    throw WorkbenchError("cannot read \(path)")
                }, fileExists: { _ in false })
        }
        #expect(
            imported?.message.hasPrefix("big.http") == true && imported?.message.contains("over the bound of 100.0 KB") == true,
            "\(String(describing: imported?.message.prefix(300)))")
        #expect((imported?.message.utf8.count ?? 0) < 400)
    }

    @Test func aURLOfAnotherSchemeIsNamedAsOne() {
        for (typed, scheme) in [("javascript:alert(1)", "javascript"), ("data:text/html,x", "data"), ("file:/etc/passwd", "file")] {
            let error = thrownError { () throws(WorkbenchError) in try BaseURL.parse(typed) }
            #expect(error?.message == "unsupported scheme '\(scheme)' in base URL '\(typed)': use http or https")
        }
        #expect(thrownError { () throws(WorkbenchError) in try BaseURL.parse("localhost:x") }?.message.contains("invalid port") == true)
        #expect(thrownError { () throws(WorkbenchError) in try BaseURL.parse("api.test:x") }?.message.contains("invalid port") == true)
        #expect((try? BaseURL.parse("localhost:8080"))?.port == 8080)
        let h = InterpreterHarness()
        #expect(
            h.failure("auth oauth2 code javascript:alert(1) http://127.0.0.1:9/token client")?.message.contains(
                "unsupported scheme 'javascript'") == true)
    }

    @Test(arguments: [
        ("/a/b/c", [String](), "/a/b"),
        ("/a/b/", [], "/a"),
        ("/a", [], ""),
        ("a/b", [], "a"),
        ("/a", ["x", "y"], "/a"),
    ])
    func pathUpDropsOneSegment(path: String, segments: [String], expected: String) throws {
        var endpoint = Endpoint(base: "http://h", path: path, segments: segments)
        try endpoint.goUp()
        if segments.isEmpty {
            #expect(endpoint.path == expected)
        } else {
            #expect(endpoint.segments == Array(segments.dropLast()))
            #expect(endpoint.path == path)
        }
    }

    @Test func pathUpNeverSendsDotDot() throws {
        let h = InterpreterHarness()
        try h.run("base http://h.test/api\npath /users/7\nquery add q 1\npath ..\nget")
        #expect(h.transport.sent.last?.request.url == "http://h.test/api/users?q=1")
        try h.run("path ..")
        #expect(h.failure("path ..")?.message == "path ..: already at the top of the base URL (http://h.test/api)")
    }

    @Test func changingTheBaseSaysThePathStays() throws {
        let h = InterpreterHarness()
        try h.run("base http://one.test\npath /users")
        #expect(try h.printed("base http://two.test/v2") == "kept the path: http://two.test/v2/users (`path /` starts at the base)")
        try h.run("path /")
        let before = h.output.lines.count
        try h.run("base http://three.test")
        #expect(h.output.lines.count == before, "nothing to say without a path")
    }

    @Test func bodyJSONFromAFileIsCheckedWhenTypedAndReadWhenSent() throws {
        let h = InterpreterHarness(files: ["ok.json": utf8Bytes("{\"a\": 1}"), "bad.json": utf8Bytes("{\"a\": }")])
        try h.run("body json @ok.json")
        #expect(h.endpoint.body == .jsonFile("ok.json"))
        #expect(h.failure("body json @bad.json")?.message.hasPrefix("bad.json is not valid JSON") == true)
        #expect(h.endpoint.body == .jsonFile("ok.json"), "a failed command changes nothing")
    }
}
