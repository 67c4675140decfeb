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


def test_last_shows_a_call_with_its_status_and_writes_its_messages(run_workbench, workdir, grpc_server):
    code, out, err = run_workbench(input=script(
        f"grpc connect {grpc_server}",
        'grpc call Tester/Fail {"code": 5, "message": "no such thing", "detail": "id 7"}',
        "last",
        'grpc call Tester/GreetMany {"name": "bo", "times": 2}',
        "last status",
        "last > messages.json",
    ))
    assert code == 0, err
    assert out.count("grpc-status: NOT_FOUND (5) no such thing") == 2
    assert out.count('details: {"@type":"type.googleapis.com/workbench.test.Failure"') == 2
    assert out.count("grpc-status: OK (0)") == 2
    assert json.loads((workdir / "messages.json").read_text()) == [
        {"message": "Hello #1, bo", "index": 1}, {"message": "Hello #2, bo", "index": 2}]


def test_a_call_redirected_to_a_file_is_refused_on_one_line(run_workbench, workdir, grpc_server):
    for line in ('grpc call Tester/Greet {"name": "a"} > out.json', "grpc call Tester/Greet > out.json",
                 'grpc call Tester/Greet {"name": "a"} | cat', "grpc call Tester/CollectGreetings <<END > out.json"):
        code, out, err = run_workbench(input=script(f"grpc connect {grpc_server}", line))
        assert code != 0 and "does not go with a call" in err and "`last > FILE`" in err, (line, err)
        assert len(err.strip().splitlines()) == 1, err
        assert not (workdir / "out.json").exists()
    # A `>` inside a message is the message's.
    code, out, err = run_workbench(input=script(f"grpc connect {grpc_server}", 'grpc call Tester/Greet {"name": "a > b"}'))
    assert code == 0 and '"message": "Hello, a > b!"' in out, err


def test_a_proto_file_that_cannot_be_read_is_a_grpc_connect_error(run_workbench, workdir, grpc_server):
    (workdir / "folder.proto").mkdir()
    for name, why in (("nope.proto", "cannot compile 'nope.proto': No such file or directory"),
                      ("folder.proto", "cannot compile 'folder.proto': it is a directory")):
        code, out, err = run_workbench(input=script(f"grpc connect {grpc_server} --proto {name}"))
        assert code != 0
        assert err.strip() == f"error: line 1: grpc connect: {why}", err
