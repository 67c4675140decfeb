"""What `make install` puts in place, checked on the built binary: the shell completion
scripts ArgumentParser writes (bash is sourced and asked), and the help dump the man page
plugin reads. The install itself (a release build, minutes) runs when
WORKBENCH_TEST_INSTALL=1 is set; docs/settings.md ("What `make install` puts in place") says what it gives."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from conftest import script


REPO = Path(__file__).resolve().parents[2]


def test_bash_completion_completes_subcommands(workbench_bin, tmp_path: Path):
    scripts = subprocess.run([workbench_bin, "--generate-completion-script", "bash"],
                             capture_output=True, text=True, check=True).stdout
    (tmp_path / "workbench.bash").write_text(scripts)
    probe = (f"source {tmp_path / 'workbench.bash'}; COMP_LINE='workbench r'; COMP_POINT=11; "
             "COMP_WORDS=(workbench r); COMP_CWORD=1; _workbench; echo ${COMPREPLY[@]}")
    completed = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    assert {"run", "replay", "start"} <= set(completed), completed


@pytest.mark.parametrize(("shell", "marker"), [("zsh", "#compdef workbench"), ("fish", "complete -c 'workbench'")])
def test_zsh_and_fish_completion_scripts(workbench_bin, shell, marker):
    text = subprocess.run([workbench_bin, "--generate-completion-script", shell],
                          capture_output=True, text=True, check=True).stdout
    assert marker in text and "replay" in text


def test_the_help_dump_the_man_page_is_made_from(workbench_bin):
    dump = json.loads(subprocess.run([workbench_bin, "--experimental-dump-help"],
                                     capture_output=True, text=True, check=True).stdout)
    assert dump["command"]["commandName"] == "workbench"
    names = [sub["commandName"] for sub in dump["command"]["subcommands"]]
    assert {"start", "run", "replay"} <= set(names)


@pytest.mark.skipif(os.environ.get("WORKBENCH_TEST_INSTALL") != "1", reason="a release build: set WORKBENCH_TEST_INSTALL=1")
def test_make_install_puts_a_working_workbench_on_the_path(tmp_path: Path):
    prefix = tmp_path / "prefix"
    subprocess.run(["make", "install", f"PREFIX={prefix}"], cwd=REPO, check=True, capture_output=True, timeout=1800)
    for relative in ["bin/workbench", "share/man/man1/workbench.1", "share/bash-completion/completions/workbench",
                     "share/zsh/site-functions/_workbench", "share/fish/vendor_completions.d/workbench.fish"]:
        assert (prefix / relative).is_file(), relative
    env = {"PATH": f"{prefix / 'bin'}:/usr/bin:/bin", "HOME": str(tmp_path)}
    version = subprocess.run(["workbench", "--version"], env=env, capture_output=True, text=True, check=True)
    assert version.stdout.strip()
    # Installed stripped (`install -s`): no symbol table, and smaller than the build it came from.
    sections = subprocess.run(["readelf", "-S", "-W", str(prefix / "bin/workbench")], capture_output=True, text=True, check=True).stdout
    assert ".symtab" not in sections
    assert (prefix / "bin/workbench").stat().st_size < (REPO / ".build/release/workbench").stat().st_size
    assert ".Sh NAME" in (prefix / "share/man/man1/workbench.1").read_text()


def test_the_first_five_minutes_of_the_readme(run_workbench, server, workdir: Path):
    """README "The first five minutes", in script mode (a script gives the secret on its line)."""
    code, out, err = run_workbench(input=script(
        f"base {server}",
        "set --secret password secret",
        'body json {"username": "ana", "password": "{{password}}"}',
        "post /login",
        "capture --secret token $.data.accessToken",
        "expect status 200",
        "header Authorization: Bearer {{token}}",
        "body clear",
        "get /me",
        'expect json $.user == "ana"',
        "save login.json",
    ))
    assert code == 0, err
    assert "token = ******" in out and 'PASS json $.user == "ana"' in out and "saved login.json: 2 requests" in out
    code, out, err = run_workbench(["login.json"], input=script("set --secret password secret", "replay all"))
    assert code == 0, err
    assert out.splitlines()[-1] == "2 passed, 0 failed"
    code, out, err = run_workbench(["replay", "login.json", "--var", "password=secret"])
    assert code == 0 and out.splitlines()[-1] == "2 passed, 0 failed", (out, err)
