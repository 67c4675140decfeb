"""Scripts with blocks: `if CHECK` / `else` / `end`, `repeat N` / `end` (nested), `sleep`.

Each runs through the built binary in script mode (`workbench run FILE` and a pipe) and
inside a session (`run FILE`), against a server on 127.0.0.1 that counts what it got.
"""

from __future__ import annotations

from conftest import spawn_repl
from runs_server import runs_server


def write(workdir, name: str, *lines: str):
    path = workdir / name
    path.write_text("\n".join(lines) + "\n")
    return path


def test_nested_repeat_and_if_else_run_the_lines_they_hold(run_workbench, workdir):
    with runs_server() as server:
        write(workdir, "poll.wb",
              f"base {server.base}",
              "repeat 2",
              "  repeat 3",
              "    get /jobs/a?after=4",
              "    if json $.state == \"done\"",
              "      get /done",
              "    else",
              "      get /waiting",
              "    end",
              "  end",
              "  sleep 10ms",
              "end",
              "if status 500",
              "  get /never",
              "end")
        result = run_workbench(["run", "poll.wb"])
        assert result.returncode == 0, result
        assert result.stderr == ""
        paths = [request["path"] for request in server.requests]
    # Six polls: the job is done from the fourth on.
    assert paths == [
        "/jobs/a?after=4", "/waiting", "/jobs/a?after=4", "/waiting", "/jobs/a?after=4", "/waiting",
        "/jobs/a?after=4", "/done", "/jobs/a?after=4", "/done", "/jobs/a?after=4", "/done",
    ]


def test_blocks_read_from_a_pipe_and_inside_a_session_behave_the_same(run_workbench, workdir):
    with runs_server() as server:
        lines = [f"base {server.base}", "repeat 2", "get /x", "if status 200", "get /y", "end", "end"]
        piped = run_workbench([], input="\n".join(lines) + "\n")
        assert piped.returncode == 0, piped
        write(workdir, "inner.wb", *lines[1:])
        nested = run_workbench([], input=f"base {server.base}\nrun inner.wb\n")
        assert nested.returncode == 0, nested
        paths = [request["path"] for request in server.requests]
    assert paths == ["/x", "/y", "/x", "/y"] * 2


def test_a_body_block_inside_a_repeat_keeps_its_own_end_line(run_workbench, workdir):
    with runs_server() as server:
        write(workdir, "body.wb",
              f"base {server.base}",
              "repeat 2",
              "body <<EOF",
              "end",
              "EOF",
              "post /b",
              "end")
        result = run_workbench(["run", "body.wb"])
        assert result.returncode == 0, result
        bodies = [request["body"] for request in server.requests]
    assert bodies == ["end", "end"]


def test_an_unterminated_block_is_one_error_naming_the_line_that_opened_it(run_workbench, workdir):
    with runs_server() as server:
        write(workdir, "open.wb", f"base {server.base}", "get /first", "repeat 2", "  if status 200", "  get /x", "  end")
        result = run_workbench(["run", "open.wb"])
        assert result.returncode == 1
        assert result.stderr.splitlines() == ["error: line 3: `repeat 2` (line 3) has no `end`: the block was not run"]
        assert [request["path"] for request in server.requests] == ["/first"]
        # Inside a session, `run FILE` names the file and the line.
        session = run_workbench([], input="run open.wb\n")
        assert session.returncode == 1
        assert "open.wb:3: `repeat 2` (line 3) has no `end`" in session.stderr


def test_a_failing_line_inside_a_block_is_named_by_its_own_line(run_workbench, workdir):
    with runs_server() as server:
        write(workdir, "fail.wb", f"base {server.base}", "repeat 3", "get /x", "expect status 404", "end", "get /after")
        result = run_workbench(["run", "fail.wb"])
        assert result.returncode == 1
        assert result.stderr.startswith("error: line 4: expectation failed: status 404: got 200")
        assert [request["path"] for request in server.requests] == ["/x"]


def test_bounds_and_stray_words_are_errors_that_name_them(run_workbench, workdir):
    cases = {
        "repeat 10001": "repeat: 10001 is more than 10000, the most times a block repeats",
        "repeat many": "repeat: expected a number of times, as in `repeat 3`, got 'many'",
        "end": "end: no `if` or `repeat` is open",
        "else": "else: no `if` is open",
        "if nonsense 3": "if: unknown check 'nonsense'",
        "sleep 2h": "sleep: '2h' is longer than 1h, the most sleep allows",
        "sleep soon": "sleep: expected a duration such as 2s, 500ms, 1m or 1h, got 'soon'",
    }
    for line, message in cases.items():
        result = run_workbench([], input=line + "\nend\n")
        assert result.returncode == 1, line
        assert message in result.stderr.splitlines()[0], (line, result.stderr)
    nested = ["repeat 1000", "repeat 1001", "end", "end"]
    result = run_workbench([], input="\n".join(nested) + "\n")
    assert "more than 1000000 (the bound on nested repeats)" in result.stderr
    deep = ["if status 200"] * 17 + ["end"] * 17
    result = run_workbench([], input="\n".join(deep) + "\n")
    assert "blocks nested more than 16 deep (the bound on nesting)" in result.stderr
    # The total of a script's sleeps is checked before a repeat starts waiting.
    result = run_workbench([], input="repeat 3\nsleep 30m\nend\n", timeout=20)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "error: line 1: repeat: its sleeps would wait 1h30m in all, more than 1h (the bound on a script's total sleep)"]


def test_block_words_at_the_prompt_say_where_they_work_and_sleep_stops_on_ctrl_c(workbench_bin, workbench_env, workdir):
    import time

    import pexpect

    with runs_server() as server:
        child, _ = spawn_repl(workbench_bin, workbench_env, workdir, server.base)
        try:
            child.sendline("repeat 3")
            child.expect("error: repeat: blocks .* run in scripts")
            child.expect("> ")
            child.sendline("sleep 30s")
            time.sleep(0.3)
            child.sendintr()
            child.expect("error: sleep: stopped by Ctrl-C after")
            child.expect("> ")
            child.sendline("exit")
            child.expect(pexpect.EOF)
        finally:
            child.close(force=True)
