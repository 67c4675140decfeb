"""Issue 39, goal 10: a resize leaves no stale rows on xterm, a real one on an Xvfb display.

xterm keeps its rows at a resize (a narrower window cuts them), as pyte does; it is driven as a
person would: keys through the X server (xdotool, XTEST), the window resized through the X
server (`xdotool windowsize`), the screen read with xterm's own print action (`print()`, bound
to F12 here) through `printerCommand` into a file, one form feed after each screen. xterm cannot
be asked from outside where its cursor is: the keys typed after each resize show it, by where
they land on the screen."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import time

import pytest

from test_repl_resize import KeptRows, edit_in_the_middle_then_resize_slowly, resize_twice_while_typing

TOOLS = ("Xvfb", "xterm", "xdotool")


class XtermTerminal:
    """The workbench in xterm on its own Xvfb display."""

    def __init__(self, binary: str, env: dict[str, str], cwd, columns: int, folder, rows: int = 24):
        self.height = rows
        self.columns = columns
        self.printed = folder / "printed.txt"
        self.printed.write_bytes(b"")
        self.processes: list[subprocess.Popen] = []
        self.log = folder / "xterm.log"
        self.window = ""
        # Xvfb servers started at the same moment by parallel tests may race for a display: the
        # one that lost is gone, so a test whose xterm found no display starts both again.
        try:
            for _ in range(3):
                if self._start(binary, env, cwd, columns, rows):
                    break
                self.close()
                self.processes = []
            assert self.window, "xterm opened no window: " + self.log.read_text(errors="replace")
            self.xdotool("windowfocus", "--sync", self.window)
            self.settle(lambda: self.last_row().endswith(">"))
        except BaseException:
            # The fixture never gets a terminal that failed to start: nothing may stay running.
            self.close()
            raise

    def _start(self, binary: str, env: dict[str, str], cwd, columns: int, rows: int) -> bool:
        """Xvfb, then xterm on it running the workbench; whether xterm's window came."""
        read, write = os.pipe()
        # -displayfd: Xvfb picks a free display and writes its number (tests run in parallel).
        server = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "2000x1200x24", "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.processes.append(server)
        os.close(write)
        with os.fdopen(read) as pipe:
            display = pipe.readline().strip()
        if not display or server.poll() is not None:
            return False
        self.env = dict(env, DISPLAY=f":{display}", NO_COLOR="1")
        # The display may take a moment more to accept clients.
        self.settle(lambda: subprocess.run(["xdotool", "getdisplaygeometry"], env=self.env, capture_output=True,
                                           timeout=20).returncode == 0)
        resources = [
            f"XTerm*printerCommand: cat >> {shlex.quote(str(self.printed))}",
            "XTerm*printAttributes: 0",
            "XTerm*printerFormFeed: true",
            "XTerm*VT100.translations: #override <Key>F12: print()\\n<Key>F11: print-everything()",
        ]
        arguments = ["xterm", "-geometry", f"{columns}x{rows}+0+0"]
        for resource in resources:
            arguments += ["-xrm", resource]
        with open(self.log, "wb") as log:
            xterm = subprocess.Popen(arguments + ["-e", binary], env=self.env, cwd=str(cwd), stdout=log, stderr=log)
        self.processes.append(xterm)
        self.settle(lambda: self._found_window() or xterm.poll() is not None)
        return bool(self.window) and xterm.poll() is None and server.poll() is None

    def _found_window(self) -> bool:
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--class", "xterm"], env=self.env, capture_output=True,
                               text=True, timeout=20).stdout.split()
        self.window = found[0] if found else ""
        return bool(found)

    def xdotool(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=self.env, capture_output=True, check=True, timeout=30)

    @property
    def width(self) -> int:
        return self.columns

    def printed_rows(self, key: str) -> list[str]:
        """What xterm prints at `key` (F12: the screen, F11: the saved lines too): the text after
        the last form feed but one."""
        before = self.printed.read_bytes().count(b"\f")
        self.xdotool("key", key)
        deadline = time.monotonic() + 20
        while self.printed.read_bytes().count(b"\f") <= before and time.monotonic() < deadline:
            time.sleep(0.02)
        screens = self.printed.read_bytes().decode("utf-8", "replace").split("\f")
        return [row.rstrip() for row in screens[-2].split("\n")]

    def rows(self) -> list[str]:
        rows = self.printed_rows("F12")[:self.height]
        return rows + [""] * (self.height - len(rows))

    def last_row(self) -> str:
        filled = [row for row in self.rows() if row]
        return filled[-1] if filled else ""

    def cursor(self):
        return None

    def keys(self, text: str) -> None:
        # xdotool types text; a control character is a key with Ctrl held, DEL is BackSpace.
        plain = ""
        for character in text + "\0":
            if " " <= character != "\x7f":
                plain += character
                continue
            if plain:
                self.xdotool("type", "--delay", "3", "--", plain)
                plain = ""
            if character == "\x7f":
                self.xdotool("key", "BackSpace")
            elif character != "\0":
                self.xdotool("key", "ctrl+" + chr(ord(character) + 96))

    def left(self, count: int) -> None:
        self.xdotool("key", "--delay", "3", "--repeat", str(count), "Left")

    def line(self, text: str) -> None:
        before = self.rows()
        self.keys(text)
        self.xdotool("key", "Return")
        self.settle(lambda: self.rows() != before and self.last_row().endswith(">"))

    def enter(self) -> None:
        self.xdotool("key", "Return")

    def resize(self, columns: int) -> None:
        self.xdotool("windowsize", "--usehints", "--sync", self.window, str(columns), str(self.height))
        self.columns = columns

    def settle(self, predicate, timeout: float = 15) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not predicate():
            time.sleep(0.05)

    def above_after_resize(self, above: list[str], columns: int) -> list[str]:
        return KeptRows(above)

    def text(self) -> str:
        return "".join(row.ljust(self.width) for row in self.printed_rows("F11"))

    def close(self) -> None:
        for process in reversed(self.processes):
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


@pytest.fixture()
def xterm_terminal(workbench_bin, workbench_env, workdir, tmp_path):
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        pytest.fail(f"{', '.join(missing)} not installed: scripts/setup.sh --tests installs them", pytrace=False)
    started: list[XtermTerminal] = []

    def start(columns: int) -> XtermTerminal:
        terminal = XtermTerminal(workbench_bin, workbench_env, workdir, columns, tmp_path)
        started.append(terminal)
        return terminal

    yield start
    for terminal in started:
        terminal.close()


@pytest.mark.parametrize(("start", "end"), [(80, 120), (120, 60)])
def test_xterm_shows_the_line_once_after_a_resize_while_typing(xterm_terminal, server, start, end):
    resize_twice_while_typing(xterm_terminal(start), server, start, end)


@pytest.mark.parametrize("edit", ["paste, then the end", "delete"])
@pytest.mark.parametrize("back", [110, 20])
def test_an_edit_in_the_middle_then_slow_resizes_leave_no_row_behind_on_xterm(xterm_terminal, server, back, edit):
    # As on tmux and pyte (test_repl_resize.py).
    edit_in_the_middle_then_resize_slowly(xterm_terminal(120), server, back, edit)
