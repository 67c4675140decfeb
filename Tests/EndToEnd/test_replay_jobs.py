"""`workbench replay FILE... --jobs N --repeat N --report FORMAT FILE` end to end: the real
binary against the local test server, whose `/slow?ms=20` answers after 20 ms on a thread
of its own (a ThreadingHTTPServer), so jobs really overlap.

- a 400-request session split over 4 files, replayed with --jobs 4 and sequentially: the same
  results, each file's lines one contiguous block (no time is asserted);
- the four reports (JUnit and HTML parsed, TAP and JSON read), the HTML opened in headless
  Chromium, and every report and output grepped for the secrets (`set --secret` and
  `capture --secret` used in a header, echoed back by the server);
- Ctrl-C (SIGINT) during a parallel replay of slow requests: every job stops, the summary of
  what ran is printed, exit status 130;
- bad usage and unreadable files: exit status 2 with nothing sent.
"""

from __future__ import annotations

import json
import re
import shutil
import signal
import subprocess
import threading
import time
import xml.etree.ElementTree as ElementTree
from contextlib import contextmanager
from html.parser import HTMLParser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from conftest import merge_env

FILES = ["one.json", "two.json", "three.json", "four.json"]


def slow_session(run_workbench, server, workdir: Path, name: str, count: int, ms: int = 20) -> None:
    """A session of `count` GETs of /slow?ms=MS&file=NAME&n=N: one recorded, the rest copies of it."""
    code, out, err = run_workbench(input=f"base {server}\nget /slow?ms={ms}\nsave {name}\n")
    assert code == 0, err
    session = json.loads((workdir / name).read_text())
    first = session["requests"][0]
    requests = []
    for number in range(1, count + 1):
        record = json.loads(json.dumps(first))
        record["endpoint"]["query"] += [
            {"name": "file", "value": name, "encoded": True, "bare": False},
            {"name": "n", "value": str(number), "encoded": True, "bare": False},
        ]
        requests.append(record)
    session["requests"] = requests
    (workdir / name).write_text(json.dumps(session, indent=2))


def blocks(out: str) -> dict[str, list[str]]:
    """The lines under each `== FILE` header, checking that headers are followed only by their own file."""
    result: dict[str, list[str]] = {}
    current = None
    for line in out.splitlines():
        if line.startswith("== "):
            current = line[3:]
            assert current not in result, f"{current} printed twice"
            result[current] = []
        elif line.startswith(("PASS ", "FAIL ")):
            assert current is not None, line
            result[current].append(line)
    return result


def without_times(line: str) -> str:
    return re.sub(r"  \d+(\.\d+)? (ms|s)\b", "", line)


def test_400_requests_over_4_files_with_4_jobs_and_sequentially(run_workbench, server, workdir):
    for name in FILES:
        slow_session(run_workbench, server, workdir, name, 100)
    code, parallel, err = run_workbench(["replay", *FILES, "--jobs", "4"], timeout=120)
    assert code == 0, err
    code, sequential, err = run_workbench(["replay", *FILES], timeout=120)
    assert code == 0, err
    for out in (parallel, sequential):
        assert out.splitlines()[-1] == "400 passed, 0 failed"
        grouped = blocks(out)
        assert sorted(grouped) == sorted(FILES)
        for name, lines in grouped.items():
            # One contiguous block per file: its 100 lines, in order, and no other file's.
            assert len(lines) == 100
            for number, line in enumerate(lines, start=1):
                assert line.startswith(f"PASS {number} GET {server}/slow?ms=20&file={name}&n={number}  200  "), line
    assert [line for line in sequential.splitlines() if line.startswith("== ")] == [f"== {name}" for name in FILES]
    assert sorted(map(without_times, parallel.splitlines())) == sorted(map(without_times, sequential.splitlines()))


def test_repeat_runs_each_file_again(run_workbench, server, workdir):
    slow_session(run_workbench, server, workdir, "one.json", 3, ms=0)
    code, out, err = run_workbench(["replay", "one.json", "--repeat", "3", "--jobs", "2"])
    assert code == 0, err
    assert sorted(blocks(out)) == [f"one.json (round {n} of 3)" for n in (1, 2, 3)]
    assert out.splitlines()[-1] == "9 passed, 0 failed"


def test_a_repeated_replay_gives_its_latency_percentiles_and_rate(run_workbench, server, workdir):
    # `replay --repeat 20 --jobs 2` printed its PASS lines and no figure; the server answers
    # /slow?ms=20 after 20 ms, so every figure is at least that (no upper bound is asserted).
    slow_session(run_workbench, server, workdir, "one.json", 2)
    slow_session(run_workbench, server, workdir, "two.json", 2)
    code, out, err = run_workbench(["replay", "one.json", "two.json", "--repeat", "5", "--jobs", "2"], timeout=60)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[-1] == "20 passed, 0 failed"
    match = re.fullmatch(r"latency \(20 requests in \S+ m?s, ([\d.]+) requests/s\): (.*)", lines[-2])
    assert match, lines[-2]
    assert float(match.group(1)) > 0
    # Under load a figure may pass a second, which is printed in seconds.
    pairs = re.findall(r"(min|p50|p90|p99|p99\.9|max) ([\d.]+) (ms|s)", match.group(2))
    assert [name for name, _, _ in pairs] == ["min", "p50", "p90", "p99", "p99.9", "max"], match.group(2)
    figures = [float(value) * (1000 if unit == "s" else 1) for _, value, unit in pairs]
    # Each is an HdrHistogram bucket's value (three digits), so only the order of p50 and max is sure.
    assert min(figures) >= 20 and figures[5] >= figures[1], figures
    # Run once, a replay is a check, not a measure: no latency line.
    code, out, err = run_workbench(["replay", "one.json"])
    assert code == 0, err
    assert not [line for line in out.splitlines() if line.startswith("latency")]


SECRET_FLOW = """\
base {server}
set --secret password secret
body json {{"username": "ana", "password": "{{{{password}}}}"}}
post /login
capture --secret token $.data.accessToken
body clear
header X-Token: {{{{token}}}}
header X-Password: {{{{password}}}}
get /echo/{name}
expect status 200
expect json $.method == "GET"
get /status/201
save {name}.json
"""


class StrictHTML(HTMLParser):
    """Collects text and checks that every element that is opened is closed, in order."""

    VOID = {"meta", "br", "hr", "img", "input", "link"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.text: list[str] = []
        self.tags: set[str] = set()
        self.attributes: list[tuple[str, str | None]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        self.attributes += attrs
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def test_reports_parse_show_the_failure_and_hold_no_secret(run_workbench, server, workdir):
    for name in ("alpha", "beta"):
        code, out, err = run_workbench(input=SECRET_FLOW.format(server=server, name=name))
        assert code == 0, err
    # The recorded 201 becomes a failure: the server's /status/201 now asked to answer 500.
    session = json.loads((workdir / "beta.json").read_text())
    session["requests"][2]["endpoint"]["path"] = "/status/500"
    (workdir / "beta.json").write_text(json.dumps(session))
    args = ["replay", "alpha.json", "beta.json", "--jobs", "2", "--var", "password=secret",
            "--report", "junit", "r.xml", "--report", "tap", "r.tap", "--report", "json", "r.json",
            "--report", "html", "r.html", "--junit", "legacy.xml"]
    code, out, err = run_workbench(args)
    assert code == 1, err
    assert out.splitlines()[-1] == "5 passed, 1 failed"
    failed = f"3 GET {server}/status/500"

    junit = ElementTree.parse(workdir / "r.xml").getroot()
    assert junit.get("tests") == "6" and junit.get("failures") == "1"
    suites = junit.findall("testsuite")
    assert [suite.get("name") for suite in suites] == ["alpha.json", "beta.json"]
    assert [case.get("name") for case in suites[1].findall("testcase")][2] == failed
    failure = suites[1].findall("testcase")[2].find("failure")
    assert failure is not None and failure.get("message") == "status 201: got 500"
    assert (workdir / "legacy.xml").read_text() == (workdir / "r.xml").read_text()

    tap = (workdir / "r.tap").read_text().splitlines()
    assert tap[:2] == ["TAP version 13", "1..6"]
    assert f"not ok 6 - {failed}" in tap
    assert sum(line.startswith("ok ") for line in tap) == 5

    report = json.loads((workdir / "r.json").read_text())
    assert (report["passed"], report["failed"], report["interrupted"]) == (5, 1, False)
    request = report["runs"][1]["requests"][2]
    assert request["url"] == f"{server}/status/500" and request["status"] == 500 and not request["passed"]
    assert request["checks"] == [{"passed": False, "message": "status 201: got 500"}]
    assert set(request["timings"]) == {"nameLookup", "connect", "tlsHandshake", "requestSent", "firstByte",
                                       "download", "total"}
    echo = report["runs"][0]["requests"][1]
    assert [check["passed"] for check in echo["checks"]] == [True, True]

    page = (workdir / "r.html").read_text()
    parser = StrictHTML()
    parser.feed(page)
    parser.close()
    assert parser.stack == [], f"unclosed: {parser.stack}"
    assert "script" not in parser.tags and not any(name in ("src", "href") and value and "://" in value
                                                       and not value.startswith("#") for name, value in parser.attributes)
    text = "".join(parser.text)
    assert "FAIL status 201: got 500" in text and "X-Token: ******" in text

    for path in ["r.xml", "r.tap", "r.json", "r.html", "legacy.xml"]:
        content = (workdir / path).read_text()
        assert "tok-123" not in content, f"the captured secret is in {path}"
        assert "secret" not in content, f"the password is in {path}"
    assert "tok-123" not in out + err and "secret" not in out + err


def test_the_html_report_opens_in_headless_chromium(run_workbench, server, workdir, tmp_path):
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.fail("chromium is missing: scripts/setup.sh --tests installs it", pytrace=False)
    code, out, err = run_workbench(input=SECRET_FLOW.format(server=server, name="alpha"))
    assert code == 0, err
    session = json.loads((workdir / "alpha.json").read_text())
    session["requests"][2]["endpoint"]["path"] = "/status/418"
    (workdir / "alpha.json").write_text(json.dumps(session))
    code, out, err = run_workbench(["replay", "alpha.json", "--keep-going", "--var", "password=secret",
                                    "--report", "html", "report.html"])
    assert code == 1, err
    profile = tmp_path / "chromium-profile"
    shown = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={profile}",
         "--dump-dom", (workdir / "report.html").as_uri()],
        capture_output=True, timeout=90)
    dom = shown.stdout.decode("utf-8", "replace")
    assert shown.returncode == 0, shown.stderr.decode("utf-8", "replace")[-2000:]
    # The browser parsed the page: the failed request, its failed check and the masked header are in its DOM.
    assert f"3 GET {server}/status/418" in dom
    assert "FAIL status 201: got 418" in dom
    assert 'class="request fail" open=""' in dom
    assert "X-Token: ******" in dom
    assert "tok-123" not in dom and "secret" not in dom


@contextmanager
def counting_slow_server(delay: float):
    """A threaded server that answers every request after `delay` seconds and counts the
    requests that arrived; yields (base URL, a function that waits for N arrivals)."""
    arrived = threading.Condition()
    count = [0]

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            with arrived:
                count[0] += 1
                arrived.notify_all()
            time.sleep(delay)
            try:
                self.send_response(200)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")
            except OSError:
                pass  # the client gave up (Ctrl-C): nobody to answer

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()

    def wait_for(n: int, timeout: float = 30) -> bool:
        with arrived:
            return arrived.wait_for(lambda: count[0] >= n, timeout=timeout)

    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", wait_for, count
    finally:
        server.shutdown()
        server.server_close()


def test_ctrl_c_during_a_parallel_replay_stops_every_job_and_summarises(workbench_bin, workbench_env, server, workdir,
                                                                       run_workbench):
    for name in FILES:
        slow_session(run_workbench, server, workdir, name, 5, ms=0)
    with counting_slow_server(delay=20) as (slow, wait_for, count):
        for name in FILES:
            session = json.loads((workdir / name).read_text())
            for record in session["requests"]:
                record["endpoint"]["base"] = slow
            (workdir / name).write_text(json.dumps(session))
        process = subprocess.Popen([workbench_bin, "replay", *FILES, "--jobs", "4", "--report", "json", "r.json"],
                                   cwd=workdir, env=merge_env(workbench_env, None),
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        # Ctrl-C once every job has its first request in flight (each takes 20 s to answer).
        assert wait_for(4), "the four jobs did not all send their first request"
        process.send_signal(signal.SIGINT)
        try:
            out, err = process.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            pytest.fail("the replay did not stop after SIGINT")
        assert count[0] == 4, "a request was sent after Ctrl-C"
    try:
        out, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail("the replay did not stop after SIGINT")
    out, err = out.decode(), err.decode()
    assert process.returncode == 130, err
    lines = out.splitlines()
    grouped = blocks(out)
    # Each job's request in flight was aborted; nothing after it was sent.
    assert sorted(grouped) == sorted(FILES)
    for name, file_lines in grouped.items():
        assert len(file_lines) == 1 and file_lines[0].startswith("FAIL 1 GET "), file_lines
        assert "request aborted (Ctrl-C)" in file_lines[0]
    assert lines[-2:] == ["interrupted (Ctrl-C): 16 requests not sent", "0 passed, 4 failed"]
    report = json.loads((workdir / "r.json").read_text())
    assert report["interrupted"] is True and report["notSent"] == 16


@pytest.mark.parametrize("args, message", [
    (["replay", "one.json", "--jobs", "0"], "--jobs must be at least 1"),
    (["replay", "one.json", "--repeat", "0"], "--repeat must be at least 1"),
    (["replay", "one.json", "--report", "xml", "r.xml"], "unknown format 'xml'"),
    (["replay", "one.json", "--report", "junit"], "--report takes FORMAT FILE"),
    (["replay", "one.json", "--report", "junit", "r", "--report", "tap", "r"], "two reports would be written to 'r'"),
    (["replay", "one.json", "missing.json", "--jobs", "2"], "cannot read 'missing.json'"),
    (["replay", "one.json", "--report", "html", "no/such/folder/r.html"], "cannot write the report"),
    (["replay", "--report", "junit", "r.xml"], "Missing expected argument '<files> ...'"),
    (["replay", "--report", "junit", "r.xml", "one.json", "missing.json"], "unknown format 'missing.json'"),
])
def test_bad_usage_exits_2_and_sends_nothing(run_workbench, server, workdir, args, message):
    code, out, err = run_workbench(input=f"base {server}\nget /connection\nsave one.json\n")
    assert code == 0, err
    code, out, err = run_workbench(args)
    assert code == 2, out + err
    assert message in err
    assert "PASS" not in out and "FAIL" not in out


def test_options_may_come_before_the_session_files(run_workbench, server, workdir):
    """As Hurl and curl users write it: `replay --report junit r.xml a.json b.json`."""
    code, out, err = run_workbench(input=f"base {server}\nget /connection\nsave one.json\nsave two.json\n")
    assert code == 0, err
    code, out, err = run_workbench(["replay", "--jobs", "2", "--report", "junit", "r.xml", "one.json",
                                    "--report", "tap", "r.tap", "two.json"])
    assert code == 0, err
    assert out.splitlines()[-1] == "2 passed, 0 failed"
    suites = ElementTree.parse(workdir / "r.xml").getroot().findall("testsuite")
    assert [suite.get("name") for suite in suites] == ["one.json", "two.json"]
    assert (workdir / "r.tap").read_text().splitlines()[:2] == ["TAP version 13", "1..2"]


def test_http_files_and_sessions_replay_together(run_workbench, server, workdir):
    slow_session(run_workbench, server, workdir, "one.json", 2, ms=0)
    (workdir / "api.http").write_text(f"@base = {server}\n\nGET {{{{base}}}}/status/200\n\n###\n\nGET {{{{base}}}}/echo/x\n")
    code, out, err = run_workbench(["replay", "api.http", "one.json", "--jobs", "2"])
    assert code == 0, out + err
    grouped = blocks(out)
    assert [line.split("  ")[0] for line in grouped["api.http"]] == [f"PASS 1 GET {server}/status/200",
                                                                      f"PASS 2 GET {server}/echo/x"]
    assert out.splitlines()[-1] == "4 passed, 0 failed"


def test_each_file_keeps_its_own_cookies_and_captures_in_parallel(run_workbench, httpbin, workdir):
    # httpbin (a third-party peer): /cookies/set sets a cookie, /cookies shows what came back.
    for name in ("one", "two", "three"):
        script = (f"base {httpbin}\nget /cookies/set?file={name}\nget /cookies\n"
                  f"expect json $.cookies.file == \"{name}\"\ncapture seen $.cookies.file\n"
                  f"get /anything/{{{{seen}}}}\nexpect json $.url contains \"/anything/{name}\"\nsave {name}.json\n")
        code, out, err = run_workbench(input=script)
        assert code == 0, out + err
    code, out, err = run_workbench(["replay", "one.json", "two.json", "three.json", "--jobs", "3", "--repeat", "2"])
    assert code == 0, out + err
    assert len(blocks(out)) == 6
    assert out.splitlines()[-1] == "18 passed, 0 failed"


def test_diff_with_jobs_puts_the_differences_in_the_reports(run_workbench, server, workdir):
    for name in ("one", "two"):
        code, out, err = run_workbench(input=f"base {server}\nget /echo/{name}\nsave {name}.json\n")
        assert code == 0, err
    session = json.loads((workdir / "two.json").read_text())
    response = session["requests"][0]["response"]
    body = json.loads(response["body"])
    body["path"] = "/echo/recorded"
    response["body"] = json.dumps(body)
    (workdir / "two.json").write_text(json.dumps(session))
    code, out, err = run_workbench(["replay", "one.json", "two.json", "--jobs", "2", "--diff",
                                    "--report", "json", "r.json", "--report", "html", "r.html"])
    assert code == 1, out + err
    grouped = blocks(out)
    assert grouped["one.json"][0].startswith("PASS 1 ")
    assert "differs from the recording" in grouped["two.json"][0]
    assert '  $.path: [-"/echo/recorded"-]{+"/echo/two"+}' in out
    report = json.loads((workdir / "r.json").read_text())
    assert report["runs"][1]["requests"][0]["differences"] == ['$.path: [-"/echo/recorded"-]{+"/echo/two"+}']
    assert report["runs"][0]["requests"][0]["differences"] == []
    assert "$.path: [-&quot;/echo/recorded&quot;-]{+&quot;/echo/two&quot;+}" in (workdir / "r.html").read_text()
