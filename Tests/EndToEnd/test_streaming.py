"""Streaming bodies shown as they arrive: server-sent events and NDJSON from a server in
this process that holds its second event back until the test has seen the first on the
workbench's output (through a pipe, and in a real pseudo-terminal), and Ctrl-C ending
an endless stream with what came kept and the REPL going on."""
from __future__ import annotations

import json
import os
import select
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler

import pexpect
import pytest

from conftest import http_server, spawn_repl

GATES: dict[str, threading.Event] = {}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # noqa: A002 (BaseHTTPRequestHandler's name)
        pass

    def chunk(self, data: bytes) -> None:
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def do_GET(self):  # noqa: N802 (BaseHTTPRequestHandler's name)
        kind, _, gate_name = self.path.strip("/").partition("/")
        gate = GATES.setdefault(gate_name, threading.Event())
        content_type = {"sse": "text/event-stream", "ndjson": "application/x-ndjson", "endless": "text/event-stream"}[kind]
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        try:
            if kind == "ndjson":
                self.chunk(b'{"n": 1, "name": "first"}\n{"n": ')
                gate.wait(20)
                self.chunk(b'2, "name": "second"}\nnot json\n')
            else:
                self.chunk(b"event: tick\ndata: one\n\n")
                if kind == "endless":
                    while not gate.wait(0.2):
                        self.chunk(b": keep-alive\n\n")
                    return
                gate.wait(20)
                self.chunk(b"data: two\n\n")
            self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass


@pytest.fixture(scope="module")
def stream_server():
    with http_server(Handler) as server:
        yield server.url
        for gate in GATES.values():
            gate.set()


def read_until(process: subprocess.Popen, marker: bytes, seen: bytearray, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while marker not in seen:
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"{marker!r} did not arrive; got {bytes(seen)!r}"
        ready, _, _ = select.select([process.stdout], [], [], remaining)
        if ready:
            data = os.read(process.stdout.fileno(), 65536)
            assert data, f"output ended before {marker!r}; got {bytes(seen)!r}"
            seen += data


def run_streaming(workbench_bin, workbench_env, workdir, lines: list[str], first: bytes, gate: str) -> str:
    """Runs a script through a pipe; the server's gate opens only once `first` was read."""
    process = subprocess.Popen([workbench_bin], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=workbench_env, cwd=str(workdir))
    try:
        process.stdin.write(("\n".join(lines) + "\n").encode())
        process.stdin.close()
        process.stdin = None  # communicate() below must not flush it
        seen = bytearray()
        read_until(process, first, seen)
        assert process.poll() is None
        GATES.setdefault(gate, threading.Event()).set()
        rest, err = process.communicate(timeout=20)
        assert process.returncode == 0, err
        return (bytes(seen) + rest).decode()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_server_sent_events_reach_a_pipe_as_they_arrive(workbench_bin, workbench_env, workdir, stream_server):
    out = run_streaming(workbench_bin, workbench_env, workdir,
                        [f"base {stream_server}", "get /sse/pipe", "history"], b"data: one\n", "pipe")
    assert out.startswith("HTTP/1.1 200 OK\n")
    assert "content-type: text/event-stream" in out.lower()
    assert "\n\nevent: tick\ndata: one\n\ndata: two\n\n(stream: " in out
    assert "1  GET " in out


def test_ndjson_values_are_formatted_one_by_one(workbench_bin, workbench_env, workdir, stream_server):
    out = run_streaming(workbench_bin, workbench_env, workdir,
                        [f"base {stream_server}", "get /ndjson/nd", "history"], b'"name": "first"\n}\n', "nd")
    assert '{\n  "n": 1,\n  "name": "first"\n}\n{\n  "n": 2,\n  "name": "second"\n}\nnot json\n(stream: ' in out


def test_ctrl_c_ends_an_endless_stream_and_keeps_what_came(workbench_bin, workbench_env, workdir, stream_server):
    child, _ = spawn_repl(workbench_bin, workbench_env, workdir, stream_server)
    try:
        child.sendline("get /endless/pty")
        child.expect_exact("data: one")
        child.expect_exact(": keep-alive")
        child.sendintr()
        child.expect_exact("stopped by Ctrl-C, what came is kept)")
        child.expect("> ")
        child.sendline("history")
        child.expect_exact("1  GET ")
        child.expect("> ")
        child.sendline("path")
        child.expect_exact("/endless/pty")
        child.expect("> ")
        child.sendeof()
        child.expect(pexpect.EOF)
    finally:
        GATES.setdefault("pty", threading.Event()).set()
        child.close(force=True)


def test_send_to_a_file_shows_a_progress_bar_on_a_terminal(workbench_bin, workbench_env, workdir, server, run_workbench):
    child, _ = spawn_repl(workbench_bin, workbench_env, workdir, server, width=120, timeout=15)
    try:
        child.sendline("get /drip?count=30&ms=100 > dripped.txt")
        # One progress line for waiting and for files (WaitProgress), shown after the first second.
        child.expect(r"\[#*\.*\] \d+ bytes of 30 bytes, [\d.]+ (bytes|KB)/s")
        child.expect_exact("[body saved to dripped.txt: 30 bytes]")
        child.expect("> ")
        child.sendeof()
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert (workdir / "dripped.txt").read_bytes() == (b"0123456789" * 3)
    # Not on a terminal: no progress line.
    code, out, err = run_workbench(input=f"base {server}\nget /drip?count=5&ms=50 > quiet.txt\n")
    assert code == 0 and err == "" and "[body saved to quiet.txt: 5 bytes]" in out
