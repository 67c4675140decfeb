#!/usr/bin/env python3
"""Hostile input: time and peak memory of refusing files made to hurt (issue 25).

    Benchmarks/hostile.py --workbench .build/release/workbench [--rounds 3]

Each case is generated in a temporary folder and run in script mode; the figures are the
median wall time and the largest peak RSS (wait4) over the rounds, side by side with the same
binary loading a real description of its size class (the petstore, 2.7 KB), with the ratio, and
the CPU time (user and system, median). A description with many broken operations is compared
with the same one whole.
Never run in CI; the tests (test_hostile_input.py) hold the generous bounds instead.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def billion_laughs() -> str:
    lines = ["openapi: 3.0.0", 'info: {title: t, version: "1"}', "paths: {}",
             "x-a0: &a0 [" + ",".join(['"lol"'] * 10) + "]"]
    lines += [f"x-a{level}: &a{level} [" + ",".join([f"*a{level - 1}"] * 10) + "]" for level in range(1, 10)]
    return "\n".join(lines) + "\n"


def deep_json(depth: int) -> str:
    return ('{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{},"x-deep":'
            + "[" * depth + "]" * depth + "}")


def doubling_http() -> str:
    lines = ["@v0 = ab"] + [f"@v{i} = {{{{v{i - 1}}}}}{{{{v{i - 1}}}}}" for i in range(1, 41)]
    return "\n".join(lines + ["GET http://127.0.0.1:1/{{v40}}", ""])


def broken_description(paths: int, broken: int) -> str:
    """scripts/generate_broken_openapi.py's description, which the hostile tests load too."""
    return subprocess.run([sys.executable, str(REPO / "scripts" / "generate_broken_openapi.py"), "--paths", str(paths),
                           "--broken", str(broken)], check=True, capture_output=True, text=True).stdout


CASES = [
    # name, file, text, script
    ("petstore (reference)", "petstore.yaml", (REPO / "Tests/Fixtures/OpenAPI/petstore.yaml").read_text(), "openapi petstore.yaml"),
    ("billion laughs (596 B YAML)", "laughs.yaml", billion_laughs(), "openapi laughs.yaml"),
    ("70,000-deep JSON (140 KB)", "deep.json", deep_json(70_000), "openapi deep.json"),
    ("1,500-deep YAML", "deep.yaml", "openapi: 3.0.0\npaths: {}\nx: " + "[" * 1500 + "]" * 1500 + "\n", "openapi deep.yaml"),
    (".http doubling 40 times", "double.http", doubling_http(), "run double.http"),
    ("98 broken of 3,000 paths (8 MB)", "broken.json", broken_description(3000, 98), "openapi broken.json"),
    ("the same, none broken (8 MB)", "whole.json", broken_description(3000, 0), "openapi whole.json"),
]


def run_once(binary: str, folder: Path, script: str) -> tuple[float, float, int, float]:
    start = time.monotonic()
    process = subprocess.Popen([binary, "--no-history"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, cwd=str(folder))
    process.stdin.write((script + "\n").encode())
    process.stdin.close()
    _, status, usage = os.wait4(process.pid, 0)
    return (time.monotonic() - start, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status),
            usage.ru_utime + usage.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--workbench", default=str(REPO / ".build/release/workbench"))
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as directory:
        folder = Path(directory)
        for _, name, text, _ in CASES:
            (folder / name).write_text(text)
        reference = None
        print(f"{'case':32} {'status':>6} {'seconds':>8} {'cpu s':>7} {'peak MB':>8} {'x time':>7} {'x memory':>8}")
        for title, _, _, script in CASES:
            runs = [run_once(os.path.abspath(args.workbench), folder, script) for _ in range(args.rounds)]
            seconds = statistics.median(run[0] for run in runs)
            peak = max(run[1] for run in runs)
            cpu = statistics.median(run[3] for run in runs)
            if reference is None:
                reference = (seconds, peak)
            print(f"{title:32} {runs[0][2]:>6} {seconds:>8.3f} {cpu:>7.2f} {peak:>8.1f} "
                  f"{seconds / reference[0]:>7.2f} {peak / reference[1]:>8.2f}")
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
