import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// The commands of help's group "Settings": each one's help, parsing and completion.
enum SettingsCommands {
    static let group = CommandGroup(
        title: "Settings", commands: [print, pager, color, follow, timeout, insecure, maxbody, settings])

    static let print = CommandDeclaration(
        name: "print", usage: ["print all|headers|body|status"],
        summary: "Which parts of a response to show, like HTTPie's --print (default all; not saved with the session).",
        example: "print body", subcommands: ResponsePart.allCases.map(\.rawValue),
        parse: { words throws(WorkbenchError) in try SettingsCommands.parsePrint(words) })

    static let pager = CommandDeclaration(
        name: "pager", usage: ["pager auto|off"],
        summary: "auto: on a terminal, a response longer than the screen goes through $PAGER (default `less -FRX`); off: never.",
        example: "pager off", subcommands: ["auto", "off"],
        parse: { words throws(WorkbenchError) in try SettingsCommands.parsePager(words) })

    static let color = CommandDeclaration(
        name: "color", usage: ["color auto|always|never"],
        summary: "Colour responses: auto (on a terminal without NO_COLOR), always, never (`on` and `off` mean always and never).",
        example: "color never", subcommands: ["auto", "always", "never"],
        parse: { words throws(WorkbenchError) in try SettingsCommands.parseColor(words) })

    static let follow = CommandDeclaration(
        name: "follow", usage: ["follow on|off"], summary: "Follow redirects (default off, like curl).",
        example: "follow on", subcommands: ["on", "off"],
        parse: { words throws(WorkbenchError) in try SettingsCommands.parseFollow(words) })

    static let timeout = CommandDeclaration(
        name: "timeout", usage: ["timeout SECONDS"], summary: "Total time allowed for a request (default 30).",
        example: "timeout 5", subcommands: [],
        parse: { words throws(WorkbenchError) in try SettingsCommands.parseTimeout(words) })

    static let insecure = CommandDeclaration(
        name: "insecure", usage: ["insecure on|off"], summary: "Skip TLS certificate verification (default off).",
        example: "insecure on", subcommands: ["on", "off"],
        parse: { words throws(WorkbenchError) in try SettingsCommands.parseInsecure(words) })

    static let maxbody = CommandDeclaration(
        name: "maxbody", usage: ["maxbody SIZE"],
        summary: "Cap response bodies kept in memory (default 64M; K, M, G suffixes); `send > FILE` streams past it.",
        example: "maxbody 256M", subcommands: [],
        parse: { words throws(WorkbenchError) in try SettingsCommands.parseMaxbody(words) })

    static let settings = CommandDeclaration(
        name: "settings", usage: ["settings"], summary: "Print the current settings.", example: "settings", subcommands: [],
        parse: { words throws(WorkbenchError) in try words.expectNoArguments(.showSettings) })
}

extension SettingsCommands {
    static func parsePrint(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard words.args.count == 1, let part = ResponsePart(rawValue: words.texts[0].lowercased()) else {
            throw words.usageError("expected all, headers, body or status")
        }
        return .command(.print(part))
    }

    static func parsePager(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard words.args.count == 1, ["auto", "on", "off"].contains(words.texts[0].lowercased()) else {
            throw words.usageError("expected auto or off")
        }
        return .command(.pager(words.texts[0].lowercased() != "off"))
    }

    static func parseFollow(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        return .command(.follow(try SettingsCommands.parseSwitch(words)))
    }

    static func parseInsecure(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        return .command(.insecure(try SettingsCommands.parseSwitch(words)))
    }

    static func parseMaxbody(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard words.args.count == 1, let bytes = ByteSize.parse(words.texts[0]), bytes >= 1024, bytes <= 1 << 40 else {
            throw words.usageError("expected a size from 1K to 1T, such as 64M or 512K")
        }
        return .command(.maxBody(bytes))
    }

    static func parseSwitch(_ words: CommandWords) throws(WorkbenchError) -> Bool {
        guard words.args.count == 1 else { throw words.usageError("expected on or off") }
        switch words.texts[0].lowercased() {
        case "on": return true
        case "off": return false
        default: throw words.usageError("expected on or off, got \(Excerpt.quoted(words.texts[0]))")
        }
    }

    static func parseTimeout(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard words.args.count == 1 else { throw words.usageError("expected a number of seconds") }
        guard let seconds = Double(words.texts[0]), seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
            throw words.usageError("expected a number of seconds from 0 (no limit) to 86400, got \(Excerpt.quoted(words.texts[0]))")
        }
        return .command(.timeout(seconds))
    }

    static func parseColor(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard words.args.count == 1, let setting = ColorSetting(word: words.texts[0]) else {
            throw words.usageError("expected auto, always or never")
        }
        return .command(.color(setting))
    }
}

/// The effects of the group's commands, each reached from `Workspace.apply`'s one switch
/// with its command's values.
extension SettingsCommands {
    static func setFollow(_ on: Bool, in workspace: inout Workspace) -> CommandOutcome {
        workspace.settings.followRedirects = on
        return .done
    }

    static func setTimeout(_ seconds: Double, in workspace: inout Workspace) -> CommandOutcome {
        workspace.settings.timeout = seconds
        return .done
    }

    static func setInsecure(_ on: Bool, in workspace: inout Workspace) -> CommandOutcome {
        workspace.settings.insecure = on
        return .done
    }

    static func setColor(_ setting: ColorSetting, in workspace: inout Workspace) -> CommandOutcome {
        workspace.settings.color = setting
        return .done
    }

    static func setMaxBody(_ bytes: Int, in workspace: inout Workspace) -> CommandOutcome {
        workspace.settings.maxBodyBytes = bytes
        return .done
    }

    static func showSettings(_ workspace: Workspace) -> CommandOutcome {
        .output(workspace.settings.summary + "\n" + workspace.view.summary)
    }

    static func setPrint(_ parts: ResponsePart, in workspace: inout Workspace) -> CommandOutcome {
        workspace.view.parts = parts
        return .done
    }

    static func setPager(_ on: Bool, in workspace: inout Workspace) -> CommandOutcome {
        workspace.view.pager = on
        return .done
    }
}
