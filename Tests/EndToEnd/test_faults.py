"""Robustness: the built binary against a misbehaving server (faultserver.py).

Each test sends one bad case and then `get /ok` on the same workspace with
`--keep-going`, and checks that the workbench

- exits by itself, within its own timeout (the subprocess timeout is far above it),
- never dies of a signal (exit status 0 or 1 only),
- answers the bad case with exactly one `error: line N: ...` line that names what
  happened, or with the response where a response is the right answer,
- still works afterwards: the `/ok` response that follows is printed.
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

from conftest import merge_env, Result

OK_STATUS = "HTTP/1.1 200 OK"
OK_BODY_MARK = '"server": "faultserver"'
MIB = 1 << 20
BOMB_INFLATED = 300 * MIB
IN_MEMORY_LIMIT = 64 * MIB
RUN_TIMEOUT = 30  # seconds; every run here should take a few at most


def case_script(server: str, path: str, *settings: str, timeout: int = 3) -> tuple[str, int]:
    """The script for one case and the line number of its `get`."""
    lines = [f"base {server}", f"timeout {timeout}", *settings, f"get {path}", "get /ok"]
    return "\n".join(lines) + "\n", lines.index(f"get {path}") + 1


def lines_of(text: str) -> list[str]:
    return text.split("\n")[:-1] if text.endswith("\n") else text.split("\n")


def assert_no_signal(result) -> None:
    assert result.returncode in (0, 1), (
        f"exit status {result.returncode} (negative: killed by signal {-result.returncode})"
        f"\n--- stderr ---\n{result.stderr[-4000:]}")


def assert_ok_follows(stdout: str) -> None:
    """The `get /ok` after the bad case worked: its response is the last thing printed."""
    assert OK_STATUS in stdout, f"the following `get /ok` printed no response:\n{stdout[-2000:]}"
    last = stdout.rsplit(OK_STATUS, 1)[1]
    assert OK_BODY_MARK in last, f"the last response is not /ok's:\n{last[-2000:]}"


def single_error(result, line: int) -> str:
    """Checks the run failed with exactly one error line (and nothing else on stderr)
    for script line ``line``; returns the message after ``error: line N: ``, lower-cased."""
    assert_no_signal(result)
    assert result.returncode == 1, f"a failed request must give exit status 1, got {result.returncode}"
    errors = [entry for entry in lines_of(result.stderr) if entry.startswith("error:")]
    assert len(errors) == 1, f"expected exactly one error line, got:\n{result.stderr}"
    assert lines_of(result.stderr) == errors, f"stderr has more than the error line:\n{result.stderr}"
    prefix = f"error: line {line}: "
    assert errors[0].startswith(prefix), f"{errors[0]!r} does not start with {prefix!r}"
    return errors[0][len(prefix):].lower()


def run_case(run_workbench, server: str, path: str, *settings: str, timeout: int = 3):
    text, line = case_script(server, path, *settings, timeout=timeout)
    started = time.monotonic()
    result = run_workbench(["--keep-going"], input=text, timeout=RUN_TIMEOUT)
    elapsed = time.monotonic() - started
    assert_no_signal(result)
    assert_ok_follows(result.stdout)
    return result, line, elapsed


# --- transport failures: one error line each --------------------------------------------


def test_reset_mid_body(run_workbench, fault_server):
    result, line, _ = run_case(run_workbench, fault_server, "/reset-mid-body")
    message = single_error(result, line)
    assert "reset" in message and "connection" in message, message


def test_never_answers_times_out(run_workbench, fault_server):
    result, line, elapsed = run_case(run_workbench, fault_server, "/never-answers", timeout=2)
    message = single_error(result, line)
    assert "timeout" in message and "no reply" in message, message
    assert elapsed < 2 + 5, f"took {elapsed:.1f} s with `timeout 2`"


def test_drip_times_out_with_a_partial_body(run_workbench, fault_server):
    result, line, elapsed = run_case(run_workbench, fault_server, "/drip", timeout=2)
    message = single_error(result, line)
    assert "timeout" in message and "incomplete" in message, message
    assert elapsed < 2 + 5, f"took {elapsed:.1f} s with `timeout 2`"


def test_bad_chunked_is_a_malformed_reply(run_workbench, fault_server):
    result, line, _ = run_case(run_workbench, fault_server, "/bad-chunked")
    message = single_error(result, line)
    assert "chunk" in message, message
    # The connection did not fail: the server sent a broken reply, and the message says so.
    assert "malformed" in message, message


def test_huge_header_line_is_named(run_workbench, fault_server):
    result, line, _ = run_case(run_workbench, fault_server, "/huge-header-line")
    message = single_error(result, line)
    assert "header" in message and ("too large" in message or "too long" in message), message
    assert "out of memory" not in message, f"a 300 KB header line is not memory exhaustion: {message}"


def test_many_headers_are_named(run_workbench, fault_server):
    result, line, _ = run_case(run_workbench, fault_server, "/many-headers")
    message = single_error(result, line)
    assert "header" in message and "too large" in message, message
    # Nothing went wrong with the connection; the reply was refused for its size.
    assert "failed while receiving" not in message, message


def test_not_http_is_a_malformed_reply(run_workbench, fault_server):
    result, line, _ = run_case(run_workbench, fault_server, "/not-http")
    message = single_error(result, line)
    assert "malformed reply" in message or "not an http response" in message, message


def test_redirect_loop_stops(run_workbench, fault_server):
    result, line, _ = run_case(run_workbench, fault_server, "/redirect-loop", "follow on")
    message = single_error(result, line)
    assert "too many redirects" in message, message


# --- odd but valid replies: the response is the answer -----------------------------------


def first_response(stdout: str) -> str:
    """The output of the first request, up to the `/ok` response that follows it."""
    return stdout.rsplit(OK_STATUS + "\n", 1)[0]


def test_http10_close_delimited_body(run_workbench, fault_server):
    result, _, _ = run_case(run_workbench, fault_server, "/http10-close")
    assert result.returncode == 0 and result.stderr == "", result
    first = lines_of(first_response(result.stdout))
    assert first[0] == "HTTP/1.0 200 OK"
    body = "\n".join(first[first.index("") + 1:])
    assert body == '{\n  "version": "1.0",\n  "framing": "close"\n}'


def test_continue_then_the_real_response(run_workbench, fault_server):
    result, _, _ = run_case(run_workbench, fault_server, "/continue-first")
    assert result.returncode == 0 and result.stderr == "", result
    first = first_response(result.stdout)
    assert first.startswith(OK_STATUS + "\n"), first
    assert "100 Continue" not in first
    assert first.endswith('\n\n{\n  "after": "continue"\n}\n'), first


@pytest.mark.parametrize("path, body, where", [
    ("/json-invalid-utf8", '{"a":"\ufffd\ufffd"}', "byte 6"),
    ("/json-truncated", '{"a": [1, 2,', "byte 12"),
])
def test_invalid_json_is_text_with_one_warning(run_workbench, fault_server, path, body, where):
    result, _, _ = run_case(run_workbench, fault_server, path)
    assert result.returncode == 0, result
    stderr = lines_of(result.stderr)
    assert len(stderr) == 1 and stderr[0].startswith("warning:"), f"expected one warning line:\n{result.stderr}"
    assert "not valid json" in stderr[0].lower() and where in stderr[0], stderr[0]
    first = first_response(result.stdout)
    assert first.split("\n\n", 1)[1] == body + "\n"


def test_deeply_nested_json_is_formatted(run_workbench, fault_server):
    result, _, _ = run_case(run_workbench, fault_server, "/json-deep")
    # The one line that says the indentation stopped (issue 27), nothing else.
    assert result.returncode == 0 and result.stderr == (
        "note: the body nests more than 100 levels deep; lines deeper than that are indented as level 100\n"
    ), result.stderr[-2000:]
    first = first_response(result.stdout)
    assert first.startswith(OK_STATUS + "\n")
    body = first.split("\n\n", 1)[1]
    assert body.startswith("[\n  [\n    [\n")
    assert body.count("[") == 100_000 and body.count("]") == 100_000
    # Formatted, yet bounded: indentation stops growing, so no line is enormous.
    assert max(len(entry) for entry in body.split("\n")) <= 1000
    assert len(body) < 100 * MIB


def test_empty_json_body_prints_only_the_headers(run_workbench, fault_server):
    result, _, _ = run_case(run_workbench, fault_server, "/json-empty")
    assert result.returncode == 0 and result.stderr == "", result
    first = first_response(result.stdout)
    assert lines_of(first)[0] == OK_STATUS
    assert "Content-Length: 0" in lines_of(first)
    assert "\n\n" not in first, f"an empty body prints no blank line and nothing after it:\n{first}"


# --- the gzip bomb: bounded memory, streamed to a file -----------------------------------


TIME_BIN = "/usr/bin/time"


def run_measured(workbench_bin: str, env: dict[str, str], cwd: Path, text: str, tmp_path: Path):
    """Runs the binary under `/usr/bin/time -f %M` when it is installed; returns the
    Result and the peak RSS in bytes (None without /usr/bin/time)."""
    measured = os.access(TIME_BIN, os.X_OK)
    report = tmp_path / "peak-rss.txt"
    command = [workbench_bin, "--keep-going"]
    if measured:
        command = [TIME_BIN, "-f", "%M", "-o", str(report), *command]
    try:
        completed = subprocess.run(command, input=text.encode(), capture_output=True, env=env, cwd=str(cwd),
                                   timeout=RUN_TIMEOUT)
    except subprocess.TimeoutExpired as error:
        pytest.fail(f"{command} did not finish within {RUN_TIMEOUT} s\n--- stderr ---\n"
                    f"{(error.stderr or b'').decode('utf-8', 'replace')[-4000:]}", pytrace=False)
    result = Result(completed.returncode, completed.stdout.decode("utf-8", "replace"),
                    completed.stderr.decode("utf-8", "replace"))
    peak = int(report.read_text().split()[-1]) * 1024 if measured else None  # %M is in KiB
    return result, peak


def skip_memory_check_message() -> str:
    return "/usr/bin/time is not installed (apt package `time`): peak memory not checked"


def test_gzip_bomb_in_memory_is_refused_with_bounded_memory(
        workbench_bin, workbench_env, workdir, tmp_path, fault_server):
    text, line = case_script(fault_server, "/gzip-bomb", timeout=20)
    result, peak = run_measured(workbench_bin, merge_env(workbench_env, None), workdir, text, tmp_path)
    assert_no_signal(result)
    assert_ok_follows(result.stdout)
    message = single_error(result, line)
    assert "too large" in message and "send > file" in message, message
    if peak is None:
        pytest.skip(skip_memory_check_message())
    assert peak < 200 * MIB, (f"peak RSS {peak / MIB:.0f} MB while refusing a body over "
                              f"{IN_MEMORY_LIMIT // MIB} MB (it inflates to {BOMB_INFLATED // MIB} MB)")


def test_gzip_bomb_streams_to_a_file(workbench_bin, workbench_env, workdir, tmp_path, fault_server):
    text, _ = case_script(fault_server, "/gzip-bomb > bomb.bin", timeout=20)
    target = workdir / "bomb.bin"
    try:
        result, peak = run_measured(workbench_bin, merge_env(workbench_env, None), workdir, text, tmp_path)
        assert_no_signal(result)
        assert result.returncode == 0 and result.stderr == "", result.stderr
        assert_ok_follows(result.stdout)
        assert "[body saved to bomb.bin: 300.0 MB]" in result.stdout
        assert target.stat().st_size == BOMB_INFLATED
        with target.open("rb") as file:
            assert file.read(MIB) == bytes(MIB)
            file.seek(-MIB, os.SEEK_END)
            assert file.read() == bytes(MIB)
        assert not list(workdir.glob("*.part-*")), "a temporary file was left behind"
        if peak is None:
            pytest.skip(skip_memory_check_message())
        assert peak < IN_MEMORY_LIMIT, f"peak RSS {peak / MIB:.0f} MB while streaming the body to a file"
    finally:
        target.unlink(missing_ok=True)
