"""Sending from the REPL on a real pseudo-terminal: Ctrl-C aborts a request,
binary bodies are not dumped, colour follows the terminal and NO_COLOR."""

from __future__ import annotations

import re
import time

from test_repl_pty import CTRL_C, ENTER, repl  # noqa: F401  (the fixture is used by name)


def test_ctrl_c_aborts_a_request_and_the_next_one_works(repl, server):
    session = repl()
    session.line(f"base {server}")
    session.send("get /slow?ms=20000" + ENTER)
    session.expect("get /slow?ms=20000\r\n")
    time.sleep(0.5)  # let the request reach the server
    session.send(CTRL_C)
    # The server would answer after 20 s; the abort must come long before that.
    # `error:` is coloured on a terminal.
    session.expect_re(r"error:(?:\x1b\[0m)? request aborted \(Ctrl-C\): GET " + re.escape(server + "/slow?ms=20000"), timeout=5)
    session.prompt()
    output = session.output_of("get /echo")
    assert "HTTP/1.1 200 OK" in output


def test_binary_body_is_not_written_to_the_terminal(repl, server):
    session = repl()
    session.line(f"base {server}")
    output = session.output_of("get /png")
    assert "HTTP/1.1 200 OK" in output
    assert "[binary body: image/png" in output and "save it with `send > FILE`" in output
    assert "PNG" not in output.split("[binary body", 1)[0].split("\r\n\r\n", 1)[-1]
    assert "\x00" not in output


def test_colour_on_a_terminal_unless_no_color(repl, server):
    session = repl()
    session.line(f"base {server}")
    session.send("get /json/order" + ENTER)
    session.expect("\x1b[34;1m\"zeta\"")
    session.prompt()
    plain = repl(env={"NO_COLOR": "1"})
    plain.line(f"base {server}")
    plain.send("get /json/order" + ENTER)
    plain.expect('"zeta": 1')
    plain.prompt()
    assert "\x1b[3" not in plain.child.before
