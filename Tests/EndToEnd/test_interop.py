"""Interop with the real tools: a curl command imported with `import curl` (and `workbench import
FILE`) sends what curl itself sends, checked at a local echo server."""
import base64
import os
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import hurl_subset

from conftest import script


def echoed(out: str) -> dict:
    # The reply's pretty JSON starts a line; notes before it may name {{variables}}.
    start = out.index("{\n") if out.startswith("{\n") else out.index("\n{\n") + 1
    return json.loads(out[start:out.rindex("}") + 1])


# Headers each client adds in its own way: the product name, and the encodings its build decodes.
CLIENT_HEADERS = {"user-agent", "accept-encoding"}


def comparable(echo: dict) -> dict:
    return {
        "method": echo["method"], "path": echo["path"], "query": echo["query"],
        # As a multiset: curl writes its implied Content-Type after Content-Length, the workbench before.
        "headers": sorted((name.lower(), value) for name, value in echo["headers"] if name.lower() not in CLIENT_HEADERS),
        "body": echo["body_base64"],
    }


def run_curl(command: str) -> dict:
    completed = subprocess.run(["bash", "-c", command + " -s"], capture_output=True, timeout=30)
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout)


COMMANDS = [
    # As Chrome's "Copy as cURL (bash)" writes it.
    """curl '{server}/echo/items?sig=a%2Bb%2Fc%3D&x=1+2' \\
  -H 'accept: application/json, text/plain, */*' \\
  -H 'content-type: application/json' \\
  -H $'x-note: it\\'s \\u00e9' \\
  --data-raw '{{"name":"ana","tags":["a","b"]}}' \\
  --compressed""",
    "curl -X PUT '{server}/echo/1' -d 'a=1' -d 'b=two words' --data-urlencode 'c=x&y z' -H 'X-Trace: 1'",
    "curl -G '{server}/echo/search' -d q=1 --data-urlencode 'name=a b' -H 'Accept:'",
    "curl -u 'ana:s3 cret' -b 'sid=1; theme=dark' -A 'my agent' -e '{server}/from' '{server}/echo'",
    "curl -I '{server}/echo/head'",
    "curl --json '{{\"a\": [1, 2]}}' '{server}/echo/json'",
    "curl -sSLk -XPATCH -H'X-Empty;' '{server}/echo/p' --data-binary $'line1\\nline2'",
]


@pytest.mark.parametrize("template", COMMANDS)
def test_import_curl_sends_what_curl_sends(run_workbench, server, template):
    command = template.format(server=server)
    if " -I " in command:
        # HEAD has no echo body: compare what the workbench shows with what curl -v sent.
        code, out, err = run_workbench(input=script("import " + command, "show"))
        assert code == 0, err
        verbose = subprocess.run(["bash", "-c", command + " -s -v -o /dev/null"], capture_output=True, timeout=30)
        sent = [line[2:] for line in verbose.stderr.decode().splitlines() if line.startswith("> ") and line[2:]]
        shown = out.split("\n", 1)[1].splitlines()
        strip = lambda lines: [l for l in lines if l.split(":")[0].lower() not in CLIENT_HEADERS]
        assert strip(shown) == strip(sent)
        return
    credentials = " -u " in command or " -b " in command
    code, out, err = run_workbench(input=script("import " + command, *(["show --secrets"] if credentials else []), "send"))
    assert code == 0, err
    assert err == ""
    ours, theirs = comparable(echoed(out)), comparable(run_curl(command))
    # Credentials are secrets once imported: the echo shows them masked, `show --secrets` as they are sent.
    masked = {name for name, value in ours["headers"] if "******" in value}
    assert bool(masked) == credentials
    for name, value in theirs["headers"]:
        if name in masked:
            assert f"\n{name}: {value}\n" in out.lower().replace(value.lower(), value), (name, value, out)
    shown = dict(ours["headers"])
    theirs["headers"] = sorted((name, shown[name] if name in masked else value) for name, value in theirs["headers"])
    assert ours == theirs


def test_import_names_what_it_cannot_import(run_workbench, server):
    code, out, err = run_workbench(input=script(f"import curl --frobnicate -b jar.txt {server}/echo", "send"))
    assert code == 0, err
    assert "warning: -b 'jar.txt': a cookie file is not imported" in out
    assert "warning: not imported (unknown to the workbench): --frobnicate" in out
    assert echoed(out)["method"] == "GET"


def test_import_curl_form_uploads_what_curl_uploads(run_workbench, httpbin, workdir):
    (workdir / "photo.bin").write_bytes(bytes(range(256)) * 4)
    command = (f"curl -F name=ana -F 'photo=@photo.bin;type=application/octet-stream' "
               f"--form-string 'raw=@not-a-file' {httpbin}/post")
    code, out, err = run_workbench(input=script("import " + command, "send"))
    assert code == 0, err
    ours = json.loads(out[out.index("{"):out.rindex("}") + 1])
    theirs = json.loads(subprocess.run(["bash", "-c", command + " -s"], cwd=workdir, capture_output=True,
                                       timeout=30).stdout)
    assert ours["form"] == theirs["form"] == {"name": "ana", "raw": "@not-a-file"}
    assert ours["files"] == theirs["files"] and "photo" in ours["files"]


def test_a_bad_curl_command_is_one_error_and_changes_nothing(run_workbench, server):
    code, out, err = run_workbench(input=script(
        f"base {server}", "path /echo/kept", "import curl -H 'X: 1", "send"), env=None)
    assert code == 1
    # As bash reads it, the quote goes on over the next lines (a JSON body spans lines) until the input ends.
    assert err.strip() == ("error: line 4: end of input inside a quote: unterminated single quote opened at line 1, "
                           "column 16 (bash reads a quote across lines until it closes); the command was not run")
    code, out, err = run_workbench(["--keep-going"], input=script(
        f"base {server}", "path /echo/kept", "import curl -H 'X: 1'", "send"))
    assert "error: line 3: curl: no URL in the command" in err
    assert echoed(out)["path"] == "/echo/kept"


def test_workbench_import_file_saves_a_session_that_replays(run_workbench, server, workdir):
    (workdir / "requests.sh").write_text(
        "# copied from the docs\n"
        f"curl '{server}/echo/a' \\\n  -H 'X-A: 1'\n"
        f"$ curl -X DELETE {server}/echo/b\n")
    code, out, err = run_workbench(["import", "requests.sh", "--output", "imported.json"])
    assert code == 0, err
    assert "imported 2 requests from requests.sh" in err and "saved imported.json: 2 requests" in err
    session = json.loads((workdir / "imported.json").read_text())
    assert [r["endpoint"]["method"] for r in session["requests"]] == ["GET", "DELETE"]
    code, out, err = run_workbench(["replay", "imported.json"])
    assert code == 0, err
    assert out.splitlines()[-1] == "2 passed, 0 failed"
    # A command that cannot be read is left out with one warning; the file is refused only when none can be.
    (workdir / "bad.sh").write_text(f"curl {server}/a\ncurl -X\n")
    code, out, err = run_workbench(["import", "bad.sh", "--output", "some.json"])
    assert code == 0 and "warning: bad.sh: line 2: skipped: curl: -X needs a value" in err
    assert len(json.loads((workdir / "some.json").read_text())["requests"]) == 1
    (workdir / "bad.sh").write_text("curl -X\n")
    code, out, err = run_workbench(["import", "bad.sh", "--output", "never.json"])
    assert code == 2 and err.strip() == "error: bad.sh: line 1: curl: -X needs a value"
    assert not (workdir / "never.json").exists()


# --- .http files ---------------------------------------------------------------------------

CORPUS = Path(__file__).parent / "http"


@pytest.fixture()
def corpus(workdir: Path, server: str) -> Path:
    """The .http corpus beside its env files, pointed at the test server."""
    folder = workdir / "corpus"
    shutil.copytree(CORPUS, folder)
    env = json.loads((folder / "http-client.env.json").read_text())
    env["local"]["base"] = server
    env["local"]["host"] = server.split("://", 1)[1]
    (folder / "http-client.env.json").write_text(json.dumps(env))
    return folder


def echoes(out: str) -> list[dict]:
    """Every /echo reply printed in `out`, in order."""
    found, decoder, index = [], json.JSONDecoder(), 0
    while (start := out.find('{\n  "method"', index)) >= 0:
        value, end = decoder.raw_decode(out, start)
        found.append(value)
        index = end
    return found


def test_replay_a_http_file_with_its_environment(run_workbench, corpus):
    code, out, err = run_workbench(["replay", "corpus.http", "--env", "local"], cwd=corpus,
                                   env={"CORPUS_HOME": "corpus-home-value"})
    assert code == 0, out + err
    assert out.splitlines()[-1] == "8 passed, 0 failed"
    assert "corpus.http:19: response handler skipped (JavaScript does not run in the workbench)" in err
    assert "output redirect `>> ./saved-response.json` skipped" in err
    assert re.search(r"GET \S+/id/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12} ", out), out  # {{$uuid}}
    # The private environment's value is a secret: sent (the login passed), never shown.
    assert "secret" not in out and "secret" not in err.replace("secrets", "")


def test_run_a_http_file_sends_each_request_as_written(run_workbench, corpus):
    code, out, err = run_workbench(["run", "corpus.http", "--env", "local"], cwd=corpus,
                                   env={"CORPUS_HOME": "corpus-home-value"})
    assert code == 0, err
    sent = echoes(out)
    profile, plain, upload, form, hosted, generated = sent
    assert re.fullmatch(r"/echo/id/[0-9a-f-]{36}", generated["path"]), "{{$uuid}} is made when the file is read"
    assert profile["path"] == "/echo/profile" and profile["query"] == "page=2&size=10"
    headers = dict(profile["headers"])
    assert headers["X-Echoed-Type"] == "application/json"
    assert headers["X-Home"] == "******", "an {{env.*}} value is a secret"
    assert plain["method"] == "GET" and plain["path"] == "/echo/plain"
    assert upload["method"] == "PUT" and upload["body"] == "uploaded text\n"
    assert form["body"] == "name=ana&lang=en"
    assert hosted["path"] == "/echo/hosted"
    assert '"user": "ana"' in out, "the chained /me call was answered with the logged-in user"


def test_load_a_http_file_in_the_repl_and_save_it_as_a_session(run_workbench, corpus):
    code, out, err = run_workbench(input=script("load corpus.http --env local", "history", "save s.json"), cwd=corpus)
    assert code == 0, err
    assert "loaded corpus.http: 8 requests" in out
    assert "1  POST" in out and "(captures login_body_data_accessToken, login_header_Content_Type; 1 expectation)" in out
    saved = (corpus / "s.json").read_text()
    # The value "secret" as a JSON string anywhere but as a key (captures carry a `secret` flag).
    assert '"secret"' not in saved.replace('"secret": ', ""), "the private environment's value is never written"
    assert json.loads(saved)["secrets"] == ["password"]


@pytest.mark.parametrize("text, message", [
    ("@x = {{nope}}\nGET {{x}}/x\n", "bad.http: line 1, column 6: unknown variable {{nope}}"),
    ("GET http://h/x\nBad Header\n", "bad.http: line 2, column 1: expected a header NAME: VALUE"),
    ("GET http://h/{{x\n", "bad.http: line 1, column 14: unclosed {{"),
    ("GET http://h/x\nX: {{other.response.body.$.a}}\n", "refers to a request named 'other'"),
    ("FETCH ME http://h/x\n", "bad.http: line 1, column 1: expected METHOD URL [HTTP/VERSION]"),
])
def test_a_bad_http_file_is_one_error_with_its_position(run_workbench, workdir, text, message):
    (workdir / "bad.http").write_text(text)
    code, out, err = run_workbench(input=script("base http://127.0.0.1:9", "load bad.http", "base"))
    assert code == 1
    assert message in err and err.count("error:") == 1
    (workdir / "http-client.env.json").write_text("{not json")
    code, out, err = run_workbench(["replay", "bad.http", "--env", "x"])
    assert code == 2 and "http-client.env.json: not JSON" in err


# --- exports -------------------------------------------------------------------------------

SESSION = [
    "set --secret pw secret",
    "set user ana",
    "method POST", "path /login", "query add lang 'en gb'", "header X-Trace: 1",
    'body json {"username": "{{user}}", "password": "{{pw}}"}',
    "send",
    "capture --secret token $.data.accessToken",
    "expect status 200",
    'expect json $.status == "ok"',
    "reset",
    "header Authorization: Bearer {{token}}",
    "get /me",
    "expect status 200",
    "reset",
    "body form a=1 b='x y'", "method PUT", "path /echo/form",
    "send",
]
# What must never be in an export made without --secrets: the password and the captured token.
LEAKS = ['"password": "secret"', "tok-123"]


def test_export_http_round_trips_through_the_importer(run_workbench, server, workdir):
    code, out, err = run_workbench(input=script(f"base {server}", *SESSION, "export http --session > api.http"))
    assert code == 0, err
    exported = (workdir / "api.http").read_text()
    assert not any(leak in exported for leak in LEAKS) and "{{pw}}" in exported
    assert "Authorization: Bearer {{r1.response.body.$.data.accessToken}}" in exported
    (workdir / "http-client.private.env.json").write_text(json.dumps({"dev": {"pw": "secret"}}))
    # The login passes only with the password, /me only with the token captured from it.
    code, out, err = run_workbench(["replay", "api.http", "--env", "dev"])
    assert code == 0, out + err
    assert out.splitlines()[-1] == "3 passed, 0 failed"
    code, out, err = run_workbench(["run", "api.http", "--env", "dev"])
    assert code == 0, err
    (form,) = echoes(out)
    assert form["method"] == "PUT" and form["body"] == "a=1&b=x+y"


def test_export_curl_and_httpie_send_what_the_workbench_sends(run_workbench, server):
    lines = [f"base {server}", "method PATCH", "path /echo/items", "query add q 'a&b'", "header X-Trace: 1",
             "header rm Accept", 'body json {"a": [1, 2], "s": "it\'s"}']
    code, out, err = run_workbench(input=script(*lines, "send"))
    assert code == 0, err
    ours = comparable(echoed(out))
    for export in ("export curl", "export curl --exact"):
        code, out, err = run_workbench(input=script(*lines, export))
        assert code == 0, err
        assert comparable(run_curl(out.strip())) == ours, export
    code, out, err = run_workbench(input=script(*lines, "export httpie"))
    assert code == 0, err
    completed = subprocess.run(["bash", "-c", out.strip() + " --print=b --ignore-stdin"], capture_output=True, timeout=60)
    assert completed.returncode == 0, completed.stderr
    theirs = comparable(json.loads(completed.stdout))
    # HTTPie adds Connection and its own Accept default; the rest must match.
    theirs["headers"] = [h for h in theirs["headers"] if h[0] not in ("connection", "accept")]
    ours["headers"] = [h for h in ours["headers"] if h[0] != "accept"]
    assert theirs == ours


def test_exports_never_hold_a_secret_unless_asked(run_workbench, server, workdir):
    code, out, err = run_workbench(input=script(
        f"base {server}", *SESSION, "export curl --session", "export httpie --session", "export hurl --session",
        "export http --session", "export curl --session > c.sh", "export hurl --session > h.hurl"))
    assert code == 0, err
    # What the exports printed: everything after the last response (the echo of the form).
    exports = out[out.rindex('"body_base64"'):]
    exports = exports[exports.index("\n}\n") + 3:]
    assert exports.startswith("curl ")
    for text in (exports, err, (workdir / "c.sh").read_text(), (workdir / "h.hurl").read_text()):
        assert not any(leak in text for leak in LEAKS), text
    code, out, err = run_workbench(input=script(f"base {server}", *SESSION, "export curl --session --secrets"))
    assert '"password": "secret"' in out and "Bearer tok-123" in out


# --- export swift --------------------------------------------------------------------------

class RecordingServer:
    """An HTTP/1.1 server on 127.0.0.1 that records every request exactly as received (method,
    raw target, header lines in order, body) and answers each with JSON {"token": "tok-N"}."""

    def __init__(self):
        import http.server
        import threading
        recorded = self.recorded = []

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def handle_one(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                recorded.append({"method": self.command, "target": self.path,
                                 "headers": [(n.lower(), v) for n, v in self.headers.items()], "body": body})
                reply = json.dumps({"token": f"tok-{len(recorded)}"}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(reply)))
                self.end_headers()
                self.wfile.write(reply)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = handle_one

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()


def test_export_swift_compiles_and_sends_the_same_requests(run_workbench, workdir):
    recorder = RecordingServer()
    try:
        code, out, err = run_workbench(input=script(
            f"base {recorder.url}/api/",
            "set --secret pw pa55-swift",
            "set user-name 'ana maria'",
            "method POST", "path /login", "query add lang 'en gb'", "query add a&b 'c=d'",
            "header X-Trace: \"quoted\"",
            'body json {"user": "{{user-name}}", "password": "{{pw}}"}',
            "send",
            "capture --secret token $.token",
            "reset",
            "header Authorization: Bearer {{token}}",
            "header rm Accept",
            "path /users", "path add '{{user-name}}' 'a/b'",
            "query add page 2", "query add page 3",
            "get",
            "reset",
            "body form name='{{user-name}}' note='x&y z'", "method PUT", "path /form",
            "send",
            "export swift --session --runnable > Requests.swift"))
        assert code == 0, err
        source = (workdir / "Requests.swift").read_text()
        assert "pa55-swift" not in source and "tok-1" not in source
        assert "case postLogin(userName: String, pw: String)" in source
        compiled = subprocess.run(["swiftc", "-swift-version", "6", "Requests.swift", "-o", "requests"],
                                  cwd=workdir, capture_output=True, text=True, timeout=300)
        assert compiled.returncode == 0, compiled.stderr
        assert "warning" not in compiled.stderr, compiled.stderr
        by_workbench = list(recorder.recorded)
        recorder.recorded.clear()
        run = subprocess.run([str(workdir / "requests"), recorder.url + "/api"], capture_output=True, text=True,
                             timeout=60, env={**os.environ, "WORKBENCH_VAR_pw": "pa55-swift"})
        assert run.returncode == 0, run.stderr
        assert run.stdout.splitlines() == ["1 POST 200", "2 GET 200", "3 PUT 200"]
        by_swift = recorder.recorded
        assert len(by_swift) == len(by_workbench) == 3
        for ours, theirs in zip(by_workbench, by_swift):
            assert theirs["method"] == ours["method"]
            assert theirs["target"] == ours["target"]
            assert theirs["body"] == ours["body"]
            # Every header line the workbench sent. URLSession keeps headers in a dictionary (so not in the
            # same order) and adds its own Connection, Accept-Language, and Accept where none is set.
            ours_names = {name for name, _ in ours["headers"]}
            own = {"connection", "accept-language", "accept"} - ours_names
            sent = sorted(h for h in theirs["headers"] if h[0] not in own)
            assert sent == sorted(ours["headers"]), (sent, ours["headers"])
        assert by_swift[1]["target"] == "/api/users/ana%20maria/a%2Fb?page=2&page=3"
        assert ("authorization", "Bearer tok-1") in by_swift[1]["headers"], "the token captured from the login"
    finally:
        recorder.close()


def test_export_hurl_parses_and_runs_as_hurl_would(run_workbench, server, workdir):
    code, out, err = run_workbench(input=script(f"base {server}", *SESSION, 'expect json $.body == "a=1&b=x+y"',
                                                "export hurl --session > api.hurl"))
    assert code == 0, err
    text = (workdir / "api.hurl").read_text()
    assert "[Captures]\ntoken: jsonpath \"$.data.accessToken\"" in text
    entries = hurl_subset.parse(text)
    assert [e["method"] for e in entries] == ["POST", "GET", "PUT"]
    assert hurl_subset.run(entries, {"user": "ana", "pw": "secret"}) == []
    # A wrong password makes the exported asserts fail: the checks are real.
    assert hurl_subset.run(hurl_subset.parse(text), {"user": "ana", "pw": "wrong"})


def test_exports_carry_auth_as_references_and_it_still_logs_in(run_workbench, httpbin, workdir):
    """auth basic/bearer/digest in .http (read back by the importer), Hurl ([BasicAuth]) and Swift:
    the password never written, the request still passing httpbin's auth check."""
    code, out, err = run_workbench(input=script(
        f"base {httpbin}",
        # The password in httpbin's path is the secret variable too, so no file holds it.
        "auth basic ana:pw-42x", "get /basic-auth/ana/{{auth_password}}",
        "auth digest ana:pw-42x", "get /digest-auth/auth/ana/{{auth_password}}",
        "auth bearer tok-42x", "get /bearer",
        "export http --session > auth.http", "export hurl --session > auth.hurl",
        "auth basic ana:pw-42x", "get /basic-auth/ana/{{auth_password}}", "export swift --runnable > Auth.swift"))
    assert code == 0, err
    exported = (workdir / "auth.http").read_text()
    hurl = (workdir / "auth.hurl").read_text()
    for text in (exported, hurl, (workdir / "Auth.swift").read_text()):
        assert "pw-42x" not in text and "tok-42x" not in text
    assert "Authorization: Basic ana {{auth_password}}" in exported
    assert "Authorization: Digest ana {{auth_password}}" in exported
    assert "Authorization: Bearer {{auth_token}}" in exported
    assert "[BasicAuth]\nana: {{auth_password}}" in hurl
    (workdir / "http-client.private.env.json").write_text(
        json.dumps({"dev": {"auth_password": "pw-42x", "auth_token": "tok-42x"}}))
    code, out, err = run_workbench(["replay", "auth.http", "--env", "dev"])
    assert code == 0, out + err
    assert out.splitlines()[-1] == "3 passed, 0 failed"
    # The Hurl file's basic-auth request, run by the Hurl-subset reader.
    entries = hurl_subset.parse(hurl)
    assert hurl_subset.run(entries[:1], {"auth_password": "pw-42x"}) == []
    # Without its [BasicAuth] the same entry fails: the section is what logs in.
    without = hurl.replace("[BasicAuth]\nana: {{auth_password}}\n", "", 1)
    assert hurl_subset.run(hurl_subset.parse(without)[:1], {"auth_password": "pw-42x"})
    compiled = subprocess.run(["swiftc", "-swift-version", "6", "Auth.swift", "-o", "auth"], cwd=workdir,
                              capture_output=True, text=True, timeout=300)
    assert compiled.returncode == 0, compiled.stderr
    run = subprocess.run([str(workdir / "auth"), httpbin], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "WORKBENCH_VAR_auth_password": "pw-42x"})
    assert run.stdout.splitlines() == ["1 GET 200"], run.stdout + run.stderr


def test_run_a_http_file_inside_the_repl(run_workbench, corpus):
    code, out, err = run_workbench(input=script("base http://127.0.0.1:9/kept", "run corpus.http --env local", "history",
                                                "base"), cwd=corpus, env={"CORPUS_HOME": "corpus-home-value"})
    assert code == 0, err
    assert "corpus.http: 8 requests, sent in order as history 1-8" in out
    passes = [line for line in out.splitlines() if line.startswith("PASS ")]
    assert len(passes) == 8 and "FAIL" not in out, out
    assert out.rstrip().splitlines()[-1] == "http://127.0.0.1:9/kept", "the request being built stays"
    assert "response handler skipped" in err
