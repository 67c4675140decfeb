#!/usr/bin/env python3
"""Checks that the folders of WorkbenchCore depend one way, in the order data flows:

    Support <- JSON <- Templates <- Endpoint <- APIDescription <- Transport <- Rendering <- GraphQL <- Sessions <- Serving <- Interop <- Replay <- Commands <- Workspace

A file may use the types of its own folder and of the folders before it, never of
a folder after it. Everything is one Swift module, so the compiler cannot see a
back edge; this script reads the declarations of each folder and finds, in the
code of every earlier folder (comments and string literals left out), the names
of later folders' types. Exit 1 with each back edge named; 0 when there is none.
"""
import re
import sys
from pathlib import Path

ORDER = ["Support", "JSON", "Templates", "Endpoint", "APIDescription", "Transport", "Rendering", "GraphQL", "Sessions", "Serving", "Interop", "Replay", "Commands", "Workspace"]
CORE = Path(__file__).resolve().parent.parent / "Sources" / "WorkbenchCore"
DECLARATION = re.compile(r"^(?:public\s+|private\s+|fileprivate\s+|internal\s+|final\s+|indirect\s+)*"
                         r"(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z][A-Za-z0-9_]*)", re.M)
FUNCTION = re.compile(r"^(?:public\s+)?func\s+([a-z][A-Za-z0-9_]*)", re.M)


def code_of(text: str) -> str:
    """The text without comments and string literals (a name in a doc comment is no dependency)."""
    text = re.sub(r'"""[\s\S]*?"""', '""', text)
    text = re.sub(r'#?"(?:[^"\\\n]|\\.)*"#?', '""', text)
    text = re.sub(r"/\*[\s\S]*?\*/", "", text)
    return re.sub(r"//[^\n]*", "", text)


def main() -> int:
    unknown = sorted(p.name for p in CORE.iterdir() if p.is_dir() and p.name not in ORDER)
    loose = sorted(p.name for p in CORE.glob("*.swift"))
    if unknown or loose:
        print(f"check_layers: not in the layer order: {', '.join(unknown + loose)}")
        return 1
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
                    problems.append(f"{path.relative_to(CORE)} uses {name} from {owner[name]}/")
    for problem in problems:
        print("check_layers: " + problem)
    print(f"check_layers: {len(problems)} back edge{'s' if len(problems) != 1 else ''} in {len(ORDER)} layers")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
