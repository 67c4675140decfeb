#!/usr/bin/env python3
"""The GraphQL benchmark (issue 31): a generated schema of 1,500+ types loaded by
`graphql schema` (SDL file, introspection JSON file, introspection over HTTP), side by side
with graphql-core (the reference implementation's Python port) reading the same SDL and JSON
in the same run, and Tab completion from it in a pseudo-terminal.

    Benchmarks/graphql_schema.py [--bin BINARY] [--runs 5] [--types 1500]

BINARY defaults to .build/release/workbench (build it first: `swift build -c release
--product workbench`). Measured:

  load   `graphql schema FILE|URL` in script mode, minus the same run without it (start-up),
         median of --runs; beside it graphql-core's `build_schema(SDL)` and
         `build_client_schema(JSON)` in this process (median), and the ratio.
         The URL is a local server answering the introspection query with the result
         graphql-core computed for the schema (so the row times the workbench, not Python).
  Tab    in a pseudo-terminal (pexpect): from typing Tab to the completed text on the screen,
         for fields of the type at the selection, arguments, enum values, `graphql describe`
         names; beside a Tab that completes a command name (the terminal round trip).

Goals (printed, PASS/MISS, never asserted): load under 1 s, each completion under 30 ms.
Exit status 0 unless something could not be measured (2). Traffic only to 127.0.0.1.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def generated_sdl(types):
    """`types` object types T0..., an enum per ten types, an input per ten types, a root
    with a field per type: each type has scalars, a link, a list with arguments (an enum
    and an input), so completion has fields, arguments and enum values to find."""
    enums = max(1, types // 10)
    lines = []
    for k in range(enums):
        values = " ".join(f"{word}{k}" for word in ("ALPHA", "BETA", "GAMMA", "DELTA", "EPSILON"))
        lines.append(f'"Enum {k}."\nenum E{k} {{ {values} }}')
        lines.append(f"input Filter{k} {{ kind: E{k} text: String limit: Int = 10 }}")
    for i in range(types):
        k = i % enums
        lines.append(
            f'"Type {i}: generated."\ntype T{i} {{\n  id: ID!\n  name{i}: String\n  count: Int!\n'
            f"  kind: E{k}\n  next: T{(i + 1) % types}\n"
            f"  items(first: Int = 10, order: E{k}, filter: Filter{k}): [T{(i + 7) % types}!]!\n"
            + "".join(f"  extra{j}: String\n" for j in range(8))
            + "}")
    lines.append("type Query {\n" + "".join(f"  t{i}(id: ID): T{i}\n" for i in range(types)) + "}")
    return "\n".join(lines) + "\n"


def run_measured(command, stdin_text, cwd):
    start = time.perf_counter()
    done = subprocess.run(command, input=stdin_text.encode(), capture_output=True, cwd=cwd)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"graphql_schema.py: {command} failed: {done.stderr.decode(errors='replace')}")
    return elapsed, done.stdout.decode(errors="replace")


def median_run(command, stdin_text, cwd, runs):
    times, out = [], ""
    for _ in range(runs):
        seconds, out = run_measured(command, stdin_text, cwd)
        times.append(seconds)
    return statistics.median(times), out


def median_call(function, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def serve(answer):
    """A local server answering every POST with `answer` (the introspection result)."""
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

        def log_message(self, *_):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def fmt_ms(seconds):
    return "%.1f ms" % (seconds * 1000)


def tab_latencies(binary, schema, cwd, types):
    """(label, seconds) for each completion typed in a pseudo-terminal, and a command-name Tab."""
    import pexpect

    env = dict(os.environ, TERM="xterm", HOME=cwd, XDG_STATE_HOME=cwd, PAGER="cat", LANG="C.UTF-8")
    child = pexpect.spawn(binary, ["--no-history"], env=env, cwd=cwd, dimensions=(40, 200),
                          encoding="utf-8", codec_errors="replace", timeout=30)
    child.delaybeforesend = None
    child.expect_exact("> ")
    child.send(f"graphql schema {schema}\r")
    child.expect_exact("types; query Query")
    child.expect_exact("> ")

    def timed(typed, shown):
        child.send(typed[:-1])
        child.expect(pexpect.TIMEOUT, timeout=0.3)
        child.buffer = ""
        start = time.perf_counter()
        child.send(typed[-1])
        child.expect_exact(shown)
        elapsed = time.perf_counter() - start
        child.send("\x15")
        return elapsed

    enum = 1234 % max(1, types // 10)  # the enum T1234 uses
    results = [
        ("first Tab: `{ t1234 { nex` -> `next` (field of T1234)", timed("body graphql { t1234 { nex\t", "t ")),
        ("`{ t1234 { next { name1` -> `name1235` (two levels down)", timed("body graphql { t1234 { next { name1\t", "235 ")),
        ("`{ t1234 { items(or` -> `order` (an argument)", timed("body graphql { t1234 { items(or\t", "der ")),
        (f"`items(order: GAM` -> `GAMMA{enum}` (an enum value)", timed("body graphql { t1234 { items(order: GAM\t", f"MA{enum} ")),
        ("`items(filter: {li` -> `limit` (an input field)", timed("body graphql { t1234 { items(filter: {li\t", "mit ")),
        ("`{ t149` x2 -> 11 root fields listed (of 1,500)", timed("body graphql { t149\t\t", "t1499")),
        ("`graphql describe T1234.ite` -> `T1234.items`", timed("graphql describe T1234.ite\t", "ms ")),
    ]
    baseline = timed("que\t", "ry ")
    child.send("exit\r")
    child.expect(pexpect.EOF)
    return results, baseline


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "workbench"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--types", type=int, default=1500)
    args = parser.parse_args()
    args.bin = os.path.abspath(args.bin)
    if not os.access(args.bin, os.X_OK):
        print(f"graphql_schema.py: no binary at {args.bin}: build it (swift build -c release --product workbench)")
        return 2
    try:
        from graphql import build_client_schema, build_schema, graphql_sync, get_introspection_query
    except ImportError:
        print("graphql_schema.py: graphql-core is needed (scripts/setup.sh --tests installs it with ariadne)")
        return 2

    work = tempfile.mkdtemp(prefix="workbench-graphql-bench-")
    server = None
    try:
        sdl = generated_sdl(args.types)
        schema = build_schema(sdl)
        result = graphql_sync(schema, get_introspection_query(descriptions=True))
        answer = json.dumps({"data": result.data}).encode()
        with open(os.path.join(work, "big.graphql"), "w") as handle:
            handle.write(sdl)
        with open(os.path.join(work, "big.json"), "wb") as handle:
            handle.write(answer)
        server = serve(answer)
        url = f"http://127.0.0.1:{server.server_address[1]}/graphql"
        count = len([name for name in schema.type_map if not name.startswith("__")])
        print(f"load average at start: {os.getloadavg()[0]:.2f}")
        print(f"schema: {count} types, SDL {len(sdl) / 1e6:.2f} MB, introspection JSON {len(answer) / 1e6:.2f} MB")

        core_sdl = median_call(lambda: build_schema(sdl), args.runs)
        core_json = median_call(lambda: build_client_schema(json.loads(answer)["data"]), args.runs)
        base_time, _ = median_run([args.bin], "base http://127.0.0.1:9\n", work, args.runs)
        rows = []
        for label, script, beside in (
            ("SDL file (graphql schema big.graphql)", "graphql schema big.graphql\n", core_sdl),
            ("introspection JSON file (graphql schema big.json)", "graphql schema big.json\n", core_json),
            ("introspection over HTTP (graphql schema URL)", f"graphql schema {url}\n", core_json),
        ):
            total, out = median_run([args.bin], script, work, args.runs)
            if "types; query Query" not in out:
                print(f"graphql_schema.py: {label} did not load: {out}")
                return 2
            rows.append((label, total - base_time, beside))
        print()
        print(f"{'measure':58} {'workbench':>11} {'graphql-core':>13} {'ratio':>7}  goal")
        print(f"{'start-up (no schema), subtracted below':58} {fmt_ms(base_time):>11}")
        for label, load, beside in rows:
            verdict = "PASS" if load < 1.0 else "MISS"
            print(f"{'load ' + label:58} {fmt_ms(load):>11} {fmt_ms(beside):>13} {load / beside:>6.2f}x  < 1 s: {verdict}")
        try:
            results, baseline = tab_latencies(args.bin, "big.graphql", work, args.types)
        except ImportError:
            print("graphql_schema.py: pexpect is needed for the Tab timings (pip install pexpect)")
            return 2
        print()
        print(f"{'Tab in a pseudo-terminal (typed -> shown)':58} {'time':>11} {'vs cmd Tab':>11}  goal")
        print(f"{'`que` -> `query` (command name, no schema)':58} {fmt_ms(baseline):>11}")
        for label, seconds in results:
            verdict = "PASS" if seconds < 0.030 else "MISS"
            print(f"{label:58} {fmt_ms(seconds):>11} {seconds / baseline:>10.1f}x  < 30 ms: {verdict}")
        print(f"\nload average at end: {os.getloadavg()[0]:.2f}")
        return 0
    finally:
        if server:
            server.shutdown()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
