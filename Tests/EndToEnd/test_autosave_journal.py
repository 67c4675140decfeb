"""The autosave's journal (issue 27), in real pseudo-terminals: between whole
writes, a command appends what it changed to `autosave-….json.journal`; the file
and the journal together hold what `save` would write, `--restore` after
`kill -9` brings back every request the journal holds, no secret reaches
either, a command in a long session leaves the file alone, and a finished run
leaves one plain session file."""

from __future__ import annotations

import json
import os
import signal
import subprocess
from pathlib import Path

from autosave_reader import autosave_and_journal_texts, journal_of, read_autosave
from test_two_terminals import finish, run_line, spawn  # the same pty helpers


def own_autosave(env) -> Path:
    files = sorted((Path(env["XDG_STATE_HOME"]) / "workbench").glob("autosave-*.json"))
    assert len(files) == 1, files
    return files[0]


def test_file_and_journal_hold_what_save_writes_and_no_secret(workbench_bin, workbench_env, workdir, server):
    env = dict(workbench_env, JOURNAL_ENV="env-journal-31")
    child = spawn(workbench_bin, env, workdir)
    for line in [f"base {server}", "get /echo?first=1", "set --secret pw zz-journal-secret",
                 "header X-Env: {{env.JOURNAL_ENV}}", "header Content-Type: application/json",
                 'body json {"username": "ana", "password": "{{pw}}"}', "post /login",
                 "capture --secret token $.data.accessToken", "get /echo?token={{token}}",
                 "expect status 200", "set colour blue", "query add page 2"]:
        run_line(child, line)
    autosave = own_autosave(env)
    journal = journal_of(autosave)
    assert journal.exists(), "the commands after the first went to the journal"
    # Mid-run: the file and its journal read back as exactly what `save` writes now.
    run_line(child, f"save {workdir / 'whole.json'}")
    assert read_autosave(autosave) == json.loads((workdir / "whole.json").read_text())
    for name, text in autosave_and_journal_texts(autosave.parent):
        for secret in ["zz-journal-secret", "env-journal-31", "tok-123"]:
            assert secret not in text, (secret, name)
    finish(child)
    # A finished run: one plain session file, the journal folded in and gone.
    assert not journal.exists()
    assert json.loads(autosave.read_text()) == json.loads((workdir / "whole.json").read_text())


def test_restore_after_kill_9_brings_back_what_the_journal_holds(workbench_bin, workbench_env, workdir, server):
    child = spawn(workbench_bin, workbench_env, workdir)
    run_line(child, f"base {server}")
    for index in range(12):
        run_line(child, f"get /echo?n={index}")
    run_line(child, "set last twelve")
    autosave = own_autosave(workbench_env)
    assert journal_of(autosave).exists()
    child.kill(signal.SIGKILL)
    child.close(force=True)
    assert journal_of(autosave).exists(), "a killed run leaves its journal"
    result = subprocess.run([workbench_bin, "--restore"], input=b"history\nvars\n", capture_output=True,
                            env=workbench_env, cwd=workdir, timeout=30)
    assert result.returncode == 0, result.stderr
    assert "restored the autosaved session: 12 requests" in result.stderr.decode()
    history = result.stdout.decode()
    for index in range(12):
        assert f"/echo?n={index} " in history, history
    assert "last" in history and "twelve" in history


def test_a_command_in_a_long_session_appends_and_leaves_the_file_alone(workbench_bin, workbench_env, workdir, server):
    records = [{"endpoint": {"base": server, "method": "GET", "path": f"/echo/{index}", "segments": [], "query": [],
                             "headers": [], "body": None}} for index in range(20_000)]
    session = {"format": "workbench-session", "version": 2, "endpoint": {"base": server}, "requests": records}
    (workdir / "long.json").write_text(json.dumps(session))
    child = spawn(workbench_bin, workbench_env, workdir)
    run_line(child, "load long.json")
    run_line(child, "get /echo?warm=1")  # the first save of a run writes the file whole
    autosave = own_autosave(workbench_env)
    before = os.stat(autosave)
    sizes = []
    for index in range(30):
        run_line(child, f"get /echo?n={index}")
        sizes.append(journal_of(autosave).stat().st_size)
    after = os.stat(autosave)
    # The 20,000-record file was not written again: each request added a line of its own size.
    assert (after.st_ino, after.st_size, after.st_mtime_ns) == (before.st_ino, before.st_size, before.st_mtime_ns)
    growth = [later - earlier for earlier, later in zip(sizes, sizes[1:])]
    assert max(growth) < 4_000 < before.st_size, (growth, before.st_size)
    assert len(read_autosave(autosave)["requests"]) == 20_031
    finish(child)
    assert not journal_of(autosave).exists()
    assert len(json.loads(autosave.read_text())["requests"]) == 20_031
