"""Messages that misled (issue 39, goal 9): a loaded session names the request that captures
a token instead of "type `auth bearer` again"; an undefined variable in a path is that error
alone (no "path parameter is not filled"), with a "did you mean" for a name that differs in
case; a POST without the body its operation requires warns as missing parameters do; `body
edit` falls back to `editor`, `nano` or `vi` as git does; the exit line counts the requests
actually not saved after `save FILE N...`."""

from __future__ import annotations

import shutil
from pathlib import Path

import pexpect

from test_repl_screen import CTRL_D, screen  # noqa: F401  (the fixture is used by name)
from test_script_mode import script

PETSTORE = Path(__file__).resolve().parents[1] / "Fixtures" / "OpenAPI" / "petstore.yaml"


def test_a_loaded_session_names_the_request_that_captures_the_token(run_workbench, server, workdir):
    code, out, err = run_workbench(input=script(
        f"base {server}",
        'body json {"username": "ana", "password": "secret"}',
        "post /login",
        "capture --secret token $.data.accessToken",
        "auth bearer {{token}}",
        "get /me",
        "save s.json",
    ))
    assert code == 0, err
    code, out, err = run_workbench(["--keep-going"], input=script("load s.json", "get /me", "replay 1", "get /me"))
    said = "{{token}}, captured by request 1 (POST /login): `replay 1` captures it again"
    assert f"not restored, since secrets are never saved: {said}" in out, out
    assert f"error: line 2: not set since the session was loaded: {said}" in err, err
    assert "type `auth bearer` again" not in out + err
    assert '"user":"ana"' in out.replace(" ", "")  # replay 1 captured it: the last GET is let in
    assert code == 1  # line 2 only


def test_an_undefined_variable_in_a_path_is_that_error_alone_with_a_did_you_mean(run_workbench, server, workdir):
    shutil.copy(PETSTORE, workdir / "petstore.yaml")
    code, out, err = run_workbench(["--keep-going"], input=script(
        "openapi petstore.yaml",
        f"base {server}",
        "set petId 3",
        "get /pets/{{petid}}",
        "get /pets/{{nothing_like_it}}",
    ))
    assert code == 1
    assert "path parameter {petId} is not filled" not in out + err, err
    assert "error: line 4: undefined variable {{petid}}: did you mean {{petId}}? or set it with `set petid VALUE`" in err
    assert "error: line 5: undefined variable {{nothing_like_it}}: set it with `set nothing_like_it VALUE`" in err


def test_a_post_without_the_body_its_operation_requires_warns(run_workbench, server, workdir):
    shutil.copy(PETSTORE, workdir / "petstore.yaml")
    code, out, err = run_workbench(["--keep-going"], input=script(
        "openapi petstore.yaml",
        f"base {server}/echo",
        "post /pets",
        'body json {"id": 1, "name": "Fido"}',
        "post /pets",
    ))
    warning = ("warning: POST /pets: the description requires a request body (application/json); none is sent "
               "(`body example` writes one from its schema)")
    assert err.count(warning) == 1, err


EDITOR = """#!/bin/sh
PATH=/usr/bin:/bin
echo '{"edited": true}' > "$1"
echo "$0" > "$(dirname "$0")/ran"
"""


def test_body_edit_falls_back_to_an_editor_on_the_path_as_git_does(run_workbench, workdir):
    folder = workdir / "bin"
    folder.mkdir()
    nano = folder / "nano"
    nano.write_text(EDITOR)
    nano.chmod(0o755)
    env = {"EDITOR": None, "VISUAL": None, "PATH": str(folder)}
    code, out, err = run_workbench(input=script('body json {"a": 1}', "body edit", "body"), env=env)
    assert code == 0, err
    assert out.strip().endswith('{"edited": true}')
    assert (folder / "ran").read_text().strip() == str(nano)
    # None on the PATH: the error says what was looked for.
    nano.unlink()
    code, out, err = run_workbench(input=script('body json {"a": 1}', "body edit"), env=env)
    assert "`body edit` needs an editor: set $VISUAL or $EDITOR (none of editor, nano, vi is on the PATH)" in err


def test_the_exit_line_counts_the_requests_not_saved(screen, server):
    session = screen(120)
    session.line(f"base {server}")
    for number in range(1, 8):
        session.line(f"get /echo?n={number}")
    session.line("save pets.json 2 3 5 7")
    session.child.send(CTRL_D)
    session.child.expect(pexpect.EOF, timeout=10)
    session.stream.feed(session.child.before or b"")
    assert "3 requests were not saved: `workbench --restore` brings them back" in session.text(), session.text()
