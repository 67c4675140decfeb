"""Server bytes on a terminal are shown escaped, never interpreted; a pipe gets them raw."""
import pexpect

from conftest import script, spawn_repl



def screen_after_get(workbench_bin, workbench_env, workdir, server, path: str) -> str:
    """What a real pseudo-terminal shows for `get PATH` (no colour)."""
    child, _ = spawn_repl(workbench_bin, workbench_env, workdir, server)
    child.sendline(f"get {path}")
    child.expect(r"GET http://[^\r\n]*" + path + "> ")
    screen = child.before
    child.sendeof()
    child.expect(pexpect.EOF)
    return screen


def test_escape_sequences_are_escaped_on_a_terminal(workbench_bin, workbench_env, workdir, server):
    screen = screen_after_get(workbench_bin, workbench_env, workdir, server, "/escapes")
    assert "\x1b" not in screen and "\x07" not in screen, repr(screen)
    assert "HTTP/1.1 200 OK \\x1b[2J" in screen
    assert "X-Title: \\x1b]0;owned\\x07" in screen
    assert "before \\x1b]52;c;Y2xpcGJvYXJk\\x07 after" in screen


def test_controls_inside_json_strings_are_escaped_on_a_terminal(workbench_bin, workbench_env, workdir, server):
    # DEL and C1 are allowed raw inside JSON strings: shown as JSON escapes, so the output stays JSON.
    screen = screen_after_get(workbench_bin, workbench_env, workdir, server, "/json/controls")
    assert "\x7f" not in screen and "\x9b" not in screen, repr(screen)
    assert '"t": "a\\u007fb\\u009b31mc"' in screen, repr(screen)


def test_a_pipe_gets_the_raw_bytes(run_workbench, server):
    code, out, err = run_workbench(input=script(f"base {server}", "get /escapes"))
    assert code == 0, err
    assert "X-Title: \x1b]0;owned\x07" in out
    assert "before \x1b]52;c;Y2xpcGJvYXJk\x07 after" in out


def test_a_pipe_gets_json_strings_raw(run_workbench, server):
    code, out, err = run_workbench(input=script(f"base {server}", "get /json/controls"))
    assert code == 0, err
    assert '"t": "a\x7fb\x9b31mc"' in out
