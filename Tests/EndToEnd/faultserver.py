#!/usr/bin/env python3
"""A misbehaving HTTP server for the workbench's robustness tests.

Raw sockets on 127.0.0.1 (stdlib only). Prints ``PORT n`` as its first line when it is
ready to accept, like server.py. Each connection is read up to the end of the request
headers, then answered by path (the query string is ignored unless noted):

  /reset-mid-body     200, Content-Length 100000, 1000 body bytes, then a TCP reset
  /never-answers      reads the request and never replies (holds the socket until the
                      client goes, at most HOLD_SECONDS)
  /drip               200, Content-Length 1000, then one byte every 200 ms (stops when
                      the client goes)
  /bad-chunked        Transfer-Encoding: chunked with an invalid chunk size line
  /huge-header-line   one header line of 300 KB
  /many-headers       20,000 header lines
  /not-http           an SSH banner and garbage, then close
  /http10-close       HTTP/1.0 200 without Content-Length, the body ends at close
  /continue-first     100 Continue, then a real 200 with a JSON body
  /json-invalid-utf8  application/json with invalid UTF-8 inside a string
  /json-truncated     application/json cut off: {"a": [1, 2,
  /json-deep          100,000 nested arrays as application/json
  /json-empty         application/json with an empty body (Content-Length: 0)
  /gzip-bomb          Content-Encoding: gzip, ~300 KB that inflates to 300 MB of zeros;
                      ``?mb=N`` (1..300) picks the inflated size in MiB
  /redirect-loop      302 to itself
  /ok                 a normal small JSON 200

Every reply carries ``Connection: close`` (where it has headers) and the connection is
closed after it. Nothing here loops without a bound.
"""

from __future__ import annotations

import argparse
import socket
import struct
import sys
import threading
import time
import urllib.parse
import zlib

HOLD_SECONDS = 60          # /never-answers gives up on a client after this long
REQUEST_READ_SECONDS = 10  # a client that never finishes its request headers is dropped
MAX_REQUEST_HEAD = 64 * 1024
DRIP_LENGTH = 1000
DRIP_INTERVAL = 0.2
BOMB_MAX_MB = 300
DEEP_LEVELS = 100_000
MANY_HEADERS = 20_000
HUGE_HEADER_BYTES = 300 * 1024
VERBOSE = False

OK_BODY = b'{"ok": true, "server": "faultserver"}'
JSON_INVALID_UTF8 = b'{"a":"\xff\xfe"}'
JSON_TRUNCATED = b'{"a": [1, 2,'
JSON_DEEP = b"[" * DEEP_LEVELS + b"]" * DEEP_LEVELS


class GzipBomb:
    """Gzip bodies of N MiB of zeros, built without ever holding the inflated bytes.

    One MiB of zeros is deflated once, ending with a full flush so that the block is
    byte-aligned and independent of what came before; the body is that block N times,
    an empty final block and the gzip trailer (CRC-32 and length of the zeros).
    """

    MIB = 1 << 20

    def __init__(self) -> None:
        zeros = bytes(self.MIB)
        compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
        self._block = compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
        self._final = compressor.flush(zlib.Z_FINISH)
        # CRC-32 of k MiB of zeros, k = 0 ... BOMB_MAX_MB.
        self._crcs = [0]
        for _ in range(BOMB_MAX_MB):
            self._crcs.append(zlib.crc32(zeros, self._crcs[-1]))
        self._cache: dict[int, bytes] = {}
        self._lock = threading.Lock()

    def body(self, mebibytes: int) -> bytes:
        mebibytes = max(1, min(BOMB_MAX_MB, mebibytes))
        with self._lock:
            cached = self._cache.get(mebibytes)
            if cached is None:
                header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
                trailer = struct.pack("<II", self._crcs[mebibytes], (mebibytes * self.MIB) & 0xFFFFFFFF)
                cached = header + self._block * mebibytes + self._final + trailer
                self._cache[mebibytes] = cached
            return cached


BOMB: GzipBomb | None = None


def log(message: str) -> None:
    if VERBOSE:
        sys.stderr.write("faultserver: %s\n" % message)
        sys.stderr.flush()


def head(status: str, headers: list[tuple[str, str]], version: str = "HTTP/1.1") -> bytes:
    lines = ["%s %s" % (version, status)] + ["%s: %s" % pair for pair in headers]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def simple(status: str, body: bytes, content_type: str | None = "application/json",
           extra: list[tuple[str, str]] | None = None) -> bytes:
    headers = []
    if content_type is not None:
        headers.append(("Content-Type", content_type))
    headers += extra or []
    headers += [("Content-Length", str(len(body))), ("Connection", "close")]
    return head(status, headers) + body


def read_request(conn: socket.socket) -> bytes | None:
    """The request head (request line and headers), or None when the client went away."""
    conn.settimeout(REQUEST_READ_SECONDS)
    data = b""
    while b"\r\n\r\n" not in data:
        if len(data) > MAX_REQUEST_HEAD:
            return None
        try:
            chunk = conn.recv(65536)
        except OSError:
            return None
        if not chunk:
            return None
        data += chunk
    return data.split(b"\r\n\r\n", 1)[0]


def client_gone(conn: socket.socket, wait: float) -> bool:
    """Waits up to ``wait`` seconds; True if the client closed or reset the connection."""
    conn.settimeout(wait)
    try:
        chunk = conn.recv(4096)
    except socket.timeout:
        return False
    except OSError:
        return True
    return not chunk  # extra bytes from the client are ignored


def close_gracefully(conn: socket.socket) -> None:
    """Sends FIN, lets the client read everything, then closes (no reset)."""
    try:
        conn.shutdown(socket.SHUT_WR)
    except OSError:
        return
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        if client_gone(conn, 0.5):
            return


def close_with_reset(conn: socket.socket) -> None:
    conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    conn.close()


def send(conn: socket.socket, data: bytes) -> bool:
    try:
        conn.sendall(data)
        return True
    except OSError:
        return False


def handle(conn: socket.socket) -> None:
    try:
        request = read_request(conn)
        if request is None:
            return
        request_line = request.split(b"\r\n", 1)[0].decode("latin-1")
        parts = request_line.split(" ")
        target = parts[1] if len(parts) >= 2 else "/"
        path, _, query = target.partition("?")
        log(request_line)
        respond(conn, path, urllib.parse.parse_qs(query))
    except OSError:
        pass
    finally:
        try:
            conn.close()
        except OSError:
            pass


def respond(conn: socket.socket, path: str, query: dict[str, list[str]]) -> None:
    if path == "/ok":
        send(conn, simple("200 OK", OK_BODY))
    elif path == "/reset-mid-body":
        send(conn, head("200 OK", [("Content-Type", "application/octet-stream"), ("Content-Length", "100000")]))
        send(conn, b"x" * 1000)
        time.sleep(0.2)  # let the client take the 1000 bytes before the reset
        close_with_reset(conn)
        return
    elif path == "/never-answers":
        deadline = time.monotonic() + HOLD_SECONDS
        while time.monotonic() < deadline:
            if client_gone(conn, 0.5):
                break
        return
    elif path == "/drip":
        if not send(conn, head("200 OK", [("Content-Type", "text/plain"), ("Content-Length", str(DRIP_LENGTH)),
                                          ("Connection", "close")])):
            return
        for index in range(DRIP_LENGTH):
            if not send(conn, b"0123456789"[index % 10:index % 10 + 1]):
                return
            if client_gone(conn, DRIP_INTERVAL):
                return
    elif path == "/bad-chunked":
        send(conn, head("200 OK", [("Content-Type", "text/plain"), ("Transfer-Encoding", "chunked"),
                                   ("Connection", "close")]) + b"zz\r\nhello\r\n0\r\n\r\n")
    elif path == "/huge-header-line":
        send(conn, head("200 OK", [("Content-Type", "text/plain"), ("X-Huge", "a" * HUGE_HEADER_BYTES),
                                   ("Content-Length", "2"), ("Connection", "close")]) + b"ok")
    elif path == "/many-headers":
        headers = [("X-Header-%05d" % index, "value-%05d" % index) for index in range(MANY_HEADERS)]
        send(conn, head("200 OK", [("Content-Type", "text/plain")] + headers
                        + [("Content-Length", "2"), ("Connection", "close")]) + b"ok")
    elif path == "/not-http":
        send(conn, b"SSH-2.0-OpenSSH_9.0\r\n" + bytes(range(256)) + b"\x00\x00\x00\x0c\x0a\x14garbage\r\n")
    elif path == "/http10-close":
        send(conn, b'HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n{"version": "1.0", "framing": "close"}')
    elif path == "/continue-first":
        send(conn, b"HTTP/1.1 100 Continue\r\n\r\n"
             + simple("200 OK", b'{"after": "continue"}'))
    elif path == "/json-invalid-utf8":
        send(conn, simple("200 OK", JSON_INVALID_UTF8))
    elif path == "/json-truncated":
        send(conn, simple("200 OK", JSON_TRUNCATED))
    elif path == "/json-deep":
        send(conn, simple("200 OK", JSON_DEEP))
    elif path == "/json-empty":
        send(conn, simple("200 OK", b""))
    elif path == "/gzip-bomb":
        try:
            mebibytes = int(query.get("mb", [str(BOMB_MAX_MB)])[0])
        except ValueError:
            mebibytes = BOMB_MAX_MB
        assert BOMB is not None
        send(conn, simple("200 OK", BOMB.body(mebibytes), "application/octet-stream",
                          [("Content-Encoding", "gzip")]))
    elif path == "/redirect-loop":
        send(conn, simple("302 Found", b"", None, [("Location", "/redirect-loop")]))
    else:
        send(conn, simple("404 Not Found", b"not found\n", "text/plain"))
    close_gracefully(conn)


def serve(listener: socket.socket) -> None:
    while True:
        try:
            conn, _ = listener.accept()
        except OSError:
            return
        threading.Thread(target=handle, args=(conn,), daemon=True).start()


def main(argv: list[str] | None = None) -> int:
    global BOMB, VERBOSE
    parser = argparse.ArgumentParser(description="Misbehaving HTTP server for the robustness tests.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--verbose", action="store_true", help="log requests to stderr")
    options = parser.parse_args(argv)
    VERBOSE = options.verbose
    BOMB = GzipBomb()
    BOMB.body(BOMB_MAX_MB)
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((options.host, options.port))
    listener.listen(64)
    sys.stdout.write("PORT %d\n" % listener.getsockname()[1])
    sys.stdout.flush()
    try:
        serve(listener)
    except KeyboardInterrupt:
        pass
    finally:
        listener.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
