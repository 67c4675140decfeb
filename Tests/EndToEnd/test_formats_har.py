"""HAR 1.2 in and out (issue 29, DESIGN "Formats people already have"): `export har
[--session]` writes a log that validates against the HAR 1.2 schema (schemas/, written from
the spec) with secrets masked; `import FILE.har` (told by its content) brings the requests
back in order with their responses as recordings, and a replay sends the same bytes to a
recording server on 127.0.0.1 (recorder.py) as the session that was exported."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from recorder import Recorder
from test_diff_and_serve import serve  # noqa: F401  (the fixture is used by name)

HAR_SCHEMA = json.loads((Path(__file__).parent / "schemas" / "har-1.2.schema.json").read_text())
TOKEN = "tok-7f3a9c1e5b"
KEY = "key-0d2e8b6a41"


@pytest.fixture()
def recorder():
    started = Recorder().start()
    yield started
    started.stop()


def script(run_workbench, lines, args=("--keep-going",), env=None, cwd=None):
    return run_workbench(list(args), input="\n".join(lines) + "\n", env=env, cwd=cwd)


def wire(recorder: Recorder) -> list[bytes]:
    return [request.raw for request in recorder.taken()]


SESSION = [
    "header X-Trace: t-1",
    "get '/items?a=1&b=%2F&c'",
    'body json {"name": "ana", "tags": ["x"]}',
    "post /items",
    "body form 'q=a b' 'r=1&2'",
    "put /items/7",
    "auth bearer " + TOKEN,
    "header X-Api-Key: " + KEY,
    "delete /items/7",
]


def validate(har: dict) -> None:
    jsonschema.Draft7Validator(HAR_SCHEMA, format_checker=jsonschema.FormatChecker()).validate(har)
    for entry in har["log"]["entries"]:
        timings = entry["timings"]
        total = sum(timings[key] for key in ("blocked", "dns", "connect", "send", "wait", "receive") if timings.get(key, -1) >= 0)
        assert abs(entry["time"] - total) < 0.01, entry  # the spec: time is the sum of the timings


def test_export_har_validates_masks_secrets_and_round_trips_to_the_same_bytes(run_workbench, recorder, workdir):
    code, out, err = script(run_workbench, [f"base {recorder.url}", *SESSION, "export har --session > s.har"])
    assert code == 0, err
    sent = wire(recorder)
    assert len(sent) == 4
    text = (workdir / "s.har").read_text()
    assert TOKEN not in text and KEY not in text and TOKEN not in out + err
    har = json.loads(text)
    validate(har)
    entries = har["log"]["entries"]
    assert [(e["request"]["method"], e["response"]["status"]) for e in entries] == [
        ("GET", 200), ("POST", 200), ("PUT", 200), ("DELETE", 200)]
    assert entries[0]["request"]["url"] == f"{recorder.url}/items?a=1&b=%2F&c"
    assert entries[0]["request"]["queryString"] == [{"name": "a", "value": "1"}, {"name": "b", "value": "/"},
                                                    {"name": "c", "value": ""}]
    assert entries[1]["request"]["postData"]["text"] == '{"name": "ana", "tags": ["x"]}'
    assert entries[2]["request"]["postData"]["params"] == [{"name": "q", "value": "a b"}, {"name": "r", "value": "1&2"}]
    headers = {h["name"]: h["value"] for h in entries[3]["request"]["headers"]}
    assert headers["Authorization"] == "Bearer ******" and headers["X-Api-Key"] == "******"
    assert json.loads(entries[0]["response"]["content"]["text"]) == {"method": "GET", "target": "/items?a=1&b=%2F&c"}
    assert entries[0]["response"]["content"]["mimeType"] == "application/json"

    # Back in: the masked credentials are named, the replay given them sends the same bytes.
    recorder.clear()
    code, out, err = run_workbench(["import", "s.har", "-o", "s.json"])
    assert code == 0, err
    assert "imported 4 requests from s.har (a HAR log) as history 1-4, 4 with their response kept" in err
    assert "`set --secret authorization VALUE`" in err and "`set --secret x_api_key VALUE`" in err
    code, out, err = run_workbench(["replay", "s.json", "--diff", "--var", f"authorization={TOKEN}",
                                    "--var", f"x_api_key={KEY}"])
    assert code == 0, out + err
    assert out.splitlines()[-1] == "4 passed, 0 failed"
    assert wire(recorder) == sent
    assert TOKEN not in (workdir / "s.json").read_text()


def test_export_har_of_the_current_request_keeps_its_response(run_workbench, recorder, workdir):
    code, out, err = script(run_workbench, [f"base {recorder.url}", "get /one", "export har"])
    assert code == 0, err
    har = json.loads(out[out.index('{\n  "log"'):])
    validate(har)
    [entry] = har["log"]["entries"]
    assert entry["response"]["status"] == 200 and entry["request"]["url"].endswith("/one")
    # A request not sent yet is written as browsers write one that got no answer.
    code, out, err = script(run_workbench, [f"base {recorder.url}", "path /two", "export har"])
    assert code == 0, err
    har = json.loads(out)
    validate(har)
    assert har["log"]["entries"][0]["response"]["status"] == 0


BROWSER_HAR = {
    "log": {
        "version": "1.2",
        "creator": {"name": "WebInspector", "version": "537.36"},
        "pages": [],
        "entries": [
            {
                "startedDateTime": "2026-11-25T10:00:00.000Z", "time": 12.5,
                "request": {
                    "method": "GET", "url": "URL/api/users?page=2&q=%7B%7Bx%7D%7D", "httpVersion": "http/2.0",
                    "headers": [{"name": ":authority", "value": "example"}, {"name": "Host", "value": "HOST"},
                                {"name": "User-Agent", "value": "Mozilla/5.0 Test"},
                                {"name": "Accept", "value": "application/json"},
                                {"name": "Cookie", "value": "sid=" + TOKEN},
                                {"name": "X-Template", "value": "{{not a reference}}"}],
                    "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0,
                },
                "response": {
                    "status": 200, "statusText": "OK", "httpVersion": "http/2.0",
                    "headers": [{"name": "Content-Type", "value": "application/json"},
                                {"name": "Set-Cookie", "value": "sid=" + TOKEN}],
                    "cookies": [], "content": {"size": 27, "mimeType": "application/json",
                                               "text": '{"users": [{"id": 1}], "n": 1}'},
                    "redirectURL": "", "headersSize": -1, "bodySize": 27,
                },
                "cache": {}, "timings": {"send": 1, "wait": 10, "receive": 1.5},
            },
            {
                "startedDateTime": "2026-11-25T10:00:01.000Z", "time": 3,
                "request": {
                    "method": "POST", "url": "URL/api/upload", "httpVersion": "HTTP/1.1",
                    "headers": [{"name": "Content-Type", "value": "application/x-www-form-urlencoded"},
                                {"name": "Content-Length", "value": "9"}],
                    "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 9,
                    "postData": {"mimeType": "application/x-www-form-urlencoded", "text": "a=1&b=%20",
                                 "params": [{"name": "a", "value": "1"}, {"name": "b", "value": " "}]},
                },
                "response": {
                    "status": 201, "statusText": "Created", "httpVersion": "HTTP/1.1", "headers": [],
                    "cookies": [], "content": {"size": 5, "mimeType": "text/plain", "text": "aGVsbG8=", "encoding": "base64"},
                    "redirectURL": "", "headersSize": -1, "bodySize": 5,
                },
                "cache": {}, "timings": {"send": 0, "wait": 3, "receive": 0},
            },
            {
                "startedDateTime": "2026-11-25T10:00:02.000Z", "time": 0,
                "request": {"method": "GET", "url": "URL/blocked", "httpVersion": "", "headers": [],
                            "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
                "response": {"status": 0, "statusText": "", "httpVersion": "", "headers": [], "cookies": [],
                             "content": {"size": 0, "mimeType": "x-unknown"}, "redirectURL": "",
                             "headersSize": -1, "bodySize": -1, "_error": "net::ERR_BLOCKED_BY_CLIENT"},
                "cache": {}, "timings": {"send": 0, "wait": 0, "receive": 0},
            },
        ],
    }
}


def browser_har(url: str, workdir: Path, name: str = "devtools.json") -> str:
    text = json.dumps(BROWSER_HAR).replace("URL", url).replace("HOST", url.split("//")[1])
    (workdir / name).write_text(text)
    return name


def test_a_browser_har_imports_in_order_with_recordings_and_replays(run_workbench, recorder, workdir, serve):
    name = browser_har(recorder.url, workdir)
    code, out, err = script(run_workbench, [f"import {name}", "history", "diff 1 2", "replay all --keep-going", "save s.json"])
    # The recorded 201 is what replay expects; the recorder answers 200.
    assert [line for line in err.splitlines() if line.startswith("error:")] == [
        "error: line 4: replay: 1 of 3 requests failed"], err
    assert "imported 3 requests from devtools.json (a HAR log) as history 1-3, 2 with their response kept" in out
    assert "Cookie: the credential is kept as the secret {{cookie}}" in out
    history = [line for line in out.splitlines() if line[:1].isdigit() and "  " in line]
    assert history[0].startswith("1  GET ") and "/api/users?page=2" in history[0] and " 200 " in history[0]
    assert history[1].startswith("2  POST ") and " 201 " in history[1]
    assert history[2].startswith("3  GET ") and history[2].endswith("/blocked")
    assert TOKEN not in out + err
    taken = recorder.taken()
    assert [f"{r.method} {r.target}" for r in taken] == [
        "GET /api/users?page=2&q=%7B%7Bx%7D%7D", "POST /api/upload", "GET /blocked"]
    first = taken[0]
    assert first.header("User-Agent") == "Mozilla/5.0 Test" and first.header("Accept") == "application/json"
    assert first.header("Cookie") == "sid=" + TOKEN  # sent to its origin
    assert first.header("X-Template") == "{{not a reference}}"  # a HAR's braces are literal
    assert first.header("Accept-Encoding") is None  # the log had none
    assert taken[1].body == b"a=1&b=%20"
    assert taken[1].header("Content-Type") == "application/x-www-form-urlencoded"
    saved = (workdir / "s.json").read_text()
    assert TOKEN not in saved

    # The recordings answer for `serve` (the imported session, before any send).
    answered = json.loads((workdir / name).read_text())
    del answered["log"]["entries"][2]
    (workdir / "answered.har").write_text(json.dumps(answered))
    code, _, err = run_workbench(["import", "answered.har", "-o", "imported.json"])
    assert code == 0, err
    mock = serve("imported.json")
    code, out, err = script(run_workbench, [f"base {mock.url}", "post /api/upload", "get '/api/users?page=2&q=%7B%7Bx%7D%7D'"])
    assert code == 0, err
    assert "HTTP/1.1 201 Created" in out and "hello" in out and '"users"' in out, out


@pytest.mark.parametrize("text, message", [
    ('{"log": {"entries": [{"request": {"method": "GET"}}]}}', "devtools.json: entry 1: the request has no method or url"),
    ('{"log": {"entries": [{"request": {"method": "GET", "url": "ftp://x/"}}]}}', "devtools.json: entry 1 ('GET ftp://x/'): url 'ftp://x/' is not http(s)"),
    ('{"log": {"entries": [{"request": {"method": "G T", "url": "http://x/"}}]}}', "devtools.json: entry 1 ('G T http://x/'): invalid method"),
    ('{"log": {"entries": [', "devtools.json: line 1, column 22: unexpected end of input"),
    ('{"item": 3}', "neither a HAR log"),
])
def test_a_bad_har_is_one_error_and_changes_nothing(run_workbench, workdir, text, message):
    (workdir / "devtools.json").write_text(text)
    code, out, err = script(run_workbench, ["base http://127.0.0.1:1", "path /kept", "import devtools.json", "history",
                                            "show"])
    errors = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and message in errors[0], err
    assert "(no requests sent yet)" in out and "GET /kept HTTP/1.1" in out


def test_a_har_log_without_entries_imports_nothing_and_says_so(run_workbench, workdir):
    (workdir / "empty.har").write_text('{"log": {"version": "1.2", "pages": [], "entries": []}}')
    code, out, err = script(run_workbench, ["base http://127.0.0.1:1", "path /kept", "import empty.har", "history", "path"])
    assert code == 0, err
    assert "imported nothing from empty.har (a HAR log)" in out
    assert "warning: empty.har: the HAR log has no entries: no request to import" in out + err
    assert "/kept" in out
