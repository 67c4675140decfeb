"""JSON bodies end to end: a byte order mark, JSON Lines and RFC 7464 sequences, controls
inside JSON strings on a terminal and in a pipe, and `expect json` comparing by meaning."""

from __future__ import annotations

import pexpect

from test_send import ANSI, body_of, script


def test_a_byte_order_mark_is_skipped_and_the_body_formatted(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "get /json/bom"))
    assert code == 0, err
    assert body_of(out) == '{\n  "a": 1,\n  "b": [\n    true\n  ]\n}\n'
    assert "warning" not in err


def test_json_lines_are_formatted_value_by_value(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "get /ndjson"))
    assert code == 0, err
    assert body_of(out) == '{\n  "n": 1\n}\n{\n  "n": 2,\n  "s": "x"\n}\nnot json\n[\n  3\n]\n'
    warnings = [line for line in err.splitlines() if line.startswith("warning:")]
    assert warnings == ["warning: a value of the body is not valid JSON: invalid literal: expected 'null' "
                        "at line 3, column 1 (byte 24)"], err


def test_a_json_text_sequence_is_split_at_record_separators(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "get /json-seq"))
    assert code == 0, err
    assert body_of(out) == '{\n  "a": 1\n}\n[\n  2\n]\n'
    assert "\x1e" not in out and "warning" not in err


def test_sequences_are_coloured_like_json(run_workbench, server):
    code, out, err = run_workbench(["--color", "always"], input=script(server, "get /ndjson"))
    assert code == 0, err
    assert "\x1b[34;1m\"n\"\x1b[0m" in out
    assert ANSI.sub("", out).endswith('{\n  "n": 1\n}\n{\n  "n": 2,\n  "s": "x"\n}\nnot json\n[\n  3\n]\n')


def test_controls_inside_json_strings_are_escaped_on_a_terminal(workbench_bin, workbench_env, workdir, server):
    env = dict(workbench_env, NO_COLOR="1")
    child = pexpect.spawn(workbench_bin, env=env, cwd=str(workdir), encoding="utf-8", dimensions=(24, 200), timeout=10)
    child.expect("> ")
    child.sendline(f"base {server}")
    child.expect("> ")
    child.sendline("get /json/controls")
    child.expect(r"GET http://[^\r\n]*/json/controls> ")
    screen = child.before
    child.sendeof()
    child.expect(pexpect.EOF)
    assert "\x7f" not in screen and "\x9b" not in screen, repr(screen)
    assert '"t": "a\\u007fb\\u009b31mc"' in screen, repr(screen)


def test_a_pipe_gets_the_json_strings_raw(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "get /json/controls"))
    assert code == 0, err
    assert body_of(out) == '{\n  "t": "a\x7fb\x9b31mc"\n}\n'


def test_expect_json_compares_by_meaning(run_workbench, server):
    code, out, err = run_workbench(input=script(
        server, "get /json/order",
        'expect json $.mid == {"a": 2.0, "b": 1e0}',
        "expect json $.big == 12345678901234567890123.000",
        "expect json $.dec == 1.1",
        'expect json $.s == "café"',
        'expect json $ == {"s": "caf\\u00e9", "list": [1, 2, 3], "dec": 11e-1, "big": 12345678901234567890123, '
        '"mid": {"b": 1, "a": 2}, "alpha": 2, "zeta": 1}'))
    assert code == 0, err
    assert out.count("PASS json") == 5, out


def test_expect_json_numbers_are_not_rounded(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "get /json/order",
                                                "expect json $.big == 12345678901234567890124"))
    assert code != 0
    assert "expectation failed: json $.big == 12345678901234567890124: got 12345678901234567890123" in err
