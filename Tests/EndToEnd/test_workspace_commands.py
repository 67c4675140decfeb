"""Commands that work on the workspace, in script mode, against the local server: `last`
(parts, `> FILE`, `| COMMAND`), `print`, taking back (`history rm|clear`, `expect rm|clear`, `capture rm`, `save FILE N`,
`use N`), `run SCRIPT`, `path ..`, `base` saying what became of the path, `body json`
quoted or from a file, and the new checks, saved and replayed by `workbench replay`.
The pseudo-terminal side (pager, progress, Ctrl-C, prompt, completion) is in
test_repl_pty.py."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import script
from test_script_mode import lines_of


def test_last_again_in_parts_without_sending(run_workbench, server, workdir: Path):
    code, out, err = run_workbench(input=script(
        f"base {server}",
        "get /json/order",
        "last status",
        "last headers",
        "last body > order.json",
        "last | wc -c",
        "last headers | grep -c Content-Type",
        "get /connection",
        "last body",
    ))
    assert code == 0, err
    # The server counts requests on a connection: `last` sent nothing in between.
    assert json.loads(out[out.rindex("{"):])["requests_on_connection"] == 2, out
    assert (workdir / "order.json").read_bytes() == (
        b'{"zeta":1,"alpha":2,"mid":{"b":1,"a":2},"big":12345678901234567890123,'
        b'"dec":1.10,"list":[1,2,3],"s":"caf\\u00e9"}')
    lines = lines_of(out)
    assert "[body written to order.json: 112 bytes]" in lines
    assert "112" in [line.strip() for line in lines], "the raw body went into the pipe"
    assert "1" in lines


def test_last_to_a_file_is_atomic_and_refuses_what_send_refuses(run_workbench, server, workdir: Path):
    (workdir / "keep.txt").write_text("unchanged")
    (workdir / "link").symlink_to(workdir / "keep.txt")
    code, out, err = run_workbench(input=script(
        f"base {server}",
        "get /json/order",
        "last > link",
        "last > .",
        "last > /nonexistent-dir/x.json",
        "last | exit 4",
    ), args=["--keep-going"])
    assert code == 1
    errors = lines_of(err)
    assert errors[0] == "error: line 3: cannot write 'link': it is a symbolic link (name the file it points to)"
    assert errors[1] == "error: line 4: cannot write '.': it is a directory"
    assert errors[2].startswith("error: line 5: cannot write '/nonexistent-dir/x.json': ")
    assert errors[3] == "error: line 6: `exit 4` exited with status 4"
    assert (workdir / "keep.txt").read_text() == "unchanged"
    assert sorted(p.name for p in workdir.iterdir()) == ["keep.txt", "link"]


def test_print_chooses_the_parts_of_every_response(run_workbench, server):
    code, out, err = run_workbench(input=script(
        f"base {server}", "print status", "get /json/order", "print body", "get /json/order", "print headers",
        "get /json/order",
    ))
    assert code == 0, err
    lines = lines_of(out)
    assert lines[0] == "HTTP/1.1 200 OK" and lines[1].startswith("(")
    assert lines[2] == "{", "print body shows the body alone"
    assert "Content-Type: application/json" in lines and lines[-1] == "Content-Length: 112"


def test_taking_back_history_expectations_and_captures(run_workbench, server, workdir: Path):
    code, out, err = run_workbench(input=script(
        f"base {server}",
        "print status",
        "get /status/200",
        "get /status/404",
        "expect status 200",
        "expect",
        "expect rm 1",
        "capture code status",
        "capture rm code",
        "get /json/order",
        "expect json $.alpha == 2",
        "history rm 1",
        "history",
        "save all.json",
        "save part.json 2",
        "history clear",
        "history",
    ), args=["--keep-going"])
    assert code == 1, "the failing expect makes the run fail"
    assert [line for line in lines_of(err) if line.startswith("error:")] == [
        "error: line 5: expectation failed: status 200: got 404 (kept on request 2: `expect rm 1` takes it back)"]
    lines = lines_of(out)
    assert "request 2:" in lines and "  1  status 200" in lines
    assert "removed `expect status 200` from request 2" in lines
    assert "removed the capture of code from request 2; the variable keeps its value (`unset code` removes it)" in lines
    assert "removed request 1; 2 left (renumbered: see `history`)" in lines
    assert any(line.startswith("1  GET ") and "/status/404  404" in line for line in lines), lines
    assert "saved part.json: 1 request of 2" in lines
    assert "removed 2 requests from the history" in lines
    assert lines[-1] == "(no requests sent yet)"
    everything = json.loads((workdir / "all.json").read_text())
    assert [r["endpoint"]["path"] for r in everything["requests"]] == ["/status/404", "/json/order"]
    assert everything["requests"][0]["expectations"] == [] and everything["requests"][0]["captures"] == []
    part = json.loads((workdir / "part.json").read_text())
    assert [r["endpoint"]["path"] for r in part["requests"]] == ["/json/order"]


def test_use_puts_a_recorded_request_back_and_bare_replay_is_refused(run_workbench, server):
    code, out, err = run_workbench(input=script(
        f"base {server}",
        "print status",
        'body json {"username": "ana", "password": "secret"}',
        "post /login",
        "reset",
        "get /json/order",
        "replay",
        "use 1",
        "show",
    ), args=["--keep-going"])
    assert code == 1
    assert lines_of(err) == ["error: line 7: replay: say which: `replay N` (see `history`) or `replay all`, "
                             "which sends every request again, POSTs included; see `help replay`"]
    assert f"editing request 1: POST {server}/login" in out
    assert "POST /login HTTP/1.1" in out and '{"username": "ana", "password": "secret"}' in out


def test_run_inside_a_session_names_the_failing_line(run_workbench, server, workdir: Path):
    (workdir / "login.wb").write_text(
        'body json {"username": "ana", "password": "secret"}\npost /login\ncapture token $.data.accessToken\n')
    (workdir / "broken.wb").write_text("path /a\n\nsned\npath /never\n")
    code, out, err = run_workbench(input=script(
        f"base {server}", "print status", "run login.wb", "vars", "run broken.wb", "path",
    ), args=["--keep-going"])
    assert code == 1
    assert lines_of(err) == ["error: line 5: broken.wb:3: unknown command 'sned': did you mean send?"]
    lines = lines_of(out)
    assert "token = tok-123" in lines
    assert lines[-1] == f"{server}/a"


def test_path_up_and_base_changes_say_what_happened(run_workbench, server):
    code, out, err = run_workbench(input=script(
        f"base {server}",
        "path /api/character/1",
        "path ..",
        "path",
        "query add name rick",
        "print body",
        "get",
        "path ..",
        "path ..",
        "path ..",
        "path add api",
        f"base {server}/api",
        "path",
    ), args=["--keep-going"])
    assert lines_of(err) == [f"error: line 10: path ..: already at the top of the base URL ({server})"]
    lines = lines_of(out)
    assert f"{server}/api/character" in lines
    assert '"count": 1' in out, "the list, filtered by the query that stayed"
    assert f"kept the path: {server}/api/api?name=rick (`path /` starts at the base)" in lines


def test_body_json_quoted_or_from_a_file(run_workbench, server, workdir: Path):
    # A JSON file is sent as it is, like `curl -d @FILE` (no {{variables}} expanded in it).
    (workdir / "login.json").write_text('{"username": "ana", "password": "secret"}')
    (workdir / "bad.json").write_text('{"username": }')
    code, out, err = run_workbench(input=script(
        f"base {server}",
        "set pw secret",
        "print status",
        """body json '{"username": "ana", "password": "secret"}'""",
        "post /login",
        "body json @login.json",
        "post /login",
        "body json @bad.json",
        "body",
    ), args=["--keep-going"])
    assert lines_of(err)[0].startswith("error: line 8: bad.json is not valid JSON: ")
    assert len(lines_of(err)) == 1
    lines = lines_of(out)
    assert lines.count("HTTP/1.1 200 OK") == 2, out
    assert lines[-1] == "json @login.json (read and validated when the request is sent)", \
        "a bad file leaves the body as it was"


def test_new_checks_pass_fail_save_and_replay(run_workbench, server, workdir: Path):
    code, out, err = run_workbench(input=script(
        f"base {server}",
        "print status",
        "get /api/character/1",
        "expect json $.id != 2",
        "expect json $.id >= 1",
        "expect json $.id < 2",
        'expect json $.name contains "Rick"',
        'expect json $.name matches "^R.*y$"',
        'expect body contains "species"',
        "expect json $.status == Alive",
        "save checks.json",
    ), args=["--keep-going"])
    errors = lines_of(err)
    assert errors[0] == "error: line 8: expectation failed: json $.name matches \"^R.*y$\": got \"Rick Sanchez\" " \
                        "(kept on request 1: `expect rm 5` takes it back)"
    assert errors[1].startswith("error: line 10: expect: invalid expected value: ")
    assert errors[1].endswith('strings need double quotes: "Alive"; see `help expect`')
    assert len(errors) == 2
    assert lines_of(out).count("PASS json $.id != 2") == 1
    saved = json.loads((workdir / "checks.json").read_text())["requests"][0]["expectations"]
    assert saved == ["json $.id != 2", "json $.id >= 1", "json $.id < 2", 'json $.name contains "Rick"',
                     'json $.name matches "^R.*y$"', 'body contains species']
    code, out, err = run_workbench(["replay", "checks.json"])
    assert code == 1
    assert 'json $.name matches "^R.*y$": got "Rick Sanchez"' in out
    assert "0 passed, 1 failed" in out


def test_color_words_are_one_vocabulary(run_workbench, server):
    code, out, err = run_workbench(["--color", "always"], input=script(
        "settings", "color never", "settings", "color on", "settings", "color off", "settings", "color auto", "settings",
    ))
    assert code == 0, err
    colors = [line.split()[1] for line in lines_of(out) if line.startswith("color")]
    assert colors == ["always", "never", "always", "never", "auto"]
