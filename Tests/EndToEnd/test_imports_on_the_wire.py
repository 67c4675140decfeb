"""Real files as people publish them (issue 38): Postman collections, HAR logs, `.http`
files and curl commands from API docs, each reproduction of the issue checked on the wire
against a recording server on 127.0.0.1 (recorder.py), raw bytes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from recorder import Recorder


@pytest.fixture()
def recorder():
    started = Recorder().start()
    yield started
    started.stop()


def lines(*typed: str) -> str:
    return "\n".join(typed) + "\n"


# Goal 5: a method is never changed by a body.

def test_a_get_with_a_multipart_body_goes_out_as_get(run_workbench, recorder):
    code, out, err = run_workbench(["--keep-going"], input=lines(
        f"base {recorder.url}", "path /form", "method GET", "body multipart a=1", "send --body",
        "method DELETE", "send --body", "method GET", "body form b=2", "send --body"))
    assert "error:" not in err, err
    taken = recorder.taken()
    assert [r.method for r in taken] == ["GET", "DELETE", "GET"]
    assert taken[0].raw.startswith(b"GET /form HTTP/1.1\r\n")
    assert b'name="a"' in taken[0].body and b"\r\n\r\n1\r\n" in taken[0].body
    assert taken[0].header("Content-Type").startswith("multipart/form-data; boundary=")
    assert b'name="a"' in taken[1].body
    assert taken[2].body == b"b=2"


def test_a_files_body_goes_out_with_the_files_get_or_delete(run_workbench, recorder, workdir):
    # curl sends -F parts with `-X GET` as it sends -d data; JetBrains and REST Client send a
    # `.http` file's body with any method.
    (workdir / "c.sh").write_text(f"curl -X GET -F 'a=1' {recorder.url}/curl-get\n")
    (workdir / "r.http").write_text(
        f"GET {recorder.url}/http-get\nContent-Type: application/json\n\n{{\"a\": 1}}\n\n###\n"
        f"DELETE {recorder.url}/http-delete\nContent-Type: text/plain\n\ngone\n")
    code, out, err = run_workbench(["--keep-going"], input=lines(
        "import c.sh", "show", "load r.http", "replay all", "export http"))
    assert "error:" not in err, err
    assert "not sent with GET" not in out, out
    taken = {r.target: r for r in recorder.taken()}
    assert [r.method for r in recorder.taken()] == ["GET", "DELETE"]
    assert taken["/http-get"].body == b'{"a": 1}' and taken["/http-delete"].body == b"gone"
    recorder.clear()
    code, out, err = run_workbench(["--keep-going"], input=lines("import c.sh", "send"))
    curl_get = recorder.taken()[0]
    assert curl_get.raw.startswith(b"GET /curl-get HTTP/1.1\r\n") and b'name="a"\r\n\r\n1\r\n' in curl_get.body


def postman(url: str, items: list, **extra) -> dict:
    document = {"info": {"name": "Real", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
                "item": items}
    document.update(extra)
    return document


def test_postman_prunes_a_get_body_as_its_runtime_does(run_workbench, recorder, workdir):
    # Old exports keep an empty form-data body on GETs; Postman sends a plain GET.
    items = [
        {"name": "Empty form", "request": {"method": "GET", "url": f"{recorder.url}/empty",
                                           "body": {"mode": "formdata", "formdata": []}}},
        {"name": "Pruned", "request": {"method": "GET", "url": f"{recorder.url}/pruned",
                                       "body": {"mode": "raw", "raw": "{\"a\": 1}"}}},
        {"name": "Kept", "protocolProfileBehavior": {"disableBodyPruning": True},
         "request": {"method": "GET", "url": f"{recorder.url}/kept",
                     "body": {"mode": "formdata", "formdata": [{"key": "a", "value": "1", "type": "text"}]}}},
        {"name": "Delete", "request": {"method": "DELETE", "url": f"{recorder.url}/delete",
                                       "body": {"mode": "raw", "raw": "gone"}}},
    ]
    (workdir / "c.json").write_text(json.dumps(postman(recorder.url, items)))
    code, out, err = run_workbench(["--keep-going"], input=lines("import c.json", "replay all"))
    assert "error:" not in err, err
    assert "'Pruned': its GET body is left out, as Postman leaves it out" in out
    assert "'Empty form'" not in out
    taken = {r.target: r for r in recorder.taken()}
    assert [r.method for r in recorder.taken()] == ["GET", "GET", "GET", "DELETE"]
    assert taken["/empty"].body == b"" and taken["/empty"].header("Content-Type") is None
    assert taken["/empty"].raw.startswith(b"GET /empty HTTP/1.1\r\n")
    assert taken["/pruned"].body == b""
    assert taken["/kept"].raw.startswith(b"GET /kept HTTP/1.1\r\n") and b'name="a"' in taken["/kept"].body
    assert taken["/delete"].body == b"gone"


# Goal 2 and curl's quoting: commands as API docs publish them, next to curl itself.

CLIENT_HEADERS = {"user-agent", "accept-encoding"}
DOC_TOKEN = "dop_v1_secret-5f1e"


def doc_command(url: str) -> str:
    # As DigitalOcean's docs write them: $TOKEN in double quotes, JSON spanning lines.
    return (
        "curl -X POST \\\n"
        '  -H "Content-Type: application/json" \\\n'
        '  -H "Authorization: Bearer $DIGITALOCEAN_TOKEN" \\\n'
        "  -d '{\n"
        '    "name": "example.com",\n'
        '    "tags": ["web"]\n'
        "  }' \\\n"
        f'  "{url}/v2/droplets?page=${{PAGE}}"\n'
    )


def wire(recorded) -> tuple:
    headers = [(k.lower(), v) for k, v in recorded.headers if k.lower() not in CLIENT_HEADERS]
    return recorded.method, recorded.target, sorted(headers), recorded.body


def run_curl(command: str, env: dict, cwd: Path) -> None:
    import subprocess
    subprocess.run(["bash", "-c", command.replace("curl ", "curl -s -o /dev/null ", 1)], env=env, cwd=cwd,
                   check=True, timeout=30)


def test_a_doc_curl_command_reads_the_environment_and_spans_lines(run_workbench, recorder, workdir, workbench_env):
    import os
    (workdir / "docs.sh").write_text(doc_command(recorder.url))
    env = {"DIGITALOCEAN_TOKEN": DOC_TOKEN, "PAGE": "2"}
    code, out, err = run_workbench(["--keep-going"], input=lines("import docs.sh", "show", "replay all", "save s.json"), env=env)
    assert "error:" not in err, err
    notes = [line for line in out.splitlines() if line.startswith("note:")]
    assert notes == ["note: docs.sh: $DIGITALOCEAN_TOKEN is {{env.DIGITALOCEAN_TOKEN}}, $PAGE is {{env.PAGE}}: "
                     "read from the environment when sent, and masked as a secret"], out
    assert DOC_TOKEN not in out + err and DOC_TOKEN not in (workdir / "s.json").read_text()
    ours = recorder.taken()
    assert len(ours) == 1 and ours[0].header("Authorization") == f"Bearer {DOC_TOKEN}"
    recorder.clear()
    run_curl(doc_command(recorder.url), {**os.environ, **env}, workdir)
    theirs = recorder.taken()
    assert wire(ours[0]) == wire(theirs[0])


def test_a_multi_line_quote_is_read_in_the_repl_and_a_bad_one_named(run_workbench, recorder):
    code, out, err = run_workbench(["--keep-going"], input=lines(
        f"import curl {recorder.url}/q -H 'Content-Type: application/json' -d '{{", '  "a": 1', "}'", "send"))
    assert "error:" not in err, err
    assert recorder.taken()[0].body == b'{\n  "a": 1\n}'
    code, out, err = run_workbench(input=lines(f"import curl {recorder.url}/q -d '{{", '"a": 1'))
    assert code == 1
    assert err.strip() == ("error: line 2: end of input inside a quote: unterminated single quote opened at line 1, column "
                           f"{len(f'import curl {recorder.url}/q -d ') + 1} (bash reads a quote across lines until it "
                           "closes); the command was not run")


def test_a_doc_command_pasted_into_the_repl_on_a_terminal(workbench_bin, workbench_env, workdir, recorder):
    # As a user pastes it from the docs: continuations, a quote over lines, $TOKEN in double quotes.
    from conftest import spawn_repl
    child, transcript = spawn_repl(workbench_bin, dict(workbench_env, DIGITALOCEAN_TOKEN=DOC_TOKEN, PAGE="2"), workdir, recorder.url)
    try:
        pasted = doc_command(recorder.url).replace("curl ", "import curl ", 1).rstrip("\n").split("\n")
        for index, line in enumerate(pasted):
            child.sendline(line)
            # Each line but the last leaves the command open: the REPL asks for more.
            child.expect("\\.\\.\\.> " if index < len(pasted) - 1 else "\\[json \\d+ bytes\\]> ")
        child.sendline("send")
        child.expect("\\[json \\d+ bytes\\]> ")
        child.sendline("show")
        child.expect("\\[json \\d+ bytes\\]> ")
    finally:
        child.close(force=True)
    screen = "".join(transcript)
    assert "note: $DIGITALOCEAN_TOKEN is {{env.DIGITALOCEAN_TOKEN}}" in screen, screen
    assert DOC_TOKEN not in screen and "Authorization: Bearer ******" in screen, screen
    sent = recorder.taken()
    assert len(sent) == 1 and sent[0].method == "POST" and sent[0].target == "/v2/droplets?page=2"
    assert sent[0].header("Authorization") == f"Bearer {DOC_TOKEN}"
    assert json.loads(sent[0].body) == {"name": "example.com", "tags": ["web"]}


def test_a_typed_authorization_wins_over_u_and_a_form_part_takes_its_type(run_workbench, recorder, workdir):
    import os
    command = (f"curl {recorder.url}/up -u user:pw -H 'Authorization: Bearer typed-tok' "
               "-F 'meta={\"a\":1};type=application/json' -F 'note=hi;filename=x.txt' -F 'plain=a b'")
    (workdir / "c.sh").write_text(command + "\n")
    code, out, err = run_workbench(["--keep-going"], input=lines("import c.sh", "replay all"))
    assert "error:" not in err, err
    assert "-u is not used: the Authorization header given with -H is sent, as curl sends it" in out
    ours = recorder.taken()[0]
    assert ours.header("Authorization") == "Bearer typed-tok"
    assert b'Content-Disposition: form-data; name="meta"\r\nContent-Type: application/json\r\n\r\n{"a":1}\r\n' in ours.body
    assert b";type=" not in ours.body
    recorder.clear()
    run_curl(command, dict(os.environ), workdir)
    theirs = recorder.taken()[0]
    assert theirs.header("Authorization") == "Bearer typed-tok"
    assert b'name="meta"\r\nContent-Type: application/json\r\n\r\n{"a":1}\r\n' in theirs.body


def test_u_with_oauth2_bearer_sends_the_bearer_as_curl_does_and_the_warning_names_it(run_workbench, recorder,
                                                                                      workdir):
    import os
    command = f"curl {recorder.url}/both -u ana:pw-U --oauth2-bearer tok-BEARER"
    (workdir / "c.sh").write_text(command + "\n")
    code, out, err = run_workbench(["--keep-going"], input=lines("import c.sh", "replay all"))
    assert "error:" not in err, err
    # No -H was typed: the warning names the option that was.
    assert "-u is not used: the bearer token given with --oauth2-bearer is sent, as curl sends it" in out, out
    assert "-H" not in out and "tok-BEARER" not in out + err, out
    (ours,) = recorder.taken()
    recorder.clear()
    run_curl(command, dict(os.environ), workdir)
    (theirs,) = recorder.taken()
    # curl 7.88 picks Bearer, the one auth --oauth2-bearer asks for, over -u's Basic.
    assert theirs.header("Authorization") == "Bearer tok-BEARER"
    assert ours.header("Authorization") == theirs.header("Authorization")


@pytest.mark.parametrize("options, warning", [
    # A typed Authorization header is what curl sends; --oauth2-bearer's goes unused.
    ("-H 'Authorization: Token typed-T' --oauth2-bearer tok-B",
     "--oauth2-bearer is not used: the Authorization header given with -H is sent, as curl sends it"),
    ("-u ana:pw-U -H 'Authorization: Token typed-T' --oauth2-bearer tok-B",
     "-u is not used: the Authorization header given with -H is sent, as curl sends it"),
    # Given twice, the last token is the one curl sends, once.
    ("--oauth2-bearer tok-first --oauth2-bearer tok-B", None),
])
def test_oauth2_bearer_beside_a_typed_authorization_sends_one_header_as_curl_does(run_workbench, recorder, workdir,
                                                                                   options, warning):
    import os
    command = f"curl {recorder.url}/auth {options}"
    (workdir / "c.sh").write_text(command + "\n")
    code, out, err = run_workbench(["--keep-going"], input=lines("import c.sh", "replay all"))
    assert "error:" not in err, err
    if warning:
        assert warning in out, out
    assert not any(secret in out + err for secret in ("tok-B", "tok-first", "typed-T", "pw-U")), out + err
    (ours,) = recorder.taken()
    recorder.clear()
    run_curl(command, dict(os.environ), workdir)
    (theirs,) = recorder.taken()
    authorization = [[v for k, v in wire(sent)[2] if k == "authorization"] for sent in (ours, theirs)]
    assert authorization[0] == authorization[1] and len(authorization[1]) == 1, authorization


def as_sent(recorded) -> tuple:
    # wire(), with a multipart boundary (random in both clients) compared as one word.
    import re
    boundary = re.search(r"boundary=(\S+)", recorded.header("Content-Type") or "")
    method, target, headers, body = wire(recorded)
    headers = [(k, v) for k, v in headers if k != "expect"]  # libcurl's choice for an upload, not the command's
    if boundary:
        headers = [(k, v.replace(boundary.group(1), "B")) for k, v in headers]
        body = body.replace(boundary.group(1).encode(), b"B")
    return method, target, headers, body


@pytest.mark.parametrize("command", [
    # Postman's "Copy as cURL" quotes form values and file names.
    "curl --location '{url}/form' --form 'file=@\"{dir}/my notes.md\"' --form 'name=\"hello world\"'",
    # Without ;type=, curl types a file part from its own short list, else application/octet-stream.
    "curl {url}/files -F purpose=fine-tune -F file=@data.jsonl -F img=@pic.PNG -F t=@n.txt -F c=@a.csv",
    "curl {url}/named -F 'img=@pic.PNG;filename=p.png' -F 'note=inline text;filename=\"my note.txt\";type=text/plain'",
    # -d @FILE: curl reads the file and leaves its newlines out; joined with the other -d by '&'.
    "curl -X POST {url}/d -H 'Content-Type: application/json' -d @body.json",
    "curl {url}/d2 -d @form.txt -d more=1",
    # -T: the file by PUT (or -X), its name put after a URL ending in '/'.
    "curl -T payload {url}/upload/",
    "curl -X POST --upload-file payload '{url}/up?x=1'",
])
def test_doc_forms_and_data_files_go_out_as_curl_sends_them(run_workbench, recorder, workdir, command):
    import os
    (workdir / "my notes.md").write_text("# notes\n")
    (workdir / "data.jsonl").write_text('{"prompt": "x"}\n{"prompt": "y"}\n')
    (workdir / "pic.PNG").write_bytes(b"PNG")
    (workdir / "n.txt").write_text("hi\n")
    (workdir / "a.csv").write_text("a,b\n")
    (workdir / "body.json").write_text('{\r\n  "a": 1\r\n}\n')
    (workdir / "form.txt").write_text("x=1\ny=2\n")
    (workdir / "payload").write_bytes(b"raw\x00bytes\n")
    command = command.format(url=recorder.url, dir=workdir)
    (workdir / "c.sh").write_text(command + "\n")
    code, out, err = run_workbench(["--keep-going"], input=lines("import c.sh", "replay all"))
    assert "error:" not in err and "warning:" not in out, out + err
    ours = recorder.taken()
    recorder.clear()
    run_curl(command, dict(os.environ), workdir)
    theirs = recorder.taken()
    assert len(ours) == len(theirs) == 1
    assert as_sent(ours[0]) == as_sent(theirs[0])


def test_a_curl_file_skips_what_it_cannot_read_and_names_the_line(run_workbench, recorder, workdir):
    (workdir / "mixed.sh").write_text(
        "export TOKEN=abc\n"
        f"curl {recorder.url}/one\n"
        "curl -m nope http://x/\n"
        f"curl {recorder.url}/two\n")
    code, out, err = run_workbench(["--keep-going"], input=lines("import mixed.sh", "replay all"))
    assert "error:" not in err, err
    assert "imported 2 requests from mixed.sh (curl commands)" in out
    assert "warning: mixed.sh: line 1: skipped: expected a curl command, got 'export'" in out
    assert "warning: mixed.sh: line 3: skipped: curl: -m expects seconds, got 'nope'" in out
    assert [r.target for r in recorder.taken()] == ["/one", "/two"]
    (workdir / "none.sh").write_text("echo hi\n")
    code, out, err = run_workbench(input=lines("import none.sh"))
    assert err.strip() == "error: line 1: none.sh: line 1: expected a curl command, got 'echo'"


def test_a_doc_commands_own_braces_go_out_as_text(run_workbench, recorder, workdir):
    # OpenAI's eval and grader docs send mustache templates in their JSON; curl sends them as
    # they are, while $TOKEN still becomes {{env.TOKEN}}.
    import os
    command = (f'curl {recorder.url}/v1/evals -H "Authorization: Bearer $DOC_TOKEN" -H "X-T: {{{{keep}}}}" '
               "-d '{\"content\": \"Statement: {{item.input}}\", \"grade\": \"{{ sample.output_text }}\"}'")
    (workdir / "e.sh").write_text(command + "\n")
    env = {"DOC_TOKEN": DOC_TOKEN}
    code, out, err = run_workbench(["--keep-going"], input=lines(
        "import e.sh", "replay all", "save s.json", f"import curl {recorder.url}/typed -d '{{{{a}}}}'", "send"), env=env)
    assert "error:" not in err, err
    code, replayed, err = run_workbench(["replay", "s.json"], env=env)
    assert code == 0, replayed + err
    ours, typed, again = recorder.taken()
    assert typed.body == b"{{a}}"
    recorder.clear()
    run_curl(command, {**os.environ, **env}, workdir)
    theirs = recorder.taken()[0]
    assert wire(ours) == wire(theirs) == wire(again)
    assert theirs.body == b'{"content": "Statement: {{item.input}}", "grade": "{{ sample.output_text }}"}'


def test_a_bash_default_or_pattern_is_refused_not_sent_as_written(run_workbench, recorder, workdir):
    # bash sends KEY's value or "default"; `${KEY:-default}` on the wire would be neither.
    (workdir / "d.sh").write_text(f'curl -H "X-K: ${{KEY:-default}}" {recorder.url}/one\ncurl {recorder.url}/two\n')
    code, out, err = run_workbench(["--keep-going"], input=lines("import d.sh", "replay all"), env={"KEY": "k"})
    assert "error:" not in err, err
    assert ("warning: d.sh: line 1: skipped: ${KEY:-default} at column 15: bash works out a default or a pattern "
            "there, which the import cannot keep: write $KEY (read from the environment when sent) or the value") in out
    assert [r.target for r in recorder.taken()] == ["/two"]


# Goal 3: a byte-order mark at the start of any input file.

BOM = b"\xef\xbb\xbf"


def test_a_byte_order_mark_is_accepted_in_every_input_file(run_workbench, recorder, workdir):
    har = {"log": {"version": "1.2", "creator": {"name": "Fiddler", "version": "5"}, "entries": [
        {"request": {"method": "GET", "url": f"{recorder.url}/har", "httpVersion": "HTTP/1.1", "headers": [],
                     "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
         "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "headers": [], "cookies": [],
                      "content": {"size": 0, "mimeType": "text/plain"}, "redirectURL": "", "headersSize": -1, "bodySize": 0},
         "startedDateTime": "2026-01-01T00:00:00Z", "time": 1, "cache": {}, "timings": {"send": 0, "wait": 1, "receive": 0}}]}}
    files = {
        "f.har": json.dumps(har),
        "c.json": json.dumps(postman(recorder.url, [{"name": "P", "request": {"method": "GET", "url": f"{recorder.url}/postman"}}])),
        "r.http": f"GET {recorder.url}/http\n",
        "c.sh": f"curl {recorder.url}/curl\n",
        "api.yaml": "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths:\n  /pets:\n    get:\n      responses: {'200': {description: ok}}\n",
    }
    for name, text in files.items():
        (workdir / name).write_bytes(BOM + text.encode())
    code, out, err = run_workbench(["--keep-going"], input=lines(
        "load r.http", "import f.har", "import c.json", "import c.sh", "replay all", "openapi api.yaml", "save s.json"))
    assert "error:" not in err, err
    assert sorted(r.target for r in recorder.taken()) == ["/curl", "/har", "/http", "/postman"]
    (workdir / "s2.json").write_bytes(BOM + (workdir / "s.json").read_bytes())
    code, out, err = run_workbench(["--keep-going"], input=lines("load s2.json", "history"))
    assert "error:" not in err, err


def test_a_byte_order_mark_is_accepted_in_env_files_dotenv_and_scripts(run_workbench, recorder, workdir):
    # Notepad and Fiddler write one before JSON and text alike.
    (workdir / "http-client.env.json").write_bytes(BOM + json.dumps({"dev": {"host": recorder.url}}).encode())
    (workdir / "http-client.private.env.json").write_bytes(BOM + json.dumps({"dev": {"tok": "private-tok"}}).encode())
    (workdir / "r.http").write_text("GET {{host}}/env?t={{tok}}\n")
    (workdir / "d").mkdir()
    (workdir / "d" / ".env").write_bytes(BOM + f"dotenv_host={recorder.url}\n".encode())
    (workdir / "d" / "r.http").write_text("GET {{dotenv_host}}/dotenv\n")
    (workdir / "s.wb").write_bytes(BOM + f"base {recorder.url}\nget /script\n".encode())
    code, out, err = run_workbench(["--keep-going"], input=lines(
        "load r.http --env dev", "replay all", "load d/r.http", "replay all", "run s.wb"))
    assert "error:" not in err, err
    code, out, err = run_workbench(["run", "s.wb"])
    assert code == 0, err
    code, out, err = run_workbench(input=BOM + lines(f"base {recorder.url}", "get /stdin").encode())
    assert code == 0, err
    assert [r.target for r in recorder.taken()] == ["/env?t=private-tok", "/dotenv", "/script", "/script", "/stdin"]


# Goal 4: one unreadable entry, item or request is skipped with one warning naming it.

def har_entry(method: str, url: str, status: int = 200, text: str | None = None, mime: str = "application/json") -> dict:
    content = {"size": len(text or ""), "mimeType": mime}
    if text is not None:
        content["text"] = text
    return {"startedDateTime": "2026-01-01T00:00:00Z", "time": 1, "cache": {}, "timings": {"send": 0, "wait": 1, "receive": 0},
            "request": {"method": method, "url": url, "httpVersion": "HTTP/1.1", "headers": [], "queryString": [],
                        "cookies": [], "headersSize": -1, "bodySize": 0},
            "response": {"status": status, "statusText": "", "httpVersion": "HTTP/1.1", "headers": [], "cookies": [],
                         "content": content, "redirectURL": "", "headersSize": -1, "bodySize": -1}}


def har(entries: list) -> dict:
    return {"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": entries}}


def test_a_har_with_odd_entries_imports_the_rest(run_workbench, recorder, workdir):
    entries = [har_entry("GET", f"{recorder.url}/a"), har_entry("GET", "data:image/png;base64,iVBORw0KGgo="),
               har_entry("GET", "/relative/path"), har_entry("GET", f"{recorder.url}/b")]
    (workdir / "odd.har").write_text(json.dumps(har(entries)))
    code, out, err = run_workbench(["--keep-going"], input=lines("import odd.har", "replay all"))
    assert "error:" not in err, err
    assert "imported 2 requests from odd.har (a HAR log)" in out
    assert "warning: odd.har: entry 2 ('GET data:image/png;base64,iVBORw0KGgo='): url 'data:image/png;base64,iVBORw0KGgo=' is not http(s); skipped" in out
    assert "warning: odd.har: entry 3 ('GET /relative/path'): url '/relative/path' is not http(s); skipped" in out
    assert [r.target for r in recorder.taken()] == ["/a", "/b"]
    (workdir / "none.har").write_text(json.dumps(har([har_entry("GET", "data:,x")])))
    code, out, err = run_workbench(input=lines("import none.har"))
    assert err.strip() == "error: line 1: none.har: entry 1 ('GET data:,x'): url 'data:,x' is not http(s)"


def test_a_collection_with_one_blank_url_imports_the_rest(run_workbench, recorder, workdir):
    items = [{"name": "One", "request": {"method": "GET", "url": f"{recorder.url}/one"}},
             {"name": "Blank", "request": {"method": "GET", "url": {"raw": ""}}},
             {"name": "Two", "request": {"method": "GET", "url": f"{recorder.url}/two"}}]
    (workdir / "c.json").write_text(json.dumps(postman(recorder.url, items)))
    code, out, err = run_workbench(["--keep-going"], input=lines("import c.json", "replay all"))
    assert "error:" not in err, err
    assert "imported 2 requests from c.json" in out
    skipped = [line for line in out.splitlines() if "skipped" in line]
    assert len(skipped) == 1 and skipped[0].startswith("warning: c.json: request 2 'Blank': "), out
    assert [r.target for r in recorder.taken()] == ["/one", "/two"]


# Goal 9: a file another command reads is pointed there; JSONP HAR files are read.

def test_import_points_to_the_command_that_reads_the_file(run_workbench, recorder, workdir):
    (workdir / "openapi.yaml").write_text("# the shop\nopenapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\n")
    (workdir / "spec.json").write_text(json.dumps({"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {}}))
    (workdir / "r.http").write_text(f"GET {recorder.url}/x\n")
    for name, expected in [("openapi.yaml", "openapi.yaml: an OpenAPI description, not requests: `openapi openapi.yaml` reads it"),
                           ("spec.json", "spec.json: an OpenAPI description, not requests: `openapi spec.json` reads it"),
                           ("r.http", "r.http: a .http file: `load r.http` reads it")]:
        code, out, err = run_workbench(input=lines(f"import {name}"))
        assert err.startswith(f"error: line 1: {expected}"), err
    (workdir / "log.harp").write_text("onInputData(" + json.dumps(har([har_entry("GET", f"{recorder.url}/jsonp")])) + ");\n")
    code, out, err = run_workbench(["--keep-going"], input=lines("import log.harp", "replay all"))
    assert "error:" not in err, err
    assert [r.target for r in recorder.taken()] == ["/jsonp"]


# .http files as JetBrains and VS Code REST Client users write them.

def test_every_dynamic_value_of_http_files_in_the_repl_unquoted(run_workbench, recorder):
    # The REPL makes what `.http` files make, and a reference with spaces is one word.
    import re
    code, out, err = run_workbench(["--keep-going"], input=lines(
        f"base {recorder.url}", "header X-Date: {{$datetime rfc1123 1 d}}",
        "get /c?y={{$datetime 'YYYY' 1 y}}&e={{$random.email}}&t={{$timestamp -1 d}}&h={{$random.hexadecimal(4)}}",
        "save s.json"))
    assert "error:" not in err, err
    sent = recorder.taken()[0]
    assert re.fullmatch(r"/c\?y=\d{4}&e=[a-z]+\.[a-z]+\d+@example\.com&t=\d{10}&h=[0-9a-f]{4}", sent.target), sent.target
    assert re.fullmatch(r"[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT", sent.header("X-Date"))
    # Saved as references: a replay makes fresh values.
    recorder.clear()
    code, out, err = run_workbench(["replay", "s.json"])
    assert code == 0, out + err
    assert recorder.taken()[0].target != sent.target


def test_http_files_as_jetbrains_and_rest_client_write_them(run_workbench, recorder, workdir):
    (workdir / "http-client.env.json").write_text(json.dumps({"dev": {"token": "from-env", "envName": "WB_PROCESS_VALUE"}}))
    (workdir / "api.http").write_text(
        "@token = {{token}}\n"
        "# @name Token (RequestBody)\n"
        f"GET {recorder.url}/one?n={{{{$randomInt 1 9}}}}&t={{{{$timestamp -1 d}}}}\n"
        "X-Date: {{$datetime rfc1123 1 d}}\n"
        "X-Iso: {{$datetime iso8601}}\n"
        "X-Local: {{$localDatetime 'YYYY-MM-DD'}}\n"
        "X-Custom: {{$datetime \"DD.MM.YYYY HH:mm\" -2 h}}\n"
        "X-Email: {{$random.email}}\n"
        "X-Hex: {{$random.hexadecimal(8)}}\n"
        "X-Env: {{$processEnv %envName}}\n"
        "Authorization: Bearer {{token}}\n"
        "\n"
        "@after = set-after\n"
        "\n"
        "###\n"
        f"GET {recorder.url}/two/{{{{after}}}}\n")
    code, out, err = run_workbench(["--keep-going"], input=lines("load api.http --env dev", "replay all"),
                                   env={"WB_PROCESS_VALUE": "proc-42"})
    assert "error:" not in err, err
    one, two = recorder.taken()
    import re
    assert re.fullmatch(r"/one\?n=[1-8]&t=\d{10}", one.target), one.target
    assert re.fullmatch(r"[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT", one.header("X-Date"))
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", one.header("X-Iso"))
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", one.header("X-Local"))
    assert re.fullmatch(r"\d\d\.\d\d\.\d{4} \d\d:\d\d", one.header("X-Custom"))
    assert re.fullmatch(r"[a-z]+\.[a-z]+\d+@example\.com", one.header("X-Email"))
    assert re.fullmatch(r"[0-9a-f]{8}", one.header("X-Hex"))
    assert one.header("X-Env") == "proc-42"
    assert one.header("Authorization") == "Bearer from-env"
    assert two.target == "/two/set-after"


def test_a_multipart_body_sends_its_files_in_place_of_their_lines(run_workbench, recorder, workdir):
    # JetBrains' and REST Client's upload: `< ./file` inside a part is the file's bytes, parts
    # framed with CRLF; the request's boundary is the client's own.
    (workdir / "files").mkdir()
    (workdir / "files" / "payload.json").write_text('{"from": "file"}\n')
    (workdir / "files" / "logo.png").write_bytes(b"\x89PNG\r\n\x00\xff")
    (workdir / "files" / "up.http").write_text(
        "@who = ana\n"
        f"POST {recorder.url}/upload\n"
        "Content-Type: multipart/form-data; boundary=WebAppBoundary\n"
        "\n"
        "--WebAppBoundary\n"
        'Content-Disposition: form-data; name="field-name"\n'
        "\n"
        "hello {{who}}\n"
        "--WebAppBoundary\n"
        'Content-Disposition: form-data; name="data"; filename="data.json"\n'
        "Content-Type: application/json\n"
        "\n"
        "< ./payload.json\n"
        "--WebAppBoundary\n"
        'Content-Disposition: form-data; name="image"; filename="logo.png"\n'
        "Content-Type: image/png\n"
        "\n"
        "< ./logo.png\n"
        "--WebAppBoundary\n"
        'Content-Disposition: form-data; name="note"; filename="a.txt"\n'
        "Content-Type: text/plain\n"
        "\n"
        "inline text\n"
        "--WebAppBoundary--\n")
    code, out, err = run_workbench(["--keep-going"], input=lines(
        "load files/up.http", "replay all", "export http > back.http", "load back.http", "replay all"))
    assert "error:" not in err, err
    first, again = recorder.taken()
    boundary = first.header("Content-Type").split("boundary=")[1]
    assert boundary != "WebAppBoundary"
    assert first.body == (
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"field-name\"\r\n\r\nhello ana\r\n"
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"data\"; filename=\"data.json\"\r\n"
        f"Content-Type: application/json\r\n\r\n{{\"from\": \"file\"}}\n\r\n"
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"image\"; filename=\"logo.png\"\r\n"
        f"Content-Type: image/png\r\n\r\n").encode() + b"\x89PNG\r\n\x00\xff" + (
        f"\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"note\"; filename=\"a.txt\"\r\n"
        f"Content-Type: text/plain\r\n\r\ninline text\r\n--{boundary}--\r\n").encode()
    # Written back as the clients write it, it sends the same parts.
    assert "< files/logo.png" in (workdir / "back.http").read_text()
    assert as_sent(again)[3].replace(again.header("Content-Type").split("boundary=")[1].encode(), b"B") == \
        first.body.replace(boundary.encode(), b"B")


def test_a_form_body_over_lines_goes_as_one_line_as_rest_client_sends_it(run_workbench, recorder, workdir):
    (workdir / "f.http").write_text(
        f"POST {recorder.url}/login\nContent-Type: application/x-www-form-urlencoded\n\nname=foo\n&password=bar\n"
        f"\n###\nPOST {recorder.url}/text\nContent-Type: text/plain\n\nline one\n&line two\n")
    code, out, err = run_workbench(["--keep-going"], input=lines("load f.http", "replay all"))
    assert "error:" not in err, err
    assert [r.body for r in recorder.taken()] == [b"name=foo&password=bar", b"line one\n&line two"]


def test_request_lines_one_under_the_other_are_requests_of_their_own(run_workbench, recorder, workdir):
    # As httpyac's own examples write them.
    (workdir / "r.http").write_text(f"@host={recorder.url}\n###\nGET /actuator/info\nGET /actuator/env\nX-A: 1\n")
    code, out, err = run_workbench(["--keep-going"], input=lines("load r.http", "replay all"))
    assert "error:" not in err, err
    assert [(r.target, r.header("X-A")) for r in recorder.taken()] == [("/actuator/info", None), ("/actuator/env", "1")]


@pytest.mark.parametrize("text, message", [
    ("GET http://h/a\n?x=1\n", "line 2, column 1: a query line under the request line: indent it"),
    ("POST http://h/a\nname=value\n", "line 2, column 1: expected a header NAME: VALUE, or a blank line before the body"),
    ("GET http://h/a\nBad Name: 1\n", "line 2, column 1: invalid header name"),
    ("@x = {{x}}\nGET http://h/{{x}}\n", "line 1, column 6: @x = {{x}} takes x from the environment, and none gives it"),
])
def test_http_file_mistakes_each_have_their_own_message(run_workbench, workdir, text, message):
    (workdir / "bad.http").write_text(text)
    code, out, err = run_workbench(input=lines("load bad.http"))
    assert err.startswith(f"error: line 1: bad.http: {message}"), err


# Goal 6: an imported HAR serves and replays with --diff cleanly.

def test_an_imported_har_serves_and_replays_with_diff_cleanly(run_workbench, workdir, workbench_bin, workbench_env):
    import subprocess
    import sys
    sys.path.insert(0, str(Path(__file__).parent))
    from test_diff_and_serve import Mock
    from conftest import stop_process

    def entry(method, path, status, text=None, size=0, mime="text/plain", request_headers=()):
        e = har_entry(method, f"http://shop.example{path}", status, text, mime)
        e["response"]["content"]["size"] = size or len(text or "")
        e["response"]["headers"] = [{"name": "Content-Type", "value": mime}]
        e["request"]["headers"] = [{"name": k, "value": v} for k, v in request_headers]
        return e

    entries = [
        entry("GET", "/logo.png", 200, None, size=5120, mime="image/png"),  # a body the browser did not keep
        entry("GET", "/poll", 200, '{"n": 1}', mime="application/json"),
        entry("GET", "/poll", 304, None, request_headers=[("If-None-Match", '"v1"')]),
        entry("GET", "/poll", 200, '{"n": 2}', mime="application/json"),
        entry("GET", "/poll", 200, '{"n": 3}', mime="application/json"),
    ]
    (workdir / "site.har").write_text(json.dumps(har(entries)))
    code, out, err = run_workbench(["import", "site.har", "--output", "s.json"])
    assert code == 0, err
    mock = Mock(workbench_bin, workbench_env, workdir, ["s.json"])
    try:
        code, out, err = run_workbench(["replay", "s.json", "--base", mock.url, "--diff"])
        assert code == 0, out + err
        assert out.splitlines()[-1] == "5 passed, 0 failed", out
        served = [mock.next_line() for _ in range(5)]
        assert served == ["GET /logo.png → 200 (request 1); its body was not kept in the session: sent without it "
                          "(X-Workbench-Body-Not-Kept)", "GET /poll → 200 (request 2)", "GET /poll → 304 (request 3)",
                          "GET /poll → 200 (request 4)", "GET /poll → 200 (request 5)"], served
        answer = subprocess.run(["curl", "-s", "-i", f"{mock.url}/logo.png"], capture_output=True, text=True, timeout=30)
        assert "X-Workbench-Body-Not-Kept: 5120 bytes not kept in the recording" in answer.stdout
    finally:
        stop_process(mock.process)


def test_a_v1_collection_and_one_without_info_import_and_send(run_workbench, recorder, workdir):
    # Postman's v1 format (`requests`, headers as one text, dataMode) and a v2 collection
    # some tools write without `info`.
    v1 = {"id": "c1", "name": "Old", "order": ["r1", "r2", "r3"], "requests": [
        {"id": "r1", "name": "one", "url": f"{recorder.url}/one?x=1", "method": "GET", "headers": "X-A: 1\nX-B: 2",
         "data": [], "dataMode": "params"},
        {"id": "r2", "name": "two", "url": f"{recorder.url}/two", "method": "POST",
         "headers": "Content-Type: application/json", "rawModeData": "{\"a\":1}", "dataMode": "raw"},
        {"id": "r3", "name": "three", "url": f"{recorder.url}/three", "method": "PUT", "headers": "",
         "data": [{"key": "k", "value": "v w", "type": "text", "enabled": True}], "dataMode": "urlencoded"}]}
    (workdir / "v1.json").write_text(json.dumps(v1))
    (workdir / "bare.json").write_text(json.dumps({"item": [{"name": "a", "request": {"method": "GET", "url": f"{recorder.url}/bare"}}]}))
    code, out, err = run_workbench(["--keep-going"], input=lines("import v1.json", "import bare.json", "replay all"))
    assert "error:" not in err, err
    assert "imported 3 requests from v1.json (a Postman collection v1)" in out
    one, two, three, bare = recorder.taken()
    assert (one.method, one.target, one.header("X-A"), one.header("X-B")) == ("GET", "/one?x=1", "1", "2")
    assert (two.method, two.header("Content-Type"), two.body) == ("POST", "application/json", b'{"a":1}')
    assert (three.method, three.header("Content-Type"), three.body) == ("PUT", "application/x-www-form-urlencoded", b"k=v+w")
    assert (bare.method, bare.target) == ("GET", "/bare")


def test_a_browsers_304_with_its_cached_page_replays_with_diff_cleanly(run_workbench, workdir, workbench_bin, workbench_env):
    # Chrome writes the cached page under a 304; no server sends a body with a 304.
    from test_diff_and_serve import Mock
    from conftest import stop_process
    cached = har_entry("GET", "http://site.example/", 304, "<html>the cached page</html>", mime="text/html")
    (workdir / "c.har").write_text(json.dumps(har([cached, har_entry("GET", "http://site.example/api", 200, '{"a": 1}')])))
    code, out, err = run_workbench(["import", "c.har", "--output", "s.json"])
    assert code == 0, err
    mock = Mock(workbench_bin, workbench_env, workdir, ["s.json"])
    try:
        code, out, err = run_workbench(["replay", "s.json", "--base", mock.url, "--diff"])
        assert code == 0, out + err
        assert out.splitlines()[-1] == "2 passed, 0 failed", out
    finally:
        stop_process(mock.process)


def test_postman_sends_what_the_url_parts_say_as_its_runtime_does(run_workbench, recorder, workdir):
    port = recorder.url.rsplit(":", 1)[1]
    items = [{"name": "Stale raw", "request": {"method": "GET", "url": {
        "raw": f"{recorder.url}/old/path?x=1", "protocol": "http", "host": ["127", "0", "0", "1"], "port": port,
        "path": ["new", "path"], "query": [{"key": "y", "value": "2"}]}}}]
    (workdir / "c.json").write_text(json.dumps(postman(recorder.url, items)))
    code, out, err = run_workbench(["--keep-going"], input=lines("import c.json", "replay all"))
    assert "error:" not in err, err
    assert [r.target for r in recorder.taken()] == ["/new/path?y=2"]


# OpenAPI `body example`: the spec's own named example, its text taken as it is.

def test_body_example_takes_the_specs_named_example_as_text(run_workbench, recorder, workdir):
    (workdir / "api.yaml").write_text(f"""openapi: 3.0.3
info: {{title: t, version: '1'}}
servers: [{{url: '{recorder.url}'}}]
paths:
  /named:
    post:
      requestBody:
        content:
          application/json:
            schema: {{$ref: '#/components/schemas/Named'}}
            examples:
              first: {{$ref: '#/components/examples/NamedOne'}}
      responses: {{'200': {{description: ok}}}}
components:
  examples:
    NamedOne: {{summary: one, value: {{id: 7, name: "Hi {{{{first_name}}}}, from the spec"}}}}
  schemas:
    Named:
      allOf:
        - type: object
          properties: {{id: {{type: integer}}}}
        - type: object
          properties: {{name: {{type: string}}}}
""")
    code, out, err = run_workbench(["--keep-going"], input=lines("openapi api.yaml", "post /named", "body example", "send"))
    assert "error:" not in err.replace("error: line 2:", ""), err
    sent = recorder.taken()[-1]
    assert json.loads(sent.body) == {"id": 7, "name": "Hi {{first_name}}, from the spec"}


def test_dynamic_values_in_the_repl(run_workbench, recorder):
    import re
    code, out, err = run_workbench(["--keep-going"], input=lines(
        f"base {recorder.url}", "header X-Id: {{$uuid}}", "header X-At: {{$isoTimestamp}}",
        "get '/a?t={{$timestamp}}&n={{$randomInt 1 9}}&m={{$random.integer(10, 20)}}'", "get /b", "header X-Bad: {{$nope}}",
        "send", "header rm X-Bad", "save s.json"))
    assert len(recorder.taken()) == 2, err
    first, second = recorder.taken()[:2]
    uuid = r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"
    assert re.fullmatch(uuid, first.header("X-Id")) and re.fullmatch(uuid, second.header("X-Id"))
    assert first.header("X-Id") != second.header("X-Id"), "a fresh value each time a request is built"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", first.header("X-At"))
    assert re.fullmatch(r"/a\?t=\d{10}&n=[1-8]&m=1\d", first.target), first.target
    assert "error: line 7: unknown dynamic value {{$nope}}: the workbench makes $uuid" in err, err
    # A saved session keeps the reference: each replay makes a fresh value.
    recorder.clear()
    code, out, err = run_workbench(["replay", "s.json"])
    assert code == 0, out + err
    assert re.fullmatch(uuid, recorder.taken()[0].header("X-Id")) and recorder.taken()[0].header("X-Id") != second.header("X-Id")
