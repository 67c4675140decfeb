#!/usr/bin/env python3
"""Large transfers, side by side with curl in one run: a multipart upload of a file
(`body multipart f@FILE` vs `curl -F f=@FILE`) and a download to a file (`get > FILE` vs
`curl -o FILE`), each timed and with the peak resident memory of the process (from
wait4's rusage). Prints one line per measurement and the ratios workbench / curl.

    Benchmarks/transfer.py [--size 1G] [--bin .build/release/workbench] [--runs 3]

The server is this script's own, on 127.0.0.1: it discards what is uploaded and sends
zeros for a download. Not run in CI; figures depend on the machine.
"""
from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

CHUNK = 1 << 20


def parse_size(text: str) -> int:
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    return int(text[:-1]) * units[text[-1].upper()] if text[-1].upper() in units else int(text)


def handle(connection: socket.socket) -> None:
    with connection, connection.makefile("rb") as reader:
        while True:
            request_line = reader.readline()
            if not request_line:
                return
            headers = {}
            while (line := reader.readline()) not in (b"\r\n", b"\n", b""):
                name, _, value = line.decode("latin-1").partition(":")
                headers[name.strip().lower()] = value.strip()
            method, target = request_line.split()[:2]
            if headers.get("expect", "").lower() == "100-continue":
                connection.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
            remaining = int(headers.get("content-length", "0"))
            while remaining > 0:
                data = reader.read(min(CHUNK, remaining))
                if not data:
                    return
                remaining -= len(data)
            if target.startswith(b"/download/"):
                size = int(target.rsplit(b"/", 1)[1])
                connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n"
                                   b"Content-Length: %d\r\n\r\n" % size)
                zeros = bytes(CHUNK)
                while size > 0:
                    connection.sendall(zeros[:min(CHUNK, size)])
                    size -= min(CHUNK, size)
            else:
                connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n"
                                   b'{"ok":true}')


def serve(listener: socket.socket) -> None:
    while True:
        connection, _ = listener.accept()
        threading.Thread(target=handle, args=(connection,), daemon=True).start()


def measure(command: list[str], stdin: str | None) -> tuple[float, int]:
    """Wall time in seconds and peak RSS in KiB of one run."""
    start = time.monotonic()
    process = subprocess.Popen(command, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if stdin is not None:
        process.stdin.write(stdin.encode())
        process.stdin.close()
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.monotonic() - start
    error = process.stderr.read().decode()
    process.stderr.close()
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit(f"transfer.py: {command[0]} failed ({process.returncode}): {error.strip()[:300]}")
    return elapsed, usage.ru_maxrss


def best(command: list[str], stdin: str | None, runs: int) -> tuple[float, int]:
    results = [measure(command, stdin) for _ in range(runs)]
    return min(r[0] for r in results), max(r[1] for r in results)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1G")
    parser.add_argument("--bin", default=os.environ.get("WORKBENCH_BIN", ".build/release/workbench"))
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    size = parse_size(arguments.size)
    listener = socket.create_server(("127.0.0.1", 0))
    threading.Thread(target=serve, args=(listener,), daemon=True).start()
    base = f"http://127.0.0.1:{listener.getsockname()[1]}"
    with tempfile.TemporaryDirectory() as folder:
        upload = Path(folder) / "upload.bin"
        with upload.open("wb") as sink:  # a real file, not a sparse one
            block = os.urandom(CHUNK)
            for _ in range(size // CHUNK):
                sink.write(block)
            sink.write(block[:size % CHUNK])
        target = Path(folder) / "download.bin"
        rows = []
        wb, curl = best([arguments.bin], f"base {base}\nmethod post\npath /upload\nbody multipart f@{upload}\nsend\n",
                        arguments.runs), best(["curl", "-sS", "-o", "/dev/null", "-F", f"f=@{upload}", f"{base}/upload"],
                                              None, arguments.runs)
        rows.append(("multipart upload", wb, curl))
        wb, curl = best([arguments.bin], f"base {base}\nget /download/{size} > {target}\n", arguments.runs), \
            best(["curl", "-sS", "-o", str(target), f"{base}/download/{size}"], None, arguments.runs)
        rows.append(("download to a file", wb, curl))
    print(f"{size / (1 << 20):.0f} MiB, best of {arguments.runs} (time) and largest peak memory:")
    for name, (wb_time, wb_rss), (curl_time, curl_rss) in rows:
        rate = size / (1 << 20) / wb_time
        print(f"  {name:20} workbench {wb_time:6.2f} s ({rate:6.0f} MiB/s), {wb_rss / 1024:6.1f} MiB peak | "
              f"curl {curl_time:6.2f} s, {curl_rss / 1024:6.1f} MiB peak | time ratio {wb_time / curl_time:4.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
