"""Issue 14, items 3 and 4: `workbench replay --diff` and the REPL's `diff N M` (changed,
added and removed fields, ignored paths and headers, text bodies, exit codes, colours on a
terminal, secrets never shown), and `workbench serve` (a session as a mock API: a replay
against it passes, curl as a client, 404 with what it knows, HEAD, chunked bodies,
keep-alive, --delay, SIGTERM)."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from conftest import merge_env, _script_server, SERVER_SCRIPT, stop_process
from test_repl_pty import repl  # noqa: F401  (the fixture is used by name)

SECRET = "s3cr3t-Value-77"


@pytest.fixture(autouse=True)
def in_workdir(workdir, monkeypatch):
    """The files the tests write and read are the workbench's, in its working folder."""
    monkeypatch.chdir(workdir)


def record(run_workbench, server: str, lines: list[str], name: str = "s.json") -> dict:
    """Runs `lines` as a script against `server`, saves the session as `name`; returns it."""
    script = "\n".join([f"base {server}", *lines, f"save {name}"]) + "\n"
    code, out, err = run_workbench(input=script, env={"WORKBENCH_VAR_tok": None})
    assert code == 0, err
    return json.loads(Path(name).read_text())


def rewrite(name: str, change) -> None:
    document = json.loads(Path(name).read_text())
    change(document)
    Path(name).write_text(json.dumps(document, indent=2))


def edit_body(document: dict, number: int, change) -> None:
    response = document["requests"][number - 1]["response"]
    body = json.loads(response["body"])
    change(body)
    response["body"] = json.dumps(body)


# --- replay --diff ---------------------------------------------------------------------

def test_diff_names_changed_added_and_removed_fields_and_fails(run_workbench, server, workdir):
    record(run_workbench, server, ["get /echo?a=1"])

    def change(body):
        body["method"] = "POST"      # changed
        body["extra"] = {"n": [1, 2]}  # only in the recording: removed now
        del body["query"]            # only in the new response: added
    rewrite("s.json", lambda d: edit_body(d, 1, change))
    code, out, err = run_workbench(["replay", "s.json", "--diff"])
    assert code == 1, (out, err)
    lines = out.splitlines()
    assert lines[0].startswith("FAIL 1 GET ") and "differs from the recording (3 differences)" in lines[0]
    assert '  $.method: [-"POST"-]{+"GET"+}' in lines
    assert '  $.extra: [-{"n":[1,2]}-]' in lines
    assert '  $.query: {+"a=1"+}' in lines
    assert "\x1b" not in out  # plain in a pipe
    assert lines[-1] == "0 passed, 1 failed"


def test_diff_without_differences_passes_and_numbers_compare_by_value(run_workbench, server, workdir):
    record(run_workbench, server, ["get /echo?a=1", "get /json/order"])
    code, out, err = run_workbench(["replay", "s.json", "--diff"])
    assert (code, out.splitlines()[-1]) == (0, "2 passed, 0 failed"), out + err

    # The same values written differently (member order, 1 as 1.0) are no difference.
    def reorder(document):
        response = document["requests"][0]["response"]
        body = json.loads(response["body"])
        response["body"] = json.dumps(dict(reversed(list(body.items()))))
    rewrite("s.json", reorder)
    assert run_workbench(["replay", "s.json", "--diff"]).returncode == 0


def test_ignored_paths_and_header_diffs(run_workbench, server, workdir):
    record(run_workbench, server, ["get /echo?a=1"])

    def change(document):
        edit_body(document, 1, lambda body: body.update(method="PUT", headers=[["X", "1"]]))
        for field in document["requests"][0]["response"]["headers"]:
            if field["name"].lower() == "content-type":
                field["value"] = "text/old"
    rewrite("s.json", change)
    code, out, _ = run_workbench(["replay", "s.json", "--diff", "--ignore", "$.method", "--ignore", "$.headers"])
    assert code == 0, out
    code, out, _ = run_workbench(["replay", "s.json", "--diff", "--ignore", "$.method", "--ignore", "$.headers[*][1]",
                                  "--diff-header", "content-type"])
    assert code == 1
    assert "  header Content-Type: [-text/old-]{+application/json+}" in out.splitlines()
    assert not any("$.method" in line for line in out.splitlines())
    # `header NAME` ignores a header even when every header is compared.
    code, out, _ = run_workbench(["replay", "s.json", "--diff", "--diff-header", "*", "--ignore", "header Content-Type",
                                  "--ignore", "header Date", "--ignore", "header Content-Length", "--ignore", "$.method",
                                  "--ignore", "$.headers"])
    assert code == 0, out


def test_text_bodies_are_compared_line_by_line(run_workbench, server, workdir):
    record(run_workbench, server, ["get /status/418"])
    rewrite("s.json", lambda d: d["requests"][0]["response"].update(body="I was a teapot\nonce"))
    code, out, _ = run_workbench(["replay", "s.json", "--diff"])
    assert code == 1
    lines = out.splitlines()
    assert lines[1:4] == ["  body:", "    [-I was a teapot-]", "    [-once-]"]
    assert "    {+418 I'm a Teapot+}" in lines


def test_bad_diff_arguments_exit_2(run_workbench, server, workdir):
    record(run_workbench, server, ["get /echo"])
    code, _, err = run_workbench(["replay", "s.json", "--diff", "--ignore", "$.a[-1]"])
    assert code == 2 and err.startswith("error: --ignore:")
    code, _, err = run_workbench(["replay", "s.json", "--ignore", "$.a"])
    assert code == 2 and "go with --diff" in err
    # A .http file records no responses: said, not silently passed.
    Path("a.http").write_text(f"GET {server}/echo\n")
    code, out, err = run_workbench(["replay", "a.http", "--diff"])
    assert code == 0 and "holds no recorded responses: --diff has nothing to compare" in err


def test_secrets_never_show_in_a_diff(run_workbench, server, workdir):
    record(run_workbench, server, [f"set --secret tok {SECRET}", "header X-Token: {{tok}}", "get /echo?t={{tok}}"])
    assert SECRET not in Path("s.json").read_text()
    rewrite("s.json", lambda d: edit_body(d, 1, lambda body: body.update(query="t=old", path="/old")))
    code, out, err = run_workbench(["replay", "s.json", "--diff", "--diff-header", "*", "--keep-going",
                                    "--var", f"tok={SECRET}"])
    assert code == 1
    assert SECRET not in out + err
    assert '  $.query: [-"t=old"-]{+"t=******"+}' in out.splitlines()


# --- diff N M in the REPL ----------------------------------------------------------------

def test_repl_diff_compares_history_entries(run_workbench, server, workdir):
    script = "\n".join([f"base {server}", f"set --secret tok {SECRET}", "get /echo?a=1", "get /echo?a={{tok}}",
                        "get /echo?a=1", "diff 1 2 --ignore $.headers", "diff 1 --header Content-Type",
                        "diff 2 3 --ignore $.query", "diff 9", "diff 1 2 --ignore nonsense"]) + "\n"
    code, out, err = run_workbench(["--keep-going"], input=script)
    assert code == 1  # the two bad lines
    lines = out.splitlines()
    assert "request 1 → request 2: 1 difference" in lines
    assert '  $.query: [-"a=1"-]{+"a=******"+}' in lines
    assert "no differences: request 1 → the last response" in lines
    assert "no differences: request 2 → request 3" in lines
    assert "no request 9" in err and "--ignore" in err
    assert SECRET not in out + err


def test_repl_diff_is_coloured_on_a_terminal(repl, server):
    session = repl(["--no-history"], env={"NO_COLOR": None})
    session.line(f"base {server}")
    session.line("get /echo?a=1")
    session.line("get /echo?a=2")
    session.child.send("diff 1 2 --ignore $.headers\r")
    session.expect("\x1b[31m[-\"a=1\"-]\x1b[0m\x1b[32m{+\"a=2\"+}\x1b[0m")
    session.prompt()


# --- serve -------------------------------------------------------------------------------

class Mock:
    """`workbench serve` running; `url` is its base."""

    def __init__(self, binary: str, env: dict, cwd: Path, args: list[str]):
        self.process = subprocess.Popen([binary, "serve", *args, "--port", "0"], cwd=str(cwd), env=env,
                                        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines: list[str] = []
        self._pending = b""
        line = self.next_line()
        assert line.startswith("serving "), line + self.process.stderr.read().decode()
        self.url = line.split(" on ")[1].split(" ")[0]

    def next_line(self, timeout: float = 15) -> str:
        deadline = time.monotonic() + timeout
        while b"\n" not in self._pending and time.monotonic() < deadline:
            ready, _, _ = select.select([self.process.stderr], [], [], 0.2)
            if ready:
                chunk = os.read(self.process.stderr.fileno(), 4096)
                if not chunk:
                    break
                self._pending += chunk
        line, _, self._pending = self._pending.partition(b"\n")
        text = line.decode("utf-8", "replace")
        self.lines.append(text)
        return text

    def stop(self) -> tuple[int, str]:
        self.process.send_signal(signal.SIGTERM)
        try:
            _, rest = self.process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise
        return self.process.returncode, self._pending.decode() + rest.decode()


@pytest.fixture()
def serve(workbench_bin, workbench_env, workdir):
    started: list[Mock] = []

    def start(*args: str) -> Mock:
        mock = Mock(workbench_bin, merge_env(workbench_env, {}), workdir, list(args))
        started.append(mock)
        return mock

    yield start
    for mock in started:
        stop_process(mock.process)


LOGIN = [
    "set --secret password secret",
    "header Content-Type: application/json",
    'body json {"username": "ana", "password": "{{password}}"}',
    "post /login",
    "capture token $.data.accessToken",
    "expect status 200",
    "reset",
    "header Authorization: Bearer {{token}}",
    "get /me",
    'expect json $.user == "ana"',
    "get /3/movie/popular?page=2&api_key=testkey",
    "query clear",
    "get /status/418",
]


def test_a_session_replayed_against_its_own_mock_passes(run_workbench, serve, workdir):
    with _script_server(SERVER_SCRIPT, "recording server") as origin:
        record(run_workbench, origin, LOGIN)
    mock = serve("s.json")
    code, out, err = run_workbench(["replay", "s.json", "--base", mock.url, "--var", "password=secret", "--diff"])
    assert code == 0, out + err
    assert out.splitlines()[-1] == "4 passed, 0 failed"
    assert [mock.next_line() for _ in range(4)] == [
        "POST /login → 200 (request 1)", "GET /me → 200 (request 2)",
        "GET /3/movie/popular?page=2&api_key=testkey → 200 (request 3)", "GET /status/418 → 418 (request 4)"]
    status, rest = mock.stop()
    assert status == 0 and rest.strip().endswith("stopped")


def test_curl_against_the_mock_404_head_chunked_and_keep_alive(run_workbench, serve, server, workdir):
    record(run_workbench, server, ["get /echo?b=2&a=1", "query clear", "header Content-Type: application/json",
                                   'body json {"n": 1}', "post /echo/x", 'body json {"n": 2}', "post /echo/x"])
    mock = serve("s.json")
    # Query items in any order.
    answer = subprocess.run(["curl", "-s", "-i", f"{mock.url}/echo?a=1&b=2"], capture_output=True, text=True, timeout=30)
    head, _, body = answer.stdout.partition("\n\n")
    assert head.startswith("HTTP/1.1 200") and json.loads(body)["query"] == "b=2&a=1"
    assert "Content-Length: %d" % len(body.encode()) in head and "Transfer-Encoding" not in head
    # Recordings that share method, path and query are told apart by their body, sent chunked here.
    for n in (2, 1, 2):
        answer = subprocess.run(["curl", "-s", "-H", "Transfer-Encoding: chunked", "-H", "Content-Type: application/json",
                                 "--data-binary", json.dumps({"n": n}), f"{mock.url}/echo/x"],
                                capture_output=True, text=True, timeout=30)
        assert json.loads(json.loads(answer.stdout)["body"]) == {"n": n}
    # HEAD: the headers of the recorded GET, no body.
    answer = subprocess.run(["curl", "-s", "-I", f"{mock.url}/echo?a=1&b=2"], capture_output=True, text=True, timeout=30)
    assert answer.stdout.startswith("HTTP/1.1 200") and "Content-Length:" in answer.stdout
    # Unmatched: 404 with what the session knows.
    with pytest.raises(urllib.error.HTTPError) as failure:
        urllib.request.urlopen(f"{mock.url}/nothing?x=1", timeout=10)
    assert failure.value.code == 404
    known = json.loads(failure.value.read())
    assert known["known"] == [{"method": "GET", "path": "/echo"}, {"method": "POST", "path": "/echo/x"}]
    assert "GET /nothing" in known["error"]
    # Two requests on one connection.
    answer = subprocess.run(["curl", "-s", "-o", "/dev/null", "-o", "/dev/null", "-w", "%{num_connects}\\n",
                             f"{mock.url}/echo?a=1&b=2", f"{mock.url}/echo?b=2&a=1"],
                            capture_output=True, text=True, timeout=30)
    assert answer.stdout.split() == ["1", "0"]


def test_delay_replays_the_recorded_time(run_workbench, serve, server, workdir):
    record(run_workbench, server, ["get /echo"])
    rewrite("s.json", lambda d: d["requests"][0]["response"].update(elapsedMs=4000))
    plain = serve("s.json")
    delayed = serve("s.json", "--delay")
    quick = ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "1"]
    assert subprocess.run([*quick, f"{plain.url}/echo"], capture_output=True, text=True, timeout=30).stdout == "200"
    # The recorded 4 s are waited: a client that gives up after 1 s gets nothing.
    late = subprocess.run([*quick, f"{delayed.url}/echo"], capture_output=True, text=True, timeout=30)
    assert late.returncode == 28 and late.stdout == "000"


def test_serve_refuses_what_it_cannot_serve(run_workbench, workdir):
    Path("a.http").write_text("GET http://localhost/x\n")
    code, _, err = run_workbench(["serve", "a.http", "--port", "0"])
    assert code == 2 and "holds no responses" in err
    Path("bad.json").write_text("{")
    assert run_workbench(["serve", "bad.json", "--port", "0"]).returncode == 2


def test_the_mock_serves_connections_at_once_and_survives_bad_requests(run_workbench, serve, server, workdir):
    import socket

    record(run_workbench, server, ["get /echo"])
    mock = serve("s.json")
    port = int(mock.url.rsplit(":", 1)[1])

    def exchange(data: bytes) -> bytes:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
            connection.sendall(data)
            received = b""
            while chunk := connection.recv(65536):
                received += chunk
            return received

    # Headers past 64 KiB, a body past 16 MiB announced, and a request line that is not HTTP.
    assert exchange(b"GET /echo HTTP/1.1\r\nX-Big: " + b"a" * 70_000 + b"\r\n\r\n").startswith(b"HTTP/1.1 431 ")
    assert exchange(b"POST /echo HTTP/1.1\r\nContent-Length: 20000000\r\n\r\n").startswith(b"HTTP/1.1 413 ")
    assert exchange(b"hello there\r\n\r\n").startswith(b"HTTP/1.1 400 ")
    # Twenty connections open at once, answered last first: none waits for the one before it.
    connections = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(20)]
    try:
        for connection in reversed(connections):
            connection.sendall(b"GET /echo HTTP/1.1\r\nHost: x\r\n\r\n")
            assert connection.recv(65536).startswith(b"HTTP/1.1 200 ")
    finally:
        for connection in connections:
            connection.close()
    # Ctrl-C stops it as SIGTERM does.
    mock.process.send_signal(signal.SIGINT)
    assert mock.process.wait(timeout=10) == 0


def test_replay_diff_is_coloured_when_asked(run_workbench, server, workdir):
    record(run_workbench, server, ["get /echo?a=1"])
    rewrite("s.json", lambda d: edit_body(d, 1, lambda body: body.update(method="PUT")))
    code, out, _ = run_workbench(["replay", "s.json", "--diff", "--color", "always"])
    assert code == 1
    assert '  $.method: \x1b[31m[-"PUT"-]\x1b[0m\x1b[32m{+"GET"+}\x1b[0m' in out.splitlines()
