"""The reports of `workbench replay` tell what broke from what failed, as CI reads them.

One replay of two files, run as the real binary against the local test server:
- a.json: a request that passes, one to a port nobody listens on (connection refused: an
  error, before any check could run), then one left unsent (the run stops at the first
  failure: skipped);
- b.json: a request whose status check fails (a failure), then one left unsent.

The JUnit report is validated against Jenkins' JUnit schema (Tests/Fixtures/JUnit, MIT) with
xmlschema, and its counts read: `<error type="connection refused">`, `<failure>`,
`<skipped/>`, `errors=`/`failures=`/`skipped=` on each testsuite. The TAP report is read by
Perl's TAP::Parser (what `prove` uses); the JSON and HTML reports say the same.
"""

from __future__ import annotations

import json
import socket
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import xmlschema

SCHEMA = Path(__file__).resolve().parent.parent / "Fixtures" / "JUnit" / "junit-10.xsd"


def closed_port() -> int:
    """A loopback port nobody listens on: bound, then released (nothing listens there after)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def record(run_workbench, workdir: Path, server: str, name: str, paths: list[str]) -> dict:
    lines = [f"base {server}"] + [f"get {path}" for path in paths] + [f"save {name}"]
    code, out, err = run_workbench(input="\n".join(lines) + "\n")
    assert code == 0, err
    return json.loads((workdir / name).read_text())


def replay_with_reports(run_workbench, server, workdir):
    a = record(run_workbench, workdir, server, "a.json", ["/echo/1", "/echo/2", "/echo/3"])
    port = closed_port()
    a["requests"][1]["endpoint"]["base"] = f"http://127.0.0.1:{port}"
    (workdir / "a.json").write_text(json.dumps(a))
    b = record(run_workbench, workdir, server, "b.json", ["/echo/4", "/echo/5"])
    # Recorded as a 200; the server now answers 500: the status check fails.
    b["requests"][0]["endpoint"]["path"] = "/status/500"
    (workdir / "b.json").write_text(json.dumps(b))
    code, out, err = run_workbench(["replay", "a.json", "b.json", "--report", "junit", "r.xml", "--report", "tap",
                                    "r.tap", "--report", "json", "r.json", "--report", "html", "r.html"])
    return port, code, out, err


def test_a_refused_connection_a_failed_check_and_skipped_requests_in_every_report(run_workbench, server, workdir):
    port, code, out, err = replay_with_reports(run_workbench, server, workdir)
    assert code == 1, err
    assert f"connection refused: 127.0.0.1:{port}" in out
    assert out.splitlines()[-1] == "1 passed, 2 failed"
    refused = f"2 GET http://127.0.0.1:{port}/echo/2"

    # JUnit: valid against the schema, errors apart from failures, skipped cases listed.
    xmlschema.XMLSchema(str(SCHEMA)).validate(str(workdir / "r.xml"))
    root = ElementTree.parse(workdir / "r.xml").getroot()
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("5", "1", "1")
    suite_a, suite_b = root.findall("testsuite")
    counts = [(s.get("tests"), s.get("failures"), s.get("errors"), s.get("skipped")) for s in (suite_a, suite_b)]
    assert counts == [("3", "0", "1", "1"), ("2", "1", "0", "1")]
    cases_a = suite_a.findall("testcase")
    assert [case.get("name") for case in cases_a][1] == refused
    assert cases_a[0].find("*") is None
    error = cases_a[1].find("error")
    assert error is not None and cases_a[1].find("failure") is None
    assert error.get("type") == "connection refused"
    assert error.get("message") == f"connection refused: 127.0.0.1:{port}"
    assert cases_a[2].find("skipped") is not None and "first failure" in cases_a[2].find("skipped").get("message")
    cases_b = suite_b.findall("testcase")
    failure = cases_b[0].find("failure")
    assert failure is not None and cases_b[0].find("error") is None
    assert failure.get("message") == "status 200: got 500"
    assert cases_b[1].find("skipped") is not None

    # TAP, as prove reads it: five tests, two not ok, two skipped, each diagnostic a YAML block.
    tap = (workdir / "r.tap").read_text()
    parsed = subprocess.run(["perl", "-MTAP::Parser", "-e", PARSE_TAP], input=tap, capture_output=True,
                            text=True, check=True).stdout.split()
    assert parsed == ["run=5", "passed=3", "failed=2,4", "skipped=3,5", "yaml=2", "plan=1", "errors=0"], tap
    lines = tap.splitlines()
    assert f"not ok 2 - {refused}" in lines
    assert lines[lines.index(f"not ok 2 - {refused}") + 4] == '  kind: "connection refused"'
    assert "  severity: error" in lines and "  severity: fail" in lines
    assert any(line.startswith("ok 3 - 3 GET ") and " # SKIP not sent: the run stopped at the first failure" in line
               for line in lines)

    # JSON: `failed` as the closing line counts it, `errors` of them apart; each request's result.
    report = json.loads((workdir / "r.json").read_text())
    assert (report["passed"], report["failed"], report["errors"], report["notSent"]) == (1, 2, 1, 2)
    results = [[(r["result"], r["kind"]) for r in run["requests"]] for run in report["runs"]]
    assert results == [[("passed", None), ("error", "connection refused"), ("skipped", None)],
                       [("failed", "status"), ("skipped", None)]]
    assert report["runs"][0]["requests"][1]["problems"] == [
        {"kind": "connection refused", "error": True, "message": f"connection refused: 127.0.0.1:{port}"}]
    assert report["runs"][1]["requests"][1]["skipped"].startswith("not sent: the run stopped at the first failure")

    # HTML: the same verdicts, marked.
    page = (workdir / "r.html").read_text()
    assert "1 passed, 2 failed (1 error), 2 not sent" in page
    assert f"ERROR (connection refused) connection refused: 127.0.0.1:{port}" in page
    assert page.count('<tr class="skipped">') == 2 and page.count('<tr class="error">') == 1


# Reads TAP from standard input as `prove` does: counts, and every parse error.
PARSE_TAP = r"""
local $/; my $tap = <STDIN>;
my $parser = TAP::Parser->new({ tap => $tap });
my $yaml = 0;
while (my $result = $parser->next) { $yaml++ if $result->is_yaml; }
print "run=", $parser->tests_run, " passed=", scalar($parser->passed), " failed=", join(",", $parser->failed),
      " skipped=", join(",", $parser->skipped), " yaml=$yaml plan=", ($parser->is_good_plan ? 1 : 0),
      " errors=", scalar($parser->parse_errors), "\n";
"""
