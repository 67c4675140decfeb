"""Issue 42, acceptance: a WebSocket conversation is left out, with a warning, of the exports
whose tools would send it as a plain GET (curl, HTTPie, Hurl, Postman, HAR, Swift), as gRPC
calls are; `export http` writes it as JetBrains' WEBSOCKET request."""

from __future__ import annotations

import json

import pytest

from conftest import script
from test_websocket import ws_url  # noqa: F401  (the fixture is used by name)

LEFT_OUT = "request 2 is a WebSocket conversation, left out of the {} export (`export http` writes it"


def conversation(ws_url):
    http = "http" + ws_url[2:]
    return [f"get {http}/plain", f"ws connect {ws_url}/echo", "ws send hi", "expect frame next body contains hi",
            "ws close"]


@pytest.mark.parametrize("fmt", ["curl", "httpie", "hurl"])
def test_text_exports_leave_a_conversation_out_and_say_so(run_workbench, ws_url, fmt):
    code, out, err = run_workbench(input=script(*conversation(ws_url), f"export {fmt} --session"))
    assert code == 0, err
    exported = out[out.index("(the server answered 1000)\n") + 27:]
    assert "/plain" in exported and "/echo" not in exported
    assert "warning: " + LEFT_OUT.format(fmt) in err
    assert len([line for line in err.splitlines() if "WebSocket" in line]) == 1
    if fmt != "hurl":
        assert "# " + LEFT_OUT.format(fmt) in exported


@pytest.mark.parametrize("fmt,name", [("postman", "p.json"), ("har", "h.har"), ("swift", "s.swift")])
def test_file_exports_leave_a_conversation_out_and_say_so(run_workbench, workdir, ws_url, fmt, name):
    code, out, err = run_workbench(input=script(*conversation(ws_url), f"export {fmt} --session > {name}"))
    assert code == 0, err
    assert f"exported 1 request to {name}" in out
    assert "warning: " + LEFT_OUT.format(fmt) in err
    text = (workdir / name).read_text()
    assert "/plain" in text and "/echo" not in text
    if fmt != "swift":
        json.loads(text)


def test_export_http_keeps_it_and_a_conversation_alone_is_one_error(run_workbench, workdir, ws_url):
    code, out, err = run_workbench(input=script(*conversation(ws_url), "export http --session > s.http"))
    assert code == 0 and "WebSocket" not in err, err
    assert f"WEBSOCKET {ws_url}/echo" in (workdir / "s.http").read_text()
    code, out, err = run_workbench(input=script(*conversation(ws_url)[1:], "export curl --session > c.sh"))
    assert code != 0 and not (workdir / "c.sh").exists()
    assert err.strip() == ("error: line 5: nothing to export: the request is a WebSocket conversation, which curl "
                           "cannot send (`export http` writes it)")
