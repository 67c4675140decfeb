"""The REPL through a real pseudo-terminal (pexpect): prompt, completion, history,
Ctrl-R, Ctrl-C, Ctrl-D, UTF-8 input and errors; the pager (`less -FRX`, the default),
progress on a slow request, the Ctrl-C hint, the prompt at 60 and 120 columns, the start-up
hint, coloured error lines, ~/.editrc, and completion of every command.

Every test waits for the prompt before typing the next line, so nothing is typed
ahead while a command runs. Assertions are on what the terminal shows, and where
possible on the effect (a later `path` or `show`), so that a completion that
inserts the wrong text fails even if the screen looks plausible.
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pexpect
import pytest

EXPECT_TIMEOUT = 10
UP = "\x1b[A"
CTRL_C = "\x03"
CTRL_D = "\x04"
CTRL_R = "\x12"
CTRL_U = "\x15"
ENTER = "\r"
TAB = "\t"

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x07")


class Repl:
    """A running `workbench` on a pseudo-terminal, with informative failures."""

    def __init__(self, binary: str, env: dict[str, str], cwd: Path, args: list[str] | None = None,
                 dimensions: tuple[int, int] = (24, 120)):
        self.transcript = io.StringIO()
        self.child = pexpect.spawn(
            binary, args or [], env=env, cwd=str(cwd), dimensions=dimensions,
            encoding="utf-8", codec_errors="replace", timeout=EXPECT_TIMEOUT,
        )
        self.child.logfile_read = self.transcript

    def _fail(self, waiting_for: str, reason: str) -> None:
        before = self.child.before if isinstance(self.child.before, str) else ""
        pytest.fail(
            f"{reason} while waiting for {waiting_for!r}\n"
            f"--- child.before (raw) ---\n{before!r}\n"
            f"--- screen text (escapes removed) ---\n{ANSI.sub('', before)}\n"
            f"--- whole transcript (raw) ---\n{self.transcript.getvalue()!r}",
            pytrace=False,
        )

    def expect(self, text: str, timeout: float = EXPECT_TIMEOUT) -> None:
        """Waits until the terminal shows `text` exactly (escape sequences included)."""
        try:
            self.child.expect_exact(text, timeout=timeout)
        except pexpect.TIMEOUT:
            self._fail(text, f"timed out after {timeout} s")
        except pexpect.EOF:
            self._fail(text, f"the REPL exited (status {self._status()})")

    def expect_re(self, pattern: str, timeout: float = EXPECT_TIMEOUT) -> re.Match:
        try:
            self.child.expect(pattern, timeout=timeout)
        except pexpect.TIMEOUT:
            self._fail(pattern, f"timed out after {timeout} s")
        except pexpect.EOF:
            self._fail(pattern, f"the REPL exited (status {self._status()})")
        return self.child.match

    def prompt(self, text: str | None = None) -> None:
        """Waits for a prompt: exactly `text` if given, else any `...> `."""
        if text is None:
            self.expect_re(r"[^\r\n]*> $")
        else:
            self.expect(text)

    def send(self, text: str) -> None:
        self.child.send(text)

    def line(self, text: str, prompt: str | None = None) -> None:
        """Types `text` and Enter, then waits for the next prompt."""
        self.child.send(text + ENTER)
        self.prompt(prompt)

    def output_of(self, command: str, prompt: str | None = None) -> str:
        """Runs `command` and returns what it printed (between the echoed line and the next prompt)."""
        self.child.send(command + ENTER)
        self.expect(command + "\r\n")
        self.prompt(prompt)
        return ANSI.sub("", self.child.before)

    def expect_exit(self, status: int = 0) -> None:
        try:
            self.child.expect(pexpect.EOF, timeout=EXPECT_TIMEOUT)
        except pexpect.TIMEOUT:
            self._fail("the end of the process", "timed out")
        self.child.close()
        assert self.child.exitstatus == status, (
            f"exit status {self.child.exitstatus}, signal {self.child.signalstatus}; "
            f"transcript: {self.transcript.getvalue()!r}"
        )

    def _status(self) -> str:
        if self.child.isalive():
            return "still running"
        self.child.close()
        return f"{self.child.exitstatus}, signal {self.child.signalstatus}"

    def close(self) -> None:
        if self.child.isalive():
            self.child.close(force=True)


@pytest.fixture()
def repl(workbench_bin, workbench_env, workdir):
    """Starts REPLs (`repl()` or `repl(["--no-history"])`) and closes them after the test."""
    started: list[Repl] = []

    def start(args: list[str] | None = None, env: dict[str, str | None] | None = None,
              dimensions: tuple[int, int] = (24, 120)) -> Repl:
        environment = dict(workbench_env)
        for name, value in (env or {}).items():
            if value is None:
                environment.pop(name, None)
            else:
                environment[name] = value
        session = Repl(workbench_bin, environment, workdir, args, dimensions)
        started.append(session)
        session.prompt()
        return session

    yield start
    for session in started:
        session.close()


BASE_PROMPT = "GET http://localhost:8080/users> "


def at_users(session: Repl) -> None:
    session.line("base http://localhost:8080", "GET http://localhost:8080/> ")
    session.line("path /users", BASE_PROMPT)


def history_file(env: dict[str, str]) -> Path:
    return Path(env["XDG_STATE_HOME"]) / "workbench" / "history"


# --- prompt -------------------------------------------------------------------------


def test_prompt_shows_method_and_url(repl):
    session = repl()
    at_users(session)
    session.line("method patch", "PATCH http://localhost:8080/users> ")
    session.line("query add page 2", "PATCH http://localhost:8080/users?page=2> ")


def test_prompt_shows_insecure(repl):
    session = repl()
    at_users(session)
    session.line("insecure on", "[insecure] GET http://localhost:8080/users> ")
    session.line("insecure off", BASE_PROMPT)


def test_long_url_is_shortened_in_the_prompt(repl):
    session = repl()
    session.line("base http://localhost:8080", "GET http://localhost:8080/> ")
    long_path = "/" + "/".join(f"segment{index:02d}" for index in range(30))
    session.send("path " + long_path + ENTER)
    # The echoed line wraps at 120 columns; the prompt that follows must not.
    match = session.expect_re(r"\r\n(GET [^\r\n]*> )$")
    prompt = match.group(1)
    assert len(prompt) < 120, f"prompt is wider than the terminal: {prompt!r}"
    assert prompt.startswith("GET http://localhost"), prompt
    assert prompt.endswith("segment29> "), prompt
    assert "segment00/segment01/segment02" not in prompt, f"prompt not shortened: {prompt!r}"


# --- tab completion ---------------------------------------------------------------


def test_complete_command_word(repl):
    session = repl()
    at_users(session)
    session.send("que" + TAB)
    session.expect("ry ")
    session.send("add a 1" + ENTER)
    session.prompt("GET http://localhost:8080/users?a=1> ")
    assert "http://localhost:8080/users?a=1" in session.output_of("path")


def test_a_single_completion_does_not_ring_the_bell(repl):
    session = repl()
    at_users(session)
    session.send("que" + TAB)
    session.expect("ry ")
    assert "\x07" not in session.child.before
    session.send(CTRL_U + ENTER)
    session.prompt()


def test_complete_subcommand(repl):
    session = repl()
    at_users(session)
    session.send("query a" + TAB)
    session.expect("dd ")
    session.send("b 2" + ENTER)
    session.prompt("GET http://localhost:8080/users?b=2> ")


def test_complete_method(repl):
    session = repl()
    at_users(session)
    session.send("method PA" + TAB)
    session.expect("TCH")
    session.send(ENTER)
    session.prompt("PATCH http://localhost:8080/users> ")


def test_complete_header_name(repl):
    session = repl()
    at_users(session)
    session.send("header Content-T" + TAB)
    session.expect("ype:")
    session.send(" application/json" + ENTER)
    session.prompt(BASE_PROMPT)
    assert "Content-Type: application/json" in session.output_of("header", BASE_PROMPT)


def test_second_tab_lists_the_candidates(repl):
    session = repl()
    at_users(session)
    session.send("header Con" + TAB + TAB)
    match = session.expect_re(r"\r\n([^\r\n]*Connection:[^\r\n]*)\r\n")
    assert "Content-Type:" in match.group(1), match.group(1)
    # The line being typed is drawn again under the list, unchanged.
    session.expect(BASE_PROMPT + "header Con")
    session.send(CTRL_U + "path" + ENTER)
    session.expect("http://localhost:8080/users\r\n")


def test_complete_variable_name(repl):
    session = repl()
    at_users(session)
    session.line("set token abc123", BASE_PROMPT)
    session.send("header X-Token: {{to" + TAB)
    session.expect("ken}}")
    session.send(ENTER)
    session.prompt(BASE_PROMPT)
    shown = session.output_of("show", BASE_PROMPT)
    assert "X-Token: abc123" in shown, shown


def test_complete_file_after_body_at(repl, workdir):
    (workdir / "payload.json").write_text('{"from": "file"}', encoding="utf-8")
    session = repl()
    at_users(session)
    session.send("body @pay" + TAB)
    session.expect("load.json")
    session.send(ENTER)
    # The prompt announces the body, and that GET does not send it.
    with_body = "GET http://localhost:8080/users [file payload.json, not sent]> "
    session.prompt(with_body)
    described = session.output_of("body", with_body)
    assert "@payload.json" in described, described


# --- history ------------------------------------------------------------------------


def test_history_persists_across_restarts(repl, workbench_env):
    first = repl()
    first.line("base http://localhost:8080", "GET http://localhost:8080/> ")
    first.line("path /remember-me", "GET http://localhost:8080/remember-me> ")
    first.send(CTRL_D)
    first.expect_exit(0)
    assert history_file(workbench_env).is_file(), "no history file under $XDG_STATE_HOME/workbench/"

    second = repl()
    second.send(UP)
    second.expect("path /remember-me")
    second.send(UP)
    second.expect("base http://localhost:8080")
    second.send(ENTER)
    second.prompt("GET http://localhost:8080/> ")
    second.send(UP)
    second.expect("base http://localhost:8080")
    second.send(CTRL_U)


def test_history_falls_back_to_home(repl, workbench_env):
    session = repl(env={"XDG_STATE_HOME": None})
    session.line("path /in-home", "GET /in-home> ")
    session.send(CTRL_D)
    session.expect_exit(0)
    path = Path(workbench_env["HOME"]) / ".local" / "state" / "workbench" / "history"
    assert path.is_file(), f"no history file at {path}"
    assert "/in-home" in path.read_text(encoding="utf-8", errors="replace")


def test_no_history_neither_creates_nor_reads(repl, workbench_env):
    session = repl(["--no-history"])
    session.line("base http://localhost:8080", "GET http://localhost:8080/> ")
    session.send(CTRL_D)
    session.expect_exit(0)
    assert not history_file(workbench_env).exists(), "--no-history created a history file"

    # A history file from an earlier run is not read.
    history_file(workbench_env).parent.mkdir(parents=True, exist_ok=True)
    history_file(workbench_env).write_text("_HiStOrY_V2_\npath\\040/from-old-history\n", encoding="utf-8")
    before = history_file(workbench_env).read_bytes()
    session = repl(["--no-history"])
    session.send(UP)        # nothing to recall: the line stays empty
    session.send(ENTER)
    session.prompt()
    session.line("base http://localhost:8080")
    printed = session.output_of("path")
    assert "from-old-history" not in printed, printed
    assert "http://localhost:8080/" in printed, printed
    session.send(CTRL_D)
    session.expect_exit(0)
    assert history_file(workbench_env).read_bytes() == before, "--no-history wrote to the history file"


def test_reverse_search(repl):
    session = repl()
    at_users(session)
    session.line("path /needle-one", "GET http://localhost:8080/needle-one> ")
    session.line("path /other", "GET http://localhost:8080/other> ")
    session.line("method put", "PUT http://localhost:8080/other> ")
    session.send(CTRL_R)
    session.send("needle")
    session.expect("path /needle-one")
    session.send(ENTER)
    session.prompt("PUT http://localhost:8080/needle-one> ")
    assert "http://localhost:8080/needle-one" in session.output_of("path")


def test_secret_is_masked_in_history_file(repl, workbench_env):
    session = repl()
    session.line("set --secret password hunter2-do-not-store")
    shown = session.output_of("vars")
    assert "hunter2-do-not-store" not in shown, shown
    session.send(CTRL_D)
    session.expect_exit(0)
    text = history_file(workbench_env).read_text(encoding="utf-8", errors="replace")
    assert "hunter2-do-not-store" not in text, text
    # libedit's file format encodes spaces as \040.
    decoded = text.replace("\\040", " ")
    assert re.search(r"^set --secret password \S+$", decoded, re.MULTILINE), text


# --- keys -------------------------------------------------------------------------------


def test_ctrl_c_clears_the_line_and_keeps_running(repl):
    session = repl()
    at_users(session)
    session.send("path /should-not-be-used")
    session.expect("path /should-not-be-used")
    session.send(CTRL_C)
    session.prompt(BASE_PROMPT)
    assert session.child.isalive(), "Ctrl-C ended the REPL"
    printed = session.output_of("path", BASE_PROMPT)
    assert "http://localhost:8080/users" in printed, printed
    assert "should-not-be-used" not in printed, printed


def test_ctrl_c_on_an_empty_line(repl):
    session = repl()
    at_users(session)
    session.send(CTRL_C)
    session.prompt(BASE_PROMPT)
    session.send(CTRL_C)
    session.prompt(BASE_PROMPT)
    assert "http://localhost:8080/users" in session.output_of("path", BASE_PROMPT)


def test_ctrl_c_cancels_a_body_block(repl):
    session = repl()
    at_users(session)
    session.line("body <<END", "END> ")
    session.line("first line of a body", "END> ")
    session.send(CTRL_C)
    session.prompt(BASE_PROMPT)
    described = session.output_of("body", BASE_PROMPT)
    assert "(no body)" in described, described
    assert "first line" not in described, described


def test_body_block_in_the_repl(repl):
    session = repl()
    at_users(session)
    session.line("method post", "POST http://localhost:8080/users> ")
    session.line("body <<END", "END> ")
    session.line("line one", "END> ")
    session.line("line two", "END> ")
    session.line("END", "POST http://localhost:8080/users [text 17 bytes]> ")
    described = session.output_of("body", "POST http://localhost:8080/users [text 17 bytes]> ")
    assert "line one\r\nline two" in described, described


def test_ctrl_d_on_an_empty_line_exits_zero(repl):
    session = repl()
    at_users(session)
    session.send(CTRL_D)
    session.expect_exit(0)


def test_exit_command_exits_zero(repl):
    session = repl()
    session.send("exit" + ENTER)
    session.expect_exit(0)


# --- UTF-8 and errors -------------------------------------------------------------------


def test_utf8_variable(repl):
    session = repl()
    session.line("set greeting 안녕하세요")
    printed = session.output_of("vars")
    assert "greeting = 안녕하세요" in printed, printed


def test_utf8_query_is_encoded(repl):
    session = repl()
    at_users(session)
    session.line("query add q café", "GET http://localhost:8080/users?q=caf%C3%A9> ")
    printed = session.output_of("path")
    assert "http://localhost:8080/users?q=caf%C3%A9" in printed, printed


def test_utf8_line_editing(repl):
    """Moving left over multi-byte characters and inserting keeps the text intact."""
    session = repl()
    session.send("set word 안녕")
    session.send("\x1b[D")      # Left: the cursor is now before 녕
    session.send("X" + ENTER)
    session.prompt()
    printed = session.output_of("vars")
    assert "word = 안X녕" in printed, printed


def test_error_line_and_the_repl_continues(repl):
    session = repl()
    at_users(session)
    printed = session.output_of("bogus", BASE_PROMPT)
    lines = [line for line in printed.split("\r\n") if line]
    assert len(lines) == 1 and lines[0].startswith("error: "), printed
    assert "bogus" in lines[0]
    assert "http://localhost:8080/users" in session.output_of("path", BASE_PROMPT)


# --- The pager, progress, hints, the prompt's width, ~/.editrc, colours ---------------------

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
