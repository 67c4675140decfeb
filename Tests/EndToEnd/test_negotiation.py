"""Content negotiation: the Accept-Encoding sent lists only what the linked libcurl
decodes (checked against httpbin's gzip, deflate and brotli endpoints, and a zstd body
made by the zstd tool), and text in
charsets beyond UTF-8 and Latin-1 is decoded with iconv, a UTF-8 BOM before JSON is
no error (a local server in this process answers in each charset)."""
from __future__ import annotations

import shutil
import subprocess
from http.server import BaseHTTPRequestHandler

import pytest

from conftest import http_server, script
from test_script_mode import linked_codings

TEXT = "café – “quoted” € 日本語"
BODIES = {
    "/cp1252": ("text/plain; charset=windows-1252", "café – “quoted” €".encode("cp1252")),
    "/utf16": ("text/plain; charset=utf-16", TEXT.encode("utf-16")),  # with its BOM
    "/utf16-bom-only": ("text/plain", "\ufeff".encode("utf-16-le") + TEXT.encode("utf-16-le")),
    "/sjis": ("text/plain; charset=Shift_JIS", "日本語のテキスト".encode("shift_jis")),
    "/koi8": ("text/html; charset=koi8-r", "Привет".encode("koi8-r")),
    "/bom-json": ("application/json", b"\xef\xbb\xbf" + '{"name": "ana", "n": 1.50}'.encode()),
    "/broken-sjis": ("text/plain; charset=shift_jis", b"ok \x81 end"),
}


ZSTD_TEXT = '{"zstd": true, "text": "' + "squeezed " * 200 + '"}'


def zstd_compressed(data: bytes) -> bytes:
    if shutil.which("zstd") is None:
        pytest.fail("the zstd tool is not installed: scripts/setup.sh --tests installs it", pytrace=False)
    return subprocess.run(["zstd", "-q", "-c"], input=data, capture_output=True, check=True).stdout


class Handler(BaseHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 (BaseHTTPRequestHandler's name)
        pass

    def do_GET(self):  # noqa: N802 (BaseHTTPRequestHandler's name)
        content_type, body = BODIES[self.path]
        self.send_response(200)
        if self.path == "/zstd":
            self.send_header("Content-Encoding", "zstd")
            self.send_header("X-Accept-Encoding", self.headers.get("Accept-Encoding", ""))
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture(scope="module")
def charset_server():
    with http_server(Handler) as server:
        yield server.url


def test_accept_encoding_lists_what_libcurl_decodes(run_workbench, httpbin):
    expected = linked_codings()
    code, out, err = run_workbench(input=script(f"base {httpbin}", "show", "get /gzip", "get /deflate", "get /brotli"))
    assert code == 0, err
    assert f"Accept-Encoding: {expected}" in out
    if "gzip" in expected:
        assert '"gzipped": true' in out and '"deflated": true' in out
    if "br" in expected:
        assert '"brotli": true' in out


def test_zstd_is_offered_and_decoded_when_libcurl_has_it(run_workbench, charset_server):
    if "zstd" not in linked_codings():
        pytest.skip("the linked libcurl has no zstd decoder")
    BODIES["/zstd"] = ("application/json", zstd_compressed(ZSTD_TEXT.encode()))
    code, out, err = run_workbench(input=script(f"base {charset_server}", "get /zstd"))
    assert code == 0, err
    assert "X-Accept-Encoding: gzip, deflate, br, zstd" in out
    assert '"zstd": true' in out and "squeezed squeezed" in out


@pytest.mark.parametrize("path, expected", [
    ("/cp1252", "café – “quoted” €"),
    ("/utf16", TEXT),
    ("/utf16-bom-only", TEXT),
    ("/sjis", "日本語のテキスト"),
    ("/koi8", "Привет"),
    ("/broken-sjis", "ok \ufffd end"),
])
def test_charsets_are_decoded_with_iconv(run_workbench, charset_server, path, expected):
    code, out, err = run_workbench(input=script(f"base {charset_server}", f"get {path}"))
    assert code == 0, err
    assert out.rstrip("\n").endswith("\n" + expected), out


def test_json_with_a_utf8_bom_is_formatted_not_flagged(run_workbench, charset_server):
    code, out, err = run_workbench(input=script(f"base {charset_server}", "get /bom-json"))
    assert code == 0, err
    assert err == ""
    assert out.endswith('\n{\n  "name": "ana",\n  "n": 1.50\n}\n')
