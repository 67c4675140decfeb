"""`send --until CHECK` (polling) and `send --retry N` (transport failures, 429, 503, with
backoff and Retry-After): one line a try, one history entry with its tries, saved, replayed the
same way, exported to Hurl's retry options. Against a server on 127.0.0.1 that counts requests.
"""

from __future__ import annotations

import json
import socket
from email.utils import formatdate

from conftest import script, spawn_repl
from runs_server import runs_server



def tries_of(stdout: str) -> list[str]:
    return [line for line in stdout.splitlines() if line.startswith("try ")]


def test_polling_a_job_sends_until_the_check_holds_and_keeps_one_entry(run_workbench, workdir):
    with runs_server() as server:
        result = run_workbench([], input=script(
            f"base {server.base}",
            'get /jobs/a?after=3 --until json $.state == "done" --every 50ms --for 10s',
            "history",
            "save polled.json"))
        assert result.returncode == 0, result
        assert [request["path"] for request in server.requests] == ["/jobs/a?after=3"] * 3
    lines = tries_of(result.stdout)
    assert len(lines) == 3
    assert lines[0].startswith("try 1: 200 OK, ")
    assert lines[0].endswith('; again in 50ms (json $.state == "done": got "pending")')
    assert "again" not in lines[2]
    assert '"state": "done"' in result.stdout
    history = [line for line in result.stdout.splitlines() if line.startswith("1  GET")]
    assert history and history[0].endswith('(3 tries, --until json $.state == "done" --every 50ms --for 10s)')
    saved = json.loads((workdir / "polled.json").read_text())
    assert len(saved["requests"]) == 1
    repeat = saved["requests"][0]["repeat"]
    assert repeat["until"] == 'json $.state == "done"'
    assert repeat["everySeconds"] == 0.05 and repeat["forSeconds"] == 10
    assert [attempt["status"] for attempt in repeat["tries"]] == [200, 200, 200]
    assert [attempt.get("waitedSeconds") for attempt in repeat["tries"]] == [0.05, 0.05, None]


def test_polling_gives_up_after_for_with_the_last_response(run_workbench):
    with runs_server() as server:
        result = run_workbench([], input=script(
            f"base {server.base}",
            'get /jobs/b?after=1000 --until json $.state == "done" --every 100ms --for 300ms',
            "history"))
        count = len(server.requests)
    assert result.returncode == 1
    assert 2 <= count <= 4
    assert '"state": "pending"' in result.stdout  # the last response is shown
    assert result.stderr.splitlines()[0].startswith(
        'error: line 2: send --until json $.state == "done": json $.state == "done": got "pending" after ')
    assert "(--for 300ms)" in result.stderr


def test_retry_honours_retry_after_seconds_then_succeeds(run_workbench):
    with runs_server() as server:
        result = run_workbench([], input=script(
            f"base {server.base}", "get /busy/a?times=2&retry-after=1 --retry 3"))
        times = [request["time"] for request in server.requests]
    assert result.returncode == 0, result
    lines = tries_of(result.stdout)
    assert [line.split(",")[0] for line in lines] == [
        "try 1: 503 Service Unavailable", "try 2: 503 Service Unavailable", "try 3: 200 OK"]
    assert lines[0].endswith("again in 1s (503, Retry-After 1s)")
    # The server asked for a second between tries: no retry came sooner.
    assert len(times) == 3 and times[1] - times[0] >= 0.95 and times[2] - times[1] >= 0.95


def test_retry_after_as_an_http_date(run_workbench):
    def quoted(date: str) -> str:
        return date.replace(" ", "%20").replace(",", "%2C")

    with runs_server() as server:
        # A date in the past: retry at once.
        result = run_workbench([], input=script(
            f"base {server.base}", f"get /busy/d?times=1&retry-after={quoted(formatdate(0, usegmt=True))} --retry 1"))
        assert result.returncode == 0, result
        assert tries_of(result.stdout)[0].endswith("again in 0ms (503, Retry-After 0ms)")
        # Two seconds ahead (the date has whole seconds): at least one second waited.
        import time
        ahead = quoted(formatdate(time.time() + 2, usegmt=True))
        result = run_workbench([], input=script(f"base {server.base}", f"get /busy/f?times=1&retry-after={ahead} --retry 1"))
        assert result.returncode == 0, result
        times = [request["time"] for request in server.requests if request["path"].startswith("/busy/f")]
    assert len(times) == 2 and times[1] - times[0] >= 0.95


def test_a_retry_after_longer_than_the_cap_is_cut_and_the_line_names_the_cap(workbench_bin, workbench_env, workdir):
    import subprocess

    with runs_server() as server:
        process = subprocess.Popen(
            [workbench_bin], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=workbench_env, cwd=workdir, text=True)
        try:
            process.stdin.write(script(f"base {server.base}", "get /busy/e?times=1&retry-after=3600 --retry 1"))
            process.stdin.flush()
            first = process.stdout.readline()  # the try's line comes before the wait
        finally:
            process.kill()
            process.wait(timeout=5)
    assert first.rstrip("\n").endswith(
        "again in 1m (503, Retry-After 1h cut to 1m (the cap on Retry-After))"), first


def test_retry_on_429_uses_backoff_and_stops_when_retries_run_out(run_workbench):
    with runs_server() as server:
        result = run_workbench([], input=script(
            f"base {server.base}", "get /busy/c?times=5&status=429 --retry 2", "history"))
        assert len(server.requests) == 3
    assert result.returncode == 0, result  # the 429 is the answer, shown as any status is
    lines = tries_of(result.stdout)
    assert len(lines) == 3
    assert "again in" in lines[0] and "(429)" in lines[0]
    assert "again" not in lines[2]
    assert '"busy": 3' in result.stdout


def test_retry_on_a_refused_connection_then_fails_with_its_kind(run_workbench):
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    result = run_workbench([], input=script(f"base http://127.0.0.1:{port}", "get /x --retry 2"))
    assert result.returncode == 1
    lines = tries_of(result.stdout)
    assert [line.split(";")[0] for line in lines] == [
        "try 1: connection refused", "try 2: connection refused", "try 3: connection refused"]
    assert "error: line 2:" in result.stderr and "refused" in result.stderr


def test_a_polled_request_replays_polling_and_exports_to_hurl_retry(run_workbench, workdir):
    with runs_server() as server:
        saved = run_workbench([], input=script(
            f"base {server.base}",
            'get /jobs/c?after=2 --until json $.state == "done" --every 50ms --for 5s',
            "save polled.json",
            "export hurl --session > polled.hurl"))
        assert saved.returncode == 0, saved
        server.counts.clear()
        replayed = run_workbench(["replay", "polled.json"])
        assert replayed.returncode == 0, replayed
        assert replayed.stdout.splitlines()[0].endswith("(2 tries)")
    hurl = (workdir / "polled.hurl").read_text().splitlines()
    start = hurl.index("[Options]")
    assert hurl[start + 1:start + 3] == ["retry: 100", "retry-interval: 50"]
    assert 'jsonpath "$.state" == "done"' in hurl
    assert any(line.startswith("# send --until: ") for line in hurl)


def test_bad_flags_are_refused_naming_their_bounds(run_workbench):
    cases = {
        "send --retry 11": "--retry: 11 is more than 10, the most retries a send makes",
        "send --retry x": "--retry: expected a number of retries",
        "send --every 1s": "--every and --for go with --until CHECK",
        "send --until": "--until: expected a check",
        "send --until status 200 --for 2h": "send --for: '2h' is longer than 1h",
        "send --until status 200 --every 5s --for 1s": "--every 5s is longer than --for 1s",
        "send --until nonsense": "--until: unknown check 'nonsense'",
    }
    for line, message in cases.items():
        result = run_workbench([], input="base http://127.0.0.1:9\n" + line + "\n")
        assert result.returncode == 1, line
        assert message in result.stderr, (line, result.stderr)


def test_ctrl_c_stops_polling_and_keeps_the_last_response(workbench_bin, workbench_env, workdir):
    import time

    import pexpect

    with runs_server() as server:
        child, _ = spawn_repl(workbench_bin, workbench_env, workdir, server.base)
        try:
            child.sendline('get /jobs/z?after=1000 --until json $.state == "done" --every 5s')
            child.expect("try 1: 200 OK")
            time.sleep(0.3)
            child.sendintr()
            child.expect("error: send --until json \\$.state == \"done\": stopped by Ctrl-C after 1 try")
            child.expect("> ")
            child.sendline("history")
            child.expect("1 try, --until")
            child.expect("> ")
            child.sendline("exit")
            child.expect(pexpect.EOF)
        finally:
            child.close(force=True)
        assert len(server.requests) == 1
