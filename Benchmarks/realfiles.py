#!/usr/bin/env python3
"""Real files as people publish them, imported and sent (issue 38).

    python3 Benchmarks/realfiles.py --workbench PATH [--corpus Tests/Fixtures/RealFiles] [--only FORMAT] [--json]

The corpus (Tests/Fixtures/RealFiles/, sources and licences in Tests/Fixtures/NOTICE.md) holds
Postman collections, HAR logs, `.http` files and curl commands from public repositories. Each
file is copied into a scratch folder with every `http(s)://HOST[:PORT]` pointed at a recording
server on 127.0.0.1 (Tests/EndToEnd/recorder.py), imported (`import FILE`; `load FILE` for
`.http`) and sent (`replay all --keep-going`). Printed per format:

- files tried, imported (no warning), imported with warnings, refused (one `error:` line);
- requests compared with the file and sent differently: method, path, query, the file's own
  headers (each with its value) and body, for the requests whose values the file spells out
  (a `{{variable}}` left unresolved in the file is not compared);
- curl: each command is also run by curl itself (bash reads it, with `$NAME`s set in the
  environment) against the same recorder, and the two requests compared byte for byte
  (method, target, headers but User-Agent and Accept-Encoding, body).

Nothing leaves 127.0.0.1. The exit status is 0 unless the run itself failed. The suite runs it
(Tests/EndToEnd/test_realfiles_corpus.py) with its counts asserted as lower bounds.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Tests" / "EndToEnd"))
from recorder import Recorder  # noqa: E402

CORPUS = HERE.parent / "Tests" / "Fixtures" / "RealFiles"
HOST = re.compile(r"https?://(?:[A-Za-z0-9-]+\.)*[A-Za-z0-9-]+(?::\d+)?(?=[/\"'?\s#]|$)")
# Headers each client writes in its own way, or the transport derives from the request.
CLIENT_HEADERS = {"user-agent", "accept-encoding", "host", "content-length", "connection", "keep-alive",
                  "transfer-encoding", "expect", "te", "upgrade", "proxy-connection"}
ENV_NAME = re.compile(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?")


class Tally:
    def __init__(self, name: str) -> None:
        self.name = name
        self.tried = self.imported = self.warned = self.refused = 0
        self.requests = self.compared = self.different = 0
        self.commands = self.identical = 0
        self.refusals: list[str] = []
        self.differences: list[str] = []

    def as_dict(self) -> dict:
        return {key: value for key, value in vars(self).items() if key != "name"}


def environment(home: Path, extra: dict | None = None) -> dict:
    env = {key: value for key, value in os.environ.items() if not key.lower().endswith("_proxy")}
    env.update({"HOME": str(home), "XDG_STATE_HOME": str(home / "state"), "LANG": "C.UTF-8", "TERM": "dumb",
                "PAGER": "cat", "NO_PROXY": "*", "no_proxy": "*"})
    env.update(extra or {})
    return env


def rewrite(text: str, base: str) -> str:
    """Every absolute http(s) origin in the text pointed at the recorder (paths kept)."""
    return HOST.sub(base, text)


WS_HOST = re.compile(r"wss?://(?:[A-Za-z0-9-]+\.)*[A-Za-z0-9-]+(?::\d+)?(?=[/\"'?\s#]|$)")
# A `.http` file's gRPC targets: `GRPC host[:port]/...` (grpc:// or grpcs:// before it) and httpyac's `@host=host/...`.
GRPC_HOST = re.compile(r"(?m)^(\s*GRPC\s+|@host\s*=\s*)(?:grpcs?://)?(?![/{])(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}(?::\d+)?")


def rewrite_live(text: str, base: str) -> str:
    """WebSocket and gRPC targets of a `.http` file pointed at the recorder too: nothing leaves 127.0.0.1."""
    authority = base.split("//", 1)[1]
    return GRPC_HOST.sub(lambda m: m.group(1) + authority, WS_HOST.sub("ws://" + authority, text))


def run_workbench(binary: str, lines: list[str], cwd: Path, env: dict) -> tuple[str, str]:
    completed = subprocess.run([binary, "--keep-going"], input="\n".join(lines + [""]).encode(), cwd=cwd, env=env,
                               capture_output=True, timeout=120)
    return completed.stdout.decode("utf-8", "replace"), completed.stderr.decode("utf-8", "replace")


def classify(tally: Tally, name: str, out: str, err: str, line: int = 1) -> bool:
    """Imported or not, from what the import line (line `line` of the input) said."""
    tally.tried += 1
    first = [text for text in err.splitlines() if text.startswith(f"error: line {line}:")]
    if first:
        tally.refused += 1
        tally.refusals.append(f"{name}: {first[0]}")
        return False
    if any(line.startswith("warning:") for line in out.splitlines()):
        tally.warned += 1
    else:
        tally.imported += 1
    return True


def split_target(url: str) -> tuple[str, str]:
    """Path (percent-decoded: non-ASCII goes out encoded, as every client sends it) and query."""
    if url.startswith("/"):
        # A request target: urlsplit would read `//get` as a host.
        path, _, query = url.partition("?")
        return unquote(path) or "/", query
    parts = urlsplit(url)
    return unquote(parts.path) or "/", parts.query


def compare(tally: Tally, name: str, expected: dict, sent) -> None:
    """One request: what the file says against what arrived."""
    tally.compared += 1
    problems = []
    if expected["method"] != sent.method:
        problems.append(f"method {expected['method']} sent as {sent.method}")
    path, query = split_target(sent.target)
    if expected.get("path") is not None and expected["path"] != path:
        problems.append(f"path {expected['path']!r} sent as {path!r}")
    if expected.get("query") is not None and expected["query"] != query:
        problems.append(f"query {expected['query']!r} sent as {query!r}")
    for key, value in expected.get("headers", []):
        if key.lower() in CLIENT_HEADERS:
            continue
        values = [v for k, v in sent.headers if k.lower() == key.lower()]
        if value.strip() not in [v.strip() for v in values]:
            problems.append(f"header {key}: {value!r} sent as {values!r}")
    if expected.get("body") is not None and expected["body"].encode() != sent.body:
        problems.append(f"body {expected['body'][:60]!r} sent as {sent.body[:60]!r}")
    if problems:
        tally.different += 1
        tally.differences.append(f"{name}: {expected['method']} {expected.get('path')}: " + "; ".join(problems))


def unresolved(*texts) -> bool:
    return any(text is not None and "{{" in text for text in texts)


# --- formats ---------------------------------------------------------------------------------


def har_expectations(document: dict) -> list[dict | None]:
    result = []
    for entry in document.get("log", {}).get("entries", []):
        request = entry.get("request", {})
        url = request.get("url", "")
        if not url.startswith(("http://", "https://")):
            result.append(None)
            continue
        path, query = split_target(url)
        headers = [(h.get("name", ""), h.get("value", "")) for h in request.get("headers", [])
                   if not h.get("name", "").startswith(":") and h.get("name", "").lower() != "cookie"]
        post = request.get("postData") or {}
        body = post.get("text") if post.get("text") else None
        result.append({"method": request.get("method", "GET"), "path": path, "query": query, "headers": headers,
                       "body": body})
    return result


def postman_expectations(document: dict) -> list[dict | None]:
    """The requests of a collection in order, as far as the file spells them out."""
    variables = {v.get("key"): str(v.get("value", "")) for v in document.get("variable", []) if isinstance(v, dict)}
    result = []

    def resolve(text):
        if text is None:
            return None
        return re.sub(r"\{\{([^{}]+)\}\}", lambda m: variables.get(m.group(1).strip(), m.group(0)), text)

    def walk(items):
        for item in items:
            if not isinstance(item, dict):
                continue
            if isinstance(item.get("item"), list):
                walk(item["item"])
                continue
            request = item.get("request")
            if request is None:
                continue
            if isinstance(request, str):
                result.append(None)
                continue
            url = request.get("url")
            raw = url if isinstance(url, str) else (url or {}).get("raw")
            if isinstance(url, dict) and url.get("host") is not None:
                # Postman sends what the parts say.
                host = url["host"] if isinstance(url["host"], str) else ".".join(map(str, url["host"]))
                path = url.get("path", [])
                path = path if isinstance(path, str) else "/" + "/".join(
                    p if isinstance(p, str) else str(p.get("value", "")) for p in path) if path else ""
                port = f":{url['port']}" if url.get("port") else ""
                scheme = f"{url['protocol']}://" if url.get("protocol") else ""
                raw = scheme + host + port + path
            raw = resolve(raw)
            method = str(request.get("method", "GET")).upper()
            if not raw or unresolved(raw) or "://" not in raw:
                result.append({"method": method, "path": None, "query": None})
                continue
            headers = []
            header_list = request.get("header", [])
            if isinstance(header_list, list):
                for header in header_list:
                    if isinstance(header, dict) and not header.get("disabled") and not unresolved(resolve(str(header.get("value", "")))):
                        headers.append((header.get("key", ""), resolve(str(header.get("value", "")))))
            body = None
            spec = request.get("body") or {}
            pruned = method in {"GET", "HEAD", "COPY", "PURGE", "UNLOCK"} and not (
                item.get("protocolProfileBehavior", {}).get("disableBodyPruning"))
            if spec.get("mode") == "raw" and spec.get("raw") and not pruned and not spec.get("disabled"):
                text = resolve(spec["raw"])
                body = None if unresolved(text) or "{{$" in spec["raw"] else text
            path, query = split_target(raw.split("#")[0])
            # The query items say which are enabled: the raw text's query is not compared then.
            if isinstance(url, dict) and isinstance(url.get("query"), list):
                query = None
            # An API key in the query (the request's auth or one it inherits) adds an item.
            if "apikey" in json.dumps(request.get("auth") or document.get("auth") or {}):
                query = None
            result.append({"method": method, "path": path if "/:" not in path else None, "query": query,
                           "headers": headers, "body": body})

    walk(document.get("item", []))
    return result


def rewrite_url_parts(value, base: str):
    """A Postman URL object's literal host parts pointed at the recorder too (Postman sends the parts)."""
    if isinstance(value, list):
        return [rewrite_url_parts(item, base) for item in value]
    if not isinstance(value, dict):
        return value
    result = {key: rewrite_url_parts(item, base) for key, item in value.items()}
    host = result.get("host")
    if "raw" in result and host is not None and "{{" not in json.dumps(host):
        parts = urlsplit(base)
        result.update({"protocol": parts.scheme, "host": parts.hostname.split("."), "port": str(parts.port)})
    return result


def run_json_format(binary: str, recorder: Recorder, files: list[Path], tally: Tally, expectations, work: Path) -> None:
    for file in files:
        text = file.read_bytes().decode("utf-8-sig", "replace")
        target = work / file.name
        rewritten = rewrite(text, recorder.url)
        try:
            rewritten = json.dumps(rewrite_url_parts(json.loads(rewritten), recorder.url))
        except ValueError:
            pass  # not JSON: imported as it is, to be refused
        target.write_bytes((b"\xef\xbb\xbf" if file.read_bytes().startswith(b"\xef\xbb\xbf") else b"")
                           + rewritten.encode())
        recorder.clear()
        out, err = run_workbench(binary, [f"import {file.name}", "replay all --keep-going"], work, environment(work))
        if not classify(tally, file.name, out, err):
            continue
        try:
            document = json.loads(rewritten)
        except ValueError:
            continue
        expected = expectations(document)
        skipped = {int(m.group(1)) for m in re.finditer(r"(?:entry|request) (\d+)\b[^\n]*; skipped", out)}
        wanted = [e for index, e in enumerate(expected, 1) if index not in skipped]
        sent = recorder.taken()
        tally.requests += len(wanted)
        # The replay's lines say which records reached the server (those with a status), in order.
        reached = [int(m.group(1)) for m in re.finditer(r"^(?:PASS|FAIL) (\d+) \S+ \S+  \d{3}\b", out, re.M)]
        if len(reached) != len(sent):
            continue  # a redirect or a retry: the pairs cannot be told apart
        for number, recorded in zip(reached, sent):
            if number <= len(wanted) and wanted[number - 1] is not None:
                compare(tally, file.name, wanted[number - 1], recorded)


def http_expectations(text: str) -> list[dict]:
    """`METHOD URL` lines whose URL is spelled out: method, path and query."""
    result = []
    for line in text.splitlines():
        match = re.match(r"^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(https?://\S+?)(?:\s+HTTP/[\d.]+)?\s*$", line)
        if match and "{{" not in match.group(2):
            path, query = split_target(match.group(2))
            result.append({"method": match.group(1), "path": path, "query": query})
    return result


def with_imports(path: Path, seen: set | None = None) -> str:
    """The file's text with each httpyac `# @import ./other.http` replaced by that file's text
    (each file once, as the workbench reads them), so its requests are expected where they go out."""
    seen = set() if seen is None else seen
    seen.add(path.resolve())
    lines = []
    for line in path.read_text(errors="replace").splitlines():
        match = re.match(r"^\s*(?:#|//)\s*@import\s+(\S+)\s*$", line)
        target = (path.parent / match.group(1)).resolve() if match and "{{" not in match.group(1) else None
        if target is not None and target.is_file() and target not in seen:
            lines += with_imports(target, seen).splitlines() + ["###"]
        else:
            lines.append(line)
    return "\n".join(lines)


def run_http(binary: str, recorder: Recorder, root: Path, tally: Tally, work: Path) -> None:
    for file in sorted(root.rglob("*.http")) + sorted(root.rglob("*.rest")):
        folder = work / "http" / file.parent.relative_to(root)
        if folder.exists():
            shutil.rmtree(folder)
        shutil.copytree(file.parent, folder)
        for sibling in folder.iterdir():
            if sibling.is_file() and sibling.suffix in {".http", ".rest", ".json", ".env"}:
                sibling.write_text(rewrite_live(rewrite(sibling.read_text(errors="replace"), recorder.url), recorder.url))
        recorder.clear()
        name = str(file.relative_to(root))
        # As a user runs them: `host` pointed at the server, the first environment of an env file chosen.
        load = f"load {file.name}"
        env_file = folder / "http-client.env.json"
        if env_file.exists():
            try:
                names = [name for name in json.loads(env_file.read_text()) if not name.startswith("$")]
                load += f" --env {names[0]}" if names else ""
            except (ValueError, AttributeError):
                pass
        out, err = run_workbench(binary, [f"set host {recorder.url}", load, "replay all --keep-going"], folder, environment(work))
        if not classify(tally, name, out, err, line=2):
            continue
        sent = recorder.taken()
        expected = http_expectations(with_imports(folder / file.name))
        tally.requests += len(expected)
        position = 0
        for expectation in expected:
            for index in range(position, len(sent)):
                if sent[index].method == expectation["method"] and split_target(sent[index].target)[0] == expectation["path"]:
                    compare(tally, name, expectation, sent[index])
                    position = index + 1
                    break


def wire(recorded) -> tuple:
    headers = sorted((k.lower(), v) for k, v in recorded.headers if k.lower() not in {"user-agent", "accept-encoding", "expect"})
    body = recorded.body
    # A multipart boundary is random in both clients: compared as one word.
    boundary = re.search(r"boundary=(\S+)", recorded.header("Content-Type") or "")
    if boundary:
        headers = [(k, v.replace(boundary.group(1), "BOUNDARY")) for k, v in headers]
        body = body.replace(boundary.group(1).encode(), b"BOUNDARY")
    return recorded.method, recorded.target, headers, body


def run_curl(binary: str, recorder: Recorder, root: Path, tally: Tally, work: Path) -> None:
    for file in sorted(root.rglob("*.sh")):
        text = rewrite(file.read_text(errors="replace"), recorder.url)
        names = {name: f"value-of-{name.lower()}" for name in ENV_NAME.findall(text)}
        target = work / file.name
        target.write_text(text)
        recorder.clear()
        name = str(file.relative_to(root))
        out, err = run_workbench(binary, [f"import {file.name}", "replay all --keep-going"], work, environment(work, names))
        if not classify(tally, name, out, err):
            continue
        ours = recorder.taken()
        recorder.clear()
        tally.commands += 1
        # curl itself, as the docs' reader runs it: output thrown away, one try.
        script = re.sub(r"(^|\n)(\s*)curl ", r"\1\2curl -s -o /dev/null --max-time 10 ", text)
        subprocess.run(["bash", "-c", script], cwd=work, env=environment(work, names), capture_output=True, timeout=60)
        theirs = recorder.taken()
        tally.requests += len(theirs)
        if not ours and not theirs:
            # Neither sent anything (a file to upload that is not there, a glob curl refuses): nothing to compare.
            tally.commands -= 1
            continue
        if ours and len(ours) == len(theirs) and all(wire(a) == wire(b) for a, b in zip(ours, theirs)):
            tally.identical += 1
            tally.compared += len(ours)
        else:
            tally.compared += len(theirs)
            tally.different += 1
            tally.differences.append(f"{name}: ours {[wire(r)[:2] for r in ours]} curl {[wire(r)[:2] for r in theirs]}"
                                     + (f"\n    ours {wire(ours[0])}\n    curl {wire(theirs[0])}" if ours and theirs else ""))


def run(binary: str, corpus: Path, only: str | None = None) -> dict[str, Tally]:
    recorder = Recorder().start()
    tallies: dict[str, Tally] = {}
    try:
        with tempfile.TemporaryDirectory(prefix="realfiles-") as scratch:
            work = Path(scratch)
            (work / "state").mkdir()
            if only in (None, "postman"):
                tallies["postman"] = Tally("postman")
                run_json_format(binary, recorder, sorted((corpus / "postman").glob("*.json")), tallies["postman"],
                                postman_expectations, work)
            if only in (None, "har"):
                tallies["har"] = Tally("har")
                run_json_format(binary, recorder, sorted((corpus / "har").glob("*.har")), tallies["har"],
                                har_expectations, work)
            if only in (None, "http"):
                tallies["http"] = Tally("http")
                run_http(binary, recorder, corpus.parent / "HTTPCorpus", tallies["http"], work)
            if only in (None, "curl"):
                tallies["curl"] = Tally("curl")
                run_curl(binary, recorder, corpus / "curl", tallies["curl"], work)
    finally:
        recorder.stop()
    return tallies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workbench", default=os.environ.get("WORKBENCH_BIN", ".build/debug/workbench"))
    parser.add_argument("--corpus", default=str(CORPUS))
    parser.add_argument("--only", choices=["postman", "har", "http", "curl"])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--verbose", action="store_true", help="also list refusals and differences")
    arguments = parser.parse_args()
    arguments.workbench = str(Path(arguments.workbench).resolve())
    tallies = run(arguments.workbench, Path(arguments.corpus), arguments.only)
    if arguments.json:
        print(json.dumps({name: tally.as_dict() for name, tally in tallies.items()}, indent=1))
        return 0
    print(f"{'format':8} {'tried':>5} {'imported':>8} {'warned':>6} {'refused':>7} {'requests':>8} "
          f"{'compared':>8} {'different':>9} {'curl-identical':>14}")
    for name, t in tallies.items():
        identical = f"{t.identical}/{t.commands}" if name == "curl" else "-"
        print(f"{name:8} {t.tried:5} {t.imported:8} {t.warned:6} {t.refused:7} {t.requests:8} {t.compared:8} "
              f"{t.different:9} {identical:>14}")
        if arguments.verbose:
            for line in t.refusals + t.differences:
                print("   ", line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
