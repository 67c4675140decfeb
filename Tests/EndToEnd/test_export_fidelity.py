"""Exports put the same bytes on the wire as the workbench, or say in a `warning:` why they
cannot (issue 39, goal 6). Each exported command is run against a recorder (recorder.py) and
what it sent is compared with what the workbench sent: plain `export curl` no longer lets curl
add a form Content-Type to a raw body, drop the empty body of a PUT or read `{}` and `[]` as a
glob; `export httpie` says how HTTPie re-encodes a URL (`%zz` -> `%25zz`) and, for redirects,
names the status it would follow otherwise (303 is followed alike, 302 is not)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

import hurl_subset
from recorder import Recorder
from test_request_model import export_lines


@pytest.fixture()
def origins():
    first, second = Recorder().start(), Recorder().start()
    yield first, second
    first.stop()
    second.stop()


def needs_httpie() -> None:
    if shutil.which("http") is None:
        pytest.fail("HTTPie (`http`) is not installed: scripts/setup.sh --tests installs it", pytrace=False)


def run_script(run_workbench, lines: list[str]):
    return run_workbench(["--keep-going"], input="\n".join(lines) + "\n")


def sent(request, leave_out=("user-agent", "accept-encoding")) -> tuple:
    """What a request put on the wire, less the headers each tool writes its own way."""
    headers = sorted((name.lower(), value) for name, value in request.headers if name.lower() not in leave_out)
    return request.method, request.target, headers, request.body


def run(command: str) -> subprocess.CompletedProcess:
    return subprocess.run(["sh", "-c", command], check=True, timeout=20, capture_output=True, input=b"")


REQUESTS = [
    "body '  raw text, no type  '",
    "post /raw",
    "body clear",
    "put /empty",
    "patch /empty",
    "post /empty",
    'body json {"a": [1, 2]}',
    "patch /json",
    "body plain",
    "delete /gone --body",
    "get '/glob?a={b,c}&r=[1-2]'",
]


def test_plain_and_exact_curl_exports_send_what_the_workbench_sent(run_workbench, origins):
    a, _ = origins
    code, out, err = run_script(run_workbench, [f"base {a.url}", *REQUESTS,
                                                "export curl --session", "export curl --session --exact"])
    assert code == 0, err
    mine = [sent(r) for r in a.taken()]
    assert [m[:2] for m in mine] == [("POST", "/raw"), ("PUT", "/empty"), ("PATCH", "/empty"), ("POST", "/empty"),
                                     ("PATCH", "/json"), ("DELETE", "/gone"), ("GET", "/glob?a={b,c}&r=[1-2]")]
    assert ("content-type", "application/x-www-form-urlencoded") not in mine[0][2]
    assert ("content-length", "0") in mine[1][2]
    commands = export_lines(out, "curl ")
    assert len(commands) == 2 * len(mine)
    for index, command in enumerate(commands):
        a.clear()
        run(command)
        expected = mine[index % len(mine)]
        (theirs,) = [sent(r) for r in a.taken()]
        assert theirs == expected, command


def test_httpie_exports_send_the_bodies_and_types_the_workbench_sent(run_workbench, origins):
    """Raw, empty, JSON and form bodies: HTTPie's own form type (`; charset=utf-8`) is not what
    the workbench sends, so the export names the type."""
    needs_httpie()
    a, _ = origins
    requests = [line for line in REQUESTS if "glob" not in line] + ["body form 'q=a b' x=1", "post /form"]
    code, out, err = run_script(run_workbench, [f"base {a.url}", *requests, "export httpie --session"])
    assert code == 0, err
    assert not [line for line in err.splitlines() if line.startswith("warning:")], err
    mine = [sent(r, leave_out=("user-agent", "accept-encoding", "accept", "connection")) for r in a.taken()]
    assert ("content-type", "application/x-www-form-urlencoded") in mine[-1][2]
    commands = export_lines(out, "http ")
    assert len(commands) == len(mine)
    for command, expected in zip(commands, mine):
        a.clear()
        run(command)
        (theirs,) = [sent(r, leave_out=("user-agent", "accept-encoding", "accept", "connection")) for r in a.taken()]
        assert theirs == expected, command


def test_httpie_says_how_it_re_encodes_a_url_and_sends_exactly_that(run_workbench, origins):
    needs_httpie()
    a, _ = origins
    typed = ["/p?q=%zz&ok=%41", "/p%7e/x?e=%e9&bar=|", "/plain?a=1&b=x+y"]
    code, out, err = run_script(run_workbench, [f"base {a.url}", *[f"get '{t}'" for t in typed],
                                                "export httpie --session"])
    assert code == 0, err
    workbench = [r.target for r in a.taken()]
    assert workbench == typed
    warnings = [line for line in err.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 2, err
    for index, command in enumerate(export_lines(out, "http ")):
        a.clear()
        run(command)
        (theirs,) = a.taken()
        if index < 2:
            # The warning names exactly what HTTPie sent.
            assert f"request {index + 1}: HTTPie sends {theirs.target} where the workbench sends {workbench[index]}" in warnings[index]
            assert theirs.target != workbench[index]
        else:
            assert theirs.target == workbench[index]


@pytest.mark.parametrize("status, httpie_follows, curl_follows", [(301, False, False), (302, False, False),
                                                                   (303, True, False), (307, True, True)])
def test_redirect_warnings_name_the_status_met(run_workbench, origins, status, httpie_follows, curl_follows):
    needs_httpie()
    a, b = origins
    code, out, err = run_script(run_workbench, [
        f"base {a.url}", "follow on", 'body json {"name": "Fido"}',
        f"put /redirect/{status}?to={b.url}/landed",
        "export httpie", "export curl",
    ])
    assert code == 0, err
    workbench = [sent(r, leave_out=("user-agent", "accept-encoding", "accept")) for r in a.taken() + b.taken()]
    (httpie,) = export_lines(out, "http ")
    (curl,) = export_lines(out, "curl ")
    assert ("--follow" in httpie) == httpie_follows and (" -L " in curl) == curl_follows, out
    warnings = [line for line in err.splitlines() if line.startswith("warning:")]
    if status == 302:
        assert any("HTTPie turns PUT into GET after a 302, where the workbench keeps it" in w for w in warnings), err
    if status == 301:
        assert any("HTTPie drops the body of PUT after a 301" in w for w in warnings), err
    if status == 303:
        assert not any("HTTPie" in w for w in warnings), err
        assert any("curl keeps PUT after a 303, where the workbench sends GET" in w for w in warnings), err
    if status in (301, 302):
        assert any(f"curl drops the body of PUT after a {status}" in w for w in warnings), err
    assert all("after a 302" not in w for w in warnings if status != 302), err
    for command, follows in ((httpie, httpie_follows), (curl, curl_follows)):
        if not follows:
            continue
        a.clear()
        b.clear()
        run(command)
        theirs = [sent(r, leave_out=("user-agent", "accept-encoding", "accept")) for r in a.taken() + b.taken()]
        assert [t[:2] + t[3:] for t in theirs] == [w[:2] + w[3:] for w in workbench], command


def test_a_hurl_export_that_does_not_follow_asserts_the_status_hurl_gets(run_workbench, origins):
    """The workbench followed a redirect that Hurl would follow otherwise: the file leaves out
    `location: true`, so its `HTTP` line is the redirect's status, not the one at the end."""
    a, b = origins
    code, out, err = run_script(run_workbench, [
        f"base {a.url}", "follow on", "body plain",
        f"put /redirect/302?to={b.url}/landed",
        "get /plain",
        "export hurl --session",
    ])
    assert code == 0, err
    assert "Hurl drops the body of PUT after a 302" in err
    text = out[out.index("# Exported by workbench"):]
    entries = hurl_subset.parse(text)
    assert [(entry["method"], entry["status"], entry["options"].get("location")) for entry in entries] == [
        ("PUT", "302", None), ("GET", "200", "true")], text
    assert hurl_subset.run(entries, {}) == []


def test_a_request_not_sent_yet_names_every_status_that_would_differ(run_workbench, origins):
    a, b = origins
    code, out, err = run_script(run_workbench, [
        f"base {a.url}", "follow on", 'body json {"name": "Fido"}', "method PUT",
        f"path /redirect/303?to={b.url}/landed", "export httpie",
    ])
    assert code == 0, err
    assert "HTTPie turns PUT into GET after a 302, where the workbench keeps it; " \
           "HTTPie drops the body of PUT after a 301" in err
    assert a.taken() == []
