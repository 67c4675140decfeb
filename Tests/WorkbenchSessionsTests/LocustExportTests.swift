import Testing
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions

/// The Python text `export locust` writes: literals, references put back together at run
/// time, JSON paths as keys and indexes, and the values made anew for each request.
struct LocustExportTests {
    @Test func literalsEscapeWhatPythonReadsOtherwiseAndStayASCII() {
        #expect(PythonSource.literal("plain") == #""plain""#)
        #expect(PythonSource.literal("a\"b\\c\nd\r\te") == #""a\"b\\c\nd\r\te""#)
        #expect(PythonSource.literal("\u{7}é\u{2028}😀") == #""\x07\xe9\u2028\U0001f600""#)
        // A comment cannot be ended by a line break in a value.
        #expect(PythonSource.comment("one\ntwo") == #"one\ntwo"#)
    }

    @Test func referencesBecomeLookupsJoinedToTheirLiterals() throws {
        var source = PythonSource()
        let lookup = { (part: Template.Part) -> String in
            var imports: Set<String> = []
            return RequestCode.lookup(part, imports: &imports)
        }
        #expect(
            source.expression(typed: "/users/{{id}}?k={{env.KEY}}&t=x", lookup: lookup)
                == #""/users/" + v["id"] + "?k=" + os.environ["KEY"] + "&t=x""#)
        #expect(source.expression(typed: "{{id}}", lookup: lookup) == #"v["id"]"#)
        #expect(source.expression(typed: "", lookup: lookup) == #""""#)
        // The same reference is one entry, met twice.
        let marked = source.marked("{{id}}-{{id}}")
        #expect(source.typed(marked) == "{{id}}-{{id}}")
        #expect(source.references == [.variable("id"), .environment("KEY")])
        #expect(PythonSource.joined([.text("a"), .text("="), .code("f(x)"), .text("&")]) == #""a=" + f(x) + "&""#)
    }

    @Test func eachReferenceInTheURLIsEncodedForItsPlace() throws {
        var endpoint = Endpoint(base: "{{origin}}", path: "/")
        try endpoint.setPath("/users/{{id}}?q={{id}}&e={{env.E}}")
        endpoint.setQuery("{{name}}", "{{id}}")
        #expect(LocustURLEncoding.encodings(of: endpoint) == [nil, .path, .pastedQuery, .pastedQuery, .queryComponent, .queryComponent])
        // Every encoding writes the probe its own way, so the place is never mistaken.
        let written = LocustURLEncoding.allCases.map { $0.encode(LocustURLEncoding.probe) }
        #expect(Set(written).count == LocustURLEncoding.allCases.count)
    }

    @Test func jsonPathsAreWrittenAsKeysAndIndexes() throws {
        let path = try JSONPath(parsing: #"$.items[-1]["odd \"key\""].id"#)
        #expect(RequestCode.steps(path) == #"["items", -1, "odd \"key\"", "id"]"#)
    }

    @Test func dynamicValuesAreMadeForEachRequestAsTheWorkbenchMakesThem() {
        var imports: Set<String> = []
        #expect(RequestCode.lookup(.variable("$uuid"), imports: &imports) == "str(uuid.uuid4())")
        #expect(RequestCode.lookup(.variable("$randomInt 5 9"), imports: &imports) == "str(random.randrange(5, 9))")
        #expect(RequestCode.lookup(.variable("$random.integer(1, 3)"), imports: &imports) == "str(random.randrange(1, 3))")
        #expect(RequestCode.lookup(.variable("$timestamp"), imports: &imports) == "str(int(time.time()))")
        #expect(imports == ["uuid", "random", "time"])
    }
}
