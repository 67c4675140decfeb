"""Fixtures for the workbench's end-to-end tests.

- ``workbench_bin``: the built binary (``$WORKBENCH_BIN``, else
  ``<repo>/.build/debug/workbench``); the session fails with a clear message when
  it is missing.
- ``workbench_env``: an isolated environment for one test: ``HOME`` and
  ``XDG_STATE_HOME`` inside ``tmp_path`` (the real history file is never
  touched), ``NO_COLOR`` unset, ``LANG=C.UTF-8``, proxies off.
- ``workdir``: an empty working directory for the binary (inside ``tmp_path``).
- ``run_workbench(args, input=..., env=..., cwd=..., timeout=...)``: runs the binary
  with stdin from ``input`` (a pipe, so script mode) and returns
  ``(returncode, stdout, stderr)``.
- ``server``: the base URL (``http://127.0.0.1:<port>``) of ``server.py``, started
  once per test session and stopped at the end.
- ``fault_server``: the same for ``faultserver.py``, the misbehaving server of the
  robustness tests (test_faults.py).
- ``httpbin``: the same for httpbin (PyPI) under waitress (``httpbin_server.py``), the
  third-party peer of the cookie, auth and upload tests.
- ``ok_server``: a server of one test that answers every GET with ``{"ok": true}``.

Helpers the test files import from here:

- ``script(*lines)``: the text of a script (each line ended by a newline).
- ``spawn_workbench(binary, env, cwd, args)``: the binary in a pseudo-terminal (pexpect);
  ``transcript_of(child)`` collects what it writes; ``spawn_repl(...)`` also sets the base.
- ``http_server(Handler)``: a ``ThreadingHTTPServer`` on 127.0.0.1, port 0, in a thread
  (``.url`` is its base URL); ``_script_server(script, name, *arguments)``: a server script
  run as a process that prints ``PORT n``.
- ``free_port()`` and ``wait_for_port(port, process, name)``: for peers that take a port
  on their command line and print nothing when they listen.
"""

from __future__ import annotations

import os
import select
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import NamedTuple

import pytest

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent.parent
SERVER_SCRIPT = HERE / "server.py"
FAULT_SERVER_SCRIPT = HERE / "faultserver.py"
HTTPBIN_SCRIPT = HERE / "httpbin_server.py"
DEFAULT_TIMEOUT = 60

# Variables that would make a run depend on the machine it runs on.
_REMOVED_VARIABLES = (
    "NO_COLOR", "FORCE_COLOR", "CLICOLOR", "CLICOLOR_FORCE",
    "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "LANGUAGE",
    "http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY",
    "COLUMNS", "LINES", "INPUTRC", "EDITRC",
    # The terminal pytest runs in is not the one the workbench is given (the resize redraw reads them).
    "TMUX", "XTERM_VERSION",
)


class Result(NamedTuple):
    returncode: int
    stdout: str
    stderr: str


def _find_binary() -> Path:
    configured = os.environ.get("WORKBENCH_BIN")
    if configured:
        return Path(configured)
    return REPO_ROOT / ".build" / "debug" / "workbench"


@pytest.fixture(scope="session")
def workbench_bin() -> str:
    path = _find_binary()
    if not path.is_file() or not os.access(path, os.X_OK):
        source = "WORKBENCH_BIN" if os.environ.get("WORKBENCH_BIN") else "the default location"
        pytest.fail(
            f"workbench binary not found at {path} (from {source}). Build it first with "
            f"`swift build --product workbench` in {REPO_ROOT}, or set WORKBENCH_BIN to the binary.",
            pytrace=False,
        )
    return str(path)


@pytest.fixture()
def workdir(tmp_path: Path) -> Path:
    path = tmp_path / "work"
    path.mkdir()
    return path


@pytest.fixture()
def workbench_env(tmp_path: Path) -> dict[str, str]:
    """The environment every run of the binary in one test gets (tests may change it)."""
    home = tmp_path / "home"
    state = tmp_path / "state"
    home.mkdir()
    state.mkdir()
    env = {name: value for name, value in os.environ.items() if name not in _REMOVED_VARIABLES}
    env.update({
        "HOME": str(home),
        "XDG_STATE_HOME": str(state),
        "LANG": "C.UTF-8",
        "TERM": "xterm",
        "NO_PROXY": "127.0.0.1,localhost",
        "no_proxy": "127.0.0.1,localhost",
        # A long response on a terminal goes through the pager; tests that are not
        # about the pager read it straight (test_repl_pty.py starts `less` itself).
        "PAGER": "cat",
    })
    return env


def merge_env(base: dict[str, str], overrides: dict[str, str | None] | None) -> dict[str, str]:
    """``base`` with ``overrides`` applied; a value of None removes the variable."""
    env = dict(base)
    for name, value in (overrides or {}).items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


@pytest.fixture()
def run_workbench(workbench_bin: str, workbench_env: dict[str, str], workdir: Path):
    """Runs the binary; returns ``Result(returncode, stdout, stderr)`` (a tuple)."""

    def run(args=(), input: str | bytes | None = None, env: dict[str, str | None] | None = None,
            cwd: str | Path | None = None, timeout: float = DEFAULT_TIMEOUT) -> Result:
        if isinstance(args, str):
            args = [args]
        data = input.encode("utf-8") if isinstance(input, str) else input
        command = [workbench_bin, *args]
        try:
            completed = subprocess.run(
                command,
                input=data,
                stdin=subprocess.DEVNULL if data is None else None,
                capture_output=True,
                env=merge_env(workbench_env, env),
                cwd=str(cwd or workdir),
                timeout=timeout,
            )
        except subprocess.TimeoutExpired as error:
            out = (error.stdout or b"").decode("utf-8", "replace")
            err = (error.stderr or b"").decode("utf-8", "replace")
            pytest.fail(f"{command} did not finish within {timeout} s\n--- stdout ---\n{out[-4000:]}"
                        f"\n--- stderr ---\n{err[-4000:]}", pytrace=False)
        return Result(
            completed.returncode,
            completed.stdout.decode("utf-8", "replace"),
            completed.stderr.decode("utf-8", "replace"),
        )

    return run


def script(*lines: str) -> str:
    """The text of a script: each line ended by a newline."""
    return "\n".join(lines) + "\n"


def spawn_workbench(binary: str, env: dict[str, str], cwd, args=(), *, width: int = 200, timeout: float = 10):
    """The binary in a pseudo-terminal of 24 rows (pexpect, text in UTF-8); ``env`` as given."""
    import pexpect

    return pexpect.spawn(binary, list(args), env=env, cwd=str(cwd), encoding="utf-8", dimensions=(24, width),
                         timeout=timeout)


def transcript_of(child) -> list[str]:
    """A list that collects everything ``child`` writes to its terminal from now on."""
    transcript: list[str] = []
    child.logfile_read = type("Log", (), {"write": lambda self, s: transcript.append(s), "flush": lambda self: None})()
    return transcript


def spawn_repl(binary: str, env: dict[str, str], cwd, base: str, width: int = 200, timeout: float = 10):
    """The REPL in a pseudo-terminal (no colour), its base set; returns the child and the list
    its screen output is collected in."""
    child = spawn_workbench(binary, dict(env, NO_COLOR="1"), cwd, width=width, timeout=timeout)
    transcript = transcript_of(child)
    child.expect("> ")
    child.sendline(f"base {base}")
    child.expect("> ")
    return child, transcript


def stop_process(process: subprocess.Popen) -> None:
    """Terminates a server the tests started (killing it if it lingers) and reaps it."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


def free_port() -> int:
    """A port nothing listens on now, for a peer that must be told its port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen, name: str, seconds: float = 10) -> None:
    """Returns once ``process`` accepts connections on ``port``; fails the test if it exits first
    or does not listen within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"{name} exited with status {process.returncode}", pytrace=False)
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    pytest.fail(f"{name} did not listen on port {port} within {seconds:g} s", pytrace=False)


@contextmanager
def http_server(handler, poll_interval: float = 0.5):
    """Serves ``handler`` (a ``BaseHTTPRequestHandler`` class) on 127.0.0.1, port 0, a thread a
    connection; yields the server, whose ``url`` is ``http://127.0.0.1:<port>``."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.url = f"http://127.0.0.1:{server.server_address[1]}"
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": poll_interval}, daemon=True).start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def _script_server(script: Path, name: str, *arguments: str):
    """Runs ``script ARGUMENTS --host 127.0.0.1 --port 0``; yields ``http://127.0.0.1:<port>``
    from its ``PORT n`` first line and stops it on exit."""
    process = subprocess.Popen(
        [sys.executable, str(script), *arguments, "--host", "127.0.0.1", "--port", "0"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 15
        line = b""
        while not line.endswith(b"\n") and time.monotonic() < deadline:
            ready, _, _ = select.select([process.stdout], [], [], 0.2)
            if ready:
                chunk = os.read(process.stdout.fileno(), 1)
                if not chunk:
                    break
                line += chunk
            elif process.poll() is not None:
                break
        text = line.decode("ascii", "replace").strip()
        if not text.startswith("PORT "):
            process.kill()
            _, err = process.communicate(timeout=5)
            pytest.fail(f"{name} did not start (first line {text!r}); stderr:\n"
                        f"{err.decode('utf-8', 'replace')}", pytrace=False)
        yield f"http://127.0.0.1:{int(text.split()[1])}"
    finally:
        stop_process(process)
        for stream in (process.stdout, process.stderr):
            if stream:
                stream.close()


@pytest.fixture(scope="session")
def server():
    """Starts ``server.py`` on 127.0.0.1 with an ephemeral port; yields its base URL."""
    with _script_server(SERVER_SCRIPT, "test server") as url:
        yield url


@pytest.fixture(scope="session")
def fault_server():
    """Starts ``faultserver.py`` on 127.0.0.1 with an ephemeral port; yields its base URL."""
    with _script_server(FAULT_SERVER_SCRIPT, "fault server") as url:
        yield url


@pytest.fixture(scope="session")
def httpbin():
    """Starts httpbin under waitress on 127.0.0.1 with an ephemeral port; yields its base URL."""
    with _script_server(HTTPBIN_SCRIPT, "httpbin") as url:
        yield url


class _OkHandler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        body = b'{"ok": true}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture()
def ok_server():
    """A server of this test alone that answers every GET with 200 and ``{"ok": true}``."""
    with http_server(_OkHandler) as server:
        yield server.url
