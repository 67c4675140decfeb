"""Issue 26 (REPL, second round) through a real pseudo-terminal, the screen read back with a
terminal emulator (pyte): what a person sees after wrapped lines, edits in the middle of them,
Ctrl-U/Ctrl-W/Ctrl-K at 80 and 120 columns, a resize between them; Ctrl-D inside a heredoc; typos;
pipes from sending commands; `clear`; long help through the pager; restore; a check after a
failed send."""

from __future__ import annotations

import time

import pexpect
import pyte  # the terminal emulator; scripts/setup.sh --tests installs it
import pytest

LEFT = "\x1b[D"
CTRL_A, CTRL_D, CTRL_E, CTRL_K, CTRL_L, CTRL_U, CTRL_W = "\x01", "\x04", "\x05", "\x0b", "\x0c", "\x15", "\x17"


class AnsweringScreen(pyte.Screen):
    """pyte's screen, which answers what the program asks the terminal (where the cursor is,
    `ESC [ 6 n`) as a terminal does, unless `answers` is off (a terminal that never answers)."""

    def __init__(self, columns: int, rows: int, answers: bool = True):
        super().__init__(columns, rows)
        self.answers = answers
        self.child: pexpect.spawn | None = None
        # A slow terminal (or link): answers leave `delay` seconds after the question was read.
        self.delay = 0.0
        self.held: list[tuple[float, str]] = []

    def write_process_input(self, data: str) -> None:
        if self.answers and self.child is not None:
            self.held.append((time.monotonic() + self.delay, data))
            self.release()

    def release(self) -> None:
        while self.held and self.held[0][0] <= time.monotonic():
            self.child.send(self.held.pop(0)[1])


class Screen:
    """The workbench on a pseudo-terminal of `columns` x `rows`, its output fed to pyte."""

    def __init__(self, binary: str, env: dict[str, str], cwd, columns: int, rows: int = 24, args=(),
                 answers: bool = True):
        self.screen = AnsweringScreen(columns, rows, answers)
        self.stream = pyte.ByteStream(self.screen)
        self.child = pexpect.spawn(binary, list(args), env=dict(env, NO_COLOR="1"), cwd=str(cwd),
                                   dimensions=(rows, columns))
        self.screen.child = self.child
        self.wait_for(lambda _: self.current_row().endswith(">"))

    def pump(self, seconds: float = 0.15) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.screen.release()
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.03))
            except pexpect.TIMEOUT:
                continue
            except pexpect.EOF:
                return

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait_for(self, predicate, timeout: float = 10) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.pump(0.05)
            if predicate(self.text()):
                return self.text()
        pytest.fail(f"timed out; the screen shows:\n{self.text()}", pytrace=False)

    def type(self, keys: str) -> None:
        for key in keys:
            self.child.send(key)
        self.pump()

    def line(self, text: str) -> str:
        """Types `text` and Enter; returns the screen once the next prompt is there."""
        before = self.text()
        self.child.send(text + "\r")
        self.pump(0.1)
        return self.wait_for(lambda now: now != before and self.current_row().endswith(">"))

    def current_row(self) -> str:
        return self.screen.display[self.screen.cursor.y].rstrip()

    def prompt_row(self) -> int | None:
        for row in range(self.screen.cursor.y, -1, -1):
            if "> " in self.screen.display[row]:
                return row
        return None

    def input_area(self) -> str:
        """The prompt and what is typed after it, joined across the rows it wraps over."""
        start = self.prompt_row()
        assert start is not None, self.text()
        rows = self.screen.display[start:self.screen.cursor.y + 1]
        # A row that is full wraps on: no newline between it and the next.
        return "".join(row for row in rows).rstrip()

    def resize(self, columns: int, rows: int = 24, pump: float = 0.4) -> None:
        # As a terminal does: its own grid first, then the program's window (SIGWINCH).
        self.screen.resize(rows, columns)
        self.child.setwinsize(rows, columns)
        self.pump(pump)

    def close(self) -> None:
        if self.child.isalive():
            self.child.close(force=True)


@pytest.fixture()
def screen(workbench_bin, workbench_env, workdir):
    started: list[Screen] = []

    def start(columns: int = 80, rows: int = 24, args=(), env=None, answers: bool = True) -> Screen:
        session = Screen(workbench_bin, dict(workbench_env, **(env or {})), workdir, columns, rows, args, answers)
        started.append(session)
        return session

    yield start
    for session in started:
        session.close()


LONG_BASE = "http://localhost:8080/a/very/long/base/path/that/goes/on/and/on"
TYPED = "cccccccc-dddd-eeee-ffff-" + "g" * 70


@pytest.mark.parametrize("columns", [80, 120])
def test_wrapped_lines_edited_in_the_middle_show_exactly_the_prompt_and_the_text(screen, columns):
    session = screen(columns)
    session.line(f"base {LONG_BASE}")
    session.line("path /users/12345/orders/67890/items/abcdef/ghijkl")
    # The prompt is shortened with a multi-byte `…` to leave room for typing.
    prompt = session.current_row()
    assert "…" in prompt and prompt.endswith("> "[:-1]), prompt
    session.type(TYPED)
    session.type(LEFT * 30 + "X")
    expected = TYPED[:-30] + "X" + TYPED[-30:]
    area = session.input_area()
    assert area == prompt + " " + expected if not prompt.endswith(" ") else prompt + expected, session.text()
    # Ctrl-K cuts to the end, Ctrl-W a word, Ctrl-A then Ctrl-K the rest: nothing stale is left.
    session.type(CTRL_K)
    assert session.input_area().endswith(expected[:-30]), session.text()
    session.type(CTRL_E + " word")
    assert session.input_area().endswith(expected[:-30] + " word"), session.text()
    session.type(CTRL_W)
    assert session.input_area().endswith(expected[:-30]), session.text()
    session.type(CTRL_U)
    assert session.input_area().rstrip() == prompt.rstrip(), session.text()
    below = session.screen.display[session.screen.cursor.y + 1:]
    assert all(not row.strip() for row in below), session.text()


def test_a_resize_between_80_and_120_columns_keeps_the_line(screen, server):
    # What reaches the workbench after a resize is the line as typed, edits included. (What the
    # screen shows after a resize: test_repl_resize.py.)
    session = screen(80)
    session.line(f"base {server}")
    session.type("get /echo?q=" + "1234567890" * 8 + "QWERTY")
    session.resize(120)
    session.type("Z" + LEFT * 3 + "M")
    session.resize(80)
    session.line("")
    assert "QWERMTYZ" in session.text().replace("\n", ""), session.text()


def test_ctrl_d_inside_a_heredoc_cancels_the_block_and_never_quits(screen, server):
    session = screen(100)
    session.line(f"base {server}")
    session.line("body json {\"a\": 1}")
    session.child.send("body <<END\r")
    session.wait_for(lambda text: "END>" in text)
    session.type("line one\r")
    session.child.send(CTRL_D)
    text = session.wait_for(lambda text: "Ctrl-D cancelled the body block" in text)
    assert session.child.isalive()
    session.line("body")
    assert '{"a": 1}' in session.text(), "the body is unchanged"


def test_quitting_with_requests_not_saved_says_how_to_get_them_back(screen, server):
    session = screen(120)
    session.line(f"base {server}")
    session.line("get /json/order")
    session.child.send(CTRL_D)
    session.child.expect(pexpect.EOF, timeout=10)
    session.stream.feed(session.child.before or b"")
    assert "1 request was not saved: `workbench --restore` brings them back" in session.text()


def test_typos_of_kinds_and_checks_are_errors_with_a_suggestion(screen, server):
    session = screen(120)
    session.line(f"base {server}")
    session.line("body jsn {}")
    assert "did you mean json?" in session.text()
    session.line("body 'jsn {}'")
    session.line("body")
    assert session.screen.display[session.screen.cursor.y - 1].rstrip() == "jsn {}", session.text()
    session.line("get /json/order")
    session.line("expect staus 200")
    assert "unknown check 'staus': did you mean status?" in session.text()


def test_sending_commands_pipe_the_body_and_clear_clears_the_screen(screen, server):
    session = screen(120)
    session.line(f"base {server}")
    session.line("get /json/order | wc -c")
    assert any(row.strip() == "52" or row.strip().isdigit() for row in session.text().splitlines()), session.text()
    assert "HTTP/1.1 200" not in session.text(), "the body went to the command, not the screen"
    session.line("clear")
    rows = [row for row in session.text().splitlines() if row.strip()]
    assert len(rows) == 1 and rows[0].endswith(">"), session.text()
    session.line("get /json/order")
    session.type(CTRL_L)
    rows = [row for row in session.text().splitlines() if row.strip()]
    assert len(rows) == 1, session.text()


def test_long_help_goes_through_the_pager(screen):
    session = screen(80, env={"PAGER": "less -FRX"})
    session.child.send("help all\r")
    session.wait_for(lambda text: text.rstrip().endswith(":") or "(END)" in text)
    session.type("q")
    session.wait_for(lambda text: text.rstrip().endswith(">"))


def test_restore_brings_back_the_request_and_the_last_response_and_names_missing_secrets(screen, server):
    first = screen(140)
    first.line(f"base {server}")
    first.line("auth bearer restore-TOKEN-3")
    first.line("get /json/order")
    first.child.send("exit\r")
    first.child.expect(pexpect.EOF, timeout=10)
    second = screen(140, args=["--restore"])
    text = second.wait_for(lambda text: "restored the autosaved session" in text)
    assert "the token of `auth bearer`: type `auth bearer` again" in text, text
    assert "auth_token" not in text
    second.line("last status")
    assert "HTTP/1.1 200 OK" in second.text()
    second.line("get /json/order")
    text = second.text()
    assert "not set since the session was loaded: the token of `auth bearer`: type `auth bearer` again" in text, text
    assert "restore-TOKEN-3" not in text


def test_a_check_after_a_failed_send_names_the_failure(screen, server, fault_server):
    session = screen(160)
    session.line(f"base {server}")
    session.line("get /json/order")
    session.line(f"get {fault_server}/reset-mid-body")
    session.line("expect status 200")
    text = session.text()
    assert "the last send failed (" in text and "there is no response to check" in text, text
    session.line(f"base {server}")
    session.line("history")
    assert "expectation" not in session.text().split("history")[-1], "nothing was recorded on the older request"
