import WorkbenchBasics

/// The command reference in Markdown (`docs/commands.md`), laid out from the same
/// declarations as `help`, so the document cannot say what the binary does not do.
extension CommandCatalog {
    /// Every command by group: its summary, usage lines, subcommands and example.
    /// `commandLine` is appended as the last section (the executable's own options,
    /// which the core does not know).
    public static func markdown(commandLine: String = "") -> String {
        var lines = [
            "# Command reference",
            "",
            "<!-- Generated from the command declarations (Sources/WorkbenchCore/Workspace/Declarations)",
            "     by `make docs`; do not edit: a test fails when this file and the declarations differ. -->",
            "",
            "Every command of the workbench, as `help COMMAND` explains it inside, by the groups `help`",
            "shows. Values may use `{{NAME}}` (a variable) and `{{env.NAME}}` (the environment),",
            "expanded when the request is sent. The user guide (`docs/README.md`) explains them by task.",
            "",
        ]
        for group in groups {
            let names = group.names.map { "[`\($0)`](#\(anchor($0)))" }.joined(separator: " ")
            lines.append("- \(group.title): \(names)")
        }
        if !commandLine.isEmpty { lines.append("- [The command line](#the-command-line)") }
        for group in groups {
            lines += ["", "## \(group.title)"]
            for name in group.names {
                guard let spec = spec(named: name) else { continue }
                lines += ["", "### \(spec.name)", "", spec.summary, "", "```"]
                lines += spec.usage
                lines.append("```")
                if !spec.subcommands.isEmpty {
                    lines += ["", "Subcommands: " + spec.subcommands.map { "`\($0)`" }.joined(separator: ", ") + "."]
                }
                lines += ["", "Example: `\(spec.example)`"]
            }
        }
        if !commandLine.isEmpty { lines += ["", "## The command line", "", commandLine] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The anchor GitHub gives a `### name` heading: lower case, kept as it is otherwise.
    private static func anchor(_ name: String) -> String { name.lowercased() }
}
