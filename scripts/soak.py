#!/usr/bin/env python3
"""Soak test: replays a 1,000-request session 10 times in one workbench process
against the local test server, and checks that memory and file descriptors stay
flat between rounds.

    python3 scripts/soak.py [--binary PATH] [--requests 1000] [--rounds 10]

Only 127.0.0.1 is contacted; every loop is bounded. It is not part of CI (it
takes a minute or two); docs/reliability.md lists its figures.
Exit status 0 when memory and descriptors are flat, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import queue
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SERVER = REPO / "Tests" / "EndToEnd" / "server.py"
ROUND_TIMEOUT = 300
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$")


def start_server() -> tuple[subprocess.Popen, str]:
    process = subprocess.Popen([sys.executable, str(SERVER), "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline().strip()
    if not line.startswith("PORT "):
        process.kill()
        sys.exit(f"soak: the test server did not start ({line!r})")
    return process, f"http://127.0.0.1:{line.split()[1]}"


def pair(name: str, value: str) -> dict:
    return {"name": name, "value": value}


def endpoint(method: str, path: str, query=(), headers=(), body=None) -> dict:
    return {"base": "{{base}}", "method": method, "path": path, "segments": [],
            "query": [pair(n, v) for n, v in query], "headers": [pair(n, v) for n, v in headers], "body": body}


def make_session(count: int) -> dict:
    """A mix of the request shapes a user records: GET with query, JSON POST, JSON pages."""
    settings = {"follow": False, "timeout": 30, "insecure": False, "color": "auto"}
    requests = []
    for index in range(count):
        kind = index % 3
        if kind == 0:
            ep = endpoint("GET", "/echo", query=[("i", str(index)), ("tag", "a b&c")], headers=[("X-Round", "{{round}}")])
            expectations = ["status 200", "json $.method == \"GET\""]
        elif kind == 1:
            ep = endpoint("POST", "/echo", headers=[("Content-Type", "application/json")],
                          body={"kind": "json", "text": json.dumps({"i": index, "text": "x" * 200})})
            expectations = ["status 200", "header Content-Type contains json"]
        else:
            ep = endpoint("GET", "/json/order")
            expectations = ["json $.big == 12345678901234567890123"]
        requests.append({"endpoint": ep, "settings": settings, "captures": [], "expectations": expectations,
                         "response": None})
    return {"format": "workbench-session", "version": 1, "endpoint": endpoint("GET", "/"),
            "variables": {"round": "0"}, "secrets": [], "settings": settings, "requests": requests}


def sample(pid: int) -> tuple[int, int]:
    """Resident memory in KiB and the number of open file descriptors of `pid`."""
    rss = 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1])
    return rss, len(os.listdir(f"/proc/{pid}/fd"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    release = REPO / ".build" / "release" / "workbench"
    debug = REPO / ".build" / "debug" / "workbench"
    parser.add_argument("--binary", default=str(release if release.exists() else debug))
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    args.binary = str(Path(args.binary).resolve())

    server, base = start_server()
    try:
        with tempfile.TemporaryDirectory() as folder:
            session = Path(folder) / "soak.json"
            session.write_text(json.dumps(make_session(args.requests)))
            env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
            env.update({"HOME": folder, "XDG_STATE_HOME": folder})
            workbench = subprocess.Popen([args.binary, "--keep-going"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, text=True, cwd=folder, env=env)
            workbench.stdin.write(f"load {session}\nset base {base}\n")
            workbench.stdin.flush()
            lines: queue.Queue = queue.Queue()
            threading.Thread(target=lambda: [lines.put(line) for line in workbench.stdout] + [lines.put("")],
                             daemon=True).start()
            rows = []
            started = time.monotonic()
            for round_number in range(1, args.rounds + 1):
                workbench.stdin.write(f"set round {round_number}\nreplay all\n")
                workbench.stdin.flush()
                while True:
                    try:
                        line = lines.get(timeout=ROUND_TIMEOUT)
                    except queue.Empty:
                        workbench.kill()
                        sys.exit(f"soak: round {round_number} did not finish within {ROUND_TIMEOUT} s")
                    if not line:
                        sys.exit(f"soak: the workbench exited early: {workbench.stderr.read()}")
                    match = SUMMARY.match(line.strip())
                    if match:
                        break
                rss, fds = sample(workbench.pid)
                rows.append((round_number, int(match.group(1)), int(match.group(2)), rss, fds))
            elapsed = time.monotonic() - started
            workbench.stdin.close()
            workbench.wait(timeout=30)
    finally:
        server.terminate()
        server.wait(timeout=10)

    print(f"soak: {args.requests} requests x {args.rounds} rounds in {elapsed:.1f} s "
          f"({args.requests * args.rounds / elapsed:.0f} requests/s) with {args.binary}")
    print("round  passed  failed  rss(KiB)  fds")
    for row in rows:
        print(f"{row[0]:>5}  {row[1]:>6}  {row[2]:>6}  {row[3]:>8}  {row[4]:>3}")
    # The first round warms caches and the connection; compare the rest.
    settled = rows[1:] if len(rows) > 1 else rows
    growth = settled[-1][3] - settled[0][3]
    fds_flat = len({row[4] for row in settled}) == 1
    failures = sum(row[2] for row in rows)
    print(f"memory growth from round {settled[0][0]} to {settled[-1][0]}: {growth} KiB; "
          f"descriptors {'flat' if fds_flat else 'NOT flat'}; failed requests: {failures}")
    flat = growth <= 1024 and fds_flat and failures == 0
    print("soak: PASS" if flat else "soak: FAIL")
    return 0 if flat else 1


if __name__ == "__main__":
    sys.exit(main())
