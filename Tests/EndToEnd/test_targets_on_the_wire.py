"""What a target becomes on the wire (issue 39): a value used as the whole target is taken
apart as if typed (a captured link's query is a query, a captured absolute URL moves the
base and only its origin's credentials go), a scheme other than http or https is refused
and never sent as a path, and `.` and `..` segments are worked out as curl, xh and HTTPie
do unless `--path-as-is` asks for them as typed, with every export agreeing. Checked on the
raw bytes two recorders (recorder.py) received, and by running the exported commands."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

import hurl_subset
from recorder import Recorder
from test_request_model import export_lines, targets, wire


@pytest.fixture()
def origins():
    """Two recorders: two origins (ports) on 127.0.0.1."""
    first, second = Recorder().start(), Recorder().start()
    yield first, second
    first.stop()
    second.stop()


def run_script(run_workbench, lines: list[str]):
    return run_workbench(["--keep-going"], input="\n".join(lines) + "\n")


def bodies(out: str) -> list[dict]:
    """The JSON objects printed, in order (each response body starts a line with `{`)."""
    found, decoder, index = [], json.JSONDecoder(), 0
    while (start := out.find("\n{", index)) != -1:
        value, end = decoder.raw_decode(out, start + 1)
        found.append(value)
        index = end
    return found


# --- a value as the whole target -------------------------------------------------------------


def test_a_captured_link_pages_through_the_test_server(run_workbench, server):
    code, out, err = run_script(run_workbench, [
        f"base {server}",
        "get /pets?per_page=2",
        "capture next $.links.next",
        "get {{next}}",
        "capture next $.links.next",
        "path {{next}}",
        "send",
    ])
    assert code == 0, err
    assert [body["page"] for body in bodies(out)] == [1, 2, 3]
    assert [body["items"] for body in bodies(out)] == [["Fido", "Rex"], ["Tom", "Kitty"], ["Nemo"]]


def test_a_captured_absolute_url_moves_the_base_and_pages_on(run_workbench, server):
    code, out, err = run_script(run_workbench, [
        "get " + server + "/pets?per_page=2",
        "capture next $.next_url",
        "get {{next}}",
        "capture next $.next_url",
        "get {{next}}",
    ])
    assert code == 0, err
    assert [body["page"] for body in bodies(out)] == [1, 2, 3]


def test_a_captured_url_on_the_wire_and_credentials_stay_with_their_origin(run_workbench, origins):
    a, b = origins
    code, out, err = run_script(run_workbench, [
        f"base {a.url}/api",
        "auth bearer T0KEN-for-a",
        "set next /items?page=2&per_page=2",
        "get {{next}}",
        "get {{next}}?sort=asc",
        "set id 'a?b c'",
        "get /pets/{{id}}",
        f"set elsewhere {b.url}/p?x=1#frag",
        "get {{elsewhere}}",
        "get /me",
    ])
    assert code == 0, err
    assert targets(a) == ["GET /api/items?page=2&per_page=2", "GET /api/items?page=2&per_page=2&sort=asc",
                          "GET /api/pets/a%3Fb%20c"]
    assert all(r.header("Authorization") == "Bearer T0KEN-for-a" for r in a.taken())
    assert targets(b) == ["GET /p?x=1", "GET /me"]
    assert all(r.header("Authorization") is None for r in b.taken()), [r.raw for r in b.taken()]
    assert f"base: {b.url} (was {a.url}/api); not sent here: auth bearer belongs to {a.url}" in out
    assert "T0KEN-for-a" not in out + err


def test_a_secret_url_goes_to_its_origin_and_never_reaches_the_screen(run_workbench, origins):
    a, b = origins
    code, out, err = run_script(run_workbench, [
        f"base {a.url}",
        "print status",  # the recorder's body echoes the target, which is the server's business
        "auth bearer T0KEN-for-a",
        f"set --secret download {b.url}/file?sig=S1GNATURE-77",
        "get {{download}}",
        "show",
        "curl",
        "export curl",
    ])
    assert code == 0, err
    assert targets(b) == ["GET /file?sig=S1GNATURE-77"]
    assert b.taken()[0].header("Authorization") is None
    assert a.taken() == []
    assert "S1GNATURE-77" not in out + err


def test_a_value_that_holds_a_reference_is_not_expanded_again(run_workbench, origins):
    a, _ = origins
    code, out, err = run_script(run_workbench, [
        f"base {a.url}",
        "set --secret token T0K",
        "set next /steal?t={{token}}",
        "get {{next}}",
    ])
    assert code == 1
    assert "error: line 4: the value of {{next}} holds '{{'" in err
    assert a.taken() == []


# --- other schemes -----------------------------------------------------------------------------


def test_other_schemes_are_refused_by_name_and_never_sent(run_workbench, origins):
    a, _ = origins
    code, out, err = run_script(run_workbench, [
        f"base {a.url}",
        "get wss://example.invalid/socket",
        "path ws://example.invalid/socket",
        "post grpc://example.invalid/svc.Method",
        "get FTP://example.invalid/file",
        "base ws://example.invalid",
        "set socket wss://example.invalid/live",
        "get {{socket}}",
        "path {{socket}}",
        "path",
    ])
    assert code == 1
    assert a.taken() == []
    lines = err.splitlines()
    for number, scheme in [(2, "wss"), (3, "ws"), (4, "grpc"), (5, "ftp"), (6, "ws"), (8, "wss"), (9, "wss")]:
        (line,) = [text for text in lines if text.startswith(f"error: line {number}: ")]
        assert f"unsupported scheme '{scheme}'" in line, line
    assert out.strip().endswith(a.url + "/")  # the path was never set to the other scheme's URL


def test_a_websocket_or_grpc_target_points_to_the_command_that_speaks_it(run_workbench, origins):
    a, _ = origins
    code, out, err = run_script(run_workbench, [
        f"base {a.url}",
        "get wss://example.invalid/socket",
        "set socket ws://example.invalid/live",
        "path {{socket}}",
        "post grpcs://example.invalid/svc.Method",
        "base wss://example.invalid",
        "get ftp://example.invalid/file",
    ])
    assert code == 1
    assert a.taken() == []
    lines = err.splitlines()
    for number in (2, 4, 6):
        (line,) = [text for text in lines if text.startswith(f"error: line {number}: ")]
        assert "a WebSocket opens with `ws connect URL`" in line, line
    (grpc,) = [text for text in lines if text.startswith("error: line 5: ")]
    assert "gRPC calls go through `grpc connect URL`" in grpc, grpc
    (ftp,) = [text for text in lines if text.startswith("error: line 7: ")]
    assert ftp.endswith("the workbench sends http and https requests only"), ftp


def test_another_scheme_without_a_base_names_the_scheme_not_the_base(run_workbench):
    code, out, err = run_script(run_workbench, ["get wss://example.invalid/socket"])
    assert code == 1
    assert "unsupported scheme 'wss'" in err and "no base URL" not in err


# --- dot segments ------------------------------------------------------------------------------


def test_dot_segments_are_worked_out_as_curl_does(run_workbench, origins):
    a, _ = origins
    code, out, err = run_script(run_workbench, [
        f"base {a.url}",
        "get /a/b/../c",
        "path /a/./b",
        "send",
        "get /a/b/..",
        "get /a/%2e%2e/c",
        "get /a/b/../c?x=/../y",
        f"base {a.url}/x/../y",
        "get /z",
        "path /a/b/../c",
        "show",
    ])
    assert code == 0, err
    sent = targets(a)
    assert sent == ["GET /a/c", "GET /a/b", "GET /a/", "GET /a/%2e%2e/c", "GET /a/c?x=/../y", "GET /y/z"]
    assert f"`send --path-as-is` sends {a.url}/x/../y/a/b/../c)" in out
    a.clear()
    for typed in ["/a/b/../c", "/a/./b", "/a/b/..", "/a/%2e%2e/c", "/a/b/../c?x=/../y", "/x/../y/z"]:
        subprocess.run(["curl", "-s", "-o", "/dev/null", a.url + typed], check=True, timeout=10)
    assert targets(a) == sent


def test_path_as_is_sends_them_as_typed_and_every_export_agrees(run_workbench, origins, workdir):
    if shutil.which("http") is None:
        pytest.fail("HTTPie (`http`) is not installed: scripts/setup.sh --tests installs it", pytrace=False)
    a, _ = origins
    code, out, err = run_script(run_workbench, [
        f"base {a.url}/api",
        "get /static/../etc/passwd --path-as-is",
        "get /a/./b",
        "export curl --session",
        "export curl --session --exact",
        "export httpie --session",
        "export hurl --session",
        "save dots.json",
    ])
    assert code == 0, err
    assert targets(a) == ["GET /api/static/../etc/passwd", "GET /api/a/b"]
    sent = [wire(r) for r in a.taken()]
    curl_short = export_lines(out, "curl ")
    assert len(curl_short) == 4
    assert "--path-as-is" in curl_short[0] and "--path-as-is" not in curl_short[1]
    httpie = export_lines(out, "http ")
    assert len(httpie) == 2 and "--path-as-is" in httpie[0] and "--path-as-is" not in httpie[1]
    assert "path-as-is: true" in out
    for command in curl_short + httpie:
        a.clear()
        subprocess.run(["sh", "-c", command], check=True, timeout=20, capture_output=True, input=b"")
        (request,) = a.taken()
        assert request.target == (sent[0][1] if "/static/" in command else sent[1][1]), command
    # The recorded request keeps the flag: a replay sends the path as it was sent.
    a.clear()
    code, out, err = run_workbench(["replay", str(workdir / "dots.json")])
    assert code == 0, out + err
    assert targets(a) == ["GET /api/static/../etc/passwd", "GET /api/a/b"]


def test_formats_that_cannot_keep_dot_segments_say_so(run_workbench, origins):
    """A `.http` client, Postman, URLSession and requests have no path-as-is: the export has the
    segments worked out, and a `warning:` says what the workbench sent instead."""
    a, _ = origins
    code, out, err = run_script(run_workbench, [
        f"base {a.url}/api",
        "get /static/../etc/passwd --path-as-is",
        "export http --session",
        "export postman --session",
        "export swift --session",
        "export locust --session",
        "export curl --session",
        "export hurl --session",
        "export http",
        "get /a/b --path-as-is",
        "export http --session",
    ])
    assert code == 0, err
    assert targets(a) == ["GET /api/static/../etc/passwd", "GET /api/a/b"]
    warnings = [line for line in err.splitlines() if "--path-as-is" in line]
    tools = ["a .http client", "Postman", "URLSession", "Locust (requests)"]
    expected = [(prefix, f"the workbench sends /api/static/../etc/passwd as typed (--path-as-is); {tool} has no way to, "
                 "so the export has /api/etc/passwd (`export curl` keeps the segments)")
                for prefix, tool in [("", tool) for tool in tools] + [("request 1: ", tools[0])]]
    assert warnings == [f"warning: {prefix}{text}" for prefix, text in expected], err


def test_a_value_inside_the_path_is_encoded_where_it_stands_and_path_add_makes_one_segment(run_workbench, origins):
    """As docs/requests.md says: `?`, `#`, spaces are encoded, a `/` stays a separator (as Postman and
    the .http clients send it); `path add` makes one segment of any value, `..` included."""
    a, _ = origins
    code, out, err = run_script(run_workbench, [
        f"base {a.url}/api",
        "set id 'a/b?c #d'",
        "get /pets/{{id}}",
        "set up ..",
        "reset",
        "path add pets {{id}}",
        "send",
        "reset",
        "path add pets {{up}} x",
        "send",
    ])
    assert code == 0, err
    assert targets(a) == ["GET /api/pets/a/b%3Fc%20%23d", "GET /api/pets/a%2Fb%3Fc%20%23d", "GET /api/pets/%2E%2E/x"]


def whole_target_requests(a, b) -> list[str]:
    """Requests whose whole target is a reference: a `/path?query`, the same with a query after
    it, a relative value, and an absolute URL on the other origin."""
    return [
        f"base {a.url}/api",
        "set next /items?page=2&per_page=2",
        "set rel items/7",
        f"set abs {b.url}/p?x=1",
        "get {{next}}",
        "get {{next}}?sort=asc",
        "get {{rel}}",
        "get {{abs}}",
    ]


def test_exports_that_keep_a_whole_target_reference_send_what_the_workbench_sent(run_workbench, origins, workdir):
    """`get {{next}}` in a .http, Hurl or Postman file: the reference alone for an absolute URL,
    right after the base for a `/path` (no `//`), a query after it joined with `&`."""
    a, b = origins
    code, out, err = run_script(run_workbench, [
        *whole_target_requests(a, b),
        "export http --session > s.http",
        "export hurl --session > s.hurl",
        "export postman --session > s.postman.json",
    ])
    assert code == 0, err
    sent = targets(a) + targets(b)
    assert sent == ["GET /api/items?page=2&per_page=2", "GET /api/items?page=2&per_page=2&sort=asc",
                    "GET /api/items/7", "GET /p?x=1"]
    values = {"next": "/items?page=2&per_page=2", "rel": "items/7", "abs": f"{b.url}/p?x=1"}
    hurl = (workdir / "s.hurl").read_text()
    http_file = (workdir / "s.http").read_text()
    postman = json.loads((workdir / "s.postman.json").read_text())
    a.clear(), b.clear()
    assert hurl_subset.run(hurl_subset.parse(hurl), dict(values)) == []
    assert targets(a) + targets(b) == sent
    # The .http clients and Postman put the values in the URL's text, then send it: so does curl here.
    urls = {
        ".http": [line.split(" ", 1)[1] for line in http_file.splitlines() if line.startswith("GET ")],
        "Postman": [item["request"]["url"]["raw"] for item in postman["item"]],
    }
    for tool, texts in urls.items():
        assert len(texts) == 4, (tool, texts)
        a.clear(), b.clear()
        for text in texts:
            url = re.sub(r"\{\{(\w+)\}\}", lambda m: values[m.group(1)], text)
            subprocess.run(["curl", "-s", "-o", "/dev/null", url], check=True, timeout=10)
        assert targets(a) + targets(b) == sent, (tool, texts)


def test_the_swift_export_says_it_does_not_take_a_whole_target_apart(run_workbench, origins):
    a, _ = origins
    code, out, err = run_script(run_workbench, [
        f"base {a.url}/api",
        "set next /items?page=2",
        "get {{next}}",
        "get /plain",
        "export swift --session",
    ])
    assert code == 0, err
    warnings = [line for line in err.splitlines() if line.startswith("warning:")]
    assert warnings == ["warning: request 1: {{next}} is the whole target, taken apart when sent (a query, an origin); "
                        "the Swift code puts its value in the path (`export curl` sends what the workbench sends)"], err


def test_exported_whole_target_references_load_and_import_back_sending_the_same_bytes(run_workbench, origins, workdir):
    """`export http` and `export postman` write `BASE{{next}}` and `{{abs}}` alone: `load` and
    `import` take them apart again, as the REPL does `get {{next}}`, so the bytes sent are the same."""
    a, b = origins
    code, out, err = run_script(run_workbench, [
        *whole_target_requests(a, b),
        "export http --session > s.http",
        "export postman --session > s.postman.json",
    ])
    assert code == 0, err
    sent = [wire(request) for request in a.taken() + b.taken()]
    assert [target for _, target, _, _ in sent] == [
        "/api/items?page=2&per_page=2", "/api/items?page=2&per_page=2&sort=asc", "/api/items/7", "/p?x=1"]
    for reading in ("load s.http", "import s.postman.json"):
        a.clear(), b.clear()
        code, out, err = run_script(run_workbench, [reading, "replay all"])
        assert code == 0, (reading, out, err)
        assert [wire(request) for request in a.taken() + b.taken()] == sent, reading


def test_a_http_file_pages_through_captured_links_as_the_clients_expand_them(run_workbench, server, workdir):
    """A .http file's `{{host}}{{first.response.body.$.links.next}}` and a captured absolute URL
    alone: the link's `?` starts the query, as the JetBrains client and httpyac send it; a
    reference glued to a segment (`/pets/p{{id}}`) stays a value inside the path."""
    (workdir / "pages.http").write_text(
        f"@host = {server}\n@id = 5\n"
        "### first\n# @name first\nGET {{host}}/pets?per_page=2\n\n"
        "### second\n# @name second\nGET {{host}}{{first.response.body.$.links.next}}\n\n"
        "### third\nGET {{second.response.body.$.next_url}}\n\n"
        "### glued\nGET {{host}}/pets/p{{id}}\n")
    code, out, err = run_script(run_workbench, ["load pages.http", "replay all"])
    assert f"GET {server}/pets?page=2&per_page=2  200" in out, out + err
    assert f"GET {server}/pets?page=3&per_page=2  200" in out, out + err
    assert f"GET {server}/pets/p5  404" in out, out + err


def test_exports_of_a_path_that_starts_with_a_reference_send_what_the_workbench_sent(run_workbench, origins, workdir):
    """`base {{host}}` and `get {{api}}/item` with api=/v2: the workbench sends /v2/item; the
    .http clients, Hurl and Postman put the value in the URL's text, so `{{host}}/{{api}}/item`
    would send //v2/item. A value without a leading `/` keeps the `/` of the join."""
    a, _ = origins
    code, out, err = run_script(run_workbench, [
        f"set host {a.url}",
        "set api /v2",
        "set ver v3",
        "base {{host}}",
        "get {{api}}/item",
        "get {{ver}}/item",
        "export http --session > s.http",
        "export hurl --session > s.hurl",
        "export postman --session > s.postman.json",
        "export curl --session",
        "export httpie --session",
    ])
    assert code == 0, err
    sent = targets(a)
    assert sent == ["GET /v2/item", "GET /v3/item"]
    values = {"host": a.url, "api": "/v2", "ver": "v3"}
    hurl = (workdir / "s.hurl").read_text()
    http_file = (workdir / "s.http").read_text()
    postman = json.loads((workdir / "s.postman.json").read_text())
    assert "GET {{host}}{{api}}/item" in http_file and "GET {{host}}/{{ver}}/item" in http_file, http_file
    a.clear()
    assert hurl_subset.run(hurl_subset.parse(hurl), dict(values)) == []
    assert targets(a) == sent, hurl
    urls = {
        ".http": [line.split(" ", 1)[1] for line in http_file.splitlines() if line.startswith("GET ")],
        "Postman": [item["request"]["url"]["raw"] for item in postman["item"]],
    }
    for tool, texts in urls.items():
        assert len(texts) == 2, (tool, texts)
        a.clear()
        for text in texts:
            url = re.sub(r"\{\{(\w+)\}\}", lambda m: values[m.group(1)], text)
            subprocess.run(["curl", "-s", "-o", "/dev/null", url], check=True, timeout=10)
        assert targets(a) == sent, (tool, texts)
    # curl and HTTPie commands carry the values, joined as the workbench joined them.
    assert f"curl {a.url}/v2/item" in out and f"curl {a.url}/v3/item" in out, out
    assert f"GET {a.url}/v2/item" in out and f"GET {a.url}/v3/item" in out, out
