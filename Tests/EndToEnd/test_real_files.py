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
