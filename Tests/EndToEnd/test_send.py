"""Sending requests and reading responses, end to end: the built binary against
the local test server (server.py) on 127.0.0.1. No mocks: real sockets, libcurl."""

from __future__ import annotations

import json
import re

import pytest

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def script(server: str, *lines: str) -> str:
    return "\n".join([f"base {server}", *lines]) + "\n"


def body_of(stdout: str) -> str:
    """The text after the first blank line (the body of the first response)."""
    return stdout.split("\n\n", 1)[1] if "\n\n" in stdout else ""


def echo_json(stdout: str) -> dict:
    return json.loads(body_of(stdout))


@pytest.mark.parametrize("method", ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PURGE"])
def test_each_method_reaches_the_server(run_workbench, server, method):
    verb = method.lower()
    lines = [f"{verb} /echo"] if method != "PURGE" else ["method purge", "path /echo", "send"]
    code, out, err = run_workbench(input=script(server, *lines))
    assert code == 0, err
    assert out.startswith("HTTP/1.1 200 OK\n")
    assert echo_json(out)["method"] == method


def test_head_prints_headers_and_no_body(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "head /echo"))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "HTTP/1.1 200 OK"
    assert "Content-Type: application/json" in lines
    assert out.endswith("\n") and "\n\n" not in out


def test_headers_and_body_arrive_exactly_as_shown(run_workbench, server):
    code, out, err = run_workbench(input=script(
        server,
        "header X-Trace: abc  def",
        "header add X-Multi: one",
        "header add X-Multi: two",
        "header X-Empty:",
        "header Content-Type: application/json; charset=utf-8",
        'body json {"name": "café", "n": 12345678901234567890123, "list": [1, 2]}',
        "method POST",
        "path /echo",
        "show",
        "send",
    ))
    assert code == 0, err
    shown, response = out.split("\nHTTP/1.1 200 OK\n", 1)
    shown_headers = [line.split(": ", 1) if ": " in line else [line.rstrip(":"), ""]
                     for line in shown.split("\n\n")[0].splitlines()[1:]]
    echoed = echo_json("HTTP/1.1 200 OK\n" + response)
    assert echoed["headers"] == shown_headers
    assert echoed["body"] == '{"name": "café", "n": 12345678901234567890123, "list": [1, 2]}'
    assert ["X-Empty", ""] in echoed["headers"]
    assert [h for h in echoed["headers"] if h[0] == "X-Multi"] == [["X-Multi", "one"], ["X-Multi", "two"]]
    assert not any(name in ("Expect", "Transfer-Encoding") for name, _ in echoed["headers"])


def test_repeated_query_names_keep_their_order(run_workbench, server):
    code, out, err = run_workbench(input=script(
        server, "path /echo", "query add a 1", "query add b 'x y'", "query add a 2", "query add a &=+#", "send"))
    assert code == 0, err
    assert echo_json(out)["query"] == "a=1&b=x%20y&a=2&a=%26%3D%2B%23"


def test_a_pasted_query_goes_with_its_path_and_typed_items_stay(run_workbench, server):
    # DESIGN, "What a request carries": the pasted query belongs to its path; `query add` items stay.
    code, out, err = run_workbench(input=script(
        server, "get /echo?x=1&x=2", "get /echo", "get /echo?", "query add api_key k1", "get /echo",
        "get /echo?y=3"))
    assert code == 0, err
    queries = [echo_json("HTTP/1.1 200 OK\n" + part)["query"] for part in out.split("HTTP/1.1 200 OK\n")[1:]]
    assert queries == ["x=1&x=2", "", "", "api_key=k1", "y=3&api_key=k1"]


def test_a_pasted_signed_query_goes_out_byte_for_byte(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "get /echo?sig=a%2Bb%2Fc%3D&x=1+2&flag"))
    assert code == 0, err
    assert echo_json(out)["query"] == "sig=a%2Bb%2Fc%3D&x=1+2&flag"


def test_a_body_typed_for_post_does_not_ride_along_with_get(run_workbench, server):
    code, out, err = run_workbench(input=script(
        server, "set --secret password pw-123456", 'body json {"password": "{{password}}"}', "get /echo", "post /echo"))
    assert code == 0, err
    get_part, post_part = out.split("HTTP/1.1 200 OK\n")[1:]
    sent_get = echo_json("HTTP/1.1 200 OK\n" + get_part)
    assert sent_get["method"] == "GET" and sent_get["body"] == ""
    assert not any(name.lower() in ("content-type", "content-length") for name, _ in sent_get["headers"])
    assert echo_json("HTTP/1.1 200 OK\n" + post_part)["method"] == "POST"
    assert "pw-123456" not in out


def test_redirects_are_not_followed_by_default(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "get /redirect/2"))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "HTTP/1.1 302 Found"
    assert "Location: /redirect/1" in lines


def test_follow_on_shows_each_hop(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "follow on", "get /redirect/2"))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "HTTP/1.1 302 Found -> /redirect/1"
    assert lines[1] == "HTTP/1.1 302 Found -> /redirect/0"
    assert lines[2] == "HTTP/1.1 200 OK"
    assert json.loads(body_of(out)) == {"redirected": True}


def test_redirect_loop_is_one_error(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "follow on", "get /redirect-loop", "get /echo"),
                                   args=["--keep-going"])
    assert code == 1
    errors = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "too many redirects" in errors[0]
    assert "HTTP/1.1 200 OK" in out  # the next request works


def test_gzip_body_is_decoded_and_the_encoding_still_shown(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "get /gzip"))
    assert code == 0, err
    assert "Content-Encoding: gzip" in out.splitlines()
    assert json.loads(body_of(out)) == {"compressed": "maybe", "items": [1, 2, 3], "text": "hello gzip"}


def test_json_keeps_key_order_and_number_text(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "get /json/order"))
    assert code == 0, err
    assert body_of(out) == (
        '{\n  "zeta": 1,\n  "alpha": 2,\n  "mid": {\n    "b": 1,\n    "a": 2\n  },\n'
        '  "big": 12345678901234567890123,\n  "dec": 1.10,\n  "list": [\n    1,\n    2,\n    3\n  ],\n'
        '  "s": "caf\\u00e9"\n}\n')


def test_json_is_sniffed_without_a_content_type(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "get /json/nocontenttype"))
    assert code == 0, err
    assert body_of(out) == '{\n  "kind": "json",\n  "content_type": "none"\n}\n'


def test_invalid_json_prints_text_and_a_positioned_warning(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "get /json/invalid"))
    assert code == 0, err
    assert body_of(out) == '{"a": 1,, "b": 2}\n'
    warnings = [line for line in err.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and "byte 8" in warnings[0]


def test_latin1_text_is_decoded(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "get /latin1"))
    assert code == 0, err
    assert body_of(out) == "café crème\n"


def test_401_prints_the_server_message(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "get /me"))
    assert code == 0, err  # a response, not an error
    assert out.startswith("HTTP/1.1 401 Unauthorized\n")
    assert err.strip() == "client error: 401 Unauthorized: missing or bad token"


def test_envelope_error_takes_the_message_from_data(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "get /error/envelope"))
    assert code == 0
    assert err.strip() == "client error: 400 Bad Request: wrong password"


def test_binary_body_is_written_as_is_when_not_a_terminal(run_workbench, server, workdir):
    code, out, err = run_workbench(input=script(server, "get /binary"))
    assert code == 0, err
    # stdout decoded with errors=replace; check the raw bytes through send > FILE instead.
    code, out, err = run_workbench(input=script(server, "get /binary > body.bin"))
    assert code == 0, err
    assert (workdir / "body.bin").read_bytes() == bytes(i % 256 for i in range(4096))
    assert "[body saved to body.bin: 4.0 KB]" in out
    assert not list(workdir.glob("*.part-*"))


def test_failed_send_to_file_keeps_the_old_file(run_workbench, workdir):
    target = workdir / "keep.bin"
    target.write_bytes(b"old")
    code, out, err = run_workbench(input="base http://127.0.0.1:1\nget / > keep.bin\n")
    assert code == 1
    assert target.read_bytes() == b"old"


def test_connection_refused_is_one_error_line(run_workbench):
    code, out, err = run_workbench(input="base http://127.0.0.1:1\nget /\n")
    assert code == 1
    assert err == "error: line 2: connection refused: 127.0.0.1:1\n"


def test_timeout_is_one_error_line_and_the_next_request_works(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "timeout 1", "get /slow?ms=3000", "get /echo"),
                                   args=["--keep-going"])
    assert code == 1
    assert err.splitlines() == [
        f"error: line 3: timeout after 1 s: GET {server}/slow?ms=3000 (no reply)"]
    assert "HTTP/1.1 200 OK" in out


def test_kept_alive_connection_is_reused(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "get /connection", "timing", "get /connection", "timing"))
    assert code == 0, err
    ids = [int(m) for m in re.findall(r'"connection_id": (\d+)', out)]
    counts = [int(m) for m in re.findall(r'"requests_on_connection": (\d+)', out)]
    assert ids[0] == ids[1] and counts[1] == counts[0] + 1
    timing_lines = [line for line in out.splitlines() if line.startswith("HTTP/1.1, remote ")]
    assert timing_lines[0].endswith("new connection")
    assert timing_lines[1].endswith("connection reused")


def test_timing_lists_every_phase(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "get /echo", "timing"))
    assert code == 0, err
    names = [line[:14].strip() for line in out.split("\n}\n", 1)[1].splitlines()]
    for phase in ["DNS lookup", "TCP connect", "TLS handshake", "request sent", "first byte", "download", "total"]:
        assert phase in names


def test_timing_before_any_send_is_an_error(run_workbench):
    code, out, err = run_workbench(input="timing\n")
    assert code == 1
    assert err == "error: line 1: no response yet: `send` a request first\n"


def test_color_only_when_asked_or_on_a_terminal(run_workbench, server):
    code, plain, err = run_workbench(input=script(server, "get /json/order"))
    assert not ANSI.search(plain)
    code, colored, err = run_workbench(input=script(server, "get /json/order"), args=["--color", "always"])
    assert ANSI.search(colored)
    assert ANSI.sub("", colored).split("\n\n", 1)[1] == plain.split("\n\n", 1)[1]
    code, off, err = run_workbench(input=script(server, "color off", "get /json/order"), args=["--color", "always"])
    assert not ANSI.search(off)


# The five seeds, typed as commands against local stand-ins.

def test_seed1_movie_popular(run_workbench, server):
    code, out, err = run_workbench(input=script(
        server, "path /3/movie/popular", "query add api_key {{key}}", "set key testkey",
        "header Accept: application/json", "send"))
    assert code == 0, err
    assert json.loads(body_of(out))["page"] == 1


def test_seed1_bad_key_names_the_server_message(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "get /3/movie/popular?api_key=nope"))
    assert code == 0
    assert err.strip() == "client error: 401 Unauthorized: Invalid API key"


def test_seed3_patch_repeats_update_mask_in_order(run_workbench, server):
    code, out, err = run_workbench(input=script(
        server, "header Content-Type: application/json", "method PATCH",
        "path /v1/projects/p/databases/(default)/documents/users", "path add doc-1",
        "query add updateMask.fieldPaths profileImage", "query add updateMask.fieldPaths nickName",
        "query add updateMask.fieldPaths introduce",
        'body json {"fields": {"nickName": {"stringValue": "ana"}}}', "send"))
    assert code == 0, err
    reply = json.loads(body_of(out))
    assert reply["updateMask"]["fieldPaths"] == ["profileImage", "nickName", "introduce"]
    assert list(reply["fields"]) == ["nickName"]


def test_seed4_character_without_double_slash(run_workbench, server):
    code, out, err = run_workbench(input=f"base {server}/api\npath add character 1\n"
                                         "query add name rick\nquery add status alive\npath\nsend\n")
    assert code == 0, err
    assert out.splitlines()[0] == f"{server}/api/character/1?name=rick&status=alive"
    reply = json.loads(out.split("\n\n", 1)[1])
    assert reply["id"] == 1 and reply["query"] == {"name": ["rick"], "status": ["alive"]}


def test_seed5_login_envelope(run_workbench, server):
    code, out, err = run_workbench(input=script(
        server, "set --secret password secret", 'body json {"username": "ana", "password": "{{password}}"}',
        "post /login", "capture token $.data.accessToken", "reset", "header Authorization: Bearer {{token}}",
        "get /me"))
    assert code == 0, err
    assert "token = tok-123" in out
    assert out.rstrip().endswith('"user": "ana"\n}'.rstrip())


def test_exported_curl_command_sends_the_same_bytes(run_workbench, server, workdir):
    """Values with quotes, $(), backticks and newlines survive the shell and are never run."""
    marker = workdir / "ran"
    code, out, err = run_workbench(input=script(
        server,
        f'header X-Q: "it\'s $(touch {marker}) `touch {marker}` {{a,b}}"',
        "body <<END",
        f"line1 'q' \"d\" $(touch {marker}) `touch {marker}`",
        "@line2 {a,b}",
        "END",
        "method POST", "path /echo", "query add a 'x y'", "show", "curl"))
    assert code == 0, err
    shown, command = out.split("\ncurl ", 1)
    completed = __import__("subprocess").run(["bash", "-c", "curl -s " + command], capture_output=True, timeout=30)
    assert completed.returncode == 0, completed.stderr
    echoed = json.loads(completed.stdout)
    assert not marker.exists()
    shown_lines = shown.split("\n\n", 1)
    assert echoed["body"] == shown_lines[1]
    assert echoed["method"] == "POST" and echoed["query"] == "a=x%20y"
    sent = [": ".join(pair) for pair in echoed["headers"]]
    assert sent == shown_lines[0].splitlines()[1:]


def test_exported_curl_masks_secrets_unless_asked(run_workbench, server):
    code, out, err = run_workbench(input=script(server, "set --secret t s3cr3t", "header Authorization: Bearer {{t}}",
                                                "curl", "show", "curl --secrets"))
    assert code == 0, err
    masked_curl, masked_show, clear = out.split("\ncurl ")[0], out, out.rsplit("\ncurl ", 1)[1]
    assert "s3cr3t" not in out.rsplit("\ncurl ", 1)[0]
    assert "Bearer ******" in masked_curl
    assert "'Authorization: Bearer s3cr3t'" in clear
