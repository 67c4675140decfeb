"""Issue 26, item 1: after the window is resized (SIGWINCH) while a line is typed, the screen shows
exactly the prompt and the typed text: no old rows of it left, no second prompt, what was above
the prompt untouched, the cursor where it was in the text. On a terminal that keeps its rows as
they were (pyte, as xterm does) and on one that re-wraps them (tmux); widening 80 -> 120 and
narrowing 120 -> 60 with the cursor in the middle of a wrapped line, then editing and resizing
back; and on a terminal that never says where the cursor is."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
import uuid

import pytest
from wcwidth import wcwidth  # pyte's own dependency

from test_repl_screen import CTRL_A, CTRL_E, LEFT, screen  # noqa: F401  (the fixture is used by name)

PATH = "/users/12345/orders/67890/items/abcdef/ghijkl"
QUERY = "1234567890" * 15 + "QWERTY"
TYPED = "get /echo?q=" + QUERY
BACK = 40  # the cursor goes this many characters back from the end of the line


def laid_out(text: str, width: int) -> tuple[list[str], list[tuple[int, int]]]:
    """`text` on rows of `width` columns as libedit writes it (a wide character that does not fit
    goes to the next row), and the row and column of each character and of the end."""
    rows, places, row, column = [""], [], 0, 0
    for character in text:
        cells = max(wcwidth(character), 0)
        if column + cells > width:
            rows.append("")
            row, column = row + 1, 0
        places.append((row, column))
        rows[row] += character
        column += cells
        if column >= width:
            rows.append("")
            row, column = row + 1, 0
    places.append((row, column))
    rows = [row.rstrip() for row in rows]
    while len(rows) > 1 and not rows[-1]:
        rows.pop()
    return rows, places


class KeptRows(list):
    """The rows above the prompt after resizes on a terminal that keeps them: as many as before,
    each what it was or cut (xterm cuts a row at a narrower width and, wider again, may show a
    few of the cut cells back). Anything else, a row of the line left there, differs."""

    def __eq__(self, other) -> bool:
        return len(other) == len(self) and all(kept.startswith(row) for kept, row in zip(self, other))

    def __ne__(self, other) -> bool:
        return not self == other


class Line:
    """What is typed, and where the cursor is in it."""

    def __init__(self, text: str = "", point: int = 0):
        self.text, self.point = text, point

    def insert(self, keys: str) -> None:
        self.text = self.text[:self.point] + keys + self.text[self.point:]
        self.point += len(keys)

    def left(self, count: int) -> None:
        self.point -= count


class PyteTerminal:
    """The workbench under pyte, which keeps its rows at a resize (cut when narrower), as xterm."""

    def __init__(self, session):
        self.session = session

    @property
    def width(self) -> int:
        return self.session.screen.columns

    def rows(self) -> list[str]:
        return [row.rstrip() for row in self.session.screen.display]

    def cursor(self) -> tuple[int, int]:
        return self.session.screen.cursor.y, self.session.screen.cursor.x

    def keys(self, text: str) -> None:
        self.session.type(text)

    def left(self, count: int) -> None:
        self.session.type(LEFT * count)

    def line(self, text: str) -> None:
        self.session.line(text)

    def enter(self) -> None:
        self.session.child.send("\r")

    def resize(self, columns: int) -> None:
        self.session.resize(columns)

    def settle(self, predicate, timeout: float = 10) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not predicate():
            self.session.pump(0.05)

    def above_after_resize(self, above: list[str], columns: int) -> list[str]:
        # The rows stay where they were; a narrower window cuts them.
        return [row[:columns].rstrip() for row in above]

    def text(self) -> str:
        return "".join(row.ljust(self.width) for row in self.session.screen.display)


class TmuxTerminal:
    """The workbench in a tmux pane (its own server), which re-wraps rows at a resize."""

    def __init__(self, binary: str, env: dict[str, str], cwd, columns: int, rows: int = 24):
        self.socket = f"wb-resize-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.env = {name: value for name, value in dict(env, NO_COLOR="1").items() if name != "TMUX"}
        self.height = rows
        self.tmux("new-session", "-d", "-s", "wb", "-x", str(columns), "-y", str(rows), "-c", str(cwd), binary)
        self.settle(lambda: self.cursor_row().endswith(">"))

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null", *args], env=self.env,
                              capture_output=True, text=True, check=True, timeout=20).stdout

    @property
    def width(self) -> int:
        return int(self.tmux("display-message", "-p", "-t", "wb", "#{pane_width}").strip())

    def rows(self) -> list[str]:
        rows = [row.rstrip() for row in self.tmux("capture-pane", "-p", "-t", "wb").split("\n")[:self.height]]
        return rows + [""] * (self.height - len(rows))

    def logical_lines(self) -> list[str]:
        """History and screen with wrapped rows joined: the lines as written, however wide the window."""
        lines = [line.rstrip() for line in self.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "wb").split("\n")]
        while lines and not lines[-1]:
            lines.pop()
        return lines

    def cursor(self) -> tuple[int, int]:
        y, x = self.tmux("display-message", "-p", "-t", "wb", "#{cursor_y} #{cursor_x}").split()
        return int(y), int(x)

    def cursor_row(self) -> str:
        return self.rows()[self.cursor()[0]]

    def keys(self, text: str) -> None:
        self.tmux("send-keys", "-t", "wb", "-l", text)
        time.sleep(0.1)

    def left(self, count: int) -> None:
        self.tmux("send-keys", "-t", "wb", "-N", str(count), "Left")
        time.sleep(0.1)

    def line(self, text: str) -> None:
        before = self.rows()
        self.tmux("send-keys", "-t", "wb", "-l", text)
        self.tmux("send-keys", "-t", "wb", "Enter")
        self.settle(lambda: self.rows() != before and self.cursor_row().endswith(">"))

    def enter(self) -> None:
        self.tmux("send-keys", "-t", "wb", "Enter")

    def resize(self, columns: int) -> None:
        self.tmux("resize-window", "-t", "wb", "-x", str(columns), "-y", str(self.height))
        time.sleep(0.3)

    def settle(self, predicate, timeout: float = 10) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not predicate():
            time.sleep(0.05)

    def text(self) -> str:
        return "".join(self.logical_lines())

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], env=self.env, capture_output=True, timeout=20)


@pytest.fixture()
def tmux_terminal(workbench_bin, workbench_env, workdir):
    if shutil.which("tmux") is None:
        pytest.fail("tmux is not installed: scripts/setup.sh --tests installs it", pytrace=False)
    started: list[TmuxTerminal] = []

    def start(columns: int) -> TmuxTerminal:
        terminal = TmuxTerminal(workbench_bin, workbench_env, workdir, columns)
        started.append(terminal)
        return terminal

    yield start
    for terminal in started:
        terminal.close()


def prompt_at_cursor(term) -> str:
    """The prompt: the cursor's row up to the cursor, on an empty line (a terminal that cannot say
    where its cursor is gives its last row that is not empty, and the blank after `>`)."""
    if term.cursor() is None:
        return [row for row in term.rows() if row][-1] + " "
    y, x = term.cursor()
    return term.rows()[y].ljust(x)[:x]


def prompt_rows(term, prompt: str, columns: int) -> list[int]:
    # The prompt may be wider than the window: its first row is what identifies it.
    return [index for index, row in enumerate(term.rows()) if row.startswith(prompt[:columns].rstrip())]


def problems(term, prompt: str, line: Line, columns: int, above: list[str] | None, once: bool = True) -> list[str]:
    """What is wrong with the screen, which should show `above`, then `prompt` and the line wrapped
    at `columns`, then nothing, with the cursor at the line's point. With `once` off, the last
    prompt on the screen is the one looked at."""
    rows = term.rows()
    found = []
    starts = prompt_rows(term, prompt, columns)
    if not starts or (once and len(starts) != 1):
        return [f"the prompt is on {len(starts)} rows"]
    first = starts[-1]
    area, places = laid_out(prompt + line.text, columns)
    if rows[first:first + len(area)] != area:
        found.append(f"rows {first}.. show {rows[first:first + len(area)]}, not {area}")
    if any(rows[first + len(area):]):
        found.append(f"below the line: {[row for row in rows[first + len(area):] if row]}")
    if above is not None and rows[:first] != above:
        found.append(f"above the prompt: {rows[:first]}, not {above}")
    row, column = places[len(prompt) + line.point]
    # (A terminal that cannot say where its cursor is shows it by where the next key lands.)
    if term.cursor() is not None and term.cursor() != (first + row, column):
        found.append(f"the cursor is at {term.cursor()}, not {(first + row, column)}")
    return found


def assert_screen(term, prompt: str, line: Line, columns: int, above: list[str] | None, once: bool = True) -> None:
    term.settle(lambda: not problems(term, prompt, line, columns, above, once))
    wrong = problems(term, prompt, line, columns, above, once)
    assert not wrong, "\n".join(wrong) + "\nthe screen shows:\n" + "\n".join(term.rows())


def type_wrapped_line(term, server, columns: int, back) -> tuple[str, Line, list[str]]:
    """After a base and a long path (a long prompt), TYPED, then the cursor `back(prompt)` characters
    back from its end. Returns the prompt, the line, and the rows above the prompt."""
    term.line(f"base {server}")
    term.line(f"path {PATH}")
    prompt = prompt_at_cursor(term)
    line = Line()
    term.keys(TYPED)
    line.insert(TYPED)
    count = back(prompt)
    term.left(count)
    line.left(count)
    assert_screen(term, prompt, line, columns, None)
    assert len(prompt) + len(line.text) > 2 * columns, "the line wraps over three rows"
    return prompt, line, term.rows()[:prompt_rows(term, prompt, columns)[0]]


def sent(term, line: Line) -> None:
    """Enter sends the line as it is: the echoed query."""
    term.enter()
    query = line.text.split("?q=", 1)[1]
    term.settle(lambda: f"q={query}" in term.text())
    assert f"q={query}" in term.text(), term.text()


def resize_twice_while_typing(term, server, start: int, end: int, logical=None) -> None:
    """A wrapped line typed at `start` columns, the cursor in its middle; resized to `end`, edited,
    resized back, edited, sent. `logical` gives the lines as written (a terminal that re-wraps):
    they must be the same after each resize."""
    prompt, line, above = type_wrapped_line(term, server, start, lambda _: BACK)
    written = logical() if logical else None

    for columns, edit in ((end, "Z"), (start, "Y")):
        term.resize(columns)
        expected_above = None if logical else term.above_after_resize(above, columns)
        assert_screen(term, prompt, line, columns, expected_above)
        if logical:
            assert logical() == written, "\n".join(logical())
        # Editing after the resize: libedit lays the line out for the new width.
        term.keys(edit)
        line.insert(edit)
        term.left(3)
        line.left(3)
        term.keys("M")
        line.insert("M")
        assert_screen(term, prompt, line, columns, expected_above)
        written = logical() if logical else None
        above = expected_above

    sent(term, line)


@pytest.mark.parametrize(("start", "end"), [(80, 120), (120, 60)])
def test_a_terminal_that_keeps_its_rows_shows_the_line_once_after_a_resize(screen, server, start, end):
    resize_twice_while_typing(PyteTerminal(screen(start)), server, start, end)


@pytest.mark.parametrize(("start", "end"), [(80, 120), (120, 60)])
def test_a_terminal_that_rewraps_its_rows_shows_the_line_once_after_a_resize(tmux_terminal, server, start, end):
    term = tmux_terminal(start)
    resize_twice_while_typing(term, server, start, end, logical=term.logical_lines)


@pytest.mark.parametrize("kind", ["pyte", "tmux"])
def test_what_one_resize_showed_about_the_terminal_decides_a_resize_that_cannot_tell(screen, tmux_terminal, server,
                                                                                      kind):
    # 120 -> 100 columns: where the cursor is tells whether the rows were kept or re-wrapped.
    # 100 -> 50: the cursor's column is the same either way (the point is 20 cells into a row of
    # 100 and of 50), so only what the first resize showed says where the prompt begins.
    term = PyteTerminal(screen(120)) if kind == "pyte" else tmux_terminal(120)
    prompt, line, above = type_wrapped_line(term, server, 120, lambda prompt: len(prompt) + len(TYPED) - 220)
    offset = len(prompt) + line.point
    assert offset % 100 == offset % 50 == 20 and offset // 100 != offset // 50
    for columns in (100, 50):
        term.resize(columns)
        above = None if kind == "tmux" else term.above_after_resize(above, columns)
        assert_screen(term, prompt, line, columns, above)
    sent(term, line)


def test_a_terminal_that_never_answers_gets_the_line_drawn_again_never_over_what_was_above(screen, server):
    session = screen(80, answers=False)
    term = PyteTerminal(session)
    prompt, line, above = type_wrapped_line(term, server, 80, lambda _: BACK)
    first = len(above)
    # A key typed at once, while the workbench waits for the answer that never comes.
    session.screen.resize(24, 120)
    session.child.setwinsize(24, 120)
    term.keys("Z")
    line.insert("Z")
    # Without the cursor's place, the line is drawn again from a row where the prompt is in either
    # kind of terminal: the rows above the prompt stay; an old row of it may stay above the new.
    assert_screen(term, prompt, line, 120, None, once=False)
    assert term.rows()[:first] == above, "\n".join(term.rows())
    assert prompt_rows(term, prompt, 120)[-1] >= first
    sent(term, line)


def test_an_answer_that_comes_too_late_is_not_typed_and_the_next_resize_asks_again(screen, server):
    session = screen(80)
    term = PyteTerminal(session)
    prompt, line, above = type_wrapped_line(term, server, 80, lambda _: BACK)
    # On the prompt's first row the line is drawn again right without an answer.
    term.keys(CTRL_A)
    line.left(line.point)
    session.screen.delay = 1.5
    term.resize(120)
    assert_screen(term, prompt, line, 120, above)
    term.settle(lambda: not session.screen.held)
    session.pump(0.3)
    session.screen.delay = 0
    # The answer came after the workbench stopped waiting: it is no key.
    term.keys(CTRL_E + "Z")
    line.point = len(line.text)
    line.insert("Z")
    assert_screen(term, prompt, line, 120, above)
    # And the terminal is asked again at the next resize.
    term.left(BACK)
    line.left(BACK)
    term.resize(80)
    assert_screen(term, prompt, line, 80, above)
    sent(term, line)


def test_a_prompt_on_the_top_row_of_tmux_is_drawn_again_without_a_copy_in_the_history(tmux_terminal, server):
    # Erasing from the top left corner makes tmux move the whole screen into its history
    # (scroll-on-clear): the old rows of the line must not end up there.
    term = tmux_terminal(80)
    term.line(f"base {server}")
    term.line(f"path {PATH}")
    term.line("clear")
    prompt = prompt_at_cursor(term)
    assert term.cursor()[0] == 0
    line = Line()
    term.keys(TYPED)
    line.insert(TYPED)
    term.left(BACK)
    line.left(BACK)
    written = term.logical_lines()
    term.resize(120)
    # (Wider, tmux brings the last line of its history, `... clear`, back onto the screen.)
    assert_screen(term, prompt, line, 120, None, once=False)
    assert term.logical_lines() == written, "\n".join(term.logical_lines())
    term.keys("Z")
    line.insert("Z")
    assert_screen(term, prompt, line, 120, None, once=False)
    written = term.logical_lines()
    # Narrower again, tmux moves that line back into its history: the prompt is on the top row.
    term.resize(80)
    assert_screen(term, prompt, line, 80, [])
    assert term.logical_lines() == written, "\n".join(term.logical_lines())
    sent(term, line)


@pytest.mark.parametrize("kind", ["pyte", "tmux"])
def test_wide_characters_are_laid_out_as_before_after_resizes_to_odd_widths(screen, tmux_terminal, kind):
    # Double-width characters that do not fit at the end of a row go to the next one, leaving a
    # blank cell: at 80 columns one is before the cursor, at 61, 117 and 99 others are.
    term = PyteTerminal(screen(80)) if kind == "pyte" else tmux_terminal(80)
    prompt = prompt_at_cursor(term)
    line = Line()
    text = "header X-A: " + "漢字かな" * 12 + "abc" + "テスト" * 8
    term.keys(text)
    line.insert(text)
    term.left(20)
    line.left(20)
    assert_screen(term, prompt, line, 80, None)
    above = term.rows()[:prompt_rows(term, prompt, 80)[0]]
    for columns in (61, 117, 99):
        term.resize(columns)
        above = term.above_after_resize(above, columns) if kind == "pyte" else None
        assert_screen(term, prompt, line, columns, above)
    # (At the end of the line: with a wide character right after the cursor, libedit itself puts
    # the cursor one cell too far after an insertion, resize or not.)
    term.keys(CTRL_E + "Z")
    line.point = len(line.text)
    line.insert("Z")
    assert_screen(term, prompt, line, 99, above)


def test_ctrl_c_while_waiting_for_an_answer_drops_the_line_at_once(screen):
    session = screen(80, answers=False)
    term = PyteTerminal(session)
    term.keys(TYPED)
    session.screen.resize(24, 120)
    session.child.setwinsize(24, 120)
    session.child.send("\x03")
    # No other key: the new prompt comes from the Ctrl-C alone.
    session.wait_for(lambda _: session.current_row().endswith(">") and "QWERTY" not in session.current_row())
    term.keys("get /x")
    assert session.current_row().endswith("> get /x"), session.text()


# Window sizes of a drag with keys typed in between (issue 39, goal 10).
DRAGGED = [80, 120, 60, 100, 70, 120, 50, 90, 120, 80, 110, 60, 120]


def test_resizes_in_quick_succession_while_typing_leave_no_row_behind_on_tmux(tmux_terminal, server):
    # tmux re-wraps its rows at once at every resize, but tells the program of a burst's later
    # sizes only every 250 ms: a redraw in between laid the line out for a width the rows no
    # longer had, and a row of it stayed on the screen (8 runs in 8 before the fix).
    term = tmux_terminal(120)
    prompt, line, above = type_wrapped_line(term, server, 120, lambda _: 30)
    for columns in DRAGGED:
        term.tmux("resize-window", "-t", "wb", "-x", str(columns), "-y", str(term.height))
        time.sleep(0.15)  # the pace of a window dragged while typing; nothing is timed
        term.tmux("send-keys", "-t", "wb", "-l", "ab")
        line.insert("ab")
    assert_screen(term, prompt, line, DRAGGED[-1], above)
    sent(term, line)


# Issue 39, goal 10: an edit in the middle of a wrapped line, then resizes far enough apart that
# each is drawn again before the next. A 145-character line after a long prompt; the cursor on its
# first row, in its middle, or near its end; 30 characters pasted there (the line takes a row
# more) or 20 deleted, the cursor left there or moved to the end; the pause after each resize just
# past the wait for the resizes to stop, or long. Before the fix, libedit reached the new row with
# a newline, so tmux kept it as a line of its own: every paste left the line in two lines for
# tmux, and with the cursor then moved to the end a copy of the prompt's row stayed after the
# first resize (6 runs in 6).
LONG_LINE = "get /echo?q=" + ("abcdefghij" * 15)[:133]
SLOW_SIZES = [70, 120, 80, 120]


def rows_as_written(above: list[str], prompt: str, line: Line) -> list[str]:
    """What should be in tmux's history and screen, its wrapped rows joined: what was there before
    the line, then the prompt and the line as one line. A row of the line left behind, or a row
    above it erased, shows here, wherever tmux moved it."""
    return above + [prompt + line.text]


@pytest.mark.parametrize("pause", [0.4, 1.0])
@pytest.mark.parametrize("edit", ["paste", "paste, then the end", "delete"])
@pytest.mark.parametrize("back", [110, 75, 20])
def test_an_edit_in_the_middle_then_slow_resizes_leave_no_row_behind_on_tmux(tmux_terminal, server, back, edit,
                                                                             pause):
    term = tmux_terminal(120)
    term.line(f"base {server}")
    term.line(f"path {PATH}")
    prompt = prompt_at_cursor(term)
    above = term.logical_lines()[:-1]
    line = Line()
    term.keys(LONG_LINE)
    line.insert(LONG_LINE)
    term.left(back)
    line.left(back)
    if edit.startswith("paste"):
        term.keys("XYZ" * 10)
        line.insert("XYZ" * 10)
        if edit.endswith("the end"):
            term.keys(CTRL_E)
            line.point = len(line.text)
    else:
        term.tmux("send-keys", "-t", "wb", "-N", "20", "BSpace")
        line.text = line.text[:line.point - 20] + line.text[line.point:]
        line.left(20)
    assert_screen(term, prompt, line, 120, None)
    # Before any resize: the line is one line for tmux, as typed (it re-wraps it as one).
    expected = rows_as_written(above, prompt, line)
    term.settle(lambda: term.logical_lines() == expected)
    assert term.logical_lines() == expected, "\n".join(term.logical_lines())
    for columns in SLOW_SIZES:
        term.tmux("resize-window", "-t", "wb", "-x", str(columns), "-y", str(term.height))
        time.sleep(pause)  # the pace of the resizes; nothing is timed
        assert_screen(term, prompt, line, columns, None)
        term.settle(lambda: term.logical_lines() == expected)
        assert term.logical_lines() == expected, "\n".join(term.logical_lines())
    term.keys("Q")
    line.insert("Q")
    assert_screen(term, prompt, line, SLOW_SIZES[-1], None)
    sent(term, line)


def test_a_first_resize_that_cannot_tell_erases_nothing_above_the_prompt_on_tmux(tmux_terminal, server):
    # 60 -> 90 columns with the cursor 200 cells after the prompt's start: 20 cells into its row
    # in both layouts, so the cursor's place cannot tell that tmux re-wrapped the rows, and no
    # resize before showed it. tmux says where it runs ($TMUX): before, the line was drawn from
    # the higher row, and the row above the prompt was erased.
    term = tmux_terminal(60)
    prompt, line, _ = type_wrapped_line(term, server, 60, lambda prompt: len(prompt) + len(TYPED) - 200)
    assert (len(prompt) + line.point) % 60 == (len(prompt) + line.point) % 90
    written = term.logical_lines()
    for columns in (90, 60):
        term.resize(columns)
        assert_screen(term, prompt, line, columns, None)
        term.settle(lambda: term.logical_lines() == written)
        assert term.logical_lines() == written, "\n".join(term.logical_lines())
    sent(term, line)


def edit_in_the_middle_then_resize_slowly(term, server, back: int, edit: str) -> None:
    """On a terminal that keeps its rows: the line, the edit, then SLOW_SIZES, each drawn again
    before the next; the rows above the prompt stay (cut, where narrower)."""
    term.line(f"base {server}")
    term.line(f"path {PATH}")
    prompt = prompt_at_cursor(term)
    above = KeptRows(term.rows()[:prompt_rows(term, prompt, term.width)[-1]])
    line = Line()
    term.keys(LONG_LINE)
    line.insert(LONG_LINE)
    term.left(back)
    line.left(back)
    if edit.startswith("paste"):
        term.keys("XYZ" * 10)
        line.insert("XYZ" * 10)
        term.keys(CTRL_E)
        line.point = len(line.text)
    else:
        term.keys("\x7f" * 20)
        line.text = line.text[:line.point - 20] + line.text[line.point:]
        line.left(20)
    assert_screen(term, prompt, line, term.width, above)
    for columns in SLOW_SIZES:
        term.resize(columns)
        assert_screen(term, prompt, line, columns, above)
    # Where the next key lands shows where the cursor is, on a terminal that cannot say.
    term.keys("Q")
    line.insert("Q")
    assert_screen(term, prompt, line, SLOW_SIZES[-1], above)
    sent(term, line)


@pytest.mark.parametrize("edit", ["paste, then the end", "delete"])
@pytest.mark.parametrize("back", [110, 20])
def test_an_edit_in_the_middle_then_slow_resizes_leave_no_row_behind_on_pyte(screen, server, back, edit):
    session = screen(120)
    # Keys as fast as a paste (pexpect waits 50 ms before each send otherwise: 17 s for the Lefts).
    session.child.delaybeforesend = None
    edit_in_the_middle_then_resize_slowly(PyteTerminal(session), server, back, edit)


@pytest.mark.parametrize("tail", [25, 30])
def test_a_blank_at_the_end_of_a_row_keeps_the_line_one_line_on_tmux(tmux_terminal, tail):
    # At 60 columns the line has a blank in its first row's last column. Drawn again there after
    # 60 -> 80 -> 60, libedit went to the next row with a newline instead of writing the blank:
    # tmux kept two lines (before the fix), and at the next resize a copy of the prompt's row
    # stayed. With a tail of 30 the line fills two rows of 45 exactly, and tmux keeps the cursor
    # after the last cell, which was taken for the start of a third row: the row above the
    # prompt was erased (before the fix).
    term = tmux_terminal(60)
    prompt = prompt_at_cursor(term)
    above = term.logical_lines()[:-1]
    line = Line()
    text = "set note " + "x" * (60 - len(prompt) - len("set note ") - 1) + " " + "y" * tail
    term.keys(text)
    line.insert(text)
    assert (len(prompt) + text.index(" y")) % 60 == 59
    expected = rows_as_written(above, prompt, line)
    for columns in (80, 60, 45, 60):
        term.resize(columns)
        assert_screen(term, prompt, line, columns, None)
        term.settle(lambda: term.logical_lines() == expected)
        assert term.logical_lines() == expected, f"at {columns}: " + "\n".join(term.logical_lines()) + "\nrows:\n" + "\n".join(term.rows())
