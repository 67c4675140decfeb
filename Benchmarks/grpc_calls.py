#!/usr/bin/env python3
"""1,000 unary gRPC calls from the workbench beside the Python grpcio client, against the test
service (Tests/EndToEnd/grpc_server.py, grpcio with reflection) on 127.0.0.1: median and p99 of
one call, and the whole run's wall time.

    Benchmarks/grpc_calls.py --workbench .build/release/workbench [--calls 1000]

The workbench runs the calls as a script (`grpc connect`, then one `grpc call` a line) and saves
the session: each call's time is what libcurl measured for it (connect to last byte), kept in the
session file. Each call has a connection of its own (libcurl 7.88 sends nothing on an HTTP/2
connection it reuses after a gRPC call), so a connect is in every figure. grpcio keeps one
channel, as its clients do; the time of a call is taken around the stub's call. Never run in CI;
no test asserts a time.
"""

from __future__ import annotations

import argparse
import json
import os
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SERVER = HERE.parent / "Tests" / "EndToEnd" / "grpc_server.py"


def start_server() -> tuple[subprocess.Popen, str]:
    process = subprocess.Popen([sys.executable, str(SERVER), "--host", "127.0.0.1", "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    line, deadline = b"", time.monotonic() + 20
    while not line.endswith(b"\n") and time.monotonic() < deadline:
        if select.select([process.stdout], [], [], 0.2)[0]:
            line += os.read(process.stdout.fileno(), 1)
    if not line.startswith(b"PORT "):
        process.kill()
        raise SystemExit("the gRPC server did not start")
    return process, f"127.0.0.1:{int(line.split()[1])}"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def workbench_run(binary: str, address: str, calls: int) -> tuple[list[float], float]:
    with tempfile.TemporaryDirectory() as folder:
        session = Path(folder) / "calls.json"
        lines = [f"grpc connect http://{address}"]
        lines += ['grpc call workbench.test.Tester/Greet {"name": "bench", "times": %d}' % n for n in range(calls)]
        lines.append(f"save {session}")
        start = time.perf_counter()
        done = subprocess.run([binary, "--no-history"], input="\n".join(lines) + "\n", text=True,
                              capture_output=True, cwd=folder)
        wall = time.perf_counter() - start
        if done.returncode != 0:
            raise SystemExit(f"workbench failed: {done.stderr[-2000:]}")
        records = json.loads(session.read_text())["requests"]
        return [r["response"]["elapsedMs"] for r in records], wall


def grpcio_run(address: str, calls: int) -> tuple[list[float], float]:
    sys.path.insert(0, str(SERVER.parent))
    import grpc
    import grpc_server as peer  # compiles the .proto as the server does
    channel = grpc.insecure_channel(address)
    stub = peer.pb_grpc.TesterStub(channel)
    stub.Greet(peer.pb.Greeting(name="warm-up"))
    times = []
    start = time.perf_counter()
    for n in range(calls):
        began = time.perf_counter()
        stub.Greet(peer.pb.Greeting(name="bench", times=n))
        times.append((time.perf_counter() - began) * 1000)
    wall = time.perf_counter() - start
    channel.close()
    return times, wall


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--workbench", required=True)
    parser.add_argument("--calls", type=int, default=1000)
    arguments = parser.parse_args()
    process, address = start_server()
    try:
        print(f"load average at start: {os.getloadavg()[0]:.2f}")
        rows = [("workbench", *workbench_run(arguments.workbench, address, arguments.calls)),
                ("grpcio (Python)", *grpcio_run(address, arguments.calls))]
        print(f"{arguments.calls} unary calls (Tester/Greet) on {address}")
        print(f"{'client':<18}{'median ms':>10}{'p99 ms':>10}{'wall s':>10}{'calls/s':>10}")
        for name, times, wall in rows:
            print(f"{name:<18}{statistics.median(times):>10.2f}{percentile(times, 0.99):>10.2f}"
                  f"{wall:>10.2f}{len(times) / wall:>10.0f}")
        print(f"load average at end: {os.getloadavg()[0]:.2f}")
    finally:
        process.terminate()
        process.wait()


if __name__ == "__main__":
    main()
