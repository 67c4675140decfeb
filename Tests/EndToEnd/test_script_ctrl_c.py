"""Ctrl-C in script mode (`workbench run FILE`, commands piped in): it stops the operation that
runs (`sleep`, the waits of `send --until`, `bench`, which prints what it measured), then the
script, with one line naming where and exit status 130, as a shell script stopped by Ctrl-C.
No line after it runs, whatever `--keep-going` says.

SIGINT is sent to the process once the server has seen the request that comes before the
operation (or during it), so the signal lands while the operation runs. Waits are bounded;
no time is asserted.
"""

from __future__ import annotations

import json
import signal
import subprocess
import time

import pytest

from conftest import merge_env
from runs_server import runs_server


def start(workbench_bin, workbench_env, workdir, lines: list[str], piped: bool, extra=()):
    script = workdir / "script.wb"
    script.write_text("\n".join(lines) + "\n")
    if piped:
        return subprocess.Popen(
            [workbench_bin, *extra], stdin=script.open("rb"), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=merge_env(workbench_env, None), cwd=str(workdir))
    return subprocess.Popen(
        [workbench_bin, "run", *extra, str(script)], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, env=merge_env(workbench_env, None), cwd=str(workdir))


def wait_for(condition, what: str, process: subprocess.Popen, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if process.poll() is not None:
            out, err = process.communicate()
            pytest.fail(f"the script ended before {what}: {process.returncode}\n{out!r}\n{err!r}", pytrace=False)
        if time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"no {what} within {timeout} s", pytrace=False)
        time.sleep(0.02)


def interrupt(process: subprocess.Popen) -> tuple[int, str, str]:
    process.send_signal(signal.SIGINT)
    try:
        out, err = process.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail("the script did not end within 10 s of Ctrl-C", pytrace=False)
    return process.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def paths(server) -> list[str]:
    with server.lock:
        return [request["path"] for request in server.requests]


@pytest.mark.parametrize("piped", [False, True], ids=["run-file", "piped"])
def test_ctrl_c_during_sleep_stops_the_script_at_that_line_with_status_130(
        workbench_bin, workbench_env, workdir, piped):
    with runs_server() as server:
        process = start(workbench_bin, workbench_env, workdir, [
            f"base {server.base}",
            "get /before",
            "save before.json",
            "sleep 30s",
            "get /after",
        ], piped)
        wait_for(lambda: (workdir / "before.json").exists(), "save before the sleep", process)
        time.sleep(0.3)
        status, out, err = interrupt(process)
        sent = paths(server)
    assert status == 130, (out, err)
    assert err.splitlines() == [err.splitlines()[0]] and err.startswith("interrupted (Ctrl-C) at line 4: sleep: stopped"), err
    assert sent == ["/before"]
    # The session saved before Ctrl-C is whole.
    assert json.loads((workdir / "before.json").read_text())["requests"]


def test_ctrl_c_during_polling_stops_it_even_with_keep_going(workbench_bin, workbench_env, workdir):
    with runs_server() as server:
        process = start(workbench_bin, workbench_env, workdir, [
            f"base {server.base}",
            "get /jobs/p?after=1000 --until json $.state == \"done\" --every 1s --for 60s",
            "get /after",
        ], piped=False, extra=["--keep-going"])
        wait_for(lambda: "/jobs/p?after=1000" in paths(server), "first poll", process)
        time.sleep(0.3)
        status, out, err = interrupt(process)
        sent = paths(server)
    assert status == 130, (out, err)
    lines = err.splitlines()
    assert lines[-1].startswith("interrupted (Ctrl-C) at line 2"), err
    assert "error:" not in err, err
    assert "/after" not in sent


def test_ctrl_c_during_bench_prints_what_was_measured_then_stops(workbench_bin, workbench_env, workdir):
    with runs_server() as server:
        process = start(workbench_bin, workbench_env, workdir, [
            f"base {server.base}",
            "get /slow?ms=5",
            "bench --duration 30s --concurrency 2",
            "get /after",
        ], piped=False)
        wait_for(lambda: len(paths(server)) >= 20, "bench's requests", process)
        status, out, err = interrupt(process)
        sent = paths(server)
    assert status == 130, (out, err)
    assert "(stopped by Ctrl-C)" in out, out
    assert "latency: min " in out and "statuses: 200 ×" in out, out
    assert err.splitlines() == ["interrupted (Ctrl-C) at line 3"], err
    assert "/after" not in sent
