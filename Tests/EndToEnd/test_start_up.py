"""What start-up does and does not do (Benchmarks/README.md, "Start-up: from exec to the first request").

The usual command lines (`workbench`, `--version`, `--color X`, `--no-history`, `--keep-going`,
`--restore`) are read without ArgumentParser (`QuickStart`); everything else goes through it.
Both must behave the same.
"""

from __future__ import annotations

import pytest

# Builds a request, fails once, shows it: colour, `--keep-going` and the error line all show.
SCRIPT = "base http://127.0.0.1:9/api\npath add items 1\nno-such-command\nheader X-A: b\nshow\n"


@pytest.mark.parametrize("arguments", [
    [],
    ["--color", "always"],
    ["--color=always"],
    ["--color", "never"],
    ["--color", "auto"],
    ["--keep-going"],
    ["--no-history"],
    ["--keep-going", "--color", "always", "--no-history"],
    ["--restore"],
    ["--restore", "--keep-going"],
])
def test_the_quick_path_and_argument_parser_agree(run_workbench, arguments):
    """`workbench ARGS` (read by hand) against `workbench start ARGS` (read by ArgumentParser)."""
    quick = run_workbench(arguments, input=SCRIPT)
    parsed = run_workbench(["start", *arguments], input=SCRIPT)
    assert quick == parsed
    assert quick.returncode in (1, 2)
    if "--keep-going" in arguments and "--restore" not in arguments:
        assert "X-A: b" in quick.stdout
    if "always" in " ".join(arguments) and "--restore" not in arguments:
        assert "\x1b[" in quick.stdout + quick.stderr


@pytest.mark.parametrize("arguments", [
    ["--color", "on"],
    ["--color"],
    ["--colour", "always"],
    ["--version", "--color", "always"],
    ["--keep-going", "--keep-going"],
])
def test_other_command_lines_still_get_argument_parsers_answer(run_workbench, arguments):
    """Spellings the quick path leaves alone: ArgumentParser accepts or refuses them as before."""
    result = run_workbench(arguments, input=SCRIPT)
    parsed = run_workbench(["start", *arguments], input=SCRIPT) if arguments[0] != "--version" else None
    if parsed is not None:
        assert result == parsed
    if arguments[:2] in (["--color", "on"], ["--color"], ["--colour", "always"]):
        assert result.returncode == 2 and result.stderr.startswith("Error: ")


def test_version_alone(run_workbench):
    result = run_workbench(["--version"])
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.count("\n") == 1 and result.stdout.strip()
