"""`export locust --session`: the locustfile, run headless by Locust against a local recorder,
sends what the workbench sent for the same session: method, path and query, headers (less
those each client writes its own way), and body (multipart compared part by part, since the
boundary is each client's own), a captured value chained into the requests after it, an
`{{env.NAME}}` and a secret read from the environment. The secret is never in the file.

Locust lives in its own virtual environment (`.venv-locust/`, from Tests/requirements-locust.txt:
its gevent needs greenlet 3, httpbin's pin keeps .venv on greenlet 2).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from recorder import Recorder

SECRET = "s3cr3t-LOCUST-value"
REPO = Path(__file__).resolve().parents[2]


def locust_command() -> list[str]:
    local = REPO / ".venv-locust" / "bin" / "locust"
    if local.exists():
        return [str(local)]
    found = shutil.which("locust")
    if found:
        return [found]
    message = "Locust is not installed: scripts/setup.sh --tests installs it into .venv-locust/"
    if os.environ.get("CI") == "true":
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


# Headers each client writes its own way (or, for the multipart length, with its own boundary).
LEFT_OUT = {"user-agent", "accept-encoding", "accept", "connection"}


def multipart(request) -> list[tuple]:
    content_type = request.header("Content-Type") or ""
    boundary = content_type.split("boundary=", 1)[1].strip('"').encode()
    parts = []
    for chunk in request.body.split(b"--" + boundary)[1:-1]:
        head, _, content = chunk.strip(b"\r\n").partition(b"\r\n\r\n")
        headers = sorted(tuple(part.strip() for part in line.split(":", 1)) for line in head.decode().split("\r\n"))
        parts.append((headers, content))
    return parts


def sent(request) -> tuple:
    is_multipart = (request.header("Content-Type") or "").startswith("multipart/form-data")
    leave_out = LEFT_OUT | ({"content-type", "content-length"} if is_multipart else set())
    headers = sorted((name.lower(), value) for name, value in request.headers if name.lower() not in leave_out)
    body = multipart(request) if is_multipart else request.body
    return request.method, request.target, headers, body


def test_the_locustfile_sends_what_the_workbench_sends(run_workbench, workdir, workbench_env):
    command = locust_command()
    (workdir / "data.bin").write_bytes(bytes(range(256)))
    (workdir / "note.txt").write_text("a note\n")
    recorder = Recorder().start()
    try:
        script = [
            f"base {recorder.url}",
            f"set --secret tok {SECRET}",
            "set user 'ana b'",
            "header X-Trace: t-{{user}}",
            "auth bearer {{tok}}",
            'body json {"user": "{{user}}", "n": 1}',
            "post '/login?a=b%20c&x={{user}}'",
            "capture m $.method",
            "expect status 200",
            'expect json $.method == "POST"',
            "header X-From: {{m}}",
            "auth basic ana:{{tok}}",
            "body clear",
            "get '/next?m={{m}}&e={{env.WB_LOCUST_REGION}}'",
            "auth none",
            "body form a=1 'b=x y' c=é*~",
            "post /form",
            "body 'raw text, as it is'",
            "put /raw",
            "body @data.bin",
            "post /upload",
            "body multipart note=hello 'file@note.txt;type=text/plain'",
            "post /multi",
            "export locust --session > locustfile.py",
        ]
        result = run_workbench(["--keep-going"], input="\n".join(script) + "\n", env={"WB_LOCUST_REGION": "eu-1"})
        assert result.returncode == 0, result.stderr
        mine = [sent(request) for request in recorder.taken()]
        assert [entry[:2] for entry in mine] == [
            ("POST", "/login?a=b%20c&x=ana%20b"), ("GET", "/next?m=POST&e=eu-1"), ("POST", "/form"),
            ("PUT", "/raw"), ("POST", "/upload"), ("POST", "/multi"),
        ]
        locustfile = (workdir / "locustfile.py").read_text()
        assert SECRET not in locustfile
        assert 'os.environ["tok"]' in locustfile
        recorder.clear()
        env = dict(workbench_env, tok=SECRET, WB_LOCUST_REGION="eu-1")
        env.pop("PYTHONPATH", None)
        run = subprocess.run(
            [*command, "-f", "locustfile.py", "--headless", "-u", "1", "-r", "1", "-t", "2s", "--stop-timeout", "2",
             "--host", recorder.url, "--only-summary", "--loglevel", "WARNING"],
            cwd=workdir, env=env, capture_output=True, timeout=90)
        theirs = [sent(request) for request in recorder.taken()]
    finally:
        recorder.stop()
    assert len(theirs) >= len(mine), run.stderr.decode()[-3000:]
    # The first run of the task is the session; the runs after it send the same again.
    for index, expected in enumerate(mine):
        assert theirs[index] == expected, index
    assert theirs[len(mine):2 * len(mine)] in (mine, mine[:len(theirs) - len(mine)])


def test_what_does_not_map_is_said_at_the_top_and_on_standard_error(run_workbench, workdir):
    recorder = Recorder().start()
    try:
        script = [
            f"base {recorder.url}",
            "get /jobs/1 --until status 200 --every 100ms --for 1s",
            f"set --secret key {SECRET}",
            "auth aws-sigv4 AKIDEXAMPLE:{{key}} us-east-1 execute-api",
            "get /signed",
            "auth digest ana:{{key}}",
            "post /digest",
            "export locust --session > locustfile.py",
        ]
        result = run_workbench(["--keep-going"], input="\n".join(script) + "\n")
    finally:
        recorder.stop()
    locustfile = (workdir / "locustfile.py").read_text()
    top = locustfile.split("\nimport ")[0]
    assert "#   request 1: send --until status 200: each run of the task sends the request once" in top
    assert "#   request 2: auth aws-sigv4: Locust sends the request unsigned" in top
    assert "request 3" not in top
    assert "auth=HTTPDigestAuth(\"ana\", v[\"key\"])" in locustfile
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning: locust: ")]
    assert len(warnings) == 2, result.stderr
    assert SECRET not in locustfile and SECRET not in result.stdout + result.stderr
    # What is written is Python that compiles.
    compile(locustfile, "locustfile.py", "exec")


def run_locust(command, workdir, env, host):
    return subprocess.run(
        [*command, "-f", "locustfile.py", "--headless", "-u", "1", "-r", "1", "-t", "2s", "--stop-timeout", "2",
         "--host", host, "--only-summary", "--loglevel", "WARNING"],
        cwd=workdir, env=env, capture_output=True, timeout=90)


def test_digest_auth_and_checks_are_judged_by_locust_as_by_the_workbench(run_workbench, workdir, workbench_env, httpbin):
    """httpbin's digest challenge is answered by requests' HTTPDigestAuth, and an expectation that
    holds passes in Locust (exit status 0) where one that fails makes Locust fail (status 1)."""
    command = locust_command()
    env = dict(workbench_env, key=SECRET)
    env.pop("PYTHONPATH", None)
    statuses = []
    for expected in (200, 201):
        script = [
            f"base {httpbin}",
            f"set --secret key {SECRET}",
            "auth digest ana:{{key}}",
            "get /digest-auth/auth/ana/{{key}}",
            f"expect status {expected}",
            "expect json $.authenticated == true",
            "capture who $.user",
            "auth none",
            "get '/anything?who={{who}}'",
            'expect json $.args.who == "ana"',
            "export locust --session > locustfile.py",
        ]
        result = run_workbench(["--keep-going"], input="\n".join(script) + "\n")
        assert "locust" not in result.stderr, result.stderr
        locustfile = (workdir / "locustfile.py").read_text()
        assert SECRET not in locustfile
        run = run_locust(command, workdir, env, httpbin)
        report = run.stdout.decode() + run.stderr.decode()
        statuses.append(run.returncode)
        if expected == 200:
            # Every request passed its checks, the captured user reaching the second.
            assert " 0(0.00%)" in report and "Aggregated" in report, report[-3000:]
    assert statuses == [0, 1]


def test_values_holding_url_characters_are_encoded_where_they_stand_as_the_workbench_does(
        run_workbench, workdir, workbench_env):
    """A variable's value goes into the URL encoded for its place (a path, a query pasted with
    it, a query item, an API key in the query): `#` would otherwise cut the URL Locust sends,
    `&` and `=` split its query, a space or `é` reach requests unencoded."""
    command = locust_command()
    recorder = Recorder().start()
    try:
        script = [
            f"base {recorder.url}",
            "set v 'a&b=c#d é/x?y+'",
            "get '/p/{{v}}?pasted={{v}}&e={{env.WB_LOCUST_ODD}}'",
            "query add item {{v}}",
            "get /items",
            "query clear",
            "auth apikey query key {{v}}",
            "get /key",
            "export locust --session > locustfile.py",
        ]
        result = run_workbench(["--keep-going"], input="\n".join(script) + "\n", env={"WB_LOCUST_ODD": "1 #2&3"})
        assert result.returncode == 0, result.stderr
        mine = [(request.method, request.target) for request in recorder.taken()]
        assert mine == [
            ("GET", "/p/a&b=c%23d%20%C3%A9/x%3Fy+?pasted=a&b=c%23d%20%C3%A9/x?y+&e=1%20%232&3"),
            ("GET", "/items?item=a%26b%3Dc%23d%20%C3%A9/x?y%2B"),
            ("GET", "/key?key=a%26b%3Dc%23d%20%C3%A9/x?y%2B"),
        ]
        recorder.clear()
        env = dict(workbench_env, WB_LOCUST_ODD="1 #2&3")
        env.pop("PYTHONPATH", None)
        run = run_locust(command, workdir, env, recorder.url)
        theirs = [(request.method, request.target) for request in recorder.taken()]
    finally:
        recorder.stop()
    assert theirs[:len(mine)] == mine, run.stderr.decode()[-3000:]


def test_a_body_the_method_holds_back_stays_out_of_the_exports(run_workbench, workdir, workbench_env):
    """A GET after a form POST goes without the form (the workbench holds a body back from GET);
    the exports wrote the form into the GET: Locust sent it, Hurl and .http files held it."""
    command = locust_command()
    recorder = Recorder().start()
    try:
        script = [
            f"base {recorder.url}", "body form k=v", "post /form", "get /plain",
            "export locust --session > locustfile.py", "export hurl > get.hurl", "export http > get.http",
        ]
        result = run_workbench(["--keep-going"], input="\n".join(script) + "\n")
        assert result.returncode == 0, result.stderr
        mine = [sent(request) for request in recorder.taken()]
        assert mine[1][:2] == ("GET", "/plain") and mine[1][3] == b""
        recorder.clear()
        env = dict(workbench_env)
        env.pop("PYTHONPATH", None)
        run = run_locust(command, workdir, env, recorder.url)
        theirs = [sent(request) for request in recorder.taken()]
    finally:
        recorder.stop()
    assert theirs[:2] == mine, run.stderr.decode()[-3000:]
    for name in ("get.hurl", "get.http"):
        exported = (workdir / name).read_text()
        assert "k=v" not in exported and "k: v" not in exported and "form-urlencoded" not in exported, exported


def test_a_whole_target_reference_is_taken_apart_at_run_time_as_the_workbench_does(
        run_workbench, workdir, workbench_env):
    """`get {{next}}` with a captured `/pets?page=2` joins the base's path with its query as a
    query (it was concatenated: `/api//pets%3Fpage=2`); a secret absolute URL goes to its own
    origin, without the token bound to the base's."""
    command = locust_command()
    a, b = Recorder().start(), Recorder().start()
    try:
        script = [
            f"base {a.url}/api",
            f"set --secret tok {SECRET}",
            "auth bearer {{tok}}",
            "set next /pets?page=2&per_page=2",
            f"set --secret far {b.url}/p/./q?x=1",
            "get {{next}}",
            "get {{next}}?sort=asc",
            "get {{far}}",
            "export locust --session > locustfile.py",
        ]
        result = run_workbench(["--keep-going"], input="\n".join(script) + "\n")
        assert result.returncode == 0, result.stderr
        mine = {"a": [sent(request) for request in a.taken()], "b": [sent(request) for request in b.taken()]}
        assert [entry[1] for entry in mine["a"]] == ["/api/pets?page=2&per_page=2", "/api/pets?page=2&per_page=2&sort=asc"]
        assert [entry[1] for entry in mine["b"]] == ["/p/q?x=1"]
        assert ("authorization", f"Bearer {SECRET}") in mine["a"][0][2]
        assert "authorization" not in [name for name, _ in mine["b"][0][2]]
        assert SECRET not in (workdir / "locustfile.py").read_text()
        a.clear(), b.clear()
        env = dict(workbench_env, tok=SECRET, far=f"{b.url}/p/./q?x=1")
        env.pop("PYTHONPATH", None)
        run = run_locust(command, workdir, env, a.url)
        theirs = {"a": [sent(request) for request in a.taken()], "b": [sent(request) for request in b.taken()]}
    finally:
        a.stop()
        b.stop()
    assert theirs["a"][:2] == mine["a"], run.stderr.decode()[-3000:]
    assert theirs["b"][:1] == mine["b"], run.stderr.decode()[-3000:]
