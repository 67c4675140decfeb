import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// Requests as a locustfile: Locust (https://locust.io, on PyPI) runs it headless or with
/// its web page, on one machine or distributed (a master and workers), which is where a load
/// beyond `bench` goes.
///
/// One user class whose task sends the requests in order, as `replay` does: method, URL and
/// query as the workbench encodes them, typed headers, bodies, basic, bearer and API-key auth
/// as headers, digest through requests' `HTTPDigestAuth`, captures into the user's variables
/// (a JSON path written out as keys and indexes), expectations as `catch_response` checks.
/// Secret variables are read from the environment (`os.environ["NAME"]`), never written
/// unless `--secrets`. What does not map is listed in a comment at the top (and as warnings).
enum LocustExport {
    struct Output {
        var text: String
        var notMapped: [String]
    }

    static func export(
        records: [RequestRecord], variables: Variables, scope: VariableScope, revealSecrets: Bool,
        readFile: (String) throws(WorkbenchError) -> [UInt8]
    ) throws(WorkbenchError) -> Output {
        var source = PythonSource()
        var notMapped: [String] = []
        var captured: Set<String> = []
        var imports: Set<String> = ["base64", "functools", "json", "os", "re"]
        var fromRequests: Set<String> = []
        var encodesURLValues = false
        var usesWholeTarget = false
        // The origin most requests go to is the user's host, which `--host` replaces.
        var origins: [String] = []
        for record in records where record.conversation == nil && !GRPCCall.isCall(record.endpoint) {
            if let request = try? record.endpoint.prepare(in: scope.masked, readFile: readFile), request.base.unixSocket == nil {
                origins.append(request.base.origin)
            }
        }
        let host = origins.max { first, second in
            origins.filter { $0 == first }.count < origins.filter { $0 == second }.count
        }
        var task: [String] = []
        for (index, record) in records.enumerated() {
            let number = index + 1
            let what = "request \(number)"
            if record.conversation != nil {
                notMapped.append("\(what): a WebSocket conversation (left out: Locust's HttpUser speaks HTTP)")
                continue
            }
            if GRPCCall.isCall(record.endpoint) {
                notMapped.append("\(what): a gRPC call (left out: Locust's HttpUser speaks HTTP)")
                continue
            }
            var request = RequestCode(number: number, record: record, variables: variables, captured: captured, host: host)
            task += try request.lines(source: &source, imports: &imports, fromRequests: &fromRequests)
            notMapped += request.notMapped.map { "\(what): \($0)" }
            encodesURLValues = encodesURLValues || request.encodesURLValues
            usesWholeTarget = usesWholeTarget || request.usesWholeTarget
            for capture in record.captures { captured.insert(capture.name) }
        }
        var lines = [
            "# Exported by workbench \(WorkbenchVersion.current): a Locust load test sending the requests of the workbench.",
            "# Run it with: locust -f FILE --headless -u USERS -r RATE -t DURATION (--host replaces the host below)",
        ]
        let variableLines = Self.variableLines(
            source: source, variables: variables, captured: captured, revealSecrets: revealSecrets, imports: &imports)
        if variableLines.secretNames.isEmpty == false {
            lines.append(
                "# Secrets are not written here: set "
                    + variableLines.secretNames.map(PythonSource.comment).joined(separator: ", ")
                    + " in the environment before running it.")
        }
        if notMapped.isEmpty {
            lines.append("# Everything the workbench sends maps.")
        } else {
            lines.append("# Not mapped:")
            lines += notMapped.map { "#   " + PythonSource.comment($0) }
        }
        lines.append("")
        lines += imports.sorted().map { "import \($0)" }
        lines.append("")
        lines.append("from locust import HttpUser, constant, task")
        if !fromRequests.isEmpty { lines.append("from requests.auth import " + fromRequests.sorted().joined(separator: ", ")) }
        lines += ["", ""]
        lines += variableLines.lines
        lines += ["", ""]
        lines += helpers.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if encodesURLValues {
            lines += ["", ""]
            lines += LocustURLEncoding.pythonSets.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        if usesWholeTarget {
            lines += ["", ""]
            lines += LocustWholeTarget.python.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        lines += [
            "",
            "",
            "class WorkbenchUser(HttpUser):",
            "    \"\"\"Sends the requests in order, one run of them a task; each user keeps its own captures and cookies.\"\"\"",
            "",
            "    host = \(PythonSource.literal(host ?? "http://localhost"))",
            "    wait_time = constant(0)",
            "",
            "    def on_start(self):",
            "        self.vars = dict(VARIABLES)",
            "",
            "    @task",
            "    def requests_in_order(self):",
            "        v = self.vars",
        ]
        lines += task.isEmpty ? ["        pass"] : task
        return Output(text: lines.joined(separator: "\n") + "\n", notMapped: notMapped)
    }

    /// `VARIABLES = {...}`: every variable the requests refer to but do not capture first;
    /// a secret one (or one without a value) read from the environment.
    private static func variableLines(
        source: PythonSource, variables: Variables, captured: Set<String>, revealSecrets: Bool, imports: inout Set<String>
    ) -> (lines: [String], secretNames: [String]) {
        var lines = ["VARIABLES = {"]
        var secretNames: [String] = []
        var seen: Set<String> = []
        for case .variable(let name) in source.references where !name.hasPrefix("$") && !captured.contains(name) {
            guard seen.insert(name).inserted else { continue }
            let key = PythonSource.literal(name)
            if let value = variables.value(of: name), !variables.isSecret(name) || revealSecrets {
                lines.append("    \(key): \(PythonSource.literal(value)),")
            } else {
                secretNames.append(name)
                let why = variables.value(of: name) == nil ? "no value in the workbench" : "secret"
                lines.append("    \(key): os.environ[\(key)],  # \(why): set \(PythonSource.comment(name)) in the environment")
            }
        }
        lines.append("}")
        return (lines, secretNames)
    }

    /// The functions the task's code calls, written once at the top.
    static let helpers = #"""
        MISSING = object()


        def json_at(response, steps):
            """The value a JSON path names ($.items[0].id: ["items", 0, "id"]; -1 is the last), or MISSING."""
            try:
                value = response.json()
            except ValueError:
                return MISSING
            for step in steps:
                if isinstance(step, int) and isinstance(value, list) and -len(value) <= step < len(value):
                    value = value[step]
                elif isinstance(step, str) and isinstance(value, dict) and step in value:
                    value = value[step]
                else:
                    return MISSING
            return value


        def as_text(value):
            """A captured value as the workbench keeps it: a string as it is, anything else as compact JSON."""
            return value if isinstance(value, str) else json.dumps(value, separators=(",", ":"), ensure_ascii=False)


        def holds(found, operator, expected):
            """`expect json PATH OP VALUE` as the workbench judges it."""
            if found is MISSING:
                return False
            numbers = all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (found, expected))
            if operator == "==":
                return found == expected
            if operator == "!=":
                return found != expected
            if operator in ("<", "<=", ">", ">="):
                return numbers and {"<": found < expected, "<=": found <= expected,
                                    ">": found > expected, ">=": found >= expected}[operator]
            if operator == "contains":
                return (isinstance(found, str) and isinstance(expected, str) and expected in found) or (
                    isinstance(found, list) and expected in found)
            if operator == "matches":
                return isinstance(found, str) and isinstance(expected, str) and re.search(expected, found) is not None
            return False


        def form_encoded(text):
            """A form field's name or value encoded as the workbench encodes it (a space as +)."""
            return "".join(chr(byte) if chr(byte).isascii() and (chr(byte).isalnum() or chr(byte) in "*-._")
                           else "+" if byte == 32 else "%%%02X" % byte for byte in text.encode())


        def basic_credentials(user, password):
            """The value of a basic Authorization header, UTF-8 as the workbench sends it."""
            return "Basic " + base64.b64encode((user + ":" + password).encode()).decode()


        @functools.lru_cache(maxsize=None)
        def file_bytes(path):
            """A body read from a file once (the path as typed in the workbench, from where locust runs)."""
            with open(os.path.expanduser(path), "rb") as file:
                return file.read()
        """#
}
