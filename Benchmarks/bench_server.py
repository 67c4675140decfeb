#!/usr/bin/env python3
"""A small, fast HTTP/1.1 keep-alive server for the benchmarks (standard library only).

    python3 Benchmarks/bench_server.py [--big-mb 40] [--write-big FILE] [--latency-ms N]

Listens on 127.0.0.1 on an ephemeral port and prints ``PORT <n>`` (flushed) once it is
ready, after the big document has been generated. It stops on SIGTERM/SIGINT or when its
standard input, when it is a pipe, is closed, so a benchmark that dies does not leave it behind.

Routes (GET; HEAD gets the same headers and no body):

``/item/<n>``
    a small JSON object (about 250 bytes), ``application/json``.
``/big.json``
    a JSON document of about ``--big-mb`` MB generated once at start-up: an array of
    objects holding ASCII and non-ASCII strings (both as ``\\uXXXX`` escapes, surrogate
    pairs included, and as raw UTF-8), other escapes, ints, negative ints, integers
    beyond 64 bits, decimals with many digits and exponents, nested arrays and objects,
    empty containers, booleans and null. Sent with Content-Length.
``/_stats``
    ``{"connections": c, "requests": r}``: connections accepted and requests answered
    since start (this request and its connection included), so a benchmark can check
    that a client kept its connection alive.

With ``--latency-ms N`` every response waits N ms before it is sent (each connection has
its own thread, so concurrent requests wait side by side): an API's latency, for
``replay_jobs.py``.

Anything else is a 404. Every response carries Content-Length; connections stay open
unless the client sends ``Connection: close`` (or speaks HTTP/1.0 without keep-alive).

Why not ``http.server``: its per-request cost (header parsing through ``email``, one
``write`` per header line) is around 0.1-0.2 ms, which is of the same order as what a
keep-alive client spends per request, so it would blur the comparison. This server
parses only the request line and the two headers it needs and answers with one
``sendall``; a thread per connection.
"""

import argparse
import json
import os
import random
import signal
import socket
import stat
import sys
import threading
import time

STATS_LOCK = threading.Lock()
STATS = {"connections": 0, "requests": 0}

# Strings with characters that must be escaped or that are not ASCII.
UNICODE_SAMPLES = [
    "caf\u00e9 cr\u00e8me br\u00fbl\u00e9e",
    "\u00c5ngstr\u00f6m \u2013 \u201cquoted\u201d \u2026",
    "\u041f\u0440\u0438\u0432\u0435\u0442, \u043c\u0438\u0440",
    "\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8",
    "emoji \U0001F600 \U0001F680 \U0001F4E6",
    "\u0645\u0631\u062d\u0628\u0627 \u0628\u0627\u0644\u0639\u0627\u0644\u0645",
]
ESCAPE_SAMPLES = [
    'line one\nline two\ttabbed',
    'a "quoted" word and a back\\slash',
    'control \u0001\u001f chars and a slash /',
    'plain ascii text of moderate length, nothing special here at all',
]
WORDS = ("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike "
         "november oscar papa quebec romeo sierra tango uniform victor whiskey xray").split()
DECIMALS = ["0.1", "-0.000123", "3.14159265358979323846264338327950288",
            "1.0e-7", "6.02214076E+23", "-2.5e10", "12345.678901234567890123", "1.10"]
BIG_INTS = ["123456789012345678901234567890", "-98765432109876543210987654321",
            "18446744073709551616", "9223372036854775808"]


def make_record(index, rng):
    """One array element as JSON text (built by hand so numbers keep their exact digits)."""
    words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 12)))
    escaped = json.dumps(UNICODE_SAMPLES[index % len(UNICODE_SAMPLES)])  # \uXXXX escapes
    raw = json.dumps(UNICODE_SAMPLES[(index + 3) % len(UNICODE_SAMPLES)], ensure_ascii=False)
    other = json.dumps(ESCAPE_SAMPLES[index % len(ESCAPE_SAMPLES)])
    tags = ", ".join(json.dumps(rng.choice(WORDS)) for _ in range(rng.randint(0, 5)))
    matrix = ", ".join("[%d, %d, %s]" % (rng.randint(-999, 999), rng.randint(0, 10**9),
                                         rng.choice(DECIMALS)) for _ in range(rng.randint(1, 3)))
    return (
        '{"id": %d, "uuid": "%08x-%04x-4%03x-a%03x-%012x", "name": %s, "title": %s, '
        '"description": %s, "note": %s, "count": %d, "delta": %d, "big": %s, '
        '"price": %s, "ratio": %s, "active": %s, "deleted": %s, "parent": null, '
        '"tags": [%s], "matrix": [%s], "empty_list": [], "empty_object": {}, '
        '"owner": {"id": %d, "login": "user%d", "roles": ["reader", "writer"], '
        '"profile": {"verified": %s, "score": %s, "links": {"home": "https://example.com/u/%d", '
        '"avatar": null}}}}'
    ) % (
        index, rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(12), rng.getrandbits(12),
        rng.getrandbits(48), escaped, raw, json.dumps(words), other, rng.randint(0, 10**6),
        -rng.randint(0, 10**12), BIG_INTS[index % len(BIG_INTS)],
        "%d.%02d" % (rng.randint(0, 9999), rng.randint(0, 99)), DECIMALS[index % len(DECIMALS)],
        "true" if index % 3 else "false", "false" if index % 7 else "true",
        tags, matrix, index % 1000, index % 1000,
        "true" if index % 2 else "false", rng.choice(DECIMALS), index % 1000,
    )


def make_big(megabytes):
    """The big document: a pretty-printed-free array of records, about `megabytes` MB."""
    rng = random.Random(20240601)
    target = int(megabytes * 1_000_000)
    parts = []
    size = 2
    index = 0
    while size < target:
        record = make_record(index, rng)
        parts.append(record)
        size += len(record.encode("utf-8")) + 2
        index += 1
    text = '{"generated": "workbench benchmark", "records": %d, "items": [\n' % index
    text += ",\n".join(parts) + "\n]}\n"
    return text.encode("utf-8")


def item_body(number):
    return json.dumps({
        "id": number,
        "name": "item %d" % number,
        "label": "caf\u00e9 \u2116%d" % number,
        "price": float("%d.%02d" % (number % 1000, number % 100)),
        "in_stock": number % 2 == 0,
        "tags": ["small", "json", WORDS[number % len(WORDS)]],
        "dimensions": {"w": number % 50, "h": number % 30, "unit": "cm"},
        "discontinued": None,
    }).encode("ascii")


def response(status, reason, body, content_type="application/json", keep_alive=True, head=False):
    head_text = (
        "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n%s\r\n"
        % (status, reason, content_type, len(body), "" if keep_alive else "Connection: close\r\n")
    ).encode("ascii")
    return head_text if head else head_text + body


class Server:
    def __init__(self, big, latency=0.0):
        self.big = big
        self.latency = latency
        self.big_head = (
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n" % len(big)
        ).encode("ascii")
        self.items = {}

    def route(self, method, target, keep_alive):
        """The response bytes (or, for the big document, the head and the body)."""
        head = method == "HEAD"
        path = target.split("?", 1)[0]
        if method not in ("GET", "HEAD"):
            return response(405, "Method Not Allowed", b'{"error": "GET only"}', keep_alive=keep_alive), None
        if path.startswith("/item/"):
            try:
                number = int(path[6:])
            except ValueError:
                number = -1
            if number >= 0:
                key = (number, keep_alive, head)
                cached = self.items.get(key)
                if cached is None:
                    cached = response(200, "OK", item_body(number), keep_alive=keep_alive, head=head)
                    self.items[key] = cached
                return cached, None
        elif path == "/big.json":
            head_bytes = self.big_head + (b"\r\n" if keep_alive else b"Connection: close\r\n\r\n")
            return head_bytes, (None if head else self.big)
        elif path == "/_stats":
            with STATS_LOCK:
                body = json.dumps(STATS).encode("ascii")
            return response(200, "OK", body, keep_alive=keep_alive, head=head), None
        return response(404, "Not Found", b'{"error": "not found"}', keep_alive=keep_alive, head=head), None

    def serve_connection(self, conn):
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        buffer = b""
        try:
            while True:
                end = buffer.find(b"\r\n\r\n")
                while end < 0:
                    chunk = conn.recv(65536)
                    if not chunk:
                        return
                    buffer += chunk
                    end = buffer.find(b"\r\n\r\n")
                    if end < 0 and len(buffer) > 1 << 20:
                        return
                head = buffer[:end].decode("latin-1")
                buffer = buffer[end + 4:]
                lines = head.split("\r\n")
                parts = lines[0].split(" ")
                if len(parts) != 3:
                    conn.sendall(response(400, "Bad Request", b'{"error": "bad request line"}',
                                          keep_alive=False))
                    return
                method, target, version = parts
                keep_alive = version == "HTTP/1.1"
                length = 0
                for line in lines[1:]:
                    name, _, value = line.partition(":")
                    name = name.strip().lower()
                    if name == "connection":
                        tokens = value.strip().lower()
                        if "close" in tokens:
                            keep_alive = False
                        elif "keep-alive" in tokens:
                            keep_alive = True
                    elif name == "content-length":
                        length = int(value.strip() or "0")
                # Skip any request body so the next request starts cleanly.
                while len(buffer) < length:
                    chunk = conn.recv(65536)
                    if not chunk:
                        return
                    buffer += chunk
                buffer = buffer[length:]
                with STATS_LOCK:
                    STATS["requests"] += 1
                first, second = self.route(method, target, keep_alive)
                if self.latency:
                    time.sleep(self.latency)
                if second is None:
                    conn.sendall(first)
                else:
                    conn.sendall(first)
                    conn.sendall(memoryview(second))
                if not keep_alive:
                    return
        except (ConnectionError, OSError):
            return
        finally:
            try:
                conn.close()
            except OSError:
                pass

    def serve(self, listener):
        while True:
            conn, _ = listener.accept()
            with STATS_LOCK:
                STATS["connections"] += 1
            threading.Thread(target=self.serve_connection, args=(conn,), daemon=True).start()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--big-mb", type=float, default=40.0, help="size of /big.json in MB (default 40)")
    parser.add_argument("--write-big", metavar="FILE", help="also write the big document to FILE")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--latency-ms", type=float, default=0.0, help="wait this long before every response")
    args = parser.parse_args()

    big = make_big(args.big_mb)
    if args.write_big:
        with open(args.write_big, "wb") as handle:
            handle.write(big)

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", args.port))
    listener.listen(128)
    server = Server(big, latency=args.latency_ms / 1000)
    threading.Thread(target=server.serve, args=(listener,), daemon=True).start()

    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    signal.signal(signal.SIGINT, lambda *_: os._exit(0))
    sys.stdout.write("PORT %d\n" % listener.getsockname()[1])
    sys.stdout.flush()
    # When standard input is a pipe, stop as soon as the parent closes it (or goes away);
    # otherwise run until a signal.
    try:
        if stat.S_ISFIFO(os.fstat(0).st_mode):
            while os.read(0, 65536):
                pass
        else:
            while True:
                signal.pause()
    except (OSError, ValueError):
        pass
    os._exit(0)


if __name__ == "__main__":
    main()
