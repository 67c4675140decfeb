"""`workbench SESSION.json` does what `load SESSION.json` does (issue 23): the loaded line,
every note and warning, and the API description the session names loaded, from a file beside
it or fetched from its URL. The command line's lines go to standard error (standard output is
the script's); `load` typed as a line prints the same lines on standard output."""

import functools
import http.server
import shutil
from pathlib import Path

import pytest

from conftest import http_server

FIXTURES = Path(__file__).resolve().parent.parent / "Fixtures" / "OpenAPI"
SECRET = "s3cr3t-on-the-command-line"


@pytest.fixture()
def description_server():
    """The OpenAPI fixtures over HTTP on 127.0.0.1; yields the base URL."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(FIXTURES))
    handler.log_message = lambda *args: None
    with http_server(handler) as server:
        yield server.url


def make_session(run_workbench, workdir: Path, server: str, description: str) -> Path:
    """A session with one request, a header that names a secret, and a description."""
    script = (f"base {server}\nopenapi {description}\nset --secret pw {SECRET}\n"
              "header X-Pw: {{pw}}\nget /ok\nsave s.json\n")
    result = run_workbench(input=script)
    assert result.returncode == 0, result.stderr
    session = workdir / "s.json"
    assert session.exists()
    assert SECRET not in session.read_text()
    return session


def lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line]


@pytest.mark.parametrize("where", ["file", "url"])
def test_session_named_on_the_command_line_is_loaded_as_load_loads_it(run_workbench, workdir, server,
                                                                        description_server, where):
    if where == "file":
        shutil.copy(FIXTURES / "petstore.yaml", workdir / "petstore.yaml")
        description = "petstore.yaml"
    else:
        description = f"{description_server}/petstore.yaml"
    make_session(run_workbench, workdir, server, description)

    typed = run_workbench(input="load s.json\n")
    assert typed.returncode == 0, typed.stderr
    said = lines(typed.stdout)
    assert said[0] == "loaded s.json: 1 request"
    assert any(line.startswith("not restored, since secrets are never saved: {{pw}}") for line in said)
    assert any("Swagger Petstore" in line for line in said), said

    # On the command line: the same lines, on standard error, before the script runs; the
    # description is loaded (the script's `openapi` says what is loaded).
    named = run_workbench(["s.json"], input="openapi\n")
    assert named.returncode == 0, named.stderr
    assert lines(named.stderr) == said
    assert "Swagger Petstore" in named.stdout
    assert "3 operations on 2 paths" in named.stdout
    for output in (typed.stdout, typed.stderr, named.stdout, named.stderr):
        assert SECRET not in output


def test_a_description_that_cannot_be_loaded_is_a_warning_and_the_session_still_loads(run_workbench, workdir, server,
                                                                                      description_server):
    make_session(run_workbench, workdir, server, f"{description_server}/petstore.yaml")
    text = (workdir / "s.json").read_text().replace("/petstore.yaml", "/gone.yaml")
    (workdir / "s.json").write_text(text)

    named = run_workbench(["s.json"], input="history\n")
    assert named.returncode == 0, named.stderr
    errors = lines(named.stderr)
    assert errors[0] == "loaded s.json: 1 request"
    assert any(line.startswith("warning: the session's API description was not loaded: ")
               and "gone.yaml answered HTTP/1.0 404" in line for line in errors), errors
    assert "/ok" in named.stdout


def test_a_session_that_cannot_be_read_is_one_error_line_and_status_2(run_workbench, workdir):
    (workdir / "bad.json").write_text('{"formatVersion": 2, "requests": [')
    named = run_workbench(["bad.json"], input="history\n")
    assert named.returncode == 2
    errors = lines(named.stderr)
    assert len(errors) == 1 and errors[0].startswith("error: bad.json"), errors
    assert named.stdout == ""
