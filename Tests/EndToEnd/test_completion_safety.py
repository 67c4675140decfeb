"""Tab candidates from an API description or a GraphQL schema never reach the terminal raw
(issue 25): names holding a window-title sequence (OSC 0), a clipboard write (OSC 52), a bidi
override or other controls are left out of completion. Through a real pseudo-terminal, every
byte the workbench writes is kept and also fed to a terminal emulator (pyte)."""

from __future__ import annotations

import json
import time

import pexpect
import pyte  # the terminal emulator; scripts/setup.sh --tests installs it
import pytest

E = "\x1b"
BEL = "\x07"
RLO = "\u202e"
TITLE = f"{E}]0;PWNED{BEL}"
CLIPBOARD = f"{E}]52;c;cHduZWQ={BEL}"
OK = {"responses": {"200": {"description": "ok"}}}


def hostile_description() -> dict:
    enum = ["one", f"t{TITLE}", f"r{RLO}tl", f"c{CLIPBOARD}"]
    return {
        "openapi": "3.1.0",
        "info": {"title": "t", "version": "1"},
        "paths": {
            "/ok": {"get": OK},
            f"/o{TITLE}": {"get": OK},
            f"/oc{CLIPBOARD}": {"get": OK},
            f"/o{RLO}evil": {"get": OK},
            "/items/{id}": {"get": dict(OK, operationId=f"get{E}[2Jitem", parameters=[
                {"name": "id", "in": "path", "required": True, "schema": {"type": "string", "enum": enum}},
                {"name": "kind", "in": "query", "schema": {"type": "string", "enum": ["plain"] + enum[1:]}},
                {"name": f"q{TITLE}", "in": "query", "schema": {"type": "string"}},
            ])},
        },
    }


def hostile_introspection() -> dict:
    def field(name: str) -> dict:
        return {"name": name, "args": [{"name": f"a{TITLE}", "type": {"kind": "SCALAR", "name": "Int"}}],
                "type": {"kind": "SCALAR", "name": "Int"}}
    return {"data": {"__schema": {"queryType": {"name": "Query"}, "types": [
        {"kind": "OBJECT", "name": "Query", "fields": [field("okField"), field(f"o{TITLE}"), field(f"o{RLO}x"),
                                                      field(f"oc{CLIPBOARD}")]},
        {"kind": "SCALAR", "name": "Int"},
        {"kind": "ENUM", "name": f"E{CLIPBOARD}", "enumValues": [{"name": f"V{TITLE}"}]},
    ]}}}


class Terminal:
    """The workbench on a pseudo-terminal; every byte it writes is kept and fed to pyte."""

    def __init__(self, binary: str, env: dict[str, str], cwd) -> None:
        self.screen = pyte.Screen(160, 40)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""
        self.child = pexpect.spawn(binary, ["--no-history"], env=dict(env, NO_COLOR="1"), cwd=str(cwd),
                                   dimensions=(40, 160))
        self.wait_for(lambda: self.row().endswith(">"))

    def pump(self, seconds: float = 0.2) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                data = self.child.read_nonblocking(65536, timeout=0.03)
            except pexpect.TIMEOUT:
                continue
            except pexpect.EOF:
                return
            self.raw += data
            self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def row(self) -> str:
        return self.screen.display[self.screen.cursor.y].rstrip()

    def wait_for(self, predicate, timeout: float = 15) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.pump(0.05)
            if predicate():
                return
        pytest.fail(f"timed out; the screen shows:\n{self.text()}", pytrace=False)

    def line(self, text: str) -> None:
        mark = len(self.raw)
        self.child.send(text + "\r")
        self.wait_for(lambda: len(self.raw) > mark + len(text) and self.row().endswith(">"))

    def tab(self, typed: str, expect: str | None = None) -> str:
        """Types `typed`, then Tab twice (the second lists the candidates), waits for `expect` on
        the screen if given; returns the screen then, and erases the line."""
        self.child.send(typed)
        self.pump(0.2)
        self.child.send("\t")
        self.pump(0.4)
        self.child.send("\t")
        self.pump(0.4)
        if expect is not None:
            self.wait_for(lambda: expect in self.text())
        shown = self.text()
        self.child.send("\x15")  # Ctrl-U: the next test line starts empty
        self.pump(0.2)
        return shown

    def close(self) -> None:
        self.child.sendeof()
        self.pump(0.5)
        self.child.close(force=True)


def assert_nothing_raw(terminal: Terminal) -> None:
    raw = terminal.raw.decode("utf-8", "replace")
    # No operating system command at all (titles, clipboard), no bidi override.
    assert f"{E}]" not in raw and RLO not in raw, repr(raw[-2000:])
    assert terminal.screen.title == "", terminal.screen.title
    assert E not in terminal.text()


def test_tab_never_offers_a_description_name_holding_controls(workbench_bin, workbench_env, workdir):
    (workdir / "h.json").write_text(json.dumps(hostile_description()))
    terminal = Terminal(workbench_bin, workbench_env, workdir)
    try:
        terminal.line("openapi h.json")
        assert "loaded h.json" in terminal.text()
        # The one typeable path is completed into the line.
        terminal.child.send("get /o\t")
        terminal.wait_for(lambda: "get /ok" in terminal.row())
        terminal.child.send("\x15")
        terminal.pump()
        for typed in ["get /", "cd ", "describe "]:
            terminal.tab(typed)
        # The typeable candidates are listed: completion worked while the others were left out.
        terminal.tab("get /items/", expect="/items/one")
        terminal.line("cd /items/{id}")
        terminal.tab("query add ", expect="query add kind")
        for typed in ["query add kind ", "query add kind t"]:
            terminal.tab(typed)
        # `ls` still names the hostile paths, escaped.
        terminal.line("ls /")
        assert "\\x1b]0;PWNED\\x07" in terminal.text()
        assert_nothing_raw(terminal)
    finally:
        terminal.close()


def test_tab_never_offers_a_graphql_name_holding_controls(workbench_bin, workbench_env, workdir):
    (workdir / "schema.json").write_text(json.dumps(hostile_introspection()))
    terminal = Terminal(workbench_bin, workbench_env, workdir)
    try:
        terminal.line("graphql schema schema.json")
        for typed in ["body graphql { o", "graphql ls ", "graphql describe Query.", "body graphql { okField("]:
            terminal.tab(typed)
        assert_nothing_raw(terminal)
        terminal.child.send("body graphql { ok\t")
        terminal.wait_for(lambda: "{ okField" in terminal.row())
        terminal.child.send("\x15")
        terminal.pump()
        assert_nothing_raw(terminal)
    finally:
        terminal.close()
