"""Server-sent events one by one (`events`, `expect event`, `capture NAME event`, `send --resume`)
against an event-stream server in this process on 127.0.0.1: multi-line data, ids (one kept by
the next event), types, comments, retry, CRLF and CR line ends, a BOM, an unfinished last event;
the bounds of event size and count; save, load, replay and serve; the bearer token the server
echoes into an event masked in every output and file."""
from __future__ import annotations

import json
import os
import re
import select
import subprocess
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pexpect
import pytest

from conftest import merge_env, spawn_repl, stop_process

TOKEN = "sse-bearer-9f3k2q"

# The first stream: a BOM, a comment, retry, a typed event with an id and JSON data over two
# lines (CRLF), one without an id (LF), one with CR alone, and an event the body ends inside.
FEED = (
    b"\xef\xbb\xbf: hello, this is a comment\r\n"
    b"retry: 1500\r\n"
    b"event: tick\r\nid: 7\r\ndata: {\"n\": 1,\r\ndata: \"auth\": \"%s\"}\r\n\r\n"
    b"data: plain two\n\n"
    b"event: done\rid: 9\rdata: {\"n\": 3, \"name\": \"last\"}\r\r"
    b"data: never finished"
)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    seen_last_event_ids: list[str | None] = []

    def log_message(self, format, *args):  # noqa: A002 (BaseHTTPRequestHandler's name)
        pass

    def answer(self, body: bytes) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):  # noqa: N802 (BaseHTTPRequestHandler's name)
        path = self.path.split("?")[0]
        last = self.headers.get("Last-Event-ID")
        if path == "/feed":
            Handler.seen_last_event_ids.append(last)
            if last is not None:
                self.answer(b"id: 10\ndata: {\"resumed_after\": \"%s\"}\n\n" % last.encode())
                return
            token = (self.headers.get("Authorization") or "").removeprefix("Bearer ").encode()
            self.answer(FEED % token)
        elif path == "/noid":
            self.answer(b"data: a\n\ndata: b\n\n")
        elif path == "/big":
            self.answer(b"data: " + b"x" * (2 << 20) + b"\n\ndata: small\n\n")
        elif path == "/ansi":
            self.answer("event: x\x1b[2Jy\ndata: red \x1b[31mX\x1b[0m and \u202eevil\n\n".encode())
        elif path == "/large":
            self.answer(b"".join(b"id: %d\ndata: {\"n\": %d, \"pad\": \"%s\"}\n\n" % (n, n, b"p" * 1000) for n in range(1, 301)))
        elif path == "/many":
            self.answer(b"data: e\n\n" * 100_001)
        else:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()


@pytest.fixture(scope="module")
def sse_server():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture()
def serve_session(workbench_bin, workbench_env, workdir):
    """Starts `workbench serve FILE --port 0`; returns its base URL."""
    started: list[subprocess.Popen] = []

    def start(name: str) -> str:
        process = subprocess.Popen([workbench_bin, "serve", name, "--port", "0"], cwd=str(workdir),
                                   env=merge_env(workbench_env, {}), stdin=subprocess.DEVNULL,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        started.append(process)
        pending = b""
        deadline = time.monotonic() + 15
        while b"\n" not in pending and time.monotonic() < deadline:
            ready, _, _ = select.select([process.stderr], [], [], 0.2)
            if ready:
                chunk = os.read(process.stderr.fileno(), 4096)
                if not chunk:
                    break
                pending += chunk
        line = pending.partition(b"\n")[0].decode()
        assert line.startswith("serving "), line
        return line.split(" on ")[1].split(" ")[0]

    yield start
    for process in started:
        stop_process(process)
        process.stderr.close()


def script(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def feed_lines(base: str) -> list[str]:
    return [f"base {base}", f"set --secret tok {TOKEN}", "auth bearer {{tok}}", "get /feed"]


def test_events_are_parsed_listed_and_checked_one_by_one(run_workbench, sse_server):
    result = run_workbench(input=script(
        *feed_lines(sse_server),
        "events",
        "events 1",
        "expect event 1 type == tick",
        "expect event 1 id == 7",
        "expect event 1 json $.n == 1",
        "expect event 2 id == 7",
        "expect event 2 type == message",
        "expect event 2 data contains plain",
        'expect event last json $.name == "last"',
        "expect event last id == 9",
        "expect event 3 json $.n > 2",
        "capture n event 1 $.n",
        "capture kind event last type",
        "capture lastid event last id",
        "capture whole event 2 data",
        "capture --secret echoed event 1 $.auth",
        "vars",
    ))
    assert result.returncode == 0, result
    out = result.stdout
    listed = [line for line in out.splitlines() if re.match(r"^\d+  \+\d+\.\d{3}s  ", line)]
    assert len(listed) == 3, out
    assert listed[0].startswith("1  +") and "  tick  id 7  {\"n\": 1,\\n\"auth\": " in listed[0]
    assert "  message  id 7  plain two  (9 bytes)" in listed[1]
    assert "  done  id 9  {\"n\": 3, \"name\": \"last\"}" in listed[2]
    assert not any("never finished" in line for line in listed)
    assert "retry: the server asks to reconnect after 1500 ms" in out
    # `events 1` shows the event whole.
    assert "event 1  +" in out and "type: tick\nid: 7\n" in out
    for check in ("event 1 type == tick", "event 1 id == 7", "event 1 json $.n == 1", "event 2 id == 7",
                  "event 2 data contains plain", 'event last json $.name == "last"', "event 3 json $.n > 2"):
        assert f"PASS {check}" in out, check
    assert re.search(r"^n\b.*\b1$", out, re.M)
    assert re.search(r"^kind\b.*\bdone$", out, re.M)
    assert re.search(r"^lastid\b.*\b9$", out, re.M)
    assert re.search(r"^whole\b.*plain two", out, re.M)
    # The token the server echoed is masked wherever it shows.
    assert TOKEN not in out + result.stderr


def test_a_failed_event_check_fails_naming_the_event(run_workbench, sse_server):
    result = run_workbench(input=script(f"base {sse_server}", "get /feed", "expect event last json $.n == 4"))
    assert result.returncode == 1
    assert "expectation failed: event last json $.n == 4: got 3 (event 3)" in result.stderr
    missing = run_workbench(input=script(f"base {sse_server}", "get /feed", "expect event 5 type == tick"))
    assert missing.returncode == 1
    assert "no event 5: the stream sent 3" in missing.stderr
    wrong = run_workbench(input=script(f"base {sse_server}", "get /feed", "expect event 2 type == tick"))
    assert "event 2 type == tick: got 'message'" in wrong.stderr
    not_json = run_workbench(input=script(f"base {sse_server}", "get /feed", "capture x event 2 $.n"))
    assert not_json.returncode == 1 and "capture x (event 2)" in not_json.stderr


def test_a_json_check_on_the_whole_stream_names_the_event_form(run_workbench, sse_server):
    # The first try: `capture last_id $.n` on an event stream. Its JSON is in the
    # events' data, so the error says how to read one event, and the form it names works.
    capture = run_workbench(input=script(f"base {sse_server}", "get /feed", "capture last_id $.n"))
    assert capture.returncode == 1
    [error] = [line for line in capture.stderr.splitlines() if line.startswith("error:")]
    assert ("capture last_id: the response is an event stream, not a JSON body: "
            "`capture last_id event last $.n` reads one event's data (`events` lists them)") in error, error
    check = run_workbench(input=script(f"base {sse_server}", "get /feed", "expect json $.n == 3"))
    assert check.returncode == 1
    assert "`expect event last json $.n == 3` reads one event's data" in check.stderr, check.stderr
    named = run_workbench(input=script(
        f"base {sse_server}", "get /feed", "capture last_id event last $.n", "expect event last json $.n == 3"))
    assert named.returncode == 0, named
    assert "last_id = 3" in named.stdout and "PASS event last json $.n == 3" in named.stdout
    # A body that is neither JSON nor an event stream keeps the plain message.
    plain = run_workbench(input=script(f"base {sse_server}", "get /missing", "capture x $.n"))
    assert "the response has no body" in plain.stderr or "the response body is not JSON" in plain.stderr


def test_send_resume_sends_the_last_event_id(run_workbench, sse_server):
    Handler.seen_last_event_ids.clear()
    result = run_workbench(input=script(
        f"base {sse_server}",
        "get /feed",
        "send --resume",
        'expect event 1 json $.resumed_after == "9"',
        "show",
    ))
    assert result.returncode == 0, result
    assert Handler.seen_last_event_ids == [None, "9"]
    assert "Last-Event-ID: 9, the last of request 1 (the server asked for 1500 ms between reconnections)" in result.stdout
    # The request being built does not keep the header.
    assert "Last-Event-ID" not in result.stdout.split("GET /feed HTTP/1.1")[-1]


def test_send_resume_without_an_id_does_not_send(run_workbench, sse_server):
    result = run_workbench(input=script(f"base {sse_server}", "get /noid", "send --resume"))
    assert result.returncode == 1
    assert "send --resume: the event stream of request 1 gave no event id to resume from; not sent" in result.stderr
    fresh = run_workbench(input=script(f"base {sse_server}", "path /feed", "send --resume", "history"))
    assert "no event stream of GET /feed yet" in fresh.stderr


def test_the_event_size_and_count_bounds(run_workbench, sse_server):
    big = run_workbench(input=script(f"base {sse_server}", "get /big > /dev/null", "events"), timeout=60)
    assert "larger than the event-size bound (1.0 MB)" in big.stdout + big.stderr
    assert "(data past the event-size bound, not kept)" in big.stdout
    check = run_workbench(input=script(f"base {sse_server}", "get /big > /dev/null", "expect event 1 data contains x"))
    assert "event 1's data was larger than the event-size bound (1.0 MB) and is not kept" in check.stderr
    many = run_workbench(input=script(
        f"base {sse_server}", "get /many", "expect event 100001 data contains e", "expect event 1 data contains e"),
        timeout=120)
    assert "more than the event-count bound (100000): the first 1 are no longer kept" in many.stderr
    assert "PASS event 100001 data contains e" in many.stdout
    assert "event 1 is no longer kept: past the event-count bound (100000)" in many.stderr


def test_saved_loaded_replayed_served_and_exported(run_workbench, sse_server, workdir, serve_session):
    result = run_workbench(input=script(
        *feed_lines(sse_server),
        "expect event 1 type == tick",
        "expect event last json $.n == 3",
        "save s.json",
        "export har > s.har",
    ))
    assert result.returncode == 0, result
    saved = (workdir / "s.json").read_text()
    har = (workdir / "s.har").read_text()
    for text in (saved, har):
        assert TOKEN not in text
    events = json.loads(saved)["requests"][0]["response"]["events"]
    assert events["lastEventId"] == "9" and events["retry"] == 1500
    assert [event["type"] for event in events["list"]] == ["tick", "message", "done"]
    assert all("timeMs" in event for event in events["list"])
    # The HAR keeps the stream's body as text.
    entry = json.loads(har)["log"]["entries"][0]
    assert entry["response"]["content"]["mimeType"].startswith("text/event-stream")
    assert "event: done" in entry["response"]["content"]["text"]

    # Loaded and saved again, the events are as they were; replayed in the REPL, checked again.
    loaded = run_workbench(input=script(
        "load s.json", "save t.json", f"set --secret tok {TOKEN}", "auth bearer {{tok}}", "replay 1", "events"))
    assert loaded.returncode == 0, loaded
    assert json.loads((workdir / "t.json").read_text())["requests"][0]["response"]["events"] == events
    assert re.search(r"^PASS 1 GET \S+/feed", loaded.stdout, re.M)
    assert len([line for line in loaded.stdout.splitlines() if re.match(r"^\d+  \+\d+\.\d{3}s  ", line)]) == 3
    assert TOKEN not in loaded.stdout + loaded.stderr

    replayed = run_workbench(["replay", "s.json", "--var", f"tok={TOKEN}"])
    assert replayed.returncode == 0, replayed
    assert "PASS" in replayed.stdout
    assert TOKEN not in replayed.stdout + replayed.stderr

    mock = serve_session("s.json")
    with urllib.request.urlopen(mock + "/feed", timeout=10) as response:
        assert response.headers["Content-Type"].startswith("text/event-stream")
        body = response.read().decode()
    assert "event: tick" in body and "event: done" in body
    served = run_workbench(input=script(f"base {mock}", "get /feed", "expect event last json $.n == 3", "events"))
    assert served.returncode == 0, served


def test_a_replayed_stream_that_changed_fails_the_event_check(run_workbench, sse_server, workdir):
    result = run_workbench(input=script(f"base {sse_server}", "get /noid", "expect event last data contains b", "save s.json"))
    assert result.returncode == 0, result
    session = json.loads((workdir / "s.json").read_text())
    session["requests"][0]["expectations"] = ["event last data contains z"]
    (workdir / "s.json").write_text(json.dumps(session))
    replayed = run_workbench(["replay", "s.json"])
    assert replayed.returncode == 1
    assert "event last data contains z" in replayed.stdout + replayed.stderr


def test_a_stream_too_large_to_keep_is_served_from_its_events(run_workbench, sse_server, workdir, serve_session):
    result = run_workbench(input=script(f"base {sse_server}", "get /large", "save s.json"))
    assert result.returncode == 0, result
    response = json.loads((workdir / "s.json").read_text())["requests"][0]["response"]
    assert response["body"] is None
    kept = response["events"]
    assert kept["dropped"] > 0 and kept["list"][-1]["id"] == "300"
    mock = serve_session("s.json")
    served = run_workbench(input=script(
        f"base {mock}", "get /large > /dev/null", "expect event last json $.n == 300", "expect event last id == 300"))
    assert served.returncode == 0, served


def test_event_text_is_escaped_on_a_terminal(workbench_bin, workbench_env, workdir, sse_server):
    child, transcript = spawn_repl(workbench_bin, workbench_env, workdir, sse_server)
    try:
        for line in ("get /ansi", "events", "events 1"):
            child.sendline(line)
            child.expect("> ")
        child.sendline("exit")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    screen = "".join(transcript)
    # The server's escape sequences and bidi override never reach the terminal as they are.
    assert "\x1b[31m" not in screen and "\x1b[2J" not in screen and "\u202e" not in screen
    assert "1  +" in screen and "red \\u{1B}[31mX" in screen
    assert "red \\x1b[31mX\\x1b[0m and \\u{202e}evil" in screen
