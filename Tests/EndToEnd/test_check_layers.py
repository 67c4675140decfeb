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
