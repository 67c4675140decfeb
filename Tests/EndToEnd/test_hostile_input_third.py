"""Hostile input, third round (issue 40): JSON nested 70,000 deep from a server or a file,
outputs that must not replace what they name, local files named by imports, and the
errors that were unclear. Every input is generated here (nothing large in git).
"""
from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from test_hostile_input import assert_bounded, measured
from test_script_mode import script

DEEP = 70_000
BRACKETS = "[" * DEEP + "]" * DEEP


class DeepHandler(BaseHTTPRequestHandler):
    """Answers every request with 200 and a JSON body nested DEEP levels (about 140 KB of brackets)."""

    def log_message(self, *args):
        pass

    def answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        body = ('{"data": {"__schema": {"types": ' + BRACKETS + "}}}").encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = answer
    do_POST = answer


@pytest.fixture()
def deep_server():
    server = ThreadingHTTPServer(("127.0.0.1", 0), DeepHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


# --- Goal 1: one nesting bound for every JSON reader ---------------------------------------

def test_a_server_answering_deep_json_to_graphql_schema_is_one_error(workbench_bin, workbench_env, workdir: Path,
                                                                    deep_server):
    code, out, err, seconds, megabytes = measured(
        workbench_bin, ["--keep-going"], workbench_env, workdir,
        script(f"graphql schema {deep_server}/graphql", f"base {deep_server}/graphql", "graphql schema",
               "graphql ls", "base"))
    assert_bounded(seconds, megabytes, "graphql schema")
    assert code == 1, (code, err)
    lines = err.splitlines()
    assert lines[0] == (f"error: line 1: graphql schema: {deep_server}/graphql answered JSON nested more than 512 "
                        "levels deep at line 1, column 542 (byte 541)"), err
    assert lines[1].startswith("error: line 3: graphql schema: ") and "nested more than 512 levels deep" in lines[1], err
    # The REPL went on with no schema, its base as set.
    assert len(lines) == 3 and "no GraphQL schema" in lines[2], err
    assert out.strip().endswith(f"{deep_server}/graphql"), out


@pytest.mark.parametrize("name,document", [
    ("deep.har", lambda: '{"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": "http://h.test/", '
                         '"x": ' + BRACKETS + "}}]}}"),
    ("deep.postman_collection.json",
     lambda: '{"info": {"name": "c", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"}, '
             '"item": ' + BRACKETS + "}"),
])
def test_deep_har_and_postman_files_are_one_error(workbench_bin, workbench_env, workdir: Path, name, document):
    (workdir / name).write_text(document())
    code, out, err, seconds, megabytes = measured(workbench_bin, ["--keep-going"], workbench_env, workdir,
                                                  script(f"import {name}", "history"))
    assert_bounded(seconds, megabytes, name)
    assert code == 1, (code, err)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: line 1: {name}: line 1, column "), err
    assert lines[0].endswith(": nested more than 64 levels deep; not imported"), err

