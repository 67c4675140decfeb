"""docs/commands.md is what the command declarations produce (`workbench commands --markdown`):
a command added, renamed or explained anew without `make docs` fails here, with the diff."""

from __future__ import annotations

import difflib
import re
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
REFERENCE = REPO / "docs" / "commands.md"


def generated(workbench_bin: str) -> str:
    result = subprocess.run([workbench_bin, "commands", "--markdown"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_the_committed_command_reference_is_what_the_declarations_produce(workbench_bin):
    produced = generated(workbench_bin)
    committed = REFERENCE.read_text()
    drift = "".join(difflib.unified_diff(committed.splitlines(True), produced.splitlines(True),
                                         "docs/commands.md (committed)", "workbench commands --markdown"))
    assert not drift, "docs/commands.md differs from the declarations: run `make docs` and commit it\n" + drift[:4000]


def test_the_reference_names_every_command_help_knows(run_workbench, workbench_bin):
    produced = generated(workbench_bin)
    code, out, err = run_workbench(input="help all\n")
    assert code == 0, err
    names = [line.split()[0] for line in out.splitlines() if line.startswith("  ") and line[2] != " "]
    assert len(names) > 40, out
    missing = [name for name in names if f"\n### {name}\n" not in produced]
    assert not missing, missing


def test_the_plain_form_is_help_all(run_workbench, workbench_bin):
    plain = subprocess.run([workbench_bin, "commands"], capture_output=True, text=True, timeout=60)
    code, out, err = run_workbench(input="help all\n")
    assert plain.returncode == 0 and code == 0, plain.stderr + err
    assert plain.stdout.strip() == out.strip()


def test_the_exit_status_table_of_the_guide_is_the_codes():
    """docs/runs.md's table lists exactly the statuses `ExitStatus` has, each once."""
    code = (REPO / "Sources" / "WorkbenchBasics" / "Support" / "ExitStatus.swift").read_text()
    statuses = sorted(int(number) for number in re.findall(r"^\s*case\s+\w+\s*=\s*(\d+)", code, re.M))
    guide = (REPO / "docs" / "runs.md").read_text().split("## Exit statuses", 1)[1].split("\n## ", 1)[0]
    rows = [int(number) for number in re.findall(r"^\|\s*(\d+)\s*\|", guide, re.M)]
    assert statuses == [0, 1, 2, 130]
    assert rows == statuses, rows
