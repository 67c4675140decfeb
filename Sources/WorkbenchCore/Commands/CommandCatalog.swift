import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

/// The commands the workbench knows: their usage, a summary and an example.
///
/// One table feeds `help`, tab completion and "did you mean", so they can
/// never disagree about what exists.
public struct CommandSpec: Sendable {
    public var name: String
    /// Usage lines, one per form.
    public var usage: [String]
    public var summary: String
    public var example: String
    /// Words that may follow the command name (`query add`, `follow on`).
    public var subcommands: [String]
}

public enum CommandCatalog {
    public static let methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"]

    public static let sendVerbs = ["get", "head", "post", "put", "patch", "delete", "options"]

    public static let all: [CommandSpec] = [
        CommandSpec(name: "base", usage: ["base URL", "base"],
                    summary: "Set the base URL (http or https, host, optional port and path prefix), or print it. Credentials (auth, Authorization, Cookie, a header holding a secret) belong to the origin they were typed for: when the base moves elsewhere they stay behind, and come back with it.",
                    example: "base https://api.themoviedb.org", subcommands: []),
        CommandSpec(name: "path", usage: ["path PATH", "path add SEGMENT...", "path ..", "path"],
                    summary: "Set the path below the base (a ?query typed with it belongs to this path; a full URL moves the base to its origin), append encoded segments (`..` goes up), go one segment up, or print the full URL.",
                    example: "path /3/movie/popular", subcommands: ["add", ".."]),
        CommandSpec(name: "method", usage: ["method VERB", "method"],
                    summary: "Set the HTTP method (any token, upper-cased), or print it.",
                    example: "method PATCH", subcommands: methods),
        CommandSpec(name: "query", usage: ["query add NAME VALUE", "query set NAME VALUE", "query rm NAME", "query clear", "query"],
                    summary: "Append a query item (names may repeat, order is kept; typed items stay for every path until removed), replace all items of a name, remove (typed or pasted with the path), or list.",
                    example: "query add updateMask.fieldPaths nickName", subcommands: ["add", "set", "rm", "clear"]),
        CommandSpec(name: "header", usage: ["header NAME: VALUE", "header add NAME: VALUE", "header rm NAME", "header clear", "header"],
                    summary: "Set a header (replacing every header of that name), add one more value, remove, or list. The value is taken as typed, quotes and spaces included; `header rm` on a default (User-Agent, Accept, Accept-Encoding) stops sending it until `header clear`.",
                    example: "header Content-Type: application/json", subcommands: ["add", "rm", "clear"]),
        CommandSpec(name: "body", usage: ["body TEXT", "body json JSON", "body json @FILE", "body form NAME=VALUE...", "body multipart NAME=VALUE NAME@FILE[;type=MIME]...", "body @FILE", "body <<END", "body json <<END", "body graphql QUERY", "body graphql <<END", "body graphql vars JSON|<<END|clear", "body graphql operation NAME|clear", "body edit", "body example", "body clear", "body"],
                    summary: "Set the body: raw text (verbatim after the one space that follows `body`; quote it whole if it starts with a kind's name), validated JSON (typed or from a file; sets Content-Type), a form, multipart/form-data (files streamed from disk when sent), a file read at send time (Content-Type from its extension), several lines up to END, a GraphQL operation (checked when typed, sent as POST application/json {\"query\", \"variables\", \"operationName\"}), the body in $VISUAL/$EDITOR (JSON validated on return), or an example JSON body for the operation from the loaded API description (its examples first, then its schema). POST, PUT, PATCH and other methods send it; GET, HEAD, OPTIONS, DELETE and TRACE hold it back unless sent with --body.",
                    example: "body json {\"username\": \"ana\", \"password\": \"{{password}}\"}", subcommands: ["json", "form", "multipart", "graphql", "edit", "example", "clear"]),
        CommandSpec(name: "show", usage: ["show", "show --secrets"],
                    summary: "Print the request exactly as it would be sent: request line, every header, the body (secret values masked unless --secrets).",
                    example: "show", subcommands: ["--secrets"]),
        CommandSpec(name: "curl", usage: ["curl", "curl --secrets"],
                    summary: "Print the request as a curl command line that sends exactly the same bytes (secret values masked unless --secrets).",
                    example: "curl", subcommands: ["--secrets"]),
        CommandSpec(name: "import", usage: ["import curl ARGS...", "import FILE"],
                    summary: "Make a curl command line (as \"Copy as cURL\" writes it; lines may end with \\) the request: method, URL, headers, data, -F, -u, -b, -A, -e, -G, -I, -L, -k. Options it cannot import are named. `import FILE` brings a file's requests into the history (not sent), the last as the request: curl commands, a HAR log (responses kept as recordings) or a Postman collection, told by content; a Postman environment sets its variables.",
                    example: "import curl -X POST https://api.example.com/login --json '{\"user\": \"ana\"}'",
                    subcommands: ["curl"]),
        CommandSpec(name: "export", usage: ["export curl|httpie|http|hurl [--session] [--secrets] [> FILE]", "export curl --exact", "export swift [--session] [--runnable] [> FILE]", "export har [--session] [> FILE]", "export postman [--session] [> FILE]"],
                    summary: "Write the request (or with --session every request sent) for another tool: a short curl or HTTPie command, a .http file (JetBrains, VS Code), a Hurl file with captures and asserts, or Swift code (an Endpoint enum building URLRequests; --runnable adds a main that sends them). Secret values are masked unless --secrets; .http and Hurl files keep {{variables}}.",
                    example: "export hurl --session > api.hurl", subcommands: Export.Format.allCases.map(\.rawValue)),
        CommandSpec(name: "reset", usage: ["reset"],
                    summary: "Start a fresh request (GET, no path, query, headers or body); base, variables and settings stay.",
                    example: "reset", subcommands: []),
        CommandSpec(name: "clear", usage: ["clear"],
                    summary: "Clear the screen (as Ctrl-L does); what was printed stays in the terminal's scrollback.",
                    example: "clear", subcommands: []),
        CommandSpec(name: "send", usage: ["send [--body]", "send > FILE"],
                    summary: "Send the request and print the response; `> FILE` writes the raw body to FILE (streamed, with a progress bar on a terminal); --body sends the body with GET, HEAD, OPTIONS, DELETE or TRACE too.",
                    example: "send", subcommands: []),
        CommandSpec(name: "get", usage: ["get [PATH] [--body]"], summary: "Set the method to GET (and the path and query, if given), then send.",
                    example: "get /api/character/1", subcommands: []),
        CommandSpec(name: "head", usage: ["head [PATH] [--body]"], summary: "Set the method to HEAD (and the path and query, if given), then send.",
                    example: "head /", subcommands: []),
        CommandSpec(name: "post", usage: ["post [PATH] [--body]"], summary: "Set the method to POST (and the path and query, if given), then send.",
                    example: "post /login", subcommands: []),
        CommandSpec(name: "put", usage: ["put [PATH] [--body]"], summary: "Set the method to PUT (and the path and query, if given), then send.",
                    example: "put /users/1", subcommands: []),
        CommandSpec(name: "patch", usage: ["patch [PATH] [--body]"], summary: "Set the method to PATCH (and the path and query, if given), then send.",
                    example: "patch /users/1", subcommands: []),
        CommandSpec(name: "delete", usage: ["delete [PATH] [--body]"], summary: "Set the method to DELETE (and the path and query, if given), then send; the body stays back unless --body.",
                    example: "delete /users/1", subcommands: []),
        CommandSpec(name: "options", usage: ["options [PATH] [--body]"], summary: "Set the method to OPTIONS (and the path and query, if given), then send.",
                    example: "options /", subcommands: []),
        CommandSpec(name: "timing", usage: ["timing"],
                    summary: "Print the last response's phases: DNS, connect, TLS, sent, first byte, download, total.",
                    example: "timing", subcommands: []),
        CommandSpec(name: "last", usage: ["last [all|headers|body|status]", "last [PART] > FILE", "last [PART] | COMMAND"],
                    summary: "Show the last response again without sending: in parts, to a file (the raw body, written atomically) or through a shell command (the body on its standard input); secrets stay masked.",
                    example: "last | jq .data", subcommands: ResponsePart.allCases.map(\.rawValue)),
        CommandSpec(name: "set", usage: ["set NAME VALUE", "set --secret NAME VALUE", "set --secret NAME"],
                    summary: "Set a variable, used as {{NAME}}; a secret is masked everywhere, never saved, and asked for hidden when VALUE is left out.",
                    example: "set key 0123abcd", subcommands: ["--secret"]),
        CommandSpec(name: "unset", usage: ["unset NAME"], summary: "Remove a variable.", example: "unset key", subcommands: []),
        CommandSpec(name: "vars", usage: ["vars"], summary: "List the variables (secret values masked).", example: "vars", subcommands: []),
        CommandSpec(name: "capture", usage: ["capture [--secret] NAME status", "capture [--secret] NAME header HEADER", "capture [--secret] NAME JSONPATH", "capture rm NAME"],
                    summary: "Put a value of the last response into a variable (--secret: masked, never saved); a replay captures it again. `rm` stops capturing NAME.",
                    example: "capture token $.data.accessToken", subcommands: ["--secret", "rm"]),
        CommandSpec(name: "expect", usage: ["expect status CODE", "expect header NAME contains TEXT", "expect body contains TEXT",
                            "expect json PATH OP VALUE   (OP: == != < <= > >= contains matches)", "expect json PATH exists",
                            "expect time < MS", "expect schema", "expect", "expect rm N", "expect clear"],
                    summary: "Check the last response now and on every replay (VALUE is a JSON literal: strings in double quotes; `matches` takes a regular expression as a string; `schema`: the body against the loaded API description's response schema for the operation and status, each violation with its JSON path); alone, list the checks of the last request; `rm N` and `clear` take them back.",
                    example: "expect json $.data.user == \"ana\"", subcommands: ["status", "header", "body", "json", "time", "schema", "rm", "clear"]),
        CommandSpec(name: "save", usage: ["save [FILE]", "save FILE N|N-M..."],
                    summary: "Write the session (request, variables, settings, history) to a JSON file; no FILE: the last one; numbers: only those requests.",
                    example: "save Sessions/login.json", subcommands: []),
        CommandSpec(name: "load", usage: ["load FILE", "load FILE.http [--env NAME]"], summary: "Read a session file, replacing the current session; a .http file (JetBrains, VS Code REST Client) becomes the history, not sent, with its variables and the environment NAME from http-client.env.json.",
                    example: "load Sessions/login.json", subcommands: []),
        CommandSpec(name: "restore", usage: ["restore"],
                    summary: "Bring back the session autosaved by the interactive run that wrote last (each terminal autosaves its own).",
                    example: "restore", subcommands: []),
        CommandSpec(name: "history", usage: ["history", "history rm N[-M]", "history clear"],
                    summary: "List the requests sent in this session, numbered; `rm` removes some (the rest are renumbered), `clear` all.",
                    example: "history rm 2-3", subcommands: ["rm", "clear"]),
        CommandSpec(name: "replay", usage: ["replay N", "replay all"],
                    summary: "Send request N of the history again (or all, in order), with captures and expectations.",
                    example: "replay all", subcommands: ["all"]),
        CommandSpec(name: "diff", usage: ["diff N M [--header NAME]... [--ignore PATH]...", "diff N [--header NAME]... [--ignore PATH]..."],
                    summary: "What changed from request N's response to request M's (or to the last response): status, the headers named ('*' for all), the body (JSON by path: [-was-]{+now+}; text by line). --ignore takes a JSON path ($.items[*].id) or 'header NAME'.",
                    example: "diff 1 3 --ignore $.updated_at", subcommands: []),
        CommandSpec(name: "use", usage: ["use N"],
                    summary: "Make request N of the history the request being built, to change and send again.",
                    example: "use 2", subcommands: []),
        CommandSpec(name: "run", usage: ["run SCRIPT", "run FILE.http [--env NAME]"],
                    summary: "Run the commands of a file as if typed; the first failing line stops it (FILE:LINE in the error). A .http file's requests join the history and are sent in order, captures flowing.",
                    example: "run login.wb", subcommands: []),
        CommandSpec(name: "follow", usage: ["follow on|off"], summary: "Follow redirects (default off, like curl).",
                    example: "follow on", subcommands: ["on", "off"]),
        CommandSpec(name: "timeout", usage: ["timeout SECONDS"], summary: "Total time allowed for a request (default 30).",
                    example: "timeout 5", subcommands: []),
        CommandSpec(name: "insecure", usage: ["insecure on|off"], summary: "Skip TLS certificate verification (default off).",
                    example: "insecure on", subcommands: ["on", "off"]),
        CommandSpec(name: "color", usage: ["color auto|always|never"],
                    summary: "Colour responses: auto (on a terminal without NO_COLOR), always, never (`on` and `off` mean always and never).",
                    example: "color never", subcommands: ["auto", "always", "never"]),
        CommandSpec(name: "print", usage: ["print all|headers|body|status"],
                    summary: "Which parts of a response to show, like HTTPie's --print (default all; not saved with the session).",
                    example: "print body", subcommands: ResponsePart.allCases.map(\.rawValue)),
        CommandSpec(name: "pager", usage: ["pager auto|off"],
                    summary: "auto: on a terminal, a response longer than the screen goes through $PAGER (default `less -R`); off: never.",
                    example: "pager off", subcommands: ["auto", "off"]),
        CommandSpec(name: "maxbody", usage: ["maxbody SIZE"],
                    summary: "Cap response bodies kept in memory (default 64M; K, M, G suffixes); `send > FILE` streams past it.",
                    example: "maxbody 256M", subcommands: []),
        CommandSpec(name: "auth", usage: ["auth basic USER[:PASSWORD]", "auth digest USER[:PASSWORD]", "auth bearer [TOKEN]",
                                          "auth apikey header|query NAME [VALUE]",
                                          "auth aws-sigv4 ACCESS_KEY[:SECRET] REGION SERVICE [--session-token TOKEN]",
                                          "auth oauth2 client-credentials TOKEN_URL CLIENT_ID [SECRET] [--scope S]",
                                          "auth oauth2 device DEVICE_URL TOKEN_URL CLIENT_ID [--scope S]",
                                          "auth oauth2 code AUTH_URL TOKEN_URL CLIENT_ID [SECRET] [--scope S] [--port N]",
                                          "auth oauth2 [refresh]", "auth none", "auth"],
                    summary: "Credentials for the requests that follow, bound to the base's origin (a missing password, token or key is asked for with hidden input); values are secrets, dropped on a redirect to another origin. An API key goes as a header or a query item; aws-sigv4 signs each request with libcurl; oauth2 obtains a token (client credentials, device code, or authorization code with PKCE through a loopback redirect), sends it as Bearer, and renews it before it runs out and after a 401 invalid_token.",
                    example: "auth basic ana", subcommands: ["basic", "digest", "bearer", "apikey", "aws-sigv4", "oauth2", "none"]),
        CommandSpec(name: "cookies", usage: ["cookies", "cookies rm NAME", "cookies clear"],
                    summary: "List the session's cookie jar (values masked), remove cookies of a name, or empty it; Set-Cookie fills it, libcurl sends each cookie only where it belongs.",
                    example: "cookies rm sessionid", subcommands: ["rm", "clear"]),
        CommandSpec(name: "proxy", usage: ["proxy URL", "proxy off", "proxy none", "proxy"],
                    summary: "Send through an http, https, socks4 or socks5 proxy; off: the http_proxy/https_proxy/no_proxy environment applies, as in curl; none: no proxy at all.",
                    example: "proxy socks5h://127.0.0.1:1080", subcommands: ["off", "none"]),
        CommandSpec(name: "cacert", usage: ["cacert FILE", "cacert off", "cacert"],
                    summary: "Trust the CA certificates in FILE (PEM) instead of the system's; off: the system's again.",
                    example: "cacert certs/ca.pem", subcommands: ["off"]),
        CommandSpec(name: "cert", usage: ["cert FILE [KEY]", "cert off", "cert"],
                    summary: "Present a client certificate (PEM; KEY when the key is in another file); off: none.",
                    example: "cert certs/client.pem certs/client.key", subcommands: ["off"]),
        CommandSpec(name: "http", usage: ["http 1.1", "http 2", "http auto", "http"],
                    summary: "The HTTP version to ask for (auto: HTTP/2 over TLS when offered); the status line and `timing` show the one used.",
                    example: "http 1.1", subcommands: ["1.1", "2", "auto"]),
        CommandSpec(name: "openapi", usage: ["openapi FILE|URL", "openapi off", "openapi"],
                    summary: "Load an OpenAPI 3.0/3.1 or Swagger 2.0 description (JSON or YAML, from a file or fetched from a URL) that `ls`, `cd`, `describe` and Tab then use; its first server becomes the base when none is set. Saved with the session; `openapi off` forgets it, `openapi` says what is loaded.",
                    example: "openapi petstore.yaml", subcommands: ["off"]),
        CommandSpec(name: "ls", usage: ["ls [PATH]"],
                    summary: "List the description's paths below PATH (default: the current path) as a tree, with their methods.",
                    example: "ls /pets", subcommands: []),
        CommandSpec(name: "cd", usage: ["cd PATH", "cd ..", "cd /"],
                    summary: "Move the path like a folder: relative to the current path or absolute. With a description loaded the path must be one of its paths; a parameter segment stays `{name}` until a value fills it (`cd 42`).",
                    example: "cd pets/{petId}", subcommands: [".."]),
        CommandSpec(name: "graphql", usage: ["graphql schema [URL|FILE]", "graphql schema off", "graphql ls [TYPE]", "graphql describe TYPE[.FIELD]", "graphql"],
                    summary: "Load a GraphQL schema by introspection of the request's URL (with its headers and auth) or of URL, or from an SDL or introspection JSON file; saved with the session by reference. `ls` lists the root types and their fields, or a type's fields; `describe` shows a type or a field with arguments, defaults and descriptions. Tab completes fields, arguments and enum values in `body graphql` from it.",
                    example: "graphql describe Query.repository", subcommands: ["schema", "ls", "describe"]),
        CommandSpec(name: "describe", usage: ["describe [METHOD] [PATH]"],
                    summary: "Show an operation of the description (default: the current method and path; every method of the path when the current one has none): parameters with location, required, type, enum and default; the request body's schema; the responses.",
                    example: "describe POST /pets", subcommands: []),
        CommandSpec(name: "settings", usage: ["settings"], summary: "Print the current settings.", example: "settings", subcommands: []),
        CommandSpec(name: "help", usage: ["help", "help all", "help COMMAND"], summary: "List the commands by group, every command with a line each (all), or explain one.",
                    example: "help query", subcommands: []),
        CommandSpec(name: "exit", usage: ["exit"], summary: "Leave the workbench (also `quit` or Ctrl-D).", example: "exit", subcommands: []),
        CommandSpec(name: "quit", usage: ["quit"], summary: "Leave the workbench (also `exit` or Ctrl-D).", example: "quit", subcommands: []),
    ]

    public static var names: [String] { all.map(\.name) }

    public static func spec(named name: String) -> CommandSpec? {
        all.first { $0.name == name }
    }

    /// The groups `help` shows, in order; every command is in one.
    public static let groups: [(title: String, names: [String])] = [
        ("Build a request", ["base", "path", "method", "query", "header", "body", "reset", "show", "curl"]),
        ("Send and look", ["send", "get", "post", "put", "patch", "delete", "head", "options", "last", "timing"]),
        ("Variables", ["set", "unset", "vars", "capture"]),
        ("Check and keep", ["expect", "history", "replay", "diff", "use", "save", "load", "restore", "run"]),
        ("Know the API", ["openapi", "ls", "cd", "describe", "graphql"]),
        ("Other tools", ["import", "export"]),
        ("Settings", ["print", "pager", "color", "follow", "timeout", "insecure", "maxbody", "settings"]),
        ("Network", ["auth", "cookies", "proxy", "cacert", "cert", "http"]),
        ("Help and leaving", ["help", "clear", "exit", "quit"]),
    ]

    /// Lines are wrapped to this width (a standard terminal), never inside a word.
    public static let width = 80

    /// `usage: ...` lines.
    public static func usage(of name: String) -> String {
        guard let spec = spec(named: name) else { return "" }
        return "usage: " + spec.usage.joined(separator: " | ")
    }

    /// `help`: the commands by group, a few lines that fit a 24-row screen.
    public static func overview() -> String {
        let titleWidth = groups.map(\.title.count).max() ?? 0
        var lines = ["Commands (`help COMMAND` explains one, `help all` lists each with a line):", ""]
        for group in groups {
            let lead = "  " + (group.title + ":").padding(to: titleWidth + 1) + "  "
            lines += wrap(group.names.joined(separator: " "), first: lead, rest: String(repeating: " ", count: lead.count))
        }
        lines.append("")
        lines += wrap("Values may use {{NAME}} (a variable) and {{env.NAME}} (the environment), expanded when sent. "
            + "Tab completes; Ctrl-R searches the history; Ctrl-D or `exit` leaves.", first: "", rest: "")
        return lines.joined(separator: "\n")
    }

    /// `help all`: every command with its summary.
    public static func everyCommand() -> String {
        let nameWidth = all.map(\.name.count).max() ?? 0
        var lines: [String] = []
        for group in groups {
            lines.append(group.title + ":")
            for name in group.names {
                guard let spec = spec(named: name) else { continue }
                let lead = "  " + spec.name.padding(to: nameWidth) + "  "
                lines += wrap(spec.summary, first: lead, rest: String(repeating: " ", count: lead.count))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `help COMMAND`.
    public static func help(for name: String) throws(WorkbenchError) -> String {
        if name == "all" { return everyCommand() }
        guard let spec = spec(named: name) else {
            throw WorkbenchError("no help for unknown command \(Excerpt.quoted(name))" + Suggestion.didYouMean(name, among: names))
        }
        var lines = wrap(spec.name + ": " + spec.summary, first: "", rest: "  ")
        lines.append("usage:")
        lines += spec.usage.map { "  " + $0 }
        lines.append("example:")
        lines.append("  " + spec.example)
        return lines.joined(separator: "\n")
    }

    /// Words of `text` in lines of at most `width` columns; the first line starts
    /// with `first`, the others with `rest`. A word longer than a line gets one to itself.
    static func wrap(_ text: String, first: String, rest: String) -> [String] {
        var lines: [String] = []
        var line = first
        var lineHasWord = false
        for word in text.split(separator: " ") {
            if lineHasWord && line.count + 1 + word.count > width {
                lines.append(line)
                line = rest
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }
}
