"""The REPL's screen, second round (issue 39, goal 10), through a real pseudo-terminal read back
with pyte, and in tmux (capture-pane) for Tab and Ctrl-L: Tab on a line that wraps lists the choices once and draws the line again once, below
them; a resize that comes while the terminal has not yet said where the cursor is (120 -> 80 ->
120 on a slow terminal) leaves the line once and nothing of it above or below; Ctrl-C after
Ctrl-L on an empty line is the empty line's Ctrl-C, not a second prompt."""

from __future__ import annotations

from test_repl_resize import BACK, PyteTerminal, assert_screen, sent, tmux_terminal, type_wrapped_line  # noqa: F401
from test_repl_screen import screen  # noqa: F401  (the fixture is used by name)

CTRL_C, CTRL_L, TAB = "\x03", "\x0c", "\t"
FOLDER = "long_directory_name_" * 5


def prompt_rows(session, prompt: str) -> list[int]:
    return [index for index, row in enumerate(session.screen.display) if row.startswith(prompt)]


def test_tab_on_a_wrapped_line_lists_the_choices_once_and_draws_the_line_once(screen, server, workdir):
    (workdir / FOLDER).mkdir()
    for name in ("file1.json", "file2.json"):
        (workdir / FOLDER / name).write_text("{}")
    session = screen(120)
    session.line(f"base {server}")
    prompt = session.current_row() + " "
    typed = "body @" + FOLDER + "/fi"
    session.type(typed)
    assert len(prompt) + len(typed) > 120, "the line wraps"
    session.type(TAB)  # the common part: `file`
    session.pump(0.3)
    typed += "le"
    (first,) = prompt_rows(session, prompt)
    session.type(TAB)  # the choices
    session.pump(0.5)
    rows = [row.rstrip() for row in session.screen.display]
    starts = prompt_rows(session, prompt)
    assert len(starts) == 2, "\n".join(rows)
    listed = "\n".join(rows[first:starts[1]])
    assert f"@{FOLDER}/file1.json" in listed and f"@{FOLDER}/file2.json" in listed, "\n".join(rows)
    # The line again, once, whole, below the choices, the cursor at its end.
    again = "".join(row.ljust(120) for row in session.screen.display[starts[1]:starts[1] + 2]).rstrip()
    assert again == prompt + typed, "\n".join(rows)
    assert not any(rows[starts[1] + 2:]), "\n".join(rows)
    assert (session.screen.cursor.y, session.screen.cursor.x) == (starts[1] + 1, len(prompt) + len(typed) - 120)
    # The line is still the one typed: completing it and sending it works.
    session.type("1" + TAB)
    session.line("")
    session.line("body")
    assert f"@{FOLDER}/file1.json" in session.text()


def test_a_resize_before_the_terminal_answered_draws_the_line_once(screen, server):
    session = screen(120)
    term = PyteTerminal(session)
    prompt, line, above = type_wrapped_line(term, server, 120, lambda _: BACK)
    # A slow terminal: the answer to where the cursor is comes after the window changed again.
    session.screen.delay = 0.3
    session.resize(80, pump=0.05)
    session.resize(120, pump=1.5)
    session.screen.delay = 0.0
    assert_screen(term, prompt, line, 120, term.above_after_resize(above, 80))
    term.keys("Z")
    line.insert("Z")
    assert_screen(term, prompt, line, 120, term.above_after_resize(above, 80))
    sent(term, line)


def test_ctrl_c_after_ctrl_l_on_an_empty_line_is_one_prompt(screen, server):
    session = screen(80)
    session.line(f"base {server}")
    prompt = session.current_row()
    session.type(CTRL_L)
    session.pump(0.3)
    assert [row.rstrip() for row in session.screen.display[:2]] == [prompt, ""]
    session.type(CTRL_C)
    session.pump(0.5)
    rows = [row.rstrip() for row in session.screen.display[:4]]
    assert rows == [prompt, "(Ctrl-D or `exit` leaves the workbench)", prompt, ""], "\n".join(rows)


def test_tab_on_a_wrapped_line_in_tmux_lists_the_choices_once_and_draws_the_line_once(tmux_terminal, server, workdir):
    (workdir / FOLDER).mkdir()
    for name in ("file1.json", "file2.json"):
        (workdir / FOLDER / name).write_text("{}")
    term = tmux_terminal(120)
    term.line(f"base {server}")
    prompt = term.cursor_row() + " "
    typed = "body @" + FOLDER + "/file"
    term.keys(typed)
    assert len(prompt) + len(typed) > 120, "the line wraps"
    term.keys(TAB)
    term.keys(TAB)
    listed = [f"@{FOLDER}/file1.json", f"@{FOLDER}/file2.json"]
    term.settle(lambda: sum(row.startswith(prompt) for row in term.rows()) == 2)
    rows = term.rows()
    starts = [index for index, row in enumerate(rows) if row.startswith(prompt)]
    assert len(starts) == 2, "\n".join(rows)
    assert [row for row in rows[starts[0]:starts[1]] if row in listed] == listed, "\n".join(rows)
    assert (rows[starts[1]] + rows[starts[1] + 1]).rstrip() == prompt + typed, "\n".join(rows)
    assert not any(rows[starts[1] + 2:]), "\n".join(rows)
    assert term.cursor() == (starts[1] + 1, len(prompt) + len(typed) - 120)


def test_ctrl_c_after_ctrl_l_in_tmux_is_one_prompt(tmux_terminal, server):
    term = tmux_terminal(80)
    term.line(f"base {server}")
    prompt = term.cursor_row()
    term.keys(CTRL_L)
    term.settle(lambda: term.rows()[:2] == [prompt, ""])
    assert term.rows()[:2] == [prompt, ""], "\n".join(term.rows())
    term.keys(CTRL_C)
    expected = [prompt, "(Ctrl-D or `exit` leaves the workbench)", prompt, ""]
    term.settle(lambda: term.rows()[:4] == expected)
    assert term.rows()[:4] == expected, "\n".join(term.rows())
