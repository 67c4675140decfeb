"""Edges of what goes on the wire, with the real binary: header values exactly as typed, default
headers that can be removed, the base's trailing slash, lines that are not UTF-8, huge unknown
commands, and `show` naming the proxy a request goes through (checked against what a proxy on
127.0.0.1 really receives)."""
import base64
import json
import socket
import threading

from test_script_mode import script


def echoed(out: str) -> dict:
    return json.loads(out[out.index("{"):out.rindex("}") + 1])


def test_header_values_go_out_verbatim(run_workbench, server):
    code, out, err = run_workbench(input=script(
        f"base {server}",
        'header If-None-Match: "abc"',
        'header X-J: {"a":  1}',
        "header X-Note: it's   spaced",
        "header 'X-Whole: {\"b\": 2}'",
        "get /echo"))
    assert code == 0, err
    sent = dict(echoed(out)["headers"])
    assert sent["If-None-Match"] == '"abc"'
    assert sent["X-J"] == '{"a":  1}'
    assert sent["X-Note"] == "it's   spaced"
    assert sent["X-Whole"] == '{"b": 2}'


def test_default_headers_can_be_removed_and_brought_back(run_workbench, server):
    code, out, err = run_workbench(input=script(
        f"base {server}", "header rm Accept", "header rm User-Agent", "header rm Accept-Encoding", "show", "get /echo"))
    assert code == 0, err
    shown = out.split("HTTP/1.1 200", 1)[0]
    names = [name for name, _ in echoed(out)["headers"]]
    assert names == ["Host"], names
    assert "Accept" not in shown and "User-Agent" not in shown
    code, out, err = run_workbench(input=script(
        f"base {server}", "header rm Accept", "header clear", "get /echo"))
    assert code == 0, err
    assert [name for name, _ in echoed(out)["headers"]] == ["Host", "User-Agent", "Accept", "Accept-Encoding"]


def test_show_lists_headers_in_wire_order(run_workbench, server):
    code, out, err = run_workbench(input=script(
        f"base {server}", "header X-B: 2", "header Host: example.test", "header X-A: 1", "path /echo", "show", "send"))
    assert code == 0, err
    shown = out.split("\nHTTP/1.1 200", 1)[0].splitlines()[1:]
    assert [": ".join(pair) for pair in echoed(out)["headers"]] == shown


def test_the_bases_trailing_slash_is_sent(run_workbench, server):
    code, out, err = run_workbench(input=script(f"base {server}/echo/", "send", "path", "path x", "path"))
    assert code == 0, err
    assert echoed(out)["path"] == "/echo/"
    assert out.rstrip().splitlines()[-2:] == [f"{server}/echo/", f"{server}/echo/x"]


def test_a_line_that_is_not_utf8_is_refused_and_nothing_sent(run_workbench, server):
    data = script(f"base {server}", "path /echo").encode() + b"header X-A: caf\xe9\n" + b"send\n"
    code, out, err = run_workbench(input=data)
    assert code == 1
    errors = [line for line in err.splitlines() if line.startswith("error:")]
    assert errors == ["error: line 3: the line is not valid UTF-8 (byte 0xE9 at column 16): nothing was run; "
                      "values are sent as typed, so lines must be UTF-8"], err
    assert out == ""
    # --keep-going: the rest runs, and the refused header is not there.
    code, out, err = run_workbench(["--keep-going"], input=data)
    assert code == 1
    assert "X-A" not in dict(echoed(out)["headers"])


def test_invalid_utf8_inside_a_body_block_abandons_it(run_workbench, server):
    data = script(f"base {server}", "method POST", "body <<END", "one").encode() + b"tw\xffo\n" + b"END\nshow\n"
    code, out, err = run_workbench(["--keep-going"], input=data)
    assert code == 1
    assert "`body <<END` was abandoned" in err
    assert "one" not in out.split("POST / HTTP/1.1", 1)[-1]


def test_a_huge_unknown_command_gives_one_short_error(run_workbench):
    code, out, err = run_workbench(input="x" * 4_000_000 + "\n", timeout=60)
    assert code == 1
    assert err.startswith("error: line 1: unknown command 'xxxxxxxx") and "(3.8 MB)" in err
    assert len(err) < 300


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
