"""Network settings against real peers: tinyproxy (Debian) and pproxy (PyPI, SOCKS5)
checked as traversed, `openssl s_server` requiring a client certificate from a CA the
test makes, nghttpd for the HTTP version, and an HTTP server on a Unix socket. Bad
input gives one `error:` line and leaves the workspace as it was. A proxy stand-in on 127.0.0.1
records what `show` says a request through it carries, and the proxy's login stays secret."""
from __future__ import annotations

import base64
import json
import shutil
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from conftest import free_port, script, stop_process, wait_for_port
from test_reliability import http2_server  # noqa: F401 (a fixture used below)

HERE = Path(__file__).resolve().parent


@contextmanager
def running(command: list[str], port: int, name: str, **options):
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, **options)
    try:
        wait_for_port(port, process, name)
        yield process
    finally:
        stop_process(process)


@pytest.fixture(scope="module")
def tinyproxy(tmp_path_factory):
    if not shutil.which("tinyproxy"):
        pytest.skip("tinyproxy is not installed (scripts/setup.sh --tests installs it)")
    port = free_port()
    conf = tmp_path_factory.mktemp("tinyproxy") / "tinyproxy.conf"
    conf.write_text(f"Port {port}\nListen 127.0.0.1\nTimeout 30\nMaxClients 20\nAllow 127.0.0.1\n"
                    "LogLevel Critical\nViaProxyName \"wb-test-proxy\"\n")
    with running(["tinyproxy", "-d", "-c", str(conf)], port, "tinyproxy"):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def socks_proxy(tmp_path_factory):
    port = free_port()
    log = tmp_path_factory.mktemp("pproxy") / "pproxy.log"
    with log.open("w") as sink:
        process = subprocess.Popen([sys.executable, "-m", "pproxy", "-l", f"socks5://127.0.0.1:{port}", "-v"],
                                   stdin=subprocess.DEVNULL, stdout=sink, stderr=subprocess.STDOUT)
        try:
            wait_for_port(port, process, "pproxy")
            yield f"socks5://127.0.0.1:{port}", log
        finally:
            stop_process(process)


def openssl(*args: str) -> None:
    subprocess.run(["openssl", *args], capture_output=True, check=True)


@pytest.fixture(scope="module")
def certificates(tmp_path_factory) -> Path:
    """A CA, a server certificate for 127.0.0.1 and a client certificate signed by it, and another CA."""
    folder = tmp_path_factory.mktemp("certs")
    for ca in ["ca", "other-ca"]:
        openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(folder / f"{ca}.key"),
                "-out", str(folder / f"{ca}.pem"), "-days", "1", "-subj", f"/CN=workbench test {ca}")
    for name, extension in [("server", "subjectAltName=IP:127.0.0.1"), ("client", "extendedKeyUsage=clientAuth")]:
        openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", str(folder / f"{name}.key"),
                "-out", str(folder / f"{name}.csr"), "-subj", f"/CN={name}")
        (folder / f"{name}.ext").write_text(extension + "\n")
        openssl("x509", "-req", "-in", str(folder / f"{name}.csr"), "-CA", str(folder / "ca.pem"),
                "-CAkey", str(folder / "ca.key"), "-CAcreateserial", "-days", "1",
                "-extfile", str(folder / f"{name}.ext"), "-out", str(folder / f"{name}.pem"))
    return folder


@pytest.fixture(scope="module")
def mtls_server(certificates: Path):
    """`openssl s_server -www` that refuses a client without a certificate from the CA."""
    port = free_port()
    command = ["openssl", "s_server", "-accept", f"127.0.0.1:{port}", "-cert", str(certificates / "server.pem"),
               "-key", str(certificates / "server.key"), "-CAfile", str(certificates / "ca.pem"),
               "-Verify", "1", "-verify_return_error", "-www", "-quiet"]
    with running(command, port, "openssl s_server"):
        yield f"https://127.0.0.1:{port}"


@pytest.fixture()
def unix_server(tmp_path: Path):
    path = tmp_path / "api.sock"
    process = subprocess.Popen([sys.executable, str(HERE / "unix_server.py"), str(path)],
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        assert process.stdout.readline().strip() == b"READY"
        yield path
    finally:
        stop_process(process)
        process.stdout.close()


def settings_of(workdir: Path, name: str = "s.json") -> dict:
    return json.loads((workdir / name).read_text())["settings"]


def test_an_http_proxy_is_traversed_and_saved(run_workbench, httpbin, tinyproxy, workdir: Path):
    code, out, err = run_workbench(input=script(
        f"base {httpbin}",
        f"proxy {tinyproxy}",
        "get /headers",
        "proxy",
        "curl",
        "save s.json",
        "proxy none",
        "get /headers",
    ))
    assert code == 0, err
    first, second = out.split("\nHTTP/1.1 200", 1)[0], out.split("\nHTTP/1.1 200", 1)[1]
    assert "Via: 1.1 wb-test-proxy" in first
    assert "wb-test-proxy" not in second
    assert f"-x {tinyproxy} --noproxy ''" in out
    assert settings_of(workdir)["proxy"] == tinyproxy
    # A session loaded later sends through the proxy again.
    code, out, err = run_workbench(input=script("load s.json", "send"))
    assert code == 0, err
    assert "Via: 1.1 wb-test-proxy" in out


def test_the_environment_proxy_applies_unless_no_proxy_or_proxy_none(run_workbench, httpbin, tinyproxy):
    lines = script(f"base {httpbin}", "get /headers")
    env = {"http_proxy": tinyproxy, "NO_PROXY": None, "no_proxy": None}
    code, out, err = run_workbench(input=lines, env=env)
    assert code == 0, err
    assert "Via: 1.1 wb-test-proxy" in out
    code, out, err = run_workbench(input=lines, env=dict(env, no_proxy="127.0.0.1"))
    assert code == 0, err
    assert "wb-test-proxy" not in out
    code, out, err = run_workbench(input=script(f"base {httpbin}", "proxy none", "get /headers"), env=env)
    assert code == 0, err
    assert "wb-test-proxy" not in out


def test_a_socks5_proxy_is_traversed(run_workbench, httpbin, socks_proxy):
    url, log = socks_proxy
    port = httpbin.rsplit(":", 1)[1]
    code, out, err = run_workbench(input=script(f"base {httpbin}", f"proxy {url}", "get /get"))
    assert code == 0, err
    assert out.startswith("HTTP/1.1 200 OK")
    deadline = time.monotonic() + 5
    while f"-> 127.0.0.1:{port}" not in log.read_text() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert f"-> 127.0.0.1:{port}" in log.read_text()


def test_a_proxy_that_refuses_is_one_error_and_changes_nothing(run_workbench, httpbin):
    dead = f"http://127.0.0.1:{free_port()}"
    code, out, err = run_workbench(input=script(f"base {httpbin}", f"proxy {dead}", "get /get", "history"))
    assert code == 1
    assert err.splitlines() == [f"error: line 3: cannot connect to the proxy {dead}: Connection refused (`proxy off` goes without it)"]
    code, out, err = run_workbench(["--keep-going"], input=script(
        "proxy ftp://127.0.0.1:1", "proxy http://user:pw@127.0.0.1:3128", "proxy http://127.0.0.1:1/path", "proxy"))
    errors = err.splitlines()
    assert len(errors) == 2 and all(line.startswith("error: line ") for line in errors)
    assert "unsupported proxy scheme 'ftp'" in errors[0] and "has a path" in errors[1]
    # A proxy's login is taken, its password kept as a secret (the proxy stand-in below sends through one).
    assert out.splitlines() == [
        "proxy: the password is kept as the secret {{proxy_password}} (masked in output and files; "
        "a saved session names it, never its value)",
        "http://user:******@127.0.0.1:3128"]
    assert ":pw" not in out + err


def test_a_client_certificate_and_a_private_ca(run_workbench, mtls_server, certificates: Path, workdir: Path):
    c = certificates
    code, out, err = run_workbench(input=script(
        f"base {mtls_server}",
        f"cacert {c / 'ca.pem'}",
        f"cert {c / 'client.pem'} {c / 'client.key'}",
        "get /",
        "cert",
        "save s.json",
    ))
    assert code == 0, err
    assert out.startswith("HTTP/1.0 200 ok")
    assert "Client certificate" in out or "client certificate" in out.lower()
    saved = settings_of(workdir)
    assert saved["cacert"] == str(c / "ca.pem") and saved["cert"] == str(c / "client.pem") and saved["key"] == str(c / "client.key")


def test_certificate_mistakes_are_one_error_each(run_workbench, mtls_server, certificates: Path):
    c = certificates
    cases = [
        # No client certificate: the server ends the handshake.
        ([f"cacert {c / 'ca.pem'}"], "requires a client certificate (`cert FILE [KEY]`)"),
        # The wrong CA: the server is not trusted.
        ([f"cacert {c / 'other-ca.pem'}"], "TLS verification failed for 127.0.0.1 with the CA certificates of `cacert"),
        # A key given as the certificate (a key without its certificate).
        ([f"cacert {c / 'ca.pem'}", f"cert {c / 'client.key'}"], "cannot use the client certificate of `cert"),
        # A key that is not the certificate's.
        ([f"cacert {c / 'ca.pem'}", f"cert {c / 'client.pem'} {c / 'server.key'}"], "cannot use the client certificate of `cert"),
    ]
    for setup, message in cases:
        code, out, err = run_workbench(input=script(f"base {mtls_server}", *setup, "get /", "history"))
        assert code == 1, (setup, out, err)
        lines = err.splitlines()
        assert len(lines) == 1 and message in lines[0], (setup, err)
    code, out, err = run_workbench(["--keep-going"], input=script(
        f"cacert {c / 'missing.pem'}", f"cert {c / 'client.pem'} {c / 'missing.key'}", f"cacert {c}", "settings"))
    assert err.splitlines() == [
        f"error: line 1: cannot use '{c / 'missing.pem'}': No such file or directory",
        f"error: line 2: cannot use '{c / 'missing.key'}': No such file or directory",
        f"error: line 3: cannot use '{c}': it is a directory",
    ]
    assert "cacert" not in out and "cert " not in out


def test_the_http_version_asked_and_the_one_used(run_workbench, http2_server, httpbin):  # noqa: F811 (the fixture)
    # nghttpd speaks HTTP/2 only: auto gets HTTP/2 by ALPN; `http 1.1` asks for HTTP/1.1, which it refuses.
    code, out, err = run_workbench(["--keep-going"], input=script(
        f"base {http2_server}", "insecure on", "get /index.json", "timing", "http 1.1", "get /index.json", "http"))
    assert out.startswith("HTTP/2 200\n")
    assert "\nHTTP/2, remote 127.0.0.1:" in out
    assert out.rstrip().endswith("1.1")
    assert len(err.splitlines()) == 1 and err.startswith("error: line 6: ")
    # `http 2` over plain http asks for an upgrade (h2c), as `curl --http2`; waitress stays on HTTP/1.1.
    code, out, err = run_workbench(input=script(f"base {httpbin}", "http 2", "get /headers", "timing", "http auto", "get /headers"))
    assert code == 0, err
    first, second = out.split("\nHTTP/1.1 200 OK", 1)
    assert '"Upgrade": "h2c"' in first and "\nHTTP/1.1, remote 127.0.0.1:" in first
    assert "h2c" not in second


def test_a_unix_socket_base(run_workbench, unix_server: Path, workdir: Path):
    code, out, err = run_workbench(input=script(
        f"base unix:{unix_server}",
        "get /v1/info",
        f"base unix:{unix_server}:http://api.local/v2",
        "get /containers",
        "curl",
        "save s.json",
    ))
    assert code == 0, err
    bodies = [json.loads(part[:part.index("\n}") + 2]) for part in ("{" + p for p in out.split("\n{")[1:])]
    assert bodies[0]["path"] == "/v1/info" and bodies[0]["headers"]["Host"] == "localhost"
    assert bodies[1]["path"] == "/v2/containers" and bodies[1]["headers"]["Host"] == "api.local"
    assert f"--unix-socket '{unix_server}'" in out or f"--unix-socket {unix_server}" in out
    assert json.loads((workdir / "s.json").read_text())["endpoint"]["base"] == f"unix:{unix_server}:http://api.local/v2"
    unix_server.unlink()
    code, out, err = run_workbench(input=script("load s.json", "send", "history"))
    assert code == 1
    assert err.splitlines() == [f"error: line 2: cannot connect to the Unix socket {unix_server}: No such file or directory"]


class CapturingProxy:
    """A one-connection HTTP proxy stand-in on 127.0.0.1: records the request head it is sent and
    answers 200, so a test can compare it with what `show` printed."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.received = b""
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        self.listener.settimeout(20)
        connection, _ = self.listener.accept()
        with connection:
            connection.settimeout(10)
            while b"\r\n\r\n" not in self.received:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                self.received += chunk
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
        self.listener.close()


def test_a_proxy_login_is_sent_to_the_proxy_and_kept_as_a_secret(run_workbench, workdir):
    proxy = CapturingProxy()
    code, out, err = run_workbench(input=script(
        "base http://api.example.test", f"proxy http://user:s3cr3t-pw@127.0.0.1:{proxy.port}", "proxy", "show",
        "get /v1/items", "curl", "save s.json"))
    proxy.thread.join(timeout=20)
    assert code == 0, err
    wire = proxy.received.decode().split("\r\n\r\n")[0].split("\r\n")
    assert "Proxy-Authorization: Basic " + base64.b64encode(b"user:s3cr3t-pw").decode() in wire
    assert f"http://user:******@127.0.0.1:{proxy.port}" in out.splitlines()
    assert "Proxy-Authorization: ******" in out
    saved = (workdir / "s.json").read_text()
    assert f"http://user:{{{{proxy_password}}}}@127.0.0.1:{proxy.port}" in saved
    for text in (out, err, saved):
        assert "s3cr3t-pw" not in text and base64.b64encode(b"user:s3cr3t-pw").decode() not in text


def test_show_names_the_proxy_and_prints_what_it_receives(run_workbench):
    proxy = CapturingProxy()
    env = {"http_proxy": f"http://user:s3cr3t-pw@127.0.0.1:{proxy.port}", "no_proxy": None, "NO_PROXY": None}
    code, out, err = run_workbench(input=script(
        "base http://api.example.test", "header X-A: 1", "path /v1/items", "show --secrets", "show", "send"), env=env)
    proxy.thread.join(timeout=20)
    assert code == 0, err
    _, revealed, masked = out.split("(through proxy")
    assert revealed.startswith(f" http://******@127.0.0.1:{proxy.port}, from http_proxy;")
    wire = proxy.received.decode().split("\r\n\r\n")[0].split("\r\n")
    assert revealed.strip().splitlines()[1:] == wire
    assert wire[:4] == ["GET http://api.example.test/v1/items HTTP/1.1", "Host: api.example.test",
                        "Proxy-Authorization: Basic " + base64.b64encode(b"user:s3cr3t-pw").decode(),
                        "Proxy-Connection: Keep-Alive"]
    assert "Proxy-Authorization: ******" in masked
    assert "s3cr3t-pw" not in out and "s3cr3t-pw" not in err
    assert base64.b64encode(b"user:s3cr3t-pw").decode() not in masked
