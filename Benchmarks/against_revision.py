#!/usr/bin/env python3
"""Two builds side by side: start-up, the 3,200-GET loop and the 40 MB JSON print.

    Benchmarks/against_revision.py --head BIN --rev BIN [--head-label L] [--rev-label L] [--rounds 7]

Usually run by Benchmarks/against_revision.sh, which builds both. Against a bench_server.py of
its own on 127.0.0.1, each round times, for each binary (the order alternating round by round,
so a change in the machine's load hits both alike):

  start-up   `BIN --version`, 20 runs (posix_spawn, output to /dev/null);
  3,200 GETs `BIN run FILE`, FILE `base URL` then 3,200 `get /item/K` (scale.py's g);
  40 MB JSON `BIN --color always < FILE > OUT`, FILE `get /big.json` (bench.py's d).

Prints the medians and the ratio HEAD / REV of each, and whether it is within 10% (the bound
of issue 37 goal 7). Before timing, each binary's output is checked once: 3,200 status lines,
and the coloured 40 MB print parses to the document the server sent. Nothing is asserted
about times: the exit status is 0 whatever the figures, 2 when something could not be run.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import bench  # noqa: E402  (verify_big: the coloured print parses to the document sent)
import scale  # noqa: E402  (run, write_gets)

STARTUP_RUNS = 20
GETS = 3200
BOUND = 1.10


def start_server():
    process = subprocess.Popen([sys.executable, os.path.join(HERE, "bench_server.py")],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    line = process.stdout.readline().decode()
    if not line.startswith("PORT "):
        process.kill()
        raise scale.BenchError("bench_server.py did not start: %r" % line)
    return process, "http://127.0.0.1:%d" % int(line.split()[1])


def startup_samples(binary):
    """Seconds for each of STARTUP_RUNS runs of `binary --version`."""
    devnull = os.open(os.devnull, os.O_RDWR)
    actions = [(os.POSIX_SPAWN_DUP2, devnull, 0), (os.POSIX_SPAWN_DUP2, devnull, 1)]
    samples = []
    try:
        for _ in range(STARTUP_RUNS):
            start = time.perf_counter()
            pid = os.posix_spawn(binary, [binary, "--version"], os.environ, file_actions=actions)
            _, status = os.waitpid(pid, 0)
            samples.append(time.perf_counter() - start)
            if status != 0:
                raise scale.BenchError("%s --version: wait status %d" % (binary, status))
    finally:
        os.close(devnull)
    return samples


def check(binaries, gets_script, big_script, body, folder):
    for label, binary in binaries.items():
        lines = subprocess.run([binary, "run", gets_script], capture_output=True, check=True).stdout.decode()
        if lines.count("HTTP/1.1 200 OK") != GETS:
            raise scale.BenchError("%s: `run` printed %d status lines for %d GETs"
                                   % (label, lines.count("HTTP/1.1 200 OK"), GETS))
        printed = os.path.join(folder, "big-check.txt")
        with open(big_script, "rb") as stdin, open(printed, "wb") as stdout:
            subprocess.run([binary, "--color", "always"], stdin=stdin, stdout=stdout, check=True)
        try:
            bench.verify_big(printed, body)
        except bench.BenchError as error:
            raise scale.BenchError("%s: %s" % (label, error))
        os.remove(printed)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--head", required=True, help="this tree's binary")
    parser.add_argument("--rev", required=True, help="the earlier build's binary")
    parser.add_argument("--head-label", default="HEAD")
    parser.add_argument("--rev-label", default="REV")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    binaries = {"HEAD": os.path.abspath(args.head), "REV": os.path.abspath(args.rev)}

    server, base = start_server()
    figures = {(label, name): [] for label in binaries for name in ("start-up", "gets", "big")}
    try:
        with tempfile.TemporaryDirectory(prefix="workbench-against-") as folder:
            gets_script, _ = scale.write_gets(folder, base, GETS)
            big_script = os.path.join(folder, "big.wb")
            with open(big_script, "w") as handle:
                handle.write("base %s\nget /big.json\n" % base)
            body = os.path.join(folder, "big-body.json")
            with urllib.request.urlopen(base + "/big.json") as response, open(body, "wb") as handle:
                handle.write(response.read())
            check(binaries, gets_script, big_script, body, folder)
            print("load average at start: %s" % " ".join(open("/proc/loadavg").read().split()[:3]), flush=True)
            printed = os.path.join(folder, "big.txt")
            for round_index in range(args.rounds):
                order = list(binaries.items())
                if round_index % 2:
                    order.reverse()
                for label, binary in order:
                    figures[(label, "start-up")].extend(startup_samples(binary))
                    figures[(label, "gets")].append(scale.run([binary, "run", gets_script])[0])
                    with open(big_script, "rb") as stdin, open(printed, "wb") as stdout:
                        start = time.perf_counter()
                        subprocess.run([binary, "--color", "always"], stdin=stdin, stdout=stdout, check=True)
                        figures[(label, "big")].append(time.perf_counter() - start)
                print("  round %d of %d done" % (round_index + 1, args.rounds), flush=True)
            print("load average at end: %s" % " ".join(open("/proc/loadavg").read().split()[:3]), flush=True)
    except (scale.BenchError, subprocess.CalledProcessError, OSError) as error:
        print("against_revision.py: %s" % error, file=sys.stderr)
        return 2
    finally:
        server.kill()
        server.wait()

    print("\nmedians, %d rounds, HEAD = %s, REV = %s" % (args.rounds, args.head_label, args.rev_label))
    print("%-34s %12s %12s %12s  %s" % ("", "HEAD", "REV", "HEAD / REV", "within 10%"))
    for name, title in (("start-up", "start-up, --version (x%d a round)" % STARTUP_RUNS),
                        ("gets", "%s GETs, `run FILE`" % format(GETS, ",")),
                        ("big", "40 MB JSON, --color always > FILE")):
        head = statistics.median(figures[("HEAD", name)])
        rev = statistics.median(figures[("REV", name)])
        ratio = head / rev
        print("%-34s %9.1f ms %9.1f ms %11.2fx  %s" % (title, head * 1e3, rev * 1e3, ratio,
                                                       "yes" if ratio <= BOUND else "NO"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
