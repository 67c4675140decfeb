#!/usr/bin/env python3
"""WebSocket round trips and throughput: the workbench beside the `websockets` package's own
client, against the same echo server (Tests/EndToEnd/ws_server.py) on 127.0.0.1.

    Benchmarks/websocket.py --workbench .build/release/workbench [--latency 1000] [--throughput 10000]

Latency: N small text frames, one at a time, each timed from the moment it is asked for to the
moment its echo is seen. For the workbench that is a `ws send` line written to its standard
input and the `PASS` of the `expect frame next` after it read from its standard output (a user's
round trip, parsing and printing included); for the Python client `send` then `recv`.
Throughput: M frames sent one after another, then the time until the last echo is seen
(`expect frame 2M` for the workbench, M `recv`s for the client), as frames per second.
Prints the median and p99 of the round trips and the throughput. No assertion: figures depend on
the machine and whatever else it is doing (the load average is printed at start and end).
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parent.parent
SERVER = ROOT / "Tests" / "EndToEnd" / "ws_server.py"


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def describe(name, round_trips, count, seconds):
    millis = [value * 1000 for value in round_trips]
    print(f"{name:10s} round trip median {statistics.median(millis):.3f} ms, p99 {percentile(millis, 0.99):.3f} ms"
          f" ({len(millis)} frames); throughput {count / seconds:,.0f} frames/s ({count} frames in {seconds:.3f} s)")


def start_server():
    process = subprocess.Popen([sys.executable, str(SERVER), "--port", "0"], stdout=subprocess.PIPE, stdin=subprocess.DEVNULL)
    line = process.stdout.readline().decode().strip()
    if not line.startswith("PORT "):
        process.kill()
        raise SystemExit(f"the echo server did not start: {line!r}")
    return process, f"ws://127.0.0.1:{line.split()[1]}/echo"


def read_until(stream, marker: bytes) -> bytes:
    """Lines from the workbench's standard output up to one that contains `marker`."""
    seen = b""
    while True:
        line = stream.readline()
        if not line:
            raise SystemExit(f"the workbench ended before {marker!r}:\n{seen[-2000:].decode(errors='replace')}")
        seen += line
        if marker in line:
            return seen


def workbench(binary, url, latency_count, throughput_count):
    process = subprocess.Popen([binary, "--no-history"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               env=dict(os.environ, NO_COLOR="1"))
    try:
        process.stdin.write(f"ws connect {url}\n".encode())
        process.stdin.flush()
        read_until(process.stdout, b"ws: connected")
        round_trips = []
        for index in range(latency_count):
            start = time.perf_counter()
            process.stdin.write(f"ws send frame-{index}\nexpect frame next body contains frame-{index}\n".encode())
            process.stdin.flush()
            read_until(process.stdout, b"PASS frame")
            round_trips.append(time.perf_counter() - start)
        # Frames so far: 2 per round trip; then M sent and M echoed, the last echo numbered last.
        last = 2 * latency_count + 2 * throughput_count
        lines = "".join(f"ws send bulk-{index}\n" for index in range(throughput_count))
        lines += f"expect frame {last} body contains bulk-{throughput_count - 1} --within 120s\n"
        start = time.perf_counter()
        process.stdin.write(lines.encode())
        process.stdin.flush()
        read_until(process.stdout, f"PASS frame {last}".encode())
        seconds = time.perf_counter() - start
        process.stdin.write(b"ws close\nexit\n")
        process.stdin.close()
        process.wait(timeout=30)
        return round_trips, seconds
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def python_client(url, latency_count, throughput_count):
    with connect(url, compression=None, max_size=None) as socket:
        round_trips = []
        for index in range(latency_count):
            start = time.perf_counter()
            socket.send(f"frame-{index}")
            socket.recv()
            round_trips.append(time.perf_counter() - start)
        start = time.perf_counter()
        for index in range(throughput_count):
            socket.send(f"bulk-{index}")
        for _ in range(throughput_count):
            socket.recv()
        return round_trips, time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--workbench", default=str(ROOT / ".build" / "release" / "workbench"))
    parser.add_argument("--latency", type=int, default=1000)
    parser.add_argument("--throughput", type=int, default=10000)
    options = parser.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    server, url = start_server()
    try:
        round_trips, seconds = workbench(options.workbench, url, options.latency, options.throughput)
        describe("workbench", round_trips, options.throughput, seconds)
        round_trips, seconds = python_client(url, options.latency, options.throughput)
        describe("websockets", round_trips, options.throughput, seconds)
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
