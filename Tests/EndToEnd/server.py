#!/usr/bin/env python3
"""A local HTTP/1.1 test server for the workbench's end-to-end tests.

Standard library only. Start it with::

    python3 server.py --port 0 [--host 127.0.0.1] [--verbose]

When it is ready it prints ``PORT <n>`` as the first line of standard output
(and flushes it). It logs nothing to standard error unless ``--verbose`` is
given, and a bad or broken request never stops it. It is a
``ThreadingHTTPServer`` speaking ``HTTP/1.1``: connections are kept alive
unless the client asks otherwise, every response carries a Content-Length, and
every request body is read in full (by Content-Length, or chunked
transfer-encoding) before the response, so the next request on the same
connection starts cleanly. ``Expect: 100-continue`` is answered. Any method
token is accepted (including custom ones such as PURGE); HEAD gets the headers
GET would get (Content-Length included) and no body.

Routes (``path`` is the raw request target before ``?``, ``query`` the raw text
after it; routing uses the raw, still percent-encoded path):

``/echo`` (any method)
    200 ``application/json``::

        {"method": "...", "path": "/echo", "query": "a=1&a=2",
         "headers": [["Host", "..."], ...],   # exact order and name case received
         "body": "...",                        # body as UTF-8, errors='replace'
         "body_base64": "..."}                 # the exact body bytes

    Header values are given as UTF-8 (the wire bytes, decoded with
    errors='replace'). ``/echo/<anything>`` behaves the same.

``/status/<code>``
    That status (200..599) with a short ``text/plain`` body, e.g. ``418 I'm a
    Teapot``. 204 and 304 have no body. ``/status/401`` and ``/status/404``
    reply with JSON ``{"message": "..."}`` instead. A code outside 200..599 is
    a 400.

``/error/envelope``
    400 with ``{"resultCode": 1, "status": "fail", "data": "wrong password"}``.

``/redirect/<n>``
    302 with ``Location: /redirect/<n-1>`` (a relative reference);
    ``/redirect/0`` is 200 ``{"redirected": true}``. n is at most 1000.

``/to?url=URL&status=N``
    A redirect (status N, default 302) with ``Location: URL``: any target,
    relative, absolute, another origin or another scheme.

``/redirect-loop``
    302 with ``Location: /redirect-loop``, forever.

``/gzip``
    JSON ``{"compressed": "maybe", "items": [1, 2, 3], "text": "hello gzip"}``
    (exactly these bytes when decoded). When the request's Accept-Encoding
    mentions gzip, the body is gzip-compressed and carries
    ``Content-Encoding: gzip``; otherwise it is sent plain. Both carry
    ``Vary: Accept-Encoding``.

``/json/order``
    ``application/json``, these exact bytes (pure ASCII; the ``\\u00e9`` is the
    six-character JSON escape, not a raw é)::

        {"zeta":1,"alpha":2,"mid":{"b":1,"a":2},"big":12345678901234567890123,"dec":1.10,"list":[1,2,3],"s":"caf\\u00e9"}

``/json/invalid``
    ``application/json`` with the body ``{"a": 1,, "b": 2}``.

``/json/controls``
    ``application/json``, valid JSON whose string holds a raw DEL and a raw
    U+009B (CSI, C1): ``{"t": "a<DEL>b<U+009B>31mc"}``.
``/json/bom``
    ``application/json``: a UTF-8 byte order mark, then ``{"a": 1, "b": [true]}``.
``/json/large``
    ``application/json``, about 3 MB (large enough to be checked on a thread of
    its own while it downloads): ``[`` then 30,000 lines
    ``{"id": N, "name": "caf\\u00e9 N é😀", "ratio": -N.5e-3, "ok": true,
    "none": null, "tags": ["a", "b"]}`` separated by ``,\\n``, then ``]``.
``/json/large-invalid``
    The same with the last ``null`` cut to ``nul``.
``/ndjson``
    ``application/x-ndjson``: ``{"n":1}``, ``{"n":2,"s":"x"}``, ``not json``
    and ``[3]``, one per line.
``/json-seq``
    ``application/json-seq`` (RFC 7464): two values, each after an RS byte,
    the first spread over three lines.
``/json/nocontenttype``
    Valid JSON ``{"kind":"json","content_type":"none"}`` with no Content-Type
    header at all.

``/json/records?records=N&break=1``
    ``application/json``: an array of N records (default 20,000, at most
    200,000; about 190 bytes each, so the default is ~3.8 MB, past the size
    from which a checked body is formatted on a second thread), plain ASCII,
    each ``{"id": i, "name": "record i", "tags": [...], "owner": {...},
    "empty": {}, "none": null}``. The records named by ``large_json_record``
    in this file. ``break=1`` spoils the last record (``"none": nul``), so the
    body is no longer JSON.

``/escapes``
    200 with terminal escape sequences in the reason phrase (``OK ESC[2J``), a
    header (``X-Title: ESC]0;owned BEL``) and the ``text/plain`` body (OSC 52).

``/latin1``
    ``text/plain; charset=iso-8859-1``, the bytes of "café crème" in Latin-1
    (``caf\\xe9 cr\\xe8me``).

``/binary``
    ``application/octet-stream``, 4096 bytes: byte i is ``i % 256`` (so it holds
    NULs).

``/png``
    ``image/png``, a valid 1x1 PNG (one red pixel).

``/slow?ms=N``
    Sleeps N milliseconds (capped at 30000) then replies 200
    ``{"slept_ms": N}``.

``/drip?count=N&ms=M``
    200 ``text/plain`` with Content-Length N (at most 1000; default 10); one
    byte every M ms (at most 1000; default 100; total time capped at 30 s).
    The body is the digits ``0123456789`` repeated, cut to N bytes.

``/login`` (POST)
    A JSON body that is exactly ``{"username": "ana", "password": "secret"}``
    (any key order, no other keys) gives 200
    ``{"resultCode":0,"status":"ok","data":{"accessToken":"tok-123","user":"ana"}}``;
    any other body (wrong values, not JSON, empty) gives 401
    ``{"resultCode":1,"status":"fail","data":"wrong username or password"}``.
    Other methods: 405 with ``Allow: POST``.

``/me``
    200 ``{"user":"ana"}`` only with ``Authorization: Bearer tok-123``; otherwise
    401 ``{"message":"missing or bad token"}`` with
    ``WWW-Authenticate: Bearer``.

``/connection``
    ``{"connection_id": <int>, "requests_on_connection": <int>}``: the id is
    the same for every request on one TCP connection (a new connection gets a
    new id), the count is 1 for the first request on that connection.

Seed stand-ins (see Sessions/seeds/README.md):

``/3/movie/popular?api_key=testkey[&page=N]`` (TMDB-like)
    200 ``{"page": N, "results": [{"id", "title", "original_title",
    "release_date", "vote_average", "popularity"}, ...], "total_pages": 3,
    "total_results": 9}``, three movies a page. A missing or wrong ``api_key``
    gives 401 ``{"status_message": "Invalid API key", "status_code": 7}``.

``/pets?page=N&per_page=M`` (paginated with links)
    200 ``{"page": N, "items": [names], "links": {"next": "/pets?page=N+1&per_page=M"},
    "next_url": "http://HOST/pets?page=N+1&per_page=M"}`` over five pets (``per_page``
    default 2); the last page has no ``next`` nor ``next_url``. HOST is the Host header,
    so a captured ``next_url`` names this server as the client reached it.

``/api/character/<id>`` (Rick and Morty-like), ids 1..5
    200 ``{"id", "name", "status", "species", "gender", "url", "query":
    {"name": [...], "status": [...]}}``; the ``query`` member echoes the
    decoded query items (any names, values in order). An unknown id gives
    404 ``{"error": "Character not found"}``. ``/api/character`` (with or
    without a trailing slash) lists the characters, filtered by ``name``
    (case-insensitive substring) and ``status`` (case-insensitive), as
    ``{"info": {"count": N}, "results": [...]}``. A path with ``//`` in it is
    a 404, as it would be on the real API.

``/v1/projects/p/databases/(default)/documents/users[/<doc>]`` (Firestore-like)
    GET on a document: 200 ``{"name": ..., "fields": {...}, "createTime",
    "updateTime", "updateMask": {"fieldPaths": [...]}, "request": {"method",
    "query", "content_type"}}``. GET on the collection lists two documents and
    ``nextPageToken`` (``"page-2"`` unless ``pageToken`` was given). POST
    (collection or document) and PATCH (document) take a JSON body
    ``{"fields": {...}}``; the reply is the document with those fields echoed
    in the order sent. ``updateMask.fieldPaths`` query values are echoed in
    order, in ``updateMask.fieldPaths``. A body that is not JSON is a 400
    ``{"error": {"code": 400, "message": "Invalid JSON payload received.",
    "status": "INVALID_ARGUMENT"}}``. DELETE on a document is 200 ``{}``.
    Other methods are 405.

``/``
    200 ``text/plain``: the list of routes. Anything else is a 404
    ``text/plain`` ``not found: <path>``.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import itertools
import json
import re
import struct
import sys
import threading
import time
import urllib.parse
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MAX_BODY = 64 * 1024 * 1024
VERBOSE = False

_connection_ids = itertools.count(1)
_connection_lock = threading.Lock()


def _next_connection_id() -> int:
    with _connection_lock:
        return next(_connection_ids)


def _make_png() -> bytes:
    """A valid 1x1 PNG with one red pixel (deterministic bytes)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)  # 1x1, 8-bit, RGB
    pixels = zlib.compress(b"\x00\xff\x00\x00", 9)  # filter byte 0, then R G B
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


PNG = _make_png()
BINARY = bytes(i % 256 for i in range(4096))
JSON_ORDER = (
    b'{"zeta":1,"alpha":2,"mid":{"b":1,"a":2},"big":12345678901234567890123,'
    b'"dec":1.10,"list":[1,2,3],"s":"caf\\u00e9"}'
)
JSON_INVALID = b'{"a": 1,, "b": 2}'
JSON_CONTROLS = '{"t": "a\x7fb\u009b31mc"}'.encode("utf-8")
JSON_BOM = b'\xef\xbb\xbf{"a": 1, "b": [true]}'
NDJSON = b'{"n":1}\n{"n":2,"s":"x"}\nnot json\n[3]\n'
JSON_SEQ = b'\x1e{\n "a": 1\n}\n\x1e[2]\n'
# Fixed bodies by path: (bytes, Content-Type).
JSON_LARGE = ("[" + ",\n".join(
    '{"id": %d, "name": "caf\\u00e9 %d \u00e9\U0001F600", "ratio": -%d.5e-3, "ok": true, "none": null, "tags": ["a", "b"]}'
    % (index, index, index) for index in range(30000)) + "]").encode("utf-8")
_LAST_NULL = JSON_LARGE.rindex(b"null")
JSON_LARGE_INVALID = JSON_LARGE[:_LAST_NULL] + b"nul" + JSON_LARGE[_LAST_NULL + 4:]
JSON_BODIES = {
    "/json/large": (JSON_LARGE, "application/json"),
    "/json/large-invalid": (JSON_LARGE_INVALID, "application/json"),
    "/json/controls": (JSON_CONTROLS, "application/json"),
    "/json/bom": (JSON_BOM, "application/json"),
    "/ndjson": (NDJSON, "application/x-ndjson"),
    "/json-seq": (JSON_SEQ, "application/json-seq"),
}
JSON_NO_CONTENT_TYPE = b'{"kind":"json","content_type":"none"}'
GZIP_JSON = b'{"compressed": "maybe", "items": [1, 2, 3], "text": "hello gzip"}'
LATIN1 = "café crème".encode("latin-1")

LOGIN_OK = b'{"resultCode":0,"status":"ok","data":{"accessToken":"tok-123","user":"ana"}}'
LOGIN_FAIL = b'{"resultCode":1,"status":"fail","data":"wrong username or password"}'
ENVELOPE_ERROR = b'{"resultCode": 1, "status": "fail", "data": "wrong password"}'
TMDB_BAD_KEY = b'{"status_message": "Invalid API key", "status_code": 7}'

MOVIES = [
    {"id": 101, "title": "The Endpoint", "original_title": "The Endpoint",
     "release_date": "2021-03-04", "vote_average": 7.5, "popularity": 512.25},
    {"id": 102, "title": "Amélie", "original_title": "Le Fabuleux Destin d'Amélie Poulain",
     "release_date": "2001-04-25", "vote_average": 7.9, "popularity": 88.5},
    {"id": 103, "title": "Keep-Alive", "original_title": "Keep-Alive",
     "release_date": "1999-12-31", "vote_average": 6.1, "popularity": 42.0},
    {"id": 104, "title": "Redirect Loop", "original_title": "Redirect Loop",
     "release_date": "2010-07-16", "vote_average": 8.8, "popularity": 300.75},
    {"id": 105, "title": "기생충", "original_title": "기생충",
     "release_date": "2019-05-30", "vote_average": 8.5, "popularity": 250.0},
    {"id": 106, "title": "Status 418", "original_title": "Status 418",
     "release_date": "1998-04-01", "vote_average": 5.0, "popularity": 4.18},
    {"id": 107, "title": "Chunked", "original_title": "Chunked",
     "release_date": "2005-09-09", "vote_average": 6.6, "popularity": 12.5},
    {"id": 108, "title": "Timeout", "original_title": "Timeout",
     "release_date": "2015-01-01", "vote_average": 4.2, "popularity": 30.0},
    {"id": 109, "title": "Null Byte", "original_title": "Null Byte",
     "release_date": "2020-02-02", "vote_average": 7.0, "popularity": 64.0},
]
MOVIES_PER_PAGE = 3

CHARACTERS = [
    {"id": 1, "name": "Rick Sanchez", "status": "Alive", "species": "Human", "gender": "Male"},
    {"id": 2, "name": "Morty Smith", "status": "Alive", "species": "Human", "gender": "Male"},
    {"id": 3, "name": "Summer Smith", "status": "Alive", "species": "Human", "gender": "Female"},
    {"id": 4, "name": "Beth Smith", "status": "Alive", "species": "Human", "gender": "Female"},
    {"id": 5, "name": "Jerry Smith", "status": "Alive", "species": "Human", "gender": "Male"},
]

FIRESTORE_PREFIX = "/v1/projects/p/databases/(default)/documents/users"
FIRESTORE_NAME = "projects/p/databases/(default)/documents/users"
FIRESTORE_TIME = "2024-01-02T03:04:05.000000Z"
FIRESTORE_INVALID = (
    b'{"error": {"code": 400, "message": "Invalid JSON payload received.", "status": "INVALID_ARGUMENT"}}'
)

STATUS_JSON_MESSAGES = {401: "unauthorized: credentials are missing or wrong", 404: "not found"}


class RequestError(Exception):
    """A request we cannot read: answer 400 and close the connection."""


def large_json_record(index: int) -> dict:
    return {"id": index, "name": "record %d" % index, "tags": ["t%d" % (index % 7), "common"],
            "owner": {"login": "user%d" % (index % 100), "score": index * 3 - 7, "active": index % 2 == 0},
            "empty": {}, "none": None}


def large_json(records: int, broken: bool) -> bytes:
    body = json.dumps([large_json_record(index) for index in range(records)]).encode("ascii")
    if broken:
        body = body[:-len(b"null}]")] + b"nul}]"
    return body


def _json_bytes(value) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode("utf-8")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in separate writes; without TCP_NODELAY the body
    # waits ~40 ms for the client's delayed ACK on every kept-alive request.
    disable_nagle_algorithm = True
    server_version = "workbench-test-server/1"
    sys_version = ""

    def version_string(self) -> str:
        return self.server_version
    # Do not hang forever on a client that stops talking.
    timeout = 60

    # --- plumbing -------------------------------------------------------

    def setup(self) -> None:
        super().setup()
        self.connection_id = _next_connection_id()
        self.requests_on_connection = 0

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (BaseHTTPRequestHandler's name)
        if VERBOSE:
            sys.stderr.write("%s - %s\n" % (self.address_string(), format % args))

    def __getattr__(self, name: str):
        # BaseHTTPRequestHandler looks for do_<METHOD>; accept every method token.
        if name.startswith("do_"):
            return self._dispatch
        raise AttributeError(name)

    def handle_one_request(self) -> None:
        try:
            super().handle_one_request()
        except (ConnectionError, TimeoutError, OSError):
            self.close_connection = True

    def _read_body(self) -> bytes:
        encoding = (self.headers.get("Transfer-Encoding") or "").lower()
        if "chunked" in encoding:
            return self._read_chunked()
        length_text = self.headers.get("Content-Length")
        if length_text is None:
            return b""
        try:
            length = int(length_text.strip())
        except ValueError:
            raise RequestError("bad Content-Length")
        if length < 0 or length > MAX_BODY:
            raise RequestError("Content-Length out of range")
        data = b""
        while len(data) < length:
            piece = self.rfile.read(length - len(data))
            if not piece:
                raise RequestError("body shorter than Content-Length")
            data += piece
        return data

    def _read_chunked(self) -> bytes:
        parts = []
        total = 0
        while True:
            line = self.rfile.readline(65537)
            if not line:
                raise RequestError("connection closed inside a chunked body")
            size_text = line.split(b";", 1)[0].strip()
            try:
                size = int(size_text, 16)
            except ValueError:
                raise RequestError("bad chunk size")
            if size == 0:
                break
            total += size
            if total > MAX_BODY:
                raise RequestError("chunked body too large")
            data = self.rfile.read(size)
            if len(data) != size:
                raise RequestError("short chunk")
            parts.append(data)
            self.rfile.readline(65537)  # the CRLF after the chunk
        # Trailers, up to the empty line.
        while True:
            line = self.rfile.readline(65537)
            if line in (b"\r\n", b"\n", b""):
                break
        return b"".join(parts)

    def _reply(self, status: int, body: bytes = b"", content_type: str | None = "text/plain; charset=utf-8",
               headers: list[tuple[str, str]] | None = None, send_length: bool = True) -> None:
        self.send_response(status)
        if content_type is not None:
            self.send_header("Content-Type", content_type)
        for name, value in headers or []:
            self.send_header(name, value)
        if send_length:
            self.send_header("Content-Length", str(len(body)))
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD" and body:
            self.wfile.write(body)

    def _json(self, status: int, value, headers=None) -> None:
        body = value if isinstance(value, bytes) else _json_bytes(value)
        self._reply(status, body, "application/json", headers)

    def _text(self, status: int, text: str, headers=None) -> None:
        self._reply(status, text.encode("utf-8"), "text/plain; charset=utf-8", headers)

    def _dispatch(self) -> None:
        self.requests_on_connection += 1
        target = self.path
        # Absolute-form targets (as sent to a proxy): keep only the path and query.
        match = re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://[^/?]*", target)
        if match:
            target = target[match.end():] or "/"
        path, _, query = target.partition("?")
        self.raw_path = path
        self.raw_query = query
        self.query_items = urllib.parse.parse_qsl(query, keep_blank_values=True)
        try:
            self.body = self._read_body()
        except RequestError as error:
            self.close_connection = True
            self._text(400, "bad request: %s\n" % error)
            return
        try:
            self._route()
        except (ConnectionError, TimeoutError):
            self.close_connection = True
        except Exception as error:  # never let a handler bug kill the connection silently
            self.close_connection = True
            if VERBOSE:
                import traceback
                traceback.print_exc()
            try:
                self._text(500, "server error: %s\n" % error)
            except OSError:
                pass

    def _query_values(self, name: str) -> list[str]:
        return [value for key, value in self.query_items if key == name]

    def _query_int(self, name: str, default: int, low: int, high: int) -> int:
        values = self._query_values(name)
        try:
            number = int(values[0]) if values else default
        except ValueError:
            number = default
        return max(low, min(high, number))

    # --- routing --------------------------------------------------------

    def _route(self) -> None:
        path = self.raw_path
        method = self.command
        if path == "/echo" or path.startswith("/echo/"):
            return self._echo()
        if path == "/":
            return self._text(200, __doc__ or "")
        match = re.fullmatch(r"/status/(\d{1,3})", path)
        if match:
            return self._status(int(match.group(1)))
        if path == "/error/envelope":
            return self._json(400, ENVELOPE_ERROR)
        match = re.fullmatch(r"/redirect/(\d{1,4})", path)
        if match:
            count = min(int(match.group(1)), 1000)
            if count == 0:
                return self._json(200, b'{"redirected": true}')
            location = "/redirect/%d" % (count - 1)
            return self._text(302, "redirecting to %s\n" % location, [("Location", location)])
        if path == "/to":
            # A redirect anywhere: /to?url=URL&status=N (301, 302, 303, 307 or 308).
            status = self._query_int("status", 302, 301, 308)
            location = (self._query_values("url") or ["/echo"])[0]
            return self._text(status, "redirecting\n", [("Location", location)])
        if path == "/redirect-loop":
            return self._text(302, "redirecting to /redirect-loop\n", [("Location", "/redirect-loop")])
        if path == "/gzip":
            return self._gzip()
        if path == "/json/order":
            return self._json(200, JSON_ORDER)
        if path == "/json/invalid":
            return self._json(200, JSON_INVALID)
        if path in JSON_BODIES:
            body, content_type = JSON_BODIES[path]
            return self._reply(200, body, content_type)
        if path == "/json/records":
            records = self._query_int("records", 20_000, 0, 200_000)
            return self._reply(200, large_json(records, self._query_values("break") == ["1"]), "application/json")
        if path == "/json/nocontenttype":
            return self._reply(200, JSON_NO_CONTENT_TYPE, content_type=None)
        if path == "/escapes":
            # Terminal escape sequences in the reason phrase, a header and the body.
            self.send_response_only(200, "OK \x1b[2J")
            self.send_header("Content-Type", "text/plain")
            self.send_header("X-Title", "\x1b]0;owned\x07")
            body = b"before \x1b]52;c;Y2xpcGJvYXJk\x07 after\n"
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return None
        if path == "/latin1":
            return self._reply(200, LATIN1, "text/plain; charset=iso-8859-1")
        if path == "/binary":
            return self._reply(200, BINARY, "application/octet-stream")
        if path == "/png":
            return self._reply(200, PNG, "image/png")
        if path == "/slow":
            milliseconds = self._query_int("ms", 1000, 0, 30000)
            time.sleep(milliseconds / 1000)
            return self._json(200, {"slept_ms": milliseconds})
        if path == "/drip":
            return self._drip()
        if path == "/login":
            return self._login()
        if path == "/me":
            if (self.headers.get("Authorization") or "").strip() == "Bearer tok-123":
                return self._json(200, b'{"user":"ana"}')
            return self._json(401, b'{"message":"missing or bad token"}', [("WWW-Authenticate", "Bearer")])
        if path == "/connection":
            return self._json(200, {"connection_id": self.connection_id,
                                    "requests_on_connection": self.requests_on_connection})
        if path == "/3/movie/popular":
            return self._tmdb()
        if path == "/pets":
            return self._pets()
        if path in ("/api/character", "/api/character/"):
            return self._characters()
        match = re.fullmatch(r"/api/character/(\d+)", path)
        if match:
            return self._character(int(match.group(1)))
        if path == FIRESTORE_PREFIX:
            return self._firestore(None)
        if path.startswith(FIRESTORE_PREFIX + "/"):
            doc = path[len(FIRESTORE_PREFIX) + 1:]
            if doc and "/" not in doc:
                return self._firestore(doc)
        return self._text(404, "not found: %s\n" % path)

    # --- handlers -------------------------------------------------------

    def _echo(self) -> None:
        headers = []
        for name, value in self.headers.items():
            # http.client decodes header bytes as Latin-1; give them back as UTF-8.
            try:
                value = value.encode("latin-1").decode("utf-8", errors="replace")
            except UnicodeEncodeError:
                pass
            headers.append([name, value])
        self._json(200, {
            "method": self.command,
            "path": self.raw_path,
            "query": self.raw_query,
            "headers": headers,
            "body": self.body.decode("utf-8", errors="replace"),
            "body_base64": base64.b64encode(self.body).decode("ascii"),
        })

    def _status(self, code: int) -> None:
        if code < 200 or code > 599:
            return self._text(400, "status must be between 200 and 599\n")
        if code in (204, 304):
            return self._reply(code, b"", content_type=None, send_length=False)
        if code in STATUS_JSON_MESSAGES:
            return self._json(code, {"message": STATUS_JSON_MESSAGES[code]})
        phrase = self.responses.get(code, ("",))[0]
        return self._text(code, ("%d %s" % (code, phrase)).strip() + "\n")

    def _gzip(self) -> None:
        accepted = (self.headers.get("Accept-Encoding") or "").lower()
        extra = [("Vary", "Accept-Encoding")]
        if "gzip" in accepted:
            body = gzip.compress(GZIP_JSON, mtime=0)
            extra.append(("Content-Encoding", "gzip"))
        else:
            body = GZIP_JSON
        self._reply(200, body, "application/json", extra)

    def _drip(self) -> None:
        count = self._query_int("count", 10, 0, 1000)
        delay_ms = self._query_int("ms", 100, 0, 1000)
        if count * delay_ms > 30000:
            delay_ms = 30000 // max(count, 1)
        body = (b"0123456789" * (count // 10 + 1))[:count]
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(count))
        self.end_headers()
        if self.command == "HEAD":
            return
        for index in range(count):
            if index and delay_ms:
                time.sleep(delay_ms / 1000)
            self.wfile.write(body[index:index + 1])
            self.wfile.flush()

    def _login(self) -> None:
        if self.command != "POST":
            return self._json(405, b'{"message":"use POST"}', [("Allow", "POST")])
        try:
            credentials = json.loads(self.body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            credentials = None
        if credentials == {"username": "ana", "password": "secret"}:
            return self._json(200, LOGIN_OK)
        return self._json(401, LOGIN_FAIL)

    def _tmdb(self) -> None:
        if self._query_values("api_key")[:1] != ["testkey"]:
            return self._json(401, TMDB_BAD_KEY)
        pages = (len(MOVIES) + MOVIES_PER_PAGE - 1) // MOVIES_PER_PAGE
        page = self._query_int("page", 1, 1, 1000)
        start = (page - 1) * MOVIES_PER_PAGE
        self._json(200, {
            "page": page,
            "results": MOVIES[start:start + MOVIES_PER_PAGE],
            "total_pages": pages,
            "total_results": len(MOVIES),
        })

    def _pets(self) -> None:
        names = ["Fido", "Rex", "Tom", "Kitty", "Nemo"]
        page = self._query_int("page", 1, 1, 1000)
        per_page = self._query_int("per_page", 2, 1, 100)
        start = (page - 1) * per_page
        value: dict = {"page": page, "items": names[start:start + per_page], "links": {}}
        if start + per_page < len(names):
            target = "/pets?page=%d&per_page=%d" % (page + 1, per_page)
            value["links"]["next"] = target
            value["next_url"] = "http://%s%s" % (self.headers.get("Host", "127.0.0.1"), target)
        self._json(200, value)

    def _character_json(self, character: dict) -> dict:
        value = dict(character)
        value["url"] = "/api/character/%d" % character["id"]
        return value

    def _character(self, character_id: int) -> None:
        found = [c for c in CHARACTERS if c["id"] == character_id]
        if not found:
            return self._json(404, b'{"error": "Character not found"}')
        value = self._character_json(found[0])
        echoed: dict[str, list[str]] = {}
        for key, item in self.query_items:
            echoed.setdefault(key, []).append(item)
        value["query"] = echoed
        self._json(200, value)

    def _characters(self) -> None:
        names = [n.lower() for n in self._query_values("name")]
        statuses = [s.lower() for s in self._query_values("status")]
        results = [
            self._character_json(c) for c in CHARACTERS
            if all(n in c["name"].lower() for n in names) and all(s == c["status"].lower() for s in statuses)
        ]
        if not results:
            return self._json(404, b'{"error": "There is nothing here"}')
        self._json(200, {"info": {"count": len(results)}, "results": results})

    def _firestore(self, doc: str | None) -> None:
        method = self.command
        allowed = ("GET", "POST", "HEAD") if doc is None else ("GET", "POST", "PATCH", "DELETE", "HEAD")
        if method not in allowed:
            return self._json(405, {"error": {"code": 405, "message": "method not allowed", "status": "UNIMPLEMENTED"}},
                              [("Allow", ", ".join(allowed))])
        if method == "DELETE":
            return self._json(200, b"{}")
        request = {
            "method": method,
            "query": self.raw_query,
            "content_type": self.headers.get("Content-Type"),
        }
        mask = self._query_values("updateMask.fieldPaths")
        if method in ("GET", "HEAD") and doc is None:
            page_token = self._query_values("pageToken")
            documents = [
                {"name": "%s/%s" % (FIRESTORE_NAME, name),
                 "fields": {"nickName": {"stringValue": name}},
                 "createTime": FIRESTORE_TIME, "updateTime": FIRESTORE_TIME}
                for name in (("carol", "dave") if page_token else ("alice", "bob"))
            ]
            value = {"documents": documents}
            if not page_token:
                value["nextPageToken"] = "page-2"
            value["request"] = request
            return self._json(200, value)
        fields = {"nickName": {"stringValue": doc or "new"}}
        if method in ("POST", "PATCH"):
            fields = {}
            if self.body.strip():
                try:
                    payload = json.loads(self.body.decode("utf-8"))
                except (UnicodeDecodeError, ValueError):
                    return self._json(400, FIRESTORE_INVALID)
                if not isinstance(payload, dict):
                    return self._json(400, FIRESTORE_INVALID)
                fields = payload.get("fields", {})
        name = doc
        if name is None:
            ids = self._query_values("documentId")
            name = ids[0] if ids else "generated-id-1"
        self._json(200, {
            "name": "%s/%s" % (FIRESTORE_NAME, name),
            "fields": fields,
            "createTime": FIRESTORE_TIME,
            "updateTime": FIRESTORE_TIME,
            "updateMask": {"fieldPaths": mask},
            "request": request,
        })


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address) -> None:
        if VERBOSE:
            super().handle_error(request, client_address)


def main(argv: list[str] | None = None) -> int:
    global VERBOSE
    parser = argparse.ArgumentParser(description="Test HTTP server for the workbench end-to-end tests.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--verbose", action="store_true", help="log requests and errors to stderr")
    options = parser.parse_args(argv)
    VERBOSE = options.verbose
    server = Server((options.host, options.port), Handler)
    sys.stdout.write("PORT %d\n" % server.server_address[1])
    sys.stdout.flush()
    try:
        server.serve_forever(poll_interval=0.1)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
