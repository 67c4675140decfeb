"""Two REPLs at once, in real pseudo-terminals: neither erases the other's history
or autosave, one killed with SIGKILL loses nothing the other wrote, `--restore`
brings back the run that wrote last, old autosaves do not pile up, and the
autosave follows every command that changes the workspace (a failing `expect`
and a `replay` included)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pexpect

from autosave_reader import read_autosave

from conftest import spawn_workbench

PROMPT = "> "


def spawn(binary, env, cwd):
    child = spawn_workbench(binary, env, cwd, timeout=15)
    child.expect(PROMPT)
    return child


def run_line(child, line):
    child.sendline(line)
    child.expect(PROMPT)


def finish(child):
    # `exit` as a line, not Ctrl-D: "> " also stands in echoed and redrawn lines, so the last
    # command may still run when this is typed, and a Ctrl-D typed while the terminal is in
    # cooked mode is lost when the line editor switches it to raw mode; a typed line waits.
    child.sendline("exit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def state_of(env) -> Path:
    return Path(env["XDG_STATE_HOME"]) / "workbench"


def autosaves(state: Path) -> list[Path]:
    return sorted(state.glob("autosave-*.json"))


def history_entries(state: Path) -> list[str]:
    lines = (state / "history").read_text().splitlines()
    assert lines[0] == "_HiStOrY_V2_"
    assert "_HiStOrY_V2_" not in lines[1:]
    return [line.replace("\\040", " ") for line in lines[1:]]


def restored_path(binary, env, cwd) -> str:
    result = subprocess.run([binary, "--restore"], input=b"path\n", capture_output=True, env=env, cwd=cwd, timeout=30)
    assert result.returncode == 0, result.stderr
    return result.stdout.decode().strip()


def test_two_repls_keep_each_others_history_and_autosave(workbench_bin, workbench_env, workdir):
    first = spawn(workbench_bin, workbench_env, workdir)
    second = spawn(workbench_bin, workbench_env, workdir)
    for child, name in [(first, "first"), (second, "second")]:
        run_line(child, f"base http://{name}.example")
    for index in range(8):
        run_line(first, f"path /first/{index}")
        run_line(second, f"path /second/{index}")
    run_line(first, "path /first/last")
    state = state_of(workbench_env)
    entries = history_entries(state)
    expected_first = ["base http://first.example"] + [f"path /first/{i}" for i in range(8)] + ["path /first/last"]
    expected_second = ["base http://second.example"] + [f"path /second/{i}" for i in range(8)]
    # Every line of both, each once, in the order each typed them.
    assert [e for e in entries if "first" in e] == expected_first
    assert [e for e in entries if "second" in e] == expected_second
    # One autosave each, with its own work.
    saved = {read_autosave(p)["endpoint"]["base"] for p in autosaves(state)}
    assert saved == {"http://first.example", "http://second.example"}
    # `restore` in the second brings back the first's work (the other run's newest autosave).
    second.sendline("restore")
    second.expect("restored the autosaved session")
    second.expect(PROMPT)
    run_line(second, "path")
    assert "http://first.example/first/last" in second.before
    finish(first)
    finish(second)
    # A later run recalls a line as typed: non-ASCII and a backslash survive the file libedit reads back.
    third = spawn(workbench_bin, workbench_env, workdir)
    third.sendline('set note "é \\ x"')
    third.sendline("vars")  # libedit may redraw a line with non-ASCII, prompt included: wait for the output
    third.expect_exact("note = é \\ x")
    third.expect(PROMPT)
    finish(third)
    fourth = spawn(workbench_bin, workbench_env, workdir)
    fourth.send("\x1b[A\x1b[A\x1b[A")  # up arrow three times: the `set` line, before `vars` and `exit`
    fourth.sendline("")
    fourth.sendline("vars")
    fourth.expect_exact("note = é \\ x")
    fourth.expect(PROMPT)
    finish(fourth)


def test_kill_9_of_one_repl_loses_nothing_of_the_other(workbench_bin, workbench_env, workdir):
    victim = spawn(workbench_bin, workbench_env, workdir)
    survivor = spawn(workbench_bin, workbench_env, workdir)
    run_line(victim, "base http://victim.example")
    run_line(survivor, "base http://survivor.example")
    for index in range(5):
        run_line(victim, f"path /victim/{index}")
        run_line(survivor, f"path /survivor/{index}")
    victim.kill(signal.SIGKILL)
    victim.close(force=True)
    for index in range(5, 10):
        run_line(survivor, f"path /survivor/{index}")
    state = state_of(workbench_env)
    entries = history_entries(state)
    assert [e for e in entries if "victim" in e] == ["base http://victim.example"] + [f"path /victim/{i}" for i in range(5)]
    assert [e for e in entries if "survivor" in e] == (
        ["base http://survivor.example"] + [f"path /survivor/{i}" for i in range(10)])
    files = autosaves(state)
    assert len(files) == 2
    bases = sorted(read_autosave(p)["endpoint"]["base"] for p in files)
    assert bases == ["http://survivor.example", "http://victim.example"]
    finish(survivor)
    # The run that wrote last comes back.
    assert restored_path(workbench_bin, workbench_env, workdir) == "http://survivor.example/survivor/9"


def test_restore_takes_the_run_that_wrote_last(workbench_bin, workbench_env, workdir):
    early = spawn(workbench_bin, workbench_env, workdir)
    late = spawn(workbench_bin, workbench_env, workdir)
    run_line(late, "base http://late.example")
    run_line(early, "base http://early.example")
    finish(late)
    finish(early)
    # The one started first typed last: its work is what a user means by "the last session".
    assert restored_path(workbench_bin, workbench_env, workdir) == "http://early.example/"


def test_old_autosaves_are_pruned_to_the_newest_ten(workbench_bin, workbench_env, workdir):
    state = state_of(workbench_env)
    state.mkdir(parents=True, exist_ok=True)
    document = {"format": "workbench-session", "version": 2, "endpoint": {"base": "http://old.example"}}
    now = time.time()
    for index in range(15):
        path = state / f"autosave-{1000 + index}-{index + 2}.json"
        path.write_text(json.dumps(document))
        os.utime(path, (now - 1000 + index, now - 1000 + index))
    legacy = state / "autosave.json"
    legacy.write_text(json.dumps(document))
    os.utime(legacy, (now - 2000, now - 2000))
    child = spawn(workbench_bin, workbench_env, workdir)
    run_line(child, "base http://new.example")
    finish(child)
    names = [p.name for p in autosaves(state)]
    assert len(names) == 10, names
    assert not legacy.exists()
    # The newest nine old ones stay, with the new run's own.
    for index in range(6, 15):
        assert f"autosave-{1000 + index}-{index + 2}.json" in names
    assert restored_path(workbench_bin, workbench_env, workdir) == "http://new.example/"


def test_autosave_follows_a_failing_expect_and_a_replay(workbench_bin, workbench_env, workdir, server):
    child = spawn(workbench_bin, workbench_env, workdir)
    state = state_of(workbench_env)

    def saved():
        files = autosaves(state)
        assert len(files) == 1
        return read_autosave(files[0])  # the file, with what its journal adds

    run_line(child, f"base {server}")
    run_line(child, "get /echo?v=first")
    run_line(child, "capture seen $.query")
    assert saved()["variables"]["seen"] == "v=first"
    child.sendline("expect status 500")
    child.expect("expectation failed")
    child.expect(PROMPT)
    assert saved()["requests"][0]["expectations"] == ["status 500"]
    run_line(child, "set seen changed")
    assert saved()["variables"]["seen"] == "changed"
    child.sendline("replay 1")
    child.expect("FAIL")
    child.expect(PROMPT)
    # The replay captured again: the autosave holds the value it took.
    assert saved()["variables"]["seen"] == "v=first"
    finish(child)


def test_no_secret_reaches_either_autosave_or_the_shared_history(workbench_bin, workbench_env, workdir, server):
    """A secret set three ways across two terminals (set --secret and capture --secret in one,
    {{env.X}} in the other): absent from both autosaves and from the history file."""
    env = dict(workbench_env, TWO_TERM_ENV="env-two-term-55")
    first = spawn(workbench_bin, env, workdir)
    second = spawn(workbench_bin, env, workdir)
    for line in [f"base {server}", "set --secret password secret", "header Content-Type: application/json",
                 'body json {"username": "ana", "password": "{{password}}"}', "post /login",
                 "capture --secret token $.data.accessToken", "set --secret pw zz-two-term-secret"]:
        run_line(first, line)
    for line in [f"base {server}", "header X-Env: {{env.TWO_TERM_ENV}}", "get /echo"]:
        run_line(second, line)
    finish(first)
    finish(second)
    state = state_of(env)
    files = [state / "history", *sorted(state.glob("autosave-*"))]  # journals, if any, too
    assert len(files) == 3
    for path in files:
        text = path.read_text()
        for secret in ["zz-two-term-secret", "env-two-term-55", "tok-123"]:
            assert secret not in text, (secret, path.name)
    assert "set\\040--secret\\040pw\\040******" in (state / "history").read_text()
