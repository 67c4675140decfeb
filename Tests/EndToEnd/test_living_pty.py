"""Issue 10 through a real pseudo-terminal: the pager (`less -FRX`, the default), progress
on a slow request, the Ctrl-C hint, the prompt at 60 and 120 columns, the start-up hint,
coloured error lines, ~/.editrc, and completion of every new command."""

from __future__ import annotations

import pytest

from test_repl_pty import ANSI, CTRL_C, CTRL_U, ENTER, TAB, repl  # noqa: F401  (the fixture is used by name)


def at(session, server: str) -> str:
    """Sets the base to the test server; returns the prompt."""
    prompt = f"GET {server}/> "
    session.line(f"base {server}", prompt)
    return prompt


def test_start_up_hint_names_help_and_restore_when_there_is_an_autosave(repl, server):
    first = repl()
    assert "`help` lists the commands" in first.transcript.getvalue()
    assert "restore" not in first.transcript.getvalue(), "nothing to restore yet"
    at(first, server)
    first.line("get /json/order")
    first.send("exit" + ENTER)
    first.expect_exit(0)
    second = repl()
    hint = ANSI.sub("", second.transcript.getvalue()).split("\r\n")[0]
    assert hint == "workbench " + hint.split()[1] + " `help` lists the commands, `restore` brings back the last session" \
        or hint.endswith("`help` lists the commands, `restore` brings back the last session"), hint


def test_a_long_response_goes_through_less_and_the_repl_comes_back(repl, server):
    session = repl(env={"PAGER": None, "LESS": None}, dimensions=(24, 80))
    prompt = at(session, server)
    session.send("get /" + ENTER)
    # less (-FRX, the default) waits with its `:` prompt, on the normal screen: no alternate
    # screen, so what was read stays in the scrollback when it quits.
    session.expect_re(r"\r\n:\x1b\[K|\(END\)")
    assert "\x1b[?1049h" not in session.transcript.getvalue()
    session.send("q")
    session.prompt(prompt)
    # `last` pages again, without sending; `pager off` prints straight.
    session.send("last" + ENTER)
    session.expect_re(r"\r\n:\x1b\[K|\(END\)")
    session.send("q")
    session.prompt(prompt)
    assert "\x1b[?1049h" not in session.transcript.getvalue()
    session.line("pager off", prompt)
    printed = session.output_of("last", prompt)
    assert "\x1b[?1049h" not in session.child.before
    assert "A local HTTP/1.1 test server" in printed


def test_a_short_response_is_not_paged(repl, server):
    session = repl(env={"PAGER": None}, dimensions=(24, 80))
    at(session, server)
    printed = session.output_of("get /json/order")
    assert "\x1b[?1049h" not in session.child.before
    assert '"alpha": 2' in printed


def test_a_waiting_request_shows_elapsed_time_and_clears_it(repl, server):
    session = repl()
    prompt = at(session, server)
    session.send("get /slow?ms=1800" + ENTER)
    session.expect_re(r"waiting 1\.\d s \(Ctrl-C aborts\)")
    # The progress line is erased before the response is printed.
    session.expect_re(r"\r\x1b\[K(?:\x1b\[[0-9;]*m)*HTTP/1\.1 200 OK")
    session.prompt(f"GET {server}/slow?ms=1800> ")
    # A quick request shows no progress at all.
    session.output_of("get /json/order")
    assert "waiting" not in session.child.before


def test_send_to_a_file_shows_a_progress_bar(repl, server, workdir):
    session = repl()
    at(session, server)
    session.send("get /drip?count=60&ms=40 > drip.txt" + ENTER)
    session.expect_re(r"\[#*\.*\] \d+ bytes of 60 bytes, \d+ bytes/s \(Ctrl-C aborts\)")
    session.expect("[body saved to drip.txt: 60 bytes]")
    session.prompt()
    assert (workdir / "drip.txt").read_text() == ("0123456789" * 6)


def test_ctrl_c_on_the_prompt_says_how_to_leave(repl, server):
    session = repl()
    session.send(CTRL_C)
    session.expect("\r\n(Ctrl-D or `exit` leaves the workbench)\r\n")
    session.prompt("GET (no base)> ")
    # Ctrl-C on a typed line just drops it: no hint. (The key is sent once the echo shows,
    # or the terminal would discard the typed keys along with it.)
    session.send("path /x")
    session.expect("path /x")
    session.send(CTRL_C)
    session.prompt("GET (no base)> ")
    assert "leaves" not in session.child.before
    # UTF-8 typed after that still arrives whole.
    session.send("set word 안녕" + ENTER)
    session.prompt()
    assert "word = 안녕" in session.output_of("vars")
    session.send("body <<END" + ENTER)
    session.expect("END> ")
    session.send(CTRL_C)
    session.expect("(the body block was dropped)")
    session.prompt("GET (no base)> ")


def test_error_lines_are_coloured_on_a_terminal(repl):
    session = repl()
    session.send("bogus" + ENTER)
    session.expect("\x1b[1m\x1b[31merror:\x1b[0m unknown command 'bogus'")
    session.prompt()
    session.line("color never")
    session.send("bogus" + ENTER)
    session.expect("\r\nerror: unknown command 'bogus'")
    session.prompt()


LONG_PATH = "/api/character/1/with/many/more/segments/than/fit"
QUERY = "?name=rick&status=alive&page=2&sort=name"


@pytest.mark.parametrize("columns", [60, 120])
def test_the_prompt_keeps_scheme_host_and_path_and_shortens_the_query(repl, server, columns):
    session = repl(dimensions=(24, columns))
    at(session, server)
    session.send("path " + LONG_PATH + QUERY + ENTER)
    match = session.expect_re(r"\r\n(GET [^\r\n]*> )$")
    prompt = match.group(1)
    assert len(prompt) < columns, f"wider than the terminal: {prompt!r}"
    assert prompt.startswith(f"GET {server}/"), prompt
    assert prompt.endswith("/fit?…> "), prompt
    if columns == 120:
        assert prompt == f"GET {server}{LONG_PATH}?…> ", "at 120 columns only the query is shortened"


def test_editrc_is_honoured(repl, workbench_env):
    from pathlib import Path
    (Path(workbench_env["HOME"]) / ".editrc").write_text("bind -s ^X 'help last'\n")
    session = repl()
    session.send("\x18")
    session.expect("help last")
    session.send(ENTER)
    session.expect("usage:")
    session.prompt()


@pytest.mark.parametrize(("typed", "completed"), [
    ("las", "last "),
    ("last he", "headers "),
    ("last st", "status "),
    ("prin", "print "),
    ("print he", "headers "),
    ("pag", "pager "),
    ("pager of", "off "),
    ("history r", "rm "),
    ("history cl", "clear "),
    ("expect cl", "clear "),
    ("expect bo", "body "),
    ("capture r", "rm "),
    ("us", "use "),
    ("ru", "run "),
    ("run scr", "script.wb "),
    ("last > scr", "script.wb "),
    ("body json @pay", "payload.json "),
    ("path .", ".. "),
    ("color al", "always "),
    ("help allo", "allow-files "),
])
def test_completion_of_the_new_commands(repl, workdir, typed, completed):
    (workdir / "script.wb").write_text("vars\n")
    (workdir / "payload.json").write_text("{}")
    session = repl()
    session.send(typed + TAB)
    # libedit inserts what the word lacks (after redrawing the line).
    session.expect(completed[len(typed.split(" ")[-1]):])
    session.send(CTRL_U + ENTER)
    session.prompt()


def test_capture_rm_completes_captured_names(repl, server):
    session = repl()
    at(session, server)
    session.line('body json {"username": "ana", "password": "secret"}')
    session.line("post /login")
    session.line("capture token $.data.accessToken")
    session.send("capture rm to" + TAB)
    session.expect("ken ")
    session.send(ENTER)
    session.expect("removed the capture of token from request 1")
    session.prompt()


def test_script_errors_are_coloured_when_standard_error_is_a_terminal(workbench_bin, workbench_env, workdir):
    import pexpect
    (workdir / "bad.wb").write_text("bogus\n")
    for env, expected in [({}, "\x1b[1m\x1b[31merror:\x1b[0m line 1: unknown command 'bogus'"),
                          ({"NO_COLOR": "1"}, "error: line 1: unknown command 'bogus'")]:
        child = pexpect.spawn(workbench_bin, ["run", "bad.wb"], env=dict(workbench_env, **env), cwd=str(workdir),
                              encoding="utf-8", timeout=10)
        child.expect(pexpect.EOF)
        assert child.before.startswith(expected), repr(child.before)


def test_a_typed_line_that_is_not_utf8_is_refused_naming_the_byte(repl):
    import os
    session = repl()
    os.write(session.child.child_fd, b"path /caf\xe9\r")
    session.expect("the line is not valid UTF-8 (byte 0xE9 at column 10)")
    session.prompt("GET (no base)> ")
    # An overlong form is not UTF-8 either; a valid line afterwards works.
    os.write(session.child.child_fd, b"path /a\xc0\xafb\r")
    session.expect("the line is not valid UTF-8 (byte 0xC0 at column 8)")
    session.prompt("GET (no base)> ")
    session.line("base http://localhost:8080", "GET http://localhost:8080/> ")
    session.line("path /café", "GET http://localhost:8080/caf%C3%A9> ")
