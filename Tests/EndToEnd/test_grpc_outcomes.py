"""Issue 44, acceptance: where calls are listed (history, replay lines, reports, diff), a gRPC
call's outcome is its grpc-status, as grpcurl and evans show it, not the HTTP 200 every gRPC
answer comes with."""

from __future__ import annotations

import json

from conftest import script
from test_grpc import grpc_server  # noqa: F401  (the fixture is used by name)


def test_history_replay_reports_and_diff_name_the_grpc_status(run_workbench, workdir, grpc_server):
    code, out, err = run_workbench(input=script(
        f"grpc connect {grpc_server}",
        'grpc call Tester/Greet {"name": "ana"}',
        'grpc call Tester/Fail {"code": 5, "message": "no such thing"}',
        'grpc call Tester/Fail {"code": 5, "message": "gone"}',
        "history",
        "diff 1 2",
        "save calls.json",
    ))
    assert code == 0, err
    history = out[out.index("1  POST "):]
    assert "/workbench.test.Tester/Greet  grpc 0 OK  " in history
    assert "/workbench.test.Tester/Fail  grpc 5 NOT_FOUND  " in history
    assert "  200  " not in history
    assert "status: [-grpc 0 OK-]{+grpc 5 NOT_FOUND+}" in out

    # The third call now expects OK: a check that fails.
    session = json.loads((workdir / "calls.json").read_text())
    session["requests"][2]["expectations"] = ["grpc-status OK"]
    (workdir / "calls.json").write_text(json.dumps(session))
    code, out, err = run_workbench(["replay", "calls.json", "--report", "tap", "out.tap", "--report", "json",
                                    "out.json", "--report", "html", "out.html", "--report", "junit", "out.xml"])
    assert code != 0, out + err
    # The second call ended NOT_FOUND as recorded: it passes, named by its status.
    assert "PASS 2 POST " in out and "/Fail  grpc 5 NOT_FOUND  " in out
    assert "FAIL 3 POST " in out and "grpc-status OK: got NOT_FOUND" in out
    assert " 200 " not in out
    tap = (workdir / "out.tap").read_text()
    assert "  status: 200\n  grpc-status: NOT_FOUND\n" in tap
    report = json.loads((workdir / "out.json").read_text())
    requests = report["runs"][0]["requests"]
    assert [r["grpcStatus"] for r in requests] == ["OK", "NOT_FOUND", "NOT_FOUND"]
    assert [r["result"] for r in requests] == ["passed", "passed", "failed"]
    html = (workdir / "out.html").read_text()
    assert "<td>grpc 5 NOT_FOUND</td>" in html and "<td>200</td>" not in html
    junit = (workdir / "out.xml").read_text()
    assert junit.count("<failure") == 1 and "grpc-status OK: got NOT_FOUND" in junit
