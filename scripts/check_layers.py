#!/usr/bin/env python3
"""Checks that the folders inside each layer target depend one way, in the order data flows.

The layers themselves are targets (Package.swift): Platform (the C library, which no other
target imports) <- WorkbenchBasics <- WorkbenchHTTP <- WorkbenchAPIs <- WorkbenchSessions <-
WorkbenchCore, and the compiler rejects an import that points the wrong way. Inside a target the folders are one module, so the compiler
cannot see a back edge there:

    WorkbenchBasics:   Support <- JSON <- Templates
    WorkbenchHTTP:     Endpoint <- Transport <- WebSocket <- Rendering
    WorkbenchAPIs:     APIDescription <- GraphQL <- GRPC
    WorkbenchSessions: Sessions <- Serving <- Interop <- Replay <- Load
    WorkbenchCore:     Commands <- Workspace <- Launching

A file may use the types of its own folder and of the folders before it in its target,
never of a folder after it. This script reads the declarations of each folder and finds,
in the code of every earlier folder of the same target (comments and string literals left
out), the names of later folders' types. Exit 1 with each back edge named; 0 when there is
none.

The unit tests mirror the layers (Tests/WorkbenchBasicsTests ... Tests/WorkbenchCoreTests), and a
test file may import only its target's layer and those before it.

No type is a hub: none is extended (`extension T` at the start of a line) in more than
MAXIMUM_EXTENDING_FILES files of Sources. A type that grows past that gives its concerns types of
their own (ARCHITECTURE.md, "No hub").

Every command is listed: each declaration `Command.declaration` routes a command to
(Declarations/CommandRouting.swift) is in its help group's `commands`, and the group in
`CommandTable.groups`. The switch there makes a new `Command` case name a declaration, but only
the lists put it in help, Tab, "did you mean" and the parser's dispatch: one left out compiled
and could not be typed.

The compiler's concurrency checks are set aside only where ARCHITECTURE.md says ("Threads"):
`@unchecked Sendable` on the five types it names, `nonisolated(unsafe)` only in LineEditing
(libedit's callbacks carry no context).
"""
import re
import sys
from pathlib import Path

TARGETS = {
    "WorkbenchBasics": ["Support", "JSON", "Templates"],
    "WorkbenchHTTP": ["Endpoint", "Transport", "WebSocket", "Rendering"],
    "WorkbenchAPIs": ["APIDescription", "GraphQL", "GRPC"],
    "WorkbenchSessions": ["Sessions", "Serving", "Interop", "Replay", "Load"],
    "WorkbenchCore": ["Commands", "Workspace", "Launching"],
}
SOURCES = Path(__file__).resolve().parent.parent / "Sources"
# Files a target may hold beside its folders (the re-exports of the layers below).
LOOSE = {"WorkbenchCore": {"Exports.swift"}}
DECLARATION = re.compile(r"^(?:public\s+|package\s+|private\s+|fileprivate\s+|internal\s+|final\s+|indirect\s+)*"
                         r"(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z][A-Za-z0-9_]*)", re.M)
FUNCTION = re.compile(r"^(?:public\s+|package\s+)?func\s+([a-z][A-Za-z0-9_]*)", re.M)


def code_of(text: str) -> str:
    """The text without comments and string literals (a name in a doc comment is no dependency)."""
    text = re.sub(r'"""[\s\S]*?"""', '""', text)
    text = re.sub(r'#?"(?:[^"\\\n]|\\.)*"#?', '""', text)
    text = re.sub(r"/\*[\s\S]*?\*/", "", text)
    return re.sub(r"//[^\n]*", "", text)


def main() -> int:
    problems = c_library_imports() + test_imports() + hubs(SOURCES) + unlisted_declarations(DECLARATIONS) + unchecked_concurrency(SOURCES)
    for target, order in TARGETS.items():
        problems += check(SOURCES / target, order, LOOSE.get(target, set()))
    for problem in problems:
        print("check_layers: " + problem)
    folders = sum(len(order) for order in TARGETS.values())
    print(f"check_layers: {len(problems)} problem{'s' if len(problems) != 1 else ''} (back edges, imports, hubs, unlisted commands, "
          f"unchecked concurrency) "
          f"in {folders} folders of {len(TARGETS)} targets")
    return 1 if problems else 0


def c_library_imports() -> list[str]:
    """Files outside Sources/Platform that import the C library themselves."""
    pattern = re.compile(r"^\s*(?:@_exported\s+|@preconcurrency\s+)?import\s+(Glibc|Darwin|Musl)\b", re.M)
    return [f"{path.relative_to(SOURCES)} imports {match.group(1)}: go through Platform"
            for path in sorted(SOURCES.rglob("*.swift")) if path.parts[len(SOURCES.parts)] != "Platform"
            for match in pattern.finditer(code_of(path.read_text(encoding="utf-8")))]


# The most files of Sources that may extend one type.
MAXIMUM_EXTENDING_FILES = 10
EXTENSION = re.compile(r"^(?:(?:public|package|internal|private|fileprivate)\s+)?extension\s+([A-Za-z0-9_]+)\b", re.M)


def hubs(sources: Path) -> list[str]:
    """Types extended in more than MAXIMUM_EXTENDING_FILES files under `sources`, each named with its files."""
    extending: dict[str, list[str]] = {}
    for path in sorted(sources.rglob("*.swift")):
        for name in sorted(set(EXTENSION.findall(code_of(path.read_text(encoding="utf-8"))))):
            extending.setdefault(name, []).append(str(path.relative_to(sources)))
    return [f"{name} is extended in {len(files)} files, more than {MAXIMUM_EXTENDING_FILES}: give its concerns "
            f"types of their own rather than another extension ({', '.join(files)})"
            for name, files in sorted(extending.items()) if len(files) > MAXIMUM_EXTENDING_FILES]


DECLARATIONS = SOURCES / "WorkbenchCore" / "Workspace" / "Declarations"
GROUP = re.compile(r"static\s+let\s+group\s*=\s*CommandGroup\([^\[]*\[([^\]]*)\]")
ROUTED = re.compile(r"\b([A-Z][A-Za-z0-9_]*Commands)\.(`?[a-z][A-Za-z0-9_]*`?)(?![A-Za-z0-9_`(])")


def unlisted_declarations(declarations: Path) -> list[str]:
    """Declarations CommandRouting.swift routes a command to that no group of CommandTable lists."""
    table = re.search(r"static\s+let\s+groups\s*:\s*\[CommandGroup\]\s*=\s*\[([^\]]*)\]",
                      code_of((declarations / "CommandDeclaration.swift").read_text(encoding="utf-8")))
    groups = {entry.strip().removesuffix(".group") for entry in (table.group(1).split(",") if table else [])}
    listed: set[str] = set()
    for path in sorted(declarations.glob("*.swift")):
        code = code_of(path.read_text(encoding="utf-8"))
        namespace = re.search(r"^enum\s+([A-Z][A-Za-z0-9_]*Commands)\b", code, re.M)
        if not namespace or namespace.group(1) not in groups:
            continue
        for group in GROUP.finditer(code):
            for entry in (word.strip().replace("`", "") for word in group.group(1).split(",")):
                if entry:
                    listed.add(entry if "." in entry else f"{namespace.group(1)}.{entry}")
    routing = code_of((declarations / "CommandRouting.swift").read_text(encoding="utf-8"))
    return [f"{namespace}.{name} is routed to (CommandRouting.swift) but no group of CommandTable.groups lists "
            f"it: help, Tab and the parser never see it"
            for namespace, name in sorted({(ns, name.replace("`", "")) for ns, name in ROUTED.findall(routing)})
            if f"{namespace}.{name}" not in listed]


# The types ARCHITECTURE.md ("Threads") names as `@unchecked Sendable`, each with its reason there.
UNCHECKED_SENDABLE = {"BackgroundBodyCheck", "OrderedChunks", "StyleTable", "SegmentJob", "MockServer"}
UNCHECKED = re.compile(r"\b(?:struct|class|enum|extension)\s+([A-Za-z0-9_]+)[^{\n]*@unchecked\s+Sendable")


def unchecked_concurrency(sources: Path) -> list[str]:
    """`@unchecked Sendable` beyond the five types named, `nonisolated(unsafe)` outside LineEditing."""
    problems = []
    for path in sorted(sources.rglob("*.swift")):
        code = code_of(path.read_text(encoding="utf-8"))
        relative = path.relative_to(sources)
        problems += [f"{relative}: {name} is @unchecked Sendable, which ARCHITECTURE.md (\"Threads\") does not name"
                     for name in UNCHECKED.findall(code) if name not in UNCHECKED_SENDABLE]
        if relative.parts[0] != "LineEditing" and "nonisolated(unsafe)" in code:
            problems.append(f"{relative}: nonisolated(unsafe) outside LineEditing: use a Mutex or Atomic")
    return problems


# The library layers in order; the unit tests of one (Tests/<layer>Tests) import it and those before.
LAYERS = list(TARGETS)
TESTS = SOURCES.parent / "Tests"


def test_imports() -> list[str]:
    """Test files that import a layer above the one their target tests (the test targets mirror the
    library targets, so a test sits with the layer whose code it needs)."""
    pattern = re.compile(r"^\s*(?:@testable\s+)?import\s+(Workbench[A-Za-z]+)\b", re.M)
    problems = []
    for rank, layer in enumerate(LAYERS):
        for path in sorted((TESTS / f"{layer}Tests").rglob("*.swift")):
            for match in pattern.finditer(code_of(path.read_text(encoding="utf-8"))):
                name = match.group(1)
                if name in LAYERS and LAYERS.index(name) > rank:
                    problems.append(f"{path.relative_to(TESTS.parent)} imports {name}: a test of {layer} "
                                    f"uses only the layers up to it (move it to Tests/{name}Tests)")
    return problems


def check(CORE: Path, ORDER: list[str], allowed_loose: set[str]) -> list[str]:
    unknown = sorted(p.name for p in CORE.iterdir() if p.is_dir() and p.name not in ORDER)
    loose = sorted(p.name for p in CORE.glob("*.swift") if p.name not in allowed_loose)
    if unknown or loose:
        return [f"{CORE.name}: not in the layer order: {', '.join(unknown + loose)}"]
    owner: dict[str, str] = {}
    for folder in ORDER:
        for path in sorted((CORE / folder).rglob("*.swift")):
            code = code_of(path.read_text(encoding="utf-8"))
            for name in DECLARATION.findall(code) + FUNCTION.findall(code):
                owner.setdefault(name, folder)
    problems = []
    for rank, folder in enumerate(ORDER):
        later = {name for name, home in owner.items() if ORDER.index(home) > rank}
        for path in sorted((CORE / folder).rglob("*.swift")):
            code = code_of(path.read_text(encoding="utf-8"))
            for name in sorted(later):
                pattern = rf"(?<![A-Za-z0-9_.])\b{name}\b" if name[0].isupper() else rf"(?<![A-Za-z0-9_.]){name}\("
                if re.search(pattern, code):
                    problems.append(f"{CORE.name}/{path.relative_to(CORE)} uses {name} from {owner[name]}/")
    return problems


if __name__ == "__main__":
    sys.exit(main())
