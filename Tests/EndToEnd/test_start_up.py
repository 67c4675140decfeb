"""What start-up does and does not do (Benchmarks/README.md, "Start-up: from exec to the first request").

The usual command lines (`workbench`, `--version`, `--color X`, `--no-history`, `--keep-going`,
`--restore`) are read without ArgumentParser (`QuickStart`); everything else goes through it.
Both must behave the same. libedit is loaded only when the interactive workbench starts.
"""

from __future__ import annotations

import os
from pathlib import Path

import pexpect
import pytest

from conftest import spawn_workbench

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
    [],
    ["--color", "always"],
    ["--color=never", "--keep-going"],
    ["--keep-going", "--no-history"],
])
def test_run_file_agrees_with_argument_parser(run_workbench, workdir, arguments):
    """`workbench run FILE ARGS` (read by hand) against `workbench run ARGS -- FILE` (ArgumentParser)."""
    (workdir / "build.wb").write_text(SCRIPT)
    quick = run_workbench(["run", "build.wb", *arguments])
    parsed = run_workbench(["run", *arguments, "--", "build.wb"])
    assert quick == parsed
    assert quick.returncode == 1
    missing = run_workbench(["run", "no-such.wb", *arguments])
    assert missing == run_workbench(["run", *arguments, "--", "no-such.wb"])
    assert missing.returncode == 2 and missing.stderr.startswith("error: cannot read script")


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


def test_a_script_does_not_load_libedit(run_workbench):
    """libedit (with libtinfo, libbsd, libmd) is for the interactive workbench only."""
    result = run_workbench([], input=SCRIPT, env={"LD_DEBUG": "files"})
    assert "calling init: " in result.stderr, "LD_DEBUG had no effect"
    assert "libedit" not in result.stderr


def test_the_repl_loads_libedit(workbench_bin, workbench_env, workdir):
    child = spawn_workbench(workbench_bin, dict(workbench_env, NO_COLOR="1", LD_DEBUG="files"), workdir)
    child.expect("libedit")
    child.expect("> ")
    child.sendline("exit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_repl_without_libedit_says_so(run_workbench, workbench_bin, workbench_env, workdir, tmp_path: Path):
    """A libedit that cannot be loaded: one error line and status 1, not a crash (scripts still run)."""
    broken = tmp_path / "lib"
    broken.mkdir()
    (broken / "libedit.so.2").write_bytes(b"not a library")
    (broken / "libedit.so").write_bytes(b"not a library")
    library_path = os.pathsep.join(filter(None, [str(broken), os.environ.get("LD_LIBRARY_PATH")]))
    env = dict(workbench_env, NO_COLOR="1", LD_LIBRARY_PATH=library_path)
    child = spawn_workbench(workbench_bin, env, workdir)
    child.expect("error: cannot start the line editor: [^\r\n]*libedit.so")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    script = run_workbench(["--keep-going"], input=SCRIPT, env={"LD_LIBRARY_PATH": library_path})
    assert "X-A: b" in script.stdout and script.returncode == 1
