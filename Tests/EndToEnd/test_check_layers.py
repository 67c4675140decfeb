"""scripts/check_layers.py's rule against hubs: no type extended in more than ten files of Sources."""
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def check_layers():
    spec = importlib.util.spec_from_file_location("check_layers", ROOT / "scripts" / "check_layers.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_extensions(folder: Path, count: int, type_name: str = "Workspace") -> None:
    for number in range(count):
        (folder / f"{type_name}+Part{number}.swift").write_text(
            f"import WorkbenchBasics\n\n/// extension {type_name} in a comment is no extension.\n"
            f"extension {type_name} {{\n    func part{number}() {{}}\n}}\n", encoding="utf-8")


def test_a_type_extended_in_eleven_files_is_refused_by_name(tmp_path):
    module = check_layers()
    write_extensions(tmp_path, 11)
    write_extensions(tmp_path, 3, "Interpreter")
    problems = module.hubs(tmp_path)
    assert len(problems) == 1
    assert problems[0].startswith("Workspace is extended in 11 files, more than 10")
    assert "Workspace+Part10.swift" in problems[0]


def test_ten_files_and_extensions_in_comments_pass(tmp_path):
    module = check_layers()
    write_extensions(tmp_path, 10)
    (tmp_path / "Notes.swift").write_text("// extension Workspace {\nlet text = \"extension Workspace\"\n", encoding="utf-8")
    assert module.hubs(tmp_path) == []


def test_public_extensions_count_too(tmp_path):
    module = check_layers()
    for number in range(11):
        (tmp_path / f"F{number}.swift").write_text("public extension Endpoint {}\n", encoding="utf-8")
    assert [problem.split(" is ")[0] for problem in module.hubs(tmp_path)] == ["Endpoint"]


def test_the_sources_have_no_hub():
    assert check_layers().hubs(ROOT / "Sources") == []


def write_declarations(folder: Path, build_commands: str, routed: str, table: str = "BuildCommands.group, NetworkCommands.group") -> Path:
    """A Declarations folder as WorkbenchCore's: the table of groups, two groups, and the routing switch."""
    folder.mkdir()
    (folder / "CommandDeclaration.swift").write_text(
        "enum CommandTable {\n    static let groups: [CommandGroup] = [\n        " + table + ",\n    ]\n}\n",
        encoding="utf-8")
    (folder / "BuildCommands.swift").write_text(
        "enum BuildCommands {\n    static let group = CommandGroup(\n        title: \"Build\",\n"
        f"        commands: [{build_commands}])\n    static let base = CommandDeclaration()\n}}\n", encoding="utf-8")
    (folder / "NetworkCommands.swift").write_text(
        "enum NetworkCommands {\n    static let group = CommandGroup(title: \"Network\", commands: [auth, `import`])\n}\n",
        encoding="utf-8")
    (folder / "CommandRouting.swift").write_text(
        "extension Command {\n    var declaration: CommandDeclaration {\n        switch self {\n" + routed
        + "        case .block(let keyword): RunCommands.blockDeclaration(keyword)\n        }\n    }\n}\n",
        encoding="utf-8")
    return folder


def test_a_routed_declaration_no_group_lists_is_refused_by_name(tmp_path):
    """A new `Command` case routed to a declaration left out of its group compiles, but help, Tab and
    the parser never see it: the check names it."""
    folder = write_declarations(tmp_path / "Declarations", "base, NetworkCommands.proxy",
                                "        case .base: BuildCommands.base\n        case .probe: BuildCommands.probe\n"
                                "        case .auth: NetworkCommands.auth\n        case .proxy: NetworkCommands.proxy\n")
    problems = check_layers().unlisted_declarations(folder)
    assert len(problems) == 1
    assert problems[0].startswith("BuildCommands.probe is routed to (CommandRouting.swift) but no group")


def test_listed_declarations_pass_in_any_group_and_quoted(tmp_path):
    folder = write_declarations(tmp_path / "Declarations", "base, NetworkCommands.proxy",
                                "        case .base: BuildCommands.base\n        case .proxy: NetworkCommands.proxy\n"
                                "        case .importFile: NetworkCommands.`import`\n")
    assert check_layers().unlisted_declarations(folder) == []


def test_a_group_left_out_of_the_table_leaves_its_commands_unlisted(tmp_path):
    folder = write_declarations(tmp_path / "Declarations", "base", "        case .auth: NetworkCommands.auth\n",
                                table="BuildCommands.group")
    assert [problem.split(" ")[0] for problem in check_layers().unlisted_declarations(folder)] == ["NetworkCommands.auth"]


def test_every_routed_declaration_of_the_sources_is_listed():
    module = check_layers()
    assert module.unlisted_declarations(module.DECLARATIONS) == []


def test_unchecked_sendable_beyond_the_five_named_and_unsafe_statics_outside_line_editing_are_refused(tmp_path):
    for folder in ["WorkbenchBasics", "LineEditing"]:
        (tmp_path / folder).mkdir()
    (tmp_path / "WorkbenchBasics" / "Named.swift").write_text(
        "final class OrderedChunks: @unchecked Sendable {}\n"
        "private struct SegmentJob: @unchecked Sendable {}\n"
        "let text = \"final class Quoted: @unchecked Sendable\"\n", encoding="utf-8")
    (tmp_path / "WorkbenchBasics" / "Cache.swift").write_text(
        "public final class Cache: Equatable, @unchecked Sendable {\n"
        "    nonisolated(unsafe) static var shared = 0\n}\n", encoding="utf-8")
    (tmp_path / "LineEditing" / "Keys.swift").write_text("enum Keys {\n    nonisolated(unsafe) static var read = 0\n}\n",
                                                         encoding="utf-8")
    problems = check_layers().unchecked_concurrency(tmp_path)
    assert [problem.split(": ")[1].split(" ")[0] for problem in problems] == ["Cache", "nonisolated(unsafe)"], problems


def test_the_sources_set_the_concurrency_checks_aside_only_where_the_architecture_says():
    module = check_layers()
    assert module.unchecked_concurrency(module.SOURCES) == []
