"""Redirects by the rules (follow on): 303 and POST+301/302 become GET without a body,
307/308 keep method and body, credentials stay behind on another origin, only http(s)."""
import json
import urllib.parse
from pathlib import Path

import pytest

from conftest import script, _script_server, SERVER_SCRIPT
from test_send import body_of


def sent(out: str) -> dict:
    return json.loads(body_of(out))


def header_names(echo: dict) -> list[str]:
    return [name.lower() for name, _ in echo["headers"]]


def to(url: str, status: int) -> str:
    return f"/to?status={status}&url={urllib.parse.quote(url, safe='')}"


def test_post_answered_by_303_becomes_get_without_body(run_workbench, server):
    code, out, err = run_workbench(input=script(
        f"base {server}", "follow on", "timeout 5", 'body json {"a": 1}', f"post {to('/echo', 303)}"), timeout=15)
    assert code == 0, err
    assert out.splitlines()[0] == "HTTP/1.1 303 See Other -> /echo"
    echo = sent(out)
    assert echo["method"] == "GET" and echo["body"] == ""
    assert "content-type" not in header_names(echo) and "content-length" not in header_names(echo)


def test_post_answered_by_301_and_302_becomes_get(run_workbench, server):
    for status in (301, 302):
        code, out, err = run_workbench(input=script(
            f"base {server}", "follow on", "timeout 5", "body x=1", f"post {to('/echo', status)}"), timeout=15)
        assert code == 0, err
        assert sent(out)["method"] == "GET" and sent(out)["body"] == ""


def test_307_and_308_keep_method_and_body(run_workbench, server):
    for status in (307, 308):
        code, out, err = run_workbench(input=script(
            f"base {server}", "follow on", 'body json {"a": 1}', f"put {to('/echo', status)}"), timeout=15)
        assert code == 0, err
        echo = sent(out)
        assert echo["method"] == "PUT" and echo["body"] == '{"a": 1}'


def test_credentials_stay_behind_on_another_origin(run_workbench, server):
    other = server.replace("127.0.0.1", "localhost")
    code, out, err = run_workbench(input=script(
        f"base {server}", "follow on", "set --secret key abc123-key",
        "header Authorization: Bearer t0ken", "header Cookie: s=1", "header X-Api-Key: {{key}}", "header X-Plain: kept",
        f"get {to(other + '/echo', 302)}"), timeout=15)
    assert code == 0, err
    names = header_names(sent(out))
    assert "authorization" not in names and "cookie" not in names and "x-api-key" not in names
    assert "x-plain" in names
    host = dict((n.lower(), v) for n, v in sent(out)["headers"])["host"]
    assert host.startswith("localhost:")


def test_same_origin_keeps_credentials(run_workbench, server):
    code, out, err = run_workbench(input=script(
        f"base {server}", "follow on", "header Authorization: Bearer t0ken", f"get {to('/echo', 302)}"), timeout=15)
    assert code == 0, err
    assert "authorization" in header_names(sent(out))


def test_non_http_targets_are_refused(run_workbench, server):
    code, out, err = run_workbench(input=script(
        f"base {server}", "follow on", f"get {to('ftp://127.0.0.1/x', 302)}"), timeout=15)
    assert code == 1
    errors = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "only http and https" in errors[0]


def test_head_with_a_body_set_does_not_hang(run_workbench, server):
    code, out, err = run_workbench(input=script(
        f"base {server}", "timeout 5", "body some text", "head /echo"), timeout=15)
    assert code == 0, err
    assert out.startswith("HTTP/1.1 200 OK")


def test_post_answered_by_307_keeps_method_and_body(run_workbench, server):
    code, out, err = run_workbench(input=script(
        f"base {server}", "follow on", "timeout 5", 'body json {"b": 2}', f"post {to('/echo', 307)}"), timeout=15)
    assert code == 0, err
    assert out.splitlines()[0] == "HTTP/1.1 307 Temporary Redirect -> /echo"
    echo = sent(out)
    assert echo["method"] == "POST" and echo["body"] == '{"b": 2}'
    assert dict((n.lower(), v) for n, v in echo["headers"])["content-length"] == "8"


@pytest.fixture(scope="module")
def other_server():
    """A second server.py, so a redirect can change the port as well as the host."""
    with _script_server(SERVER_SCRIPT, "second test server") as url:
        yield url


def test_another_port_drops_authorization_and_cookie(run_workbench, server, other_server):
    code, out, err = run_workbench(input=script(
        f"base {server}", "follow on", "header Authorization: Basic dTpw", "header Cookie: s=1",
        "header X-Plain: kept", f"get {to(other_server + '/echo', 301)}"), timeout=15)
    assert code == 0, err
    echo = sent(out)
    names = header_names(echo)
    assert "authorization" not in names and "cookie" not in names and "x-plain" in names
    host = dict((n.lower(), v) for n, v in echo["headers"])["host"]
    assert host == other_server.removeprefix("http://")


def test_hops_are_shown_and_the_file_holds_the_last_body(run_workbench, server, workdir: Path):
    code, out, err = run_workbench(input=script(
        f"base {server}", "follow on", "body x=1", f"post {to('/redirect/2', 303)} > out.json"), timeout=15)
    assert code == 0, err
    assert out.splitlines()[:3] == ["HTTP/1.1 303 See Other -> /redirect/2",
                                    "HTTP/1.1 302 Found -> /redirect/1",
                                    "HTTP/1.1 302 Found -> /redirect/0"]
    assert json.loads((workdir / "out.json").read_text()) == {"redirected": True}
    assert [p.name for p in workdir.iterdir()] == ["out.json"]


def test_a_content_length_without_the_body_is_refused_at_once(run_workbench, server):
    for method in ("head", "get"):
        code, out, err = run_workbench(input=script(
            f"base {server}", "timeout 20", "header Content-Length: 5", f"{method} /echo"), timeout=10)
        assert code == 1, (method, err)
        errors = [line for line in err.splitlines() if line.startswith("error:")]
        assert len(errors) == 1 and "Content-Length: 5" in errors[0], (method, err)
