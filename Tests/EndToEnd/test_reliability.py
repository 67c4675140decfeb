"""Nothing lost, nothing leaked: saves on a full or read-only disk, history and
autosave under kill -9, secrets kept out of every file, TLS verified by default."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import ssl
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pexpect
import pytest

from autosave_reader import read_autosave

from conftest import free_port, spawn_workbench, wait_for_port


@pytest.fixture()
def small_disk(tmp_path):
    """A 16 KiB tmpfs (needs root and mount; skipped elsewhere)."""
    mount_point = tmp_path / "disk"
    mount_point.mkdir()
    result = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", str(mount_point)],
                            capture_output=True)
    if result.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {result.stderr.decode().strip()}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], capture_output=True)


def test_disk_full_save_is_one_error_and_keeps_the_workspace(run_workbench, small_disk, workdir):
    big = "x" * 40_000
    code, out, err = run_workbench(
        input=f"base http://127.0.0.1:9\nbody {big}\nsave {small_disk}/s.json\nsave kept.json\n",
        args=["--keep-going"])
    assert code == 1
    errors = err.splitlines()
    assert len(errors) == 1
    assert errors[0].startswith(f"error: line 3: cannot save '{small_disk}/s.json': No space left on device")
    assert list(small_disk.iterdir()) == []  # no temporary file left behind
    saved = json.loads((workdir / "kept.json").read_text())
    assert saved["endpoint"]["body"]["text"] == big


def test_read_only_folder_save_is_one_error(run_workbench, small_disk, workdir):
    (small_disk / "old.json").write_text("{}")
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    code, out, err = run_workbench(input=f"base http://127.0.0.1:9\nsave {small_disk}/new.json\nshow\n",
                                   args=["--keep-going"])
    assert code == 1
    assert err.splitlines() == [f"error: line 2: cannot save '{small_disk}/new.json': Read-only file system"]
    assert out.startswith("GET / HTTP/1.1")


def autosave_files(state: Path) -> list[Path]:
    """The autosaves in the state folder: one per interactive run (autosave-START-PID.json)."""
    return sorted(state.glob("autosave-*.json"))


def spawn_repl(binary, env, cwd):
    child = spawn_workbench(binary, env, cwd, width=160)
    child.delaybeforesend = None  # type ahead at full speed
    return child


def test_autosave_and_history_never_hold_secrets(workbench_bin, workbench_env, workdir):
    env = dict(workbench_env, FROM_ENV="env-value-91")
    child = spawn_repl(workbench_bin, env, workdir)
    for line in ["base http://127.0.0.1:9", "set --secret pw zz-secret-77", "header X-Env: {{env.FROM_ENV}}",
                 "header Authorization: Bearer {{pw}}", "body json {\"p\": \"{{pw}}\"}"]:
        child.expect("> ")
        child.sendline(line)
    child.expect("> ")
    child.sendline("show")
    child.expect_exact("Authorization: Bearer ******")
    child.expect("> ")
    child.sendeof()
    child.expect(pexpect.EOF)
    state = Path(env["XDG_STATE_HOME"]) / "workbench"
    saved = autosave_files(state)
    assert len(saved) == 1, saved
    for path in [saved[0], state / "history"]:
        text = path.read_text()
        assert "zz-secret-77" not in text and "env-value-91" not in text, path.name
    autosave = json.loads(saved[0].read_text())
    assert autosave["secrets"] == ["pw"]
    # A header holding an environment value is a credential: saved with the origin it goes to.
    assert {"name": "X-Env", "value": "{{env.FROM_ENV}}", "origin": "http://127.0.0.1:9"} in autosave["endpoint"]["headers"]


def test_history_and_autosave_survive_kill_9(workbench_bin, workbench_env, workdir):
    """Kills the REPL at random moments while it writes history and autosave:
    both files are always whole (the old version or the new one)."""
    state = Path(workbench_env["XDG_STATE_HOME"]) / "workbench"
    rng = random.Random(11)
    for round_number in range(6):
        child = spawn_repl(workbench_bin, workbench_env, workdir)
        child.expect("> ")
        for index in range(150):
            child.sendline(f"query add round{round_number}item{index} {'v' * 100}")
            if index % 10 == 0:
                child.expect("> ")  # keep the terminal's input buffer from filling up
        time.sleep(rng.uniform(0.0, 0.3))
        child.kill(signal.SIGKILL)
        child.close(force=True)
        history = (state / "history").read_text() if (state / "history").exists() else ""
        if history:
            lines = history.splitlines()
            assert lines[0] == "_HiStOrY_V2_"
            assert all(line.startswith("query\\040add\\040round") for line in lines[1:]), lines[-1]
        for path in autosave_files(state):
            assert json.loads(path.read_text())["format"] == "workbench-session"
            # The journal may end in a cut line: what it holds before that reads back, in order.
            items = [item["name"] for item in read_autosave(path)["endpoint"]["query"]]
            prefix = items[0].split("item")[0] if items else ""
            assert items == [f"{prefix}item{index}" for index in range(len(items))], items


# TLS: a local HTTPS server with a self-signed certificate.

@pytest.fixture(scope="module")
def tls_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tls")
    key, cert = folder / "key.pem", folder / "cert.pem"
    made = subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key),
                           "-out", str(cert), "-days", "1", "-subj", "/CN=127.0.0.1",
                           "-addext", "subjectAltName=IP:127.0.0.1"], capture_output=True)
    if made.returncode != 0:
        pytest.skip(f"openssl cannot make a certificate: {made.stderr.decode()}")

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            body = b'{"tls": true}'
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"https://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def test_tls_is_verified_by_default(run_workbench, tls_server):
    code, out, err = run_workbench(input=f"base {tls_server}\nget /\n")
    assert code == 1
    lines = err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("error: line 2: TLS verification failed for 127.0.0.1: ")
    assert "`insecure on` skips verification" in lines[0]


def test_insecure_on_accepts_a_self_signed_certificate(run_workbench, tls_server):
    code, out, err = run_workbench(input=f"base {tls_server}\ninsecure on\nget /\ntiming\n")
    assert code == 0, err
    assert out.startswith("HTTP/1.1 200 OK\n")
    assert '"tls": true' in out
    tls_line = [line for line in out.splitlines() if line.startswith("TLS handshake")][0]
    assert "-" not in tls_line.split()[2]  # a real TLS phase was timed


@pytest.fixture(scope="module")
def http2_server(tmp_path_factory):
    """nghttpd (Debian's nghttp2-server) over TLS with a self-signed certificate."""
    if not shutil.which("nghttpd"):
        pytest.skip("nghttpd is not installed (scripts/setup.sh --tests installs nghttp2-server)")
    folder = tmp_path_factory.mktemp("h2")
    key, cert, root = folder / "key.pem", folder / "cert.pem", folder / "root"
    root.mkdir()
    (root / "index.json").write_text('{"h2": true}')
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                   capture_output=True, check=True)
    port = free_port()
    process = subprocess.Popen(["nghttpd", "-a", "127.0.0.1", "-d", str(root), str(port), str(key), str(cert)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for_port(port, process, "nghttpd")
    yield f"https://127.0.0.1:{port}"
    process.terminate()
    process.wait(timeout=10)


def test_http2_when_the_server_offers_it_over_tls(run_workbench, http2_server):
    code, out, err = run_workbench(input=f"base {http2_server}\ninsecure on\nget /index.json\ntiming\n")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "HTTP/2 200"
    assert "content-type: application/json" in lines
    assert '"h2": true' in out
    assert lines[-1].startswith(f"HTTP/2, remote 127.0.0.1:{http2_server.rsplit(':', 1)[1]}")
