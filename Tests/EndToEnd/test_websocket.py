"""WebSocket conversations (`ws ...`, `expect frame`, `capture NAME frame`) end to end against
the `websockets` package's server (ws_server.py) on 127.0.0.1: text, JSON, binary, ping/pong
both ways, a server's close, a refused upgrade, wss with a local CA, the handshake's
credentials only for their origin, the message bound, secrets masked in frames, and frames
printed above the line being typed (a real pty, the screen read with pyte)."""

import re
import subprocess
import time
from pathlib import Path

import pytest

from conftest import script, _script_server, spawn_workbench, stop_process

WS_SERVER = Path(__file__).parent / "ws_server.py"


def openssl(*args: str) -> None:
    subprocess.run(["openssl", *args], capture_output=True, check=True)


@pytest.fixture(scope="module")
def ws_url():
    with _script_server(WS_SERVER, "WebSocket server") as url:
        yield url.replace("http://", "ws://")


@pytest.fixture(scope="module")
def tls(tmp_path_factory):
    """A CA and a server certificate for 127.0.0.1 signed by it; the wss server with it."""
    folder = tmp_path_factory.mktemp("wscerts")
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(folder / "ca.key"),
            "-out", str(folder / "ca.pem"), "-days", "1", "-subj", "/CN=workbench ws test ca")
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", str(folder / "server.key"),
            "-out", str(folder / "server.csr"), "-subj", "/CN=127.0.0.1")
    (folder / "server.ext").write_text("subjectAltName=IP:127.0.0.1\n")
    openssl("x509", "-req", "-in", str(folder / "server.csr"), "-CA", str(folder / "ca.pem"),
            "-CAkey", str(folder / "ca.key"), "-CAcreateserial", "-days", "1",
            "-extfile", str(folder / "server.ext"), "-out", str(folder / "server.pem"))
    with _script_server(WS_SERVER, "wss server", "--cert", str(folder / "server.pem"),
                        "--key", str(folder / "server.key")) as url:
        yield url.replace("http://", "wss://"), folder



def test_echo_of_text_json_binary_and_a_heredoc(run_workbench, ws_url, workdir):
    (workdir / "blob.bin").write_bytes(bytes(range(40)))
    result = run_workbench(input=script(
        f"ws connect {ws_url}/echo",
        "ws send hello there",
        "expect frame next body contains there",
        'ws send json {"a": 1, "b": [true, "x"]}',
        "expect frame next json $.a == 1",
        'expect frame last json $.b[1] == "x"',
        "capture got frame last $.b[1]",
        "ws send binary @blob.bin",
        "expect frame next body contains \u0001",
        "ws send <<END",
        "line one",
        "line two",
        "END",
        "expect frame next body contains two",
        "ws frames",
        "ws last",
        "ws close",
        "vars",
    ))
    assert result.returncode == 0, result
    out = result.stdout
    assert "ws: connected to " + ws_url + "/echo (HTTP/1.1 101 Switching Protocols)" in out
    assert "< hello there" in out
    # JSON indented under its mark; binary as its size and a hex head.
    assert '< {\n    "a": 1,' in out
    assert "< binary 40 bytes: 00 01 02 03" in out and " …" in out
    assert "< line one\n  line two" in out
    assert "PASS frame 2: body contains there" in out
    assert "PASS frame 4: json $.a == 1" in out
    assert "got = x (frame 4)" in out
    # The numbered list, both ways, with times.
    frames = [line for line in out.splitlines() if re.match(r"^\d+  \+\d+\.\d{3}s  [<>] ", line)]
    assert len(frames) == 8, out
    assert frames[0].startswith("1  +") and "> hello there" in frames[0]
    assert "< line one\\nline two" in frames[7]
    assert "ws: closed " + ws_url + "/echo (the server answered 1000)" in out
    assert re.search(r"^got\b.*x", out, re.M)


def test_a_failed_frame_check_fails_the_script_naming_the_frame(run_workbench, ws_url):
    result = run_workbench(input=script(
        f"ws connect {ws_url}/json",
        'ws send json {"n": 1}',
        "expect frame next json $.n == 2",
    ))
    assert result.returncode == 1
    assert "expectation failed: frame 2: json $.n" in result.stderr


def test_checks_with_no_meaning_on_a_frame_are_refused(run_workbench, ws_url, workdir):
    # A frame has no status, headers, time or schema: such a check failed with `got 0`, or
    # (`time < 5`) passed on nothing. Refused as typed, and in a session file.
    for check, kind in [("status 200", "status"), ("time < 5", "time"), ("header X contains y", "header"),
                        ("schema", "schema")]:
        result = run_workbench(input=script(f"ws connect {ws_url}/json", "ws send hi", f"expect frame next {check}"))
        assert result.returncode == 1
        assert "PASS" not in result.stdout
        assert f"a frame has no '{kind}' to check: use json PATH OP VALUE" in result.stderr, result.stderr
    recorded = run_workbench(input=script(
        f"ws connect {ws_url}/json", "ws send hi", "expect frame next json $.n == 1", "ws close", "save s.json"))
    assert recorded.returncode == 0, recorded
    saved = (workdir / "s.json").read_text()
    (workdir / "s.json").write_text(saved.replace("frame next json $.n == 1", "frame next time < 5"))
    loaded = run_workbench(["replay", "s.json"])
    assert loaded.returncode != 0 and "a frame has no 'time' to check" in loaded.stdout + loaded.stderr
    # A plain capture or check while only a conversation was had names the frame forms.
    plain = run_workbench(input=script(f"ws connect {ws_url}/json", "ws send hi", "capture n $.n"))
    assert "`capture NAME frame last PATH`" in plain.stderr, plain.stderr


def test_next_waits_at_most_within(run_workbench, ws_url):
    result = run_workbench(input=script(
        f"ws connect {ws_url}/echo",
        "expect frame next body contains x --within 300ms",
    ))
    assert result.returncode == 1
    assert "no frame arrived within 0.3 s (--within)" in result.stderr


def test_frames_are_read_as_they_come_while_a_script_sleeps(run_workbench, ws_url, workdir):
    # The echo comes within milliseconds: read during the sleep, it is kept with its own time,
    # not with the time the sleep ended (frames used to wait for the line to end).
    import json
    result = run_workbench(input=script(
        f"ws connect {ws_url}/echo", "ws send early", "sleep 2s", "ws close", "save s.json"))
    assert result.returncode == 0, result
    frames = json.loads((workdir / "s.json").read_text())["requests"][0]["conversation"]["frames"]
    [echo] = [frame for frame in frames if frame["from"] == "server" and frame.get("text") == "early"]
    [close] = [frame for frame in frames if frame["from"] == "client" and frame["type"] == "close"]
    assert echo["t"] < close["t"] - 1.5, frames


def test_leaving_with_a_conversation_open_keeps_its_last_frames(ws_url, workbench_bin, workbench_env, workdir):
    # The REPL left with the conversation open: the echo still coming and the closing handshake
    # (1001, going away) are kept in the conversation the autosave brings back.
    import pexpect
    child = spawn_workbench(workbench_bin, dict(workbench_env, NO_COLOR="1"), workdir)
    try:
        child.expect("> ")
        child.sendline(f"ws connect {ws_url}/echo")
        child.expect_exact("/echo> ")
        child.sendline("ws send last words")
        child.sendline("exit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    restored = subprocess.run([workbench_bin, "--restore"], input=b"history\n", capture_output=True,
                              env=workbench_env, cwd=str(workdir), timeout=30)
    out = restored.stdout.decode()
    assert re.search(r"^1  WS \S+/echo  101 .*\(4 frames\)", out, re.M), out + restored.stderr.decode()


def test_ping_and_pong_both_ways(run_workbench, ws_url):
    result = run_workbench(input=script(
        f"ws connect {ws_url}/ping",
        # The server pings first and says so once our pong came back.
        "expect frame next body contains pong from client",
        "ws ping hi",
        "ws close",
        "ws frames",
    ))
    assert result.returncode == 0, result
    assert "< ping are you there" in result.stdout
    assert "< pong from client" in result.stdout
    frames = result.stdout.split("< pong from client", 1)[1]
    assert re.search(r"^\d+  \+[\d.]+s  > ping hi$", frames, re.M)
    # The server's pong, read while the close waited for its answer, at the latest.
    assert re.search(r"^\d+  \+[\d.]+s  < pong hi$", frames, re.M), result.stdout


def test_the_server_closing_the_conversation(run_workbench, ws_url):
    result = run_workbench(input=script(
        f"ws connect {ws_url}/close",
        "ws send hi",
        "expect frame next body contains bye",
        "expect frame next body contains more",
    ))
    assert result.returncode == 1
    assert "< close 4000 done" in result.stdout
    assert f"ws: {ws_url}/close closed by the server (4000 done)" in result.stdout
    assert "no next frame: the conversation is closed" in result.stderr
    # Once the server closed, a frame is refused with one line, and the prompt's state is gone.
    again = run_workbench(args=["--keep-going"], input=script(
        f"ws connect {ws_url}/close", "ws send hi", "expect frame next body contains bye",
        "expect frame next body contains more --within 5s", "ws send again"))
    assert again.returncode == 1
    assert "no WebSocket conversation is open: `ws connect URL` first" in again.stderr


def test_a_refused_upgrade_shows_the_http_response(run_workbench, ws_url):
    result = run_workbench(input=script(f"ws connect {ws_url}/refuse"))
    assert result.returncode == 1
    assert "HTTP/1.1 403 Forbidden" in result.stdout
    assert '"error": "not allowed here"' in result.stdout
    assert "refused the upgrade: HTTP/1.1 403 Forbidden" in result.stderr


def test_a_path_is_taken_against_the_base(run_workbench, ws_url):
    http = ws_url.replace("ws://", "http://")
    result = run_workbench(input=script(f"base {http}", "ws connect /echo", "ws send a", "expect frame next body contains a"))
    assert result.returncode == 0, result
    assert f"connected to {ws_url}/echo" in result.stdout


def test_subprotocols_offered_and_chosen(run_workbench, ws_url):
    result = run_workbench(input=script(f"ws connect {ws_url}/chat --protocol chat.v2 --protocol other"))
    assert result.returncode == 0, result
    assert "subprotocol chat.v2" in result.stdout


def test_wss_with_a_local_certificate(run_workbench, tls):
    url, folder = tls
    untrusted = run_workbench(input=script(f"ws connect {url}/echo"))
    assert untrusted.returncode == 1
    assert "error:" in untrusted.stderr and "certificate" in untrusted.stderr.lower()
    trusted = run_workbench(input=script(
        f"cacert {folder / 'ca.pem'}", f"ws connect {url}/echo", "ws send over tls",
        "expect frame next body contains tls", "ws close"))
    assert trusted.returncode == 0, trusted
    assert f"connected to {url}/echo" in trusted.stdout
    insecure = run_workbench(input=script("insecure on", f"ws connect {url}/echo", "ws close"))
    assert insecure.returncode == 0, insecure


@pytest.fixture(scope="module")
def mutual_tls(tls):
    """A wss server that asks for a client certificate signed by the tests' CA, and one signed by it."""
    _, folder = tls
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", str(folder / "client.key"),
            "-out", str(folder / "client.csr"), "-subj", "/CN=workbench-client")
    openssl("x509", "-req", "-in", str(folder / "client.csr"), "-CA", str(folder / "ca.pem"),
            "-CAkey", str(folder / "ca.key"), "-CAcreateserial", "-days", "1", "-out", str(folder / "client.pem"))
    with _script_server(WS_SERVER, "wss server asking for a client certificate", "--cert", str(folder / "server.pem"),
                        "--key", str(folder / "server.key"), "--client-ca", str(folder / "ca.pem")) as url:
        yield url.replace("http://", "wss://"), folder


def test_wss_with_a_client_certificate(run_workbench, mutual_tls):
    url, folder = mutual_tls
    # Without one, the error names the setting that gives one: the server's TLS alert when it was
    # read, or (TLS 1.3 lets the server refuse after the client's handshake, and it may close
    # before the upgrade is written) the closed connection with what may have closed it.
    refused = run_workbench(input=script(f"cacert {folder / 'ca.pem'}", f"ws connect {url}/peer"))
    assert refused.returncode == 1
    [error] = [line for line in refused.stderr.splitlines() if line.startswith("error:")]
    assert "client certificate" in error and "(`cert FILE [KEY]`)" in error, refused.stderr
    # With `cert`, the handshake presents it (the server saw its name), and a replay does too.
    result = run_workbench(input=script(
        f"cacert {folder / 'ca.pem'}", f"cert {folder / 'client.pem'} {folder / 'client.key'}",
        f"ws connect {url}/peer", "expect frame next body contains peer workbench-client",
        "ws send over mutual tls", "expect frame next body contains mutual", "ws close", "save mtls.json"))
    assert result.returncode == 0, result
    replayed = run_workbench(["replay", "mtls.json"])
    assert replayed.returncode == 0, replayed
    assert "1 passed, 0 failed" in replayed.stdout


def test_credentials_and_cookies_go_to_their_origin_only(run_workbench, ws_url, httpbin, workdir):
    secret = "s3cr3t-bearer-7f9a"
    cookie = "c00kie-value-41d2"
    port = ws_url.rsplit(":", 1)[1]
    result = run_workbench(input=script(
        f"base {httpbin}",
        f"get /cookies/set?session={cookie}",
        f"base http://127.0.0.1:{port}",
        f"auth bearer {secret}",
        "header X-Trace: trace-1",
        "ws connect /headers",
        f'expect frame next json $.authorization == "Bearer {secret}"',
        f'expect frame last json $.cookie == "session={cookie}"',
        'expect frame last json $.trace == "trace-1"',
        "ws last",
        # Another origin (localhost is not 127.0.0.1): no credential, no cookie; the header goes.
        f"ws connect ws://localhost:{port}/headers",
        "expect frame next json $.authorization == null",
        "expect frame last json $.cookie == null",
        'expect frame last json $.trace == "trace-1"',
        "ws frames",
        "save conversation.json",
    ))
    assert result.returncode == 0, result
    for text in (result.stdout, result.stderr):
        assert secret not in text
        assert cookie not in text
    assert secret not in (workdir / "conversation.json").read_text()


def test_a_frame_past_the_message_bound_is_refused(run_workbench, ws_url):
    result = run_workbench(input=script(f"ws connect {ws_url}/big", "expect frame next body contains x --within 20s"))
    assert result.returncode == 1
    assert "closed with 1009" in result.stderr
    assert "a frame of 20.0 MB, larger than the WebSocket message bound (16.0 MB)" in result.stderr


def test_secrets_are_masked_in_frames_shown(run_workbench, ws_url):
    secret = "tok-9c1e5b77"
    result = run_workbench(input=script(
        f"set --secret token {secret}",
        f"ws connect {ws_url}/json",
        'ws send json {"token": "{{token}}"}',
        'expect frame next json $.echo.token == "{{token}}"',
        "capture --secret back frame last $.echo.token",
        "ws frames",
        "ws last",
        "vars",
    ))
    assert result.returncode == 0, result
    assert secret not in result.stdout and secret not in result.stderr
    assert '"token": "****' in result.stdout or "*****" in result.stdout


def test_bad_input_is_one_error_line(run_workbench, ws_url):
    for line, message in [
        ("ws send hi", "no WebSocket conversation is open"),
        ("ws close 999", "expected a close code from 1000 to 4999"),
        ("ws frobnicate", "unknown subcommand"),
        ("ws connect", "expected one URL"),
        ("expect frame soon status 200", "expected next, last or a frame number"),
        ("expect frame next json $.a exists", "no WebSocket conversation yet: `ws connect URL` first"),
        ("expect frame next body contains x --within forever", "expected a duration"),
        ("ws connect /chat", "there is no base"),
        ("ws connect ftp://example.com/chat", "ws connect: unsupported scheme 'ftp' in 'ftp://example.com/chat'"),
    ]:
        result = run_workbench(input=line + "\n")
        assert result.returncode == 1
        errors = [l for l in result.stderr.splitlines() if l.startswith("error:")]
        assert len(errors) == 1 and message in errors[0], (line, result.stderr)


def test_frames_print_above_the_line_being_typed(workbench_bin, workbench_env, workdir, ws_url):
    import pexpect
    import pyte

    screen = pyte.Screen(100, 24)
    stream = pyte.Stream(screen)
    child = spawn_workbench(workbench_bin, dict(workbench_env, NO_COLOR="1"), workdir, width=100)
    try:
        child.expect("> ")
        stream.feed(child.before + child.after)
        child.sendline(f"ws connect {ws_url}/later")
        host = ws_url.replace("ws://", "")
        child.expect_exact(f"ws {host}/later> ")
        stream.feed(child.before + child.after)
        # Typed, not entered, when the server's frame comes half a second after the handshake.
        child.send("ws send hal")
        child.expect_exact("< tick")
        stream.feed(child.before + child.after)
        # The prompt and the line typed so far, drawn again under it.
        child.expect_exact(f"ws {host}/later> ws send hal")
        stream.feed(child.before + child.after)
        lines = [line.rstrip() for line in screen.display]
        assert f"ws {host}/later> ws send hal" in lines, "\n".join(lines)
        prompt_row = lines.index(f"ws {host}/later> ws send hal")
        assert lines[prompt_row - 1] == "< tick", lines
        assert screen.cursor.y == prompt_row and screen.cursor.x == len(f"ws {host}/later> ws send hal")
        # The line typed goes on where it was.
        child.sendline("f")
        child.expect_exact("< half")
        child.sendline("exit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)


def test_frame_text_is_escaped_on_a_terminal(workbench_bin, workbench_env, workdir, ws_url):
    import pexpect

    from conftest import transcript_of

    child = spawn_workbench(workbench_bin, dict(workbench_env, NO_COLOR="1"), workdir)
    transcript = transcript_of(child)
    try:
        child.expect("> ")
        child.sendline(f"ws connect {ws_url}/ansi")
        child.expect_exact("connected to")
        child.sendline("expect frame 2 json $.k exists")
        child.expect_exact("PASS frame 2")
        for line in ("ws frames", "ws last"):
            child.sendline(line)
            child.expect("> ")
        child.sendline("exit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    screen = "".join(transcript)
    # The server's escape sequences, bell and bidi override never reach the terminal as they are:
    # not as frames arrive, not in `ws frames`, not in `ws last`.
    for raw in ("\x1b[31m", "\x1b]0;", "\x07", "\u202e"):
        assert raw not in screen, repr(raw)
    assert screen.count("< red \\x1b[31mX\\x1b[0m and \\u{202e}evil\\x07") == 2, screen
    # JSON is laid out again: what it holds is written in JSON's escapes.
    assert '"k": "\\u001b]0;title\\u0007\\u202e"' in screen.split("ws last")[-1]


def test_a_conversation_is_one_history_entry_saved_loaded_and_replayed(run_workbench, ws_url, workdir):
    secret = "tok-71c0ffee"
    recorded = run_workbench(input=script(
        f"set --secret token {secret}",
        f"ws connect {ws_url}/json",
        'ws send json {"token": "{{token}}", "n": 1}',
        "expect frame next json $.echo.n == 1",
        "capture --secret back frame last $.echo.token",
        "ws send hello",
        "expect frame next json $.n == 2 --within 3s",
        "ws close",
        "history",
        "save conversation.json",
    ))
    assert recorded.returncode == 0, recorded
    assert re.search(r"^1  WS " + re.escape(ws_url) + r"/json  101 .*\(6 frames; 3 checks and captures on frames\)$",
                     recorded.stdout, re.M), recorded.stdout
    saved = (workdir / "conversation.json").read_text()
    assert secret not in saved and secret not in recorded.stdout and secret not in recorded.stderr
    # The handshake is timed as a request is (connecting included), not left at zero.
    import json
    assert json.loads(saved)["requests"][0]["response"]["elapsedMs"] > 0
    assert '"typed": "{\\"token\\": \\"{{token}}\\", \\"n\\": 1}"' in saved
    assert '"expect": "frame next json $.n == 2 --within 3s"' in saved

    # In the REPL: loaded, then replayed (the typed frame expanded again, the checks run).
    replayed = run_workbench(input=script(f"set --secret token {secret}", "load conversation.json",
                                          f"set --secret token {secret}", "replay 1", "history"))
    assert replayed.returncode == 0, replayed
    assert f"PASS 1 WS {ws_url}/json  101" in replayed.stdout
    assert secret not in replayed.stdout and secret not in replayed.stderr

    # From the shell, and a check that no longer holds fails the replay, naming the frame.
    passed = run_workbench(args=["replay", "conversation.json", "--var", f"token={secret}"])
    assert passed.returncode == 0, passed
    assert "1 passed, 0 failed" in passed.stdout
    (workdir / "changed.json").write_text(saved.replace("$.n == 2", "$.n == 3"))
    failed = run_workbench(args=["replay", "changed.json", "--var", f"token={secret}"])
    assert failed.returncode == 1
    assert re.search(r"FAIL 1 WS .*frame 4: json \$\.n == 3", failed.stdout), failed.stdout
    for text in (passed.stdout, passed.stderr, failed.stdout, failed.stderr):
        assert secret not in text


def test_a_recorded_conversation_is_served_as_a_mock(run_workbench, ws_url, workdir, workbench_bin, workbench_env):
    import urllib.error
    import urllib.request

    from test_diff_and_serve import Mock
    from websockets.sync.client import connect

    recorded = run_workbench(input=script(
        f"ws connect {ws_url}/json --protocol chat.v1",
        'ws send json {"n": 1}',
        "expect frame next json $.echo.n == 1",
        "ws send second",
        'expect frame next json $.echo == "second"',
        "ws close",
        "save conversation.json",
    ))
    assert recorded.returncode == 0, recorded
    mock = Mock(workbench_bin, workbench_env, workdir, ["conversation.json"])
    try:
        # The replay, against the mock: the recorded server frames answer each client frame.
        replayed = run_workbench(args=["replay", "conversation.json", "--base", mock.url])
        assert replayed.returncode == 0, replayed
        assert "1 passed, 0 failed" in replayed.stdout
        assert mock.next_line() == "GET /json → 101 (request 1, a WebSocket conversation)"
        assert mock.next_line() == "  conversation ended: 2 recorded frames sent"
        # Another client (the websockets package's): the same answers in the same order.
        with connect(mock.url.replace("http://", "ws://") + "/json", subprotocols=["chat.v1"], open_timeout=5) as client:
            assert client.subprotocol == "chat.v1"
            client.send("anything")
            assert client.recv(timeout=5) == '{"echo": {"n": 1}, "n": 1}'
            client.send("more")
            assert client.recv(timeout=5) == '{"echo": "second", "n": 2}'
        # Plain HTTP to the conversation's path is told to upgrade.
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(mock.url + "/json", timeout=5)
        assert refused.value.code == 426
    finally:
        stop_process(mock.process)


def written_texts(workdir: Path, env: dict[str, str]) -> dict[str, str]:
    """Every file a run wrote: in the working folder and the state folder (history, autosave)."""
    folders = [workdir, Path(env["XDG_STATE_HOME"])]
    return {str(p): p.read_text(errors="replace") for folder in folders for p in folder.rglob("*") if p.is_file()}


def test_ws_connect_goes_through_an_http_proxy(run_workbench, ws_url, tls, workdir, workbench_env):
    # ws and wss through a forward proxy the test runs: the handshake passes the proxy, the
    # proxy's login goes to the proxy only, never to the WebSocket server, the screen or a file.
    from base64 import b64encode
    from forward_proxy import ForwardProxy
    password = "pr0xy-s3cret-5e1c"
    wss_url, folder = tls
    with ForwardProxy(login=f"user:{password}") as proxy:
        result = run_workbench(input=script(
            f"proxy http://user:{password}@127.0.0.1:{proxy.port}",
            f"ws connect {ws_url}/headers",
            "expect frame next json $.proxyAuthorization == null",
            "ws send through the proxy",
            "expect frame next body contains through",
            "ws close",
            f"cacert {folder / 'ca.pem'}",
            f"ws connect {wss_url}/headers",
            "expect frame next json $.proxyAuthorization == null",
            "ws send tunnelled",
            "expect frame next body contains tunnelled",
            "ws close",
            "save s.json",
        ))
        heads = list(proxy.heads)
        # Replayed from the file, the password given again: the same tunnels, the same login.
        replayed = run_workbench(["replay", "s.json", "--var", f"proxy_password={password}"])
        replay_heads = proxy.heads[len(heads):]
    assert result.returncode == 0, result
    assert result.stdout.count("PASS ") == 4
    assert replayed.returncode == 0, replayed
    assert "2 passed, 0 failed" in replayed.stdout
    credential = "Proxy-Authorization: Basic " + b64encode(f"user:{password}".encode()).decode()
    assert [head.split("\r\n")[0] for head in replay_heads] == [head.split("\r\n")[0] for head in heads]
    assert all(credential in head.split("\r\n") for head in replay_heads)
    ws_authority = ws_url.removeprefix("ws://")
    wss_authority = wss_url.removeprefix("wss://")
    # Plain ws: tunnelled too, as browsers do (a forward proxy may not pass an upgrade on).
    [plain] = [head for head in heads if ws_authority in head.split("\r\n")[0]]
    assert plain.startswith(f"CONNECT {ws_authority} HTTP/1.1"), plain
    # wss: a CONNECT tunnel, TLS inside it.
    [secure] = [head for head in heads if wss_authority in head.split("\r\n")[0]]
    assert secure.startswith(f"CONNECT {wss_authority} HTTP/1.1"), secure
    assert credential in plain.split("\r\n") and credential in secure.split("\r\n")
    assert "proxy_password" in (workdir / "s.json").read_text()
    outputs = {"out": result.stdout, "err": result.stderr, "replay": replayed.stdout + replayed.stderr}
    for where, text in {**outputs, **written_texts(workdir, workbench_env)}.items():
        assert password not in text, where
        assert b64encode(f"user:{password}".encode()).decode() not in text, where


def test_export_http_writes_a_conversation_in_the_jetbrains_syntax(run_workbench, ws_url, workdir, workbench_env):
    # WEBSOCKET URL, the handshake's headers, the messages as typed separated by ===, and
    # `=== wait-for-server` where the recording waited for the server; what has no .http form
    # (pings, binary messages, frame checks) on a comment line above the request.
    secret = "ws-http-s3cret-61"
    (workdir / "blob.bin").write_bytes(b"\x00\x01")
    result = run_workbench(input=script(
        f"set --secret token {secret}",
        "set who ana",
        "header X-Trace: t-1",
        f"ws connect {ws_url}/json",
        'ws send json {"name": "{{who}}", "token": "{{token}}"}',
        "expect frame next json $.n == 1",
        "ws send plain",
        "expect frame next json $.n == 2",
        "ws send <<END",
        "two",
        "lines",
        "END",
        "expect frame next json $.n == 3",
        "ws ping",
        "ws send binary @blob.bin",
        "expect frame next json $.n == 4",
        "ws close",
        "export http --session > conversation.http",
    ))
    assert result.returncode == 0, result
    text = (workdir / "conversation.http").read_text()
    for where, written in {"out": result.stdout, "err": result.stderr, **written_texts(workdir, workbench_env)}.items():
        assert secret not in written, where
    request = text.split("# @name r1\n", 1)[1]
    notes, _, rest = request.partition("WEBSOCKET ")
    assert notes.splitlines() == [
        "# not expressible in .http: message 4 is a ping; left out",
        "# not expressible in .http: message 5 is binary (@blob.bin); left out",
        "# not expressible in .http: expect frame next json $.n == 1 (after message 1)",
        "# not expressible in .http: expect frame next json $.n == 2 (after message 2)",
        "# not expressible in .http: expect frame next json $.n == 3 (after message 3)",
        "# not expressible in .http: expect frame next json $.n == 4 (after message 5)",
    ]
    assert rest.splitlines() == [
        f"{ws_url}/json",
        "X-Trace: t-1",
        "",
        '{"name": "{{who}}", "token": "{{token}}"}',
        "=== wait-for-server",
        "plain",
        "=== wait-for-server",
        "two",
        "lines",
        "=== wait-for-server",
    ]


def test_a_conversation_exported_to_http_comes_back_the_same(run_workbench, ws_url, workdir, workbench_env):
    # export http, then the .http reader: replayed from the file against the server, and loaded
    # and saved again, the client's messages (as typed) and the waits are the recording's.
    import json
    secret = "ws-round-trip-s3cret"
    recorded = run_workbench(input=script(
        f"set --secret token {secret}",
        f"ws connect {ws_url}/json",
        'ws send json {"token": "{{token}}", "n": 1}',
        "expect frame next json $.n == 1",
        "ws send <<END",
        "two",
        "lines",
        "END",
        "expect frame next json $.n == 2",
        "ws close",
        "save original.json",
        "export http --session > conversation.http",
    ))
    assert recorded.returncode == 0, recorded
    replayed = run_workbench(["replay", "conversation.http", "--var", f"token={secret}"])
    assert replayed.returncode == 0, replayed
    assert re.search(r"PASS 1 WS ws://\S+/json  101 ", replayed.stdout), replayed.stdout
    loaded = run_workbench(input=script("load conversation.http", "save again.json"))
    assert loaded.returncode == 0, loaded

    def data_frames(name: str) -> list:
        """Who sent each text or binary frame, in order, and what the client typed."""
        [request] = json.loads((workdir / name).read_text())["requests"]
        return [(frame["from"], frame.get("typed")) for frame in request["conversation"]["frames"]
                if frame["type"] in ("text", "binary")]

    assert data_frames("again.json") == data_frames("original.json") == [
        ("client", '{"token": "{{token}}", "n": 1}'), ("server", None), ("client", "two\nlines"), ("server", None)]
    for where, text in {"replay": replayed.stdout + replayed.stderr, "load": loaded.stdout + loaded.stderr,
                        **written_texts(workdir, workbench_env)}.items():
        assert secret not in text, where
