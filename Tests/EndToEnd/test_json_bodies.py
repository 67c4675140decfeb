"""JSON bodies end to end: a byte order mark, JSON Lines and RFC 7464 sequences, and
`expect json` comparing by meaning (controls inside JSON strings: test_terminal_safety.py)."""

from __future__ import annotations

import json

from server import JSON_LARGE, JSON_LARGE_INVALID, large_json_record
from test_send import ANSI, body_of as response_body, script


def body_of(stdout: str) -> str:
    """The body, without the closing `(stream: ...)` line a streamed body gets."""
    body = response_body(stdout)
    lines = body.split("\n")
    if len(lines) >= 2 and lines[-2].startswith("(stream: "):
        del lines[-2]
    return "\n".join(lines)


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
    assert body_of(ANSI.sub("", out)).endswith('{\n  "n": 1\n}\n{\n  "n": 2,\n  "s": "x"\n}\nnot json\n[\n  3\n]\n')


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


def test_a_large_body_is_laid_out_exactly_like_jq(run_workbench, server):
    # ~3.8 MB: checked while it arrives, then formatted on a second thread while written.
    code, out, err = run_workbench(["--color", "always"], input=script(server, "get /json/records"))
    assert code == 0, err
    expected = json.dumps([large_json_record(index) for index in range(20_000)], indent=2) + "\n"
    assert "\x1b[34;1m\"owner\"\x1b[0m" in out
    assert body_of(ANSI.sub("", out)) == expected
    assert "warning" not in err


def test_a_secret_in_a_large_body_is_masked(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "set --secret who user42", "get /json/records?records=30000"))
    assert code == 0, err
    assert "user42" not in out and "user42" not in err
    assert out.count('"login": "user4') > 100


def test_a_large_body_that_is_not_json_is_shown_as_text(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "get /json/records?break=1"))
    assert code == 0, err
    assert body_of(out).rstrip("\n").endswith('"none": nul}]')
    assert '{"id": 0, "name": "record 0"' in body_of(out)
    assert "warning: the body is not valid JSON: invalid literal: expected 'null'" in err


def test_a_large_body_checked_while_it_downloads_is_formatted(run_workbench, server):
    """About 3 MB: checked on a thread of its own as it arrives, then printed."""
    code, out, err = run_workbench(input=script(server, "get /json/large"))
    assert code == 0, err
    assert "warning" not in err, err
    body = body_of(out)
    assert body.startswith('[\n  {\n    "id": 0,\n    "name": "caf\\u00e9 0 é😀",\n    "ratio": -0.5e-3,\n')
    assert json.loads(body) == json.loads(JSON_LARGE)


def test_a_large_invalid_body_gets_the_same_positioned_warning(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "get /json/large-invalid"))
    assert code == 0, err
    offset = JSON_LARGE_INVALID.rindex(b"nul,")
    line = JSON_LARGE_INVALID.count(b"\n", 0, offset) + 1
    column = offset - (JSON_LARGE_INVALID.rindex(b"\n", 0, offset) + 1) + 1
    warnings = [text for text in err.splitlines() if text.startswith("warning:")]
    assert warnings == ["warning: the body is not valid JSON: invalid literal: expected 'null' "
                        f"at line {line}, column {column} (byte {offset})"], err
    # Printed as it came, not formatted.
    assert body_of(out) == JSON_LARGE_INVALID.decode("utf-8") + "\n"
