import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// The commands of help's group "Settings": each one's help, parsing and completion.
extension CommandDeclaration {
    static let settingsGroup = CommandGroup(
        title: "Settings", commands: [.print, .pager, .color, .follow, .timeout, .insecure, .maxbody, .settings])

    static let print = CommandDeclaration(
        name: "print", usage: ["print all|headers|body|status"],
        summary: "Which parts of a response to show, like HTTPie's --print (default all; not saved with the session).",
        example: "print body", subcommands: ResponsePart.allCases.map(\.rawValue),
        parse: { words throws(WorkbenchError) in try words.parsePrint() },
        apply: { workspace, command, context throws(WorkbenchError) in try workspace.applyPrint(command, context: context) })

    static let pager = CommandDeclaration(
        name: "pager", usage: ["pager auto|off"],
        summary: "auto: on a terminal, a response longer than the screen goes through $PAGER (default `less -FRX`); off: never.",
        example: "pager off", subcommands: ["auto", "off"],
        parse: { words throws(WorkbenchError) in try words.parsePager() },
        apply: { workspace, command, context throws(WorkbenchError) in try workspace.applyPager(command, context: context) })

    static let color = CommandDeclaration(
        name: "color", usage: ["color auto|always|never"],
        summary: "Colour responses: auto (on a terminal without NO_COLOR), always, never (`on` and `off` mean always and never).",
        example: "color never", subcommands: ["auto", "always", "never"],
        parse: { words throws(WorkbenchError) in try words.parseColor() },
        apply: { workspace, command, context throws(WorkbenchError) in try workspace.applyColor(command, context: context) })

    static let follow = CommandDeclaration(
        name: "follow", usage: ["follow on|off"], summary: "Follow redirects (default off, like curl).",
        example: "follow on", subcommands: ["on", "off"],
        parse: { words throws(WorkbenchError) in try words.parseFollow() },
        apply: { workspace, command, context throws(WorkbenchError) in try workspace.applyFollow(command, context: context) })

    static let timeout = CommandDeclaration(
        name: "timeout", usage: ["timeout SECONDS"], summary: "Total time allowed for a request (default 30).",
        example: "timeout 5", subcommands: [],
        parse: { words throws(WorkbenchError) in try words.parseTimeout() },
        apply: { workspace, command, context throws(WorkbenchError) in try workspace.applyTimeout(command, context: context) })

    static let insecure = CommandDeclaration(
        name: "insecure", usage: ["insecure on|off"], summary: "Skip TLS certificate verification (default off).",
        example: "insecure on", subcommands: ["on", "off"],
        parse: { words throws(WorkbenchError) in try words.parseInsecure() },
        apply: { workspace, command, context throws(WorkbenchError) in try workspace.applyInsecure(command, context: context) })

    static let maxbody = CommandDeclaration(
        name: "maxbody", usage: ["maxbody SIZE"],
        summary: "Cap response bodies kept in memory (default 64M; K, M, G suffixes); `send > FILE` streams past it.",
        example: "maxbody 256M", subcommands: [],
        parse: { words throws(WorkbenchError) in try words.parseMaxbody() },
        apply: { workspace, command, context throws(WorkbenchError) in try workspace.applyMaxbody(command, context: context) })

    static let settings = CommandDeclaration(
        name: "settings", usage: ["settings"], summary: "Print the current settings.", example: "settings", subcommands: [],
        parse: { words throws(WorkbenchError) in try words.expectNoArguments(.showSettings) },
        apply: { workspace, command, context throws(WorkbenchError) in try workspace.applySettings(command, context: context) })
}

extension CommandWords {
    func parsePrint() throws(WorkbenchError) -> ParsedLine {
        guard args.count == 1, let part = ResponsePart(rawValue: texts[0].lowercased()) else {
            throw usageError("expected all, headers, body or status")
        }
        return .command(.print(part))
    }

    func parsePager() throws(WorkbenchError) -> ParsedLine {
        guard args.count == 1, ["auto", "on", "off"].contains(texts[0].lowercased()) else {
            throw usageError("expected auto or off")
        }
        return .command(.pager(texts[0].lowercased() != "off"))
    }

    func parseFollow() throws(WorkbenchError) -> ParsedLine {
        return .command(.follow(try parseSwitch()))
    }

    func parseInsecure() throws(WorkbenchError) -> ParsedLine {
        return .command(.insecure(try parseSwitch()))
    }

    func parseMaxbody() throws(WorkbenchError) -> ParsedLine {
        guard args.count == 1, let bytes = ByteSize.parse(texts[0]), bytes >= 1024, bytes <= 1 << 40 else {
            throw usageError("expected a size from 1K to 1T, such as 64M or 512K")
        }
        return .command(.maxBody(bytes))
    }

    func parseSwitch() throws(WorkbenchError) -> Bool {
        guard args.count == 1 else { throw usageError("expected on or off") }
        switch texts[0].lowercased() {
        case "on": return true
        case "off": return false
        default: throw usageError("expected on or off, got \(Excerpt.quoted(texts[0]))")
        }
    }

    func parseTimeout() throws(WorkbenchError) -> ParsedLine {
        guard args.count == 1 else { throw usageError("expected a number of seconds") }
        guard let seconds = Double(texts[0]), seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
            throw usageError("expected a number of seconds from 0 (no limit) to 86400, got \(Excerpt.quoted(texts[0]))")
        }
        return .command(.timeout(seconds))
    }

    func parseColor() throws(WorkbenchError) -> ParsedLine {
        guard args.count == 1, let setting = ColorSetting(word: texts[0]) else {
            throw usageError("expected auto, always or never")
        }
        return .command(.color(setting))
    }
}

extension Workspace {
    /// `follow`'s effect on the workspace; nil for another command's.
    mutating func applyFollow(_ command: Command, context: CommandContext) throws(WorkbenchError) -> CommandOutcome? {
        switch command {
        case .follow(let on):
            settings.followRedirects = on
        default:
            return nil
        }
        return .done
    }

    /// `timeout`'s effect on the workspace; nil for another command's.
    mutating func applyTimeout(_ command: Command, context: CommandContext) throws(WorkbenchError) -> CommandOutcome? {
        switch command {
        case .timeout(let seconds):
            settings.timeout = seconds
        default:
            return nil
        }
        return .done
    }

    /// `insecure`'s effect on the workspace; nil for another command's.
    mutating func applyInsecure(_ command: Command, context: CommandContext) throws(WorkbenchError) -> CommandOutcome? {
        switch command {
        case .insecure(let on):
            settings.insecure = on
        default:
            return nil
        }
        return .done
    }

    /// `color`'s effect on the workspace; nil for another command's.
    mutating func applyColor(_ command: Command, context: CommandContext) throws(WorkbenchError) -> CommandOutcome? {
        switch command {
        case .color(let setting):
            settings.color = setting
        default:
            return nil
        }
        return .done
    }

    /// `maxbody`'s effect on the workspace; nil for another command's.
    mutating func applyMaxbody(_ command: Command, context: CommandContext) throws(WorkbenchError) -> CommandOutcome? {
        switch command {
        case .maxBody(let bytes):
            settings.maxBodyBytes = bytes
        default:
            return nil
        }
        return .done
    }

    /// `settings`'s effect on the workspace; nil for another command's.
    mutating func applySettings(_ command: Command, context: CommandContext) throws(WorkbenchError) -> CommandOutcome? {
        switch command {
        case .showSettings:
            return .output(settings.summary + "\n" + view.summary)
        default:
            return nil
        }
    }

    /// `print`'s effect on the workspace; nil for another command's.
    mutating func applyPrint(_ command: Command, context: CommandContext) throws(WorkbenchError) -> CommandOutcome? {
        switch command {
        case .print(let parts):
            view.parts = parts
        default:
            return nil
        }
        return .done
    }

    /// `pager`'s effect on the workspace; nil for another command's.
    mutating func applyPager(_ command: Command, context: CommandContext) throws(WorkbenchError) -> CommandOutcome? {
        switch command {
        case .pager(let on):
            view.pager = on
        default:
            return nil
        }
        return .done
    }
}
