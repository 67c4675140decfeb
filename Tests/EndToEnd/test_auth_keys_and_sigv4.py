"""`auth apikey header|query` (against httpbin) and `auth aws-sigv4` (against a server that
verifies every signature with botocore's own signer). The keys are secrets: bound to their
origin, masked in output, history, URLs and files, and carried by the exports."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pexpect
import pytest

from conftest import HERE, script, _script_server, spawn_repl
from test_cookies import localhost

HEADER_KEY = "hk-Zq81-secret"
QUERY_KEY = "qk-Wm42-secret"

AWS_KEY = "AKIDWORKBENCHTEST"
AWS_SECRET = "wJalrXUtnFEMI-K7MDENG-bPxRfiCY-SECRET"
AWS_TOKEN = "FwoGZXIvYXdz-session-SECRET"

SECRETS = [HEADER_KEY, QUERY_KEY, AWS_SECRET, AWS_TOKEN]


def assert_no_secret(text: str, where: str) -> None:
    for secret in SECRETS:
        assert secret not in text, f"{secret!r} leaked into {where}"


def state_files(env: dict[str, str]) -> list[Path]:
    state = Path(env["XDG_STATE_HOME"]) / "workbench"
    return [path for path in state.rglob("*") if path.is_file()]


@pytest.fixture(scope="module")
def aws_server():
    with _script_server(HERE / "aws_verifier.py", "AWS SigV4 verifier") as url:
        yield url


def json_documents(out: str) -> list[dict]:
    """Every pretty-printed JSON object in the output, in order."""
    found, lines, depth = [], [], 0
    for line in out.splitlines():
        if line == "{" and depth == 0:
            lines, depth = [line], 1
            continue
        if depth:
            lines.append(line)
            if line == "}":
                depth = 0
                found.append(json.loads("\n".join(lines)))
    return found


def test_api_keys_go_as_header_or_query_to_their_origin_only_and_never_leak(run_workbench, httpbin, workdir: Path,
                                                                            workbench_env):
    other = localhost(httpbin)
    code, out, err = run_workbench(input=script(
        f"base {httpbin}",
        f"auth apikey header X-Api-Key {HEADER_KEY}",
        "auth",
        "get /anything",
        "show",
        "export curl",
        "export httpie",
        # Another origin: the key stays behind.
        f"base {other}",
        "get /anything",
        f"base {httpbin}",
        f"auth apikey query api_key {QUERY_KEY}",
        "get /anything?a=1",
        "show",
        "export curl",
        "export curl --exact",
        "history",
        "save s.json",
        "export hurl --session > h.hurl",
        "export http --session > s.http",
    ))
    assert code == 0, out + err
    assert_no_secret(out + err, "the output")
    docs = json_documents(out)
    # What arrived (the reply echoes it; the workbench masks the echo).
    assert docs[0]["headers"]["X-Api-Key"] == "******"
    assert "X-Api-Key" not in docs[1]["headers"], "the header key went to another origin"
    assert "api_key" not in docs[1]["args"]
    assert docs[2]["args"] == {"a": "1", "api_key": "******"}
    assert "X-Api-Key" not in docs[2]["headers"], "one auth per origin: the query key replaced the header key"
    assert "apikey header X-Api-Key ******" in out
    assert "X-Api-Key: ******" in out
    assert "not sent here: auth apikey header belongs to" in out + err
    assert f"GET /anything?a=1&api_key=****** HTTP/1.1" in out
    assert "3  GET http://127.0.0.1:" in out and "/anything?a=1&api_key=******  200" in out
    for name in ["s.json", "h.hurl", "s.http"]:
        assert_no_secret((workdir / name).read_text(), name)
    session = json.loads((workdir / "s.json").read_text())
    assert session["endpoint"]["auth"] == {"scheme": "apikey-query", "user": "api_key", "secret": "{{api_key}}",
                                           "origin": httpbin}
    assert "api_key" in session["secrets"]
    assert "X-Api-Key: {{api_key}}" in (workdir / "s.http").read_text()
    assert "api_key={{api_key}}" in (workdir / "h.hurl").read_text()
    for path in state_files(workbench_env):
        assert_no_secret(path.read_text(errors="replace"), str(path))

    # The exported commands, given the secret, send what the workbench sent.
    code, out, err = run_workbench(input=script(
        f"base {httpbin}", f"auth apikey query api_key {QUERY_KEY}", "get /anything", "export curl --secrets"))
    command = out.strip().splitlines()[-1]
    assert QUERY_KEY in command
    sent = json.loads(subprocess.run(command, shell=True, capture_output=True, text=True, timeout=20).stdout)
    assert sent["args"] == {"api_key": QUERY_KEY}

    # A replay is given the key as any secret.
    code, out, err = run_workbench(["replay", "s.json", "--var", f"api_key={QUERY_KEY}"])
    assert code == 0, out + err
    assert "1 passed, 0 failed" in out or "passed" in out
    assert_no_secret(out + err, "the replay output")


def test_a_missing_api_key_is_asked_for_hidden(workbench_bin, workbench_env, workdir: Path, httpbin, run_workbench):
    code, out, err = run_workbench(input=script(f"base {httpbin}", "auth apikey header X-Key"))
    assert code == 1
    assert err.startswith("error: line 2: `auth apikey header` asks for the key, which a script cannot answer: "
                          "give it (`auth apikey header X-Key KEY`)")
    child, transcript = spawn_repl(workbench_bin, workbench_env, workdir, httpbin)
    child.sendline("auth apikey header X-Key")
    child.expect_exact("key X-Key (hidden): ")
    child.sendline(HEADER_KEY)
    child.expect("> ")
    child.sendline("get /headers")
    child.expect_exact('"X-Key": "******"')
    child.expect("> ")
    child.sendline("auth apikey query")
    child.expect_exact("error: auth: expected a NAME")
    child.expect("> ")
    child.sendeof()
    child.expect(pexpect.EOF)
    screen = "".join(transcript)
    assert HEADER_KEY not in screen
    for path in state_files(workbench_env):
        assert_no_secret(path.read_text(errors="replace"), str(path))


def test_aws_sigv4_signatures_verify_with_botocore_and_exports_carry_them(run_workbench, aws_server, workdir: Path,
                                                                          workbench_env):
    code, out, err = run_workbench(input=script(
        f"base {aws_server}",
        f"auth aws-sigv4 {AWS_KEY}:{AWS_SECRET} us-east-1 execute-api",
        "auth",
        "get /prod/items?a=1&b=2",
        "expect status 200",
        "expect json $.verified == true",
        "body json {\"name\": \"x\"}",
        "post /prod/items",
        "expect json $.verified == true",
        f"auth aws-sigv4 {AWS_KEY}:{AWS_SECRET} eu-west-1 s3 --session-token {AWS_TOKEN}",
        "auth",
        "body hello",
        "put /bucket/key.txt",
        "expect json $.verified == true",
        "expect json $.session_token == \"valid\"",
        "expect json $.service == \"s3\"",
        "show",
        "export curl",
        "export curl --exact",
        "history",
        "save s.json",
        "export hurl --session > h.hurl",
    ))
    assert code == 0, out + err
    assert_no_secret(out + err, "the output")
    assert f"aws-sigv4 {AWS_KEY}:****** us-east-1 execute-api" in out
    assert f"aws-sigv4 {AWS_KEY}:****** eu-west-1 s3 (session token ******)" in out
    assert f"--aws-sigv4 aws:amz:eu-west-1:s3 --user '{AWS_KEY}:******'" in out
    assert "X-Amz-Security-Token: ******" in out
    for name in ["s.json", "h.hurl"]:
        assert_no_secret((workdir / name).read_text(), name)
    session = json.loads((workdir / "s.json").read_text())
    assert session["endpoint"]["auth"] == {
        "scheme": "aws-sigv4", "user": AWS_KEY, "secret": "{{aws_secret_key}}", "origin": aws_server,
        "aws": {"region": "eu-west-1", "service": "s3", "sessionToken": "{{aws_session_token}}"}}
    hurl = (workdir / "h.hurl").read_text()
    assert "aws-sigv4: aws:amz:eu-west-1:s3" in hurl and f"user: {AWS_KEY}:{{{{aws_secret_key}}}}" in hurl
    for path in state_files(workbench_env):
        assert_no_secret(path.read_text(errors="replace"), str(path))

    # The exported curl commands, given the secrets, are signed as the workbench signs.
    for export in ["export curl --secrets", "export curl --exact --secrets"]:
        code, out, err = run_workbench(input=script(
            f"base {aws_server}",
            f"auth aws-sigv4 {AWS_KEY}:{AWS_SECRET} eu-west-1 s3 --session-token {AWS_TOKEN}",
            "body hello", "put /bucket/key.txt", export))
        command = out.strip().split("\n}\n")[-1].replace("\\\n", " ")
        reply = json.loads(subprocess.run(command, shell=True, capture_output=True, text=True, timeout=20).stdout)
        assert reply["verified"] is True, (export, command, reply)
        assert reply["session_token"] == "valid"

    # Replay signs again, given the secrets as variables.
    code, out, err = run_workbench(["replay", "s.json", "--var", f"aws_secret_key={AWS_SECRET}",
                                    "--var", f"aws_session_token={AWS_TOKEN}"])
    assert code == 0, out + err
    assert_no_secret(out + err, "the replay output")

    # A wrong secret does not verify; HTTPie has no SigV4 without a plug-in: one clear error.
    code, out, err = run_workbench(input=script(
        f"base {aws_server}", f"auth aws-sigv4 {AWS_KEY}:wrong-secret us-east-1 execute-api", "get /x",
        "expect json $.verified == false", "export httpie"))
    assert code == 1
    assert "export httpie: HTTPie signs AWS Signature Version 4 only with a plug-in" in err


def test_aws_sigv4_is_not_sent_to_another_origin(run_workbench, aws_server):
    other = localhost(aws_server)
    code, out, err = run_workbench(input=script(
        f"base {aws_server}",
        f"auth aws-sigv4 {AWS_KEY}:{AWS_SECRET} us-east-1 execute-api",
        f"base {other}",
        "get /x",
        "expect status 403",
        "expect json $.message == \"no AWS4-HMAC-SHA256 Authorization header\"",
    ))
    assert code == 0, out + err
    assert "not sent here: auth aws-sigv4 belongs to" in out + err


@pytest.mark.parametrize("service", ["execute-api", "s3"])
def test_aws_sigv4_signs_paths_that_need_encoding_as_botocore_does(run_workbench, aws_server, service):
    """AWS signs the path encoded twice for every service but S3 (botocore's SigV4Auth and
    S3SigV4Auth): a path holding encoded bytes (`%20`, UTF-8, an encoded `/`) verifies for
    both, with a query to sort and a body to hash."""
    code, out, err = run_workbench(input=script(
        f"base {aws_server}",
        f"auth aws-sigv4 {AWS_KEY}:{AWS_SECRET} us-east-1 {service} --session-token {AWS_TOKEN}",
        "get /prod/caf%C3%A9/a%20b/x%2Fy?q=a%20b&a=1",
        "expect json $.verified == true",
        "path /prod/{{name}}",
        "set name 'my key (1).txt'",
        "body hello",
        "put",
        "expect json $.verified == true",
        "expect json $.session_token == \"valid\"",
        "get /prod/a/./b/../c",
        "expect json $.verified == true",
        "path /prod/a%20b",
        "export curl",
    ))
    assert code == 0, out + err
    # curl's --aws-sigv4 signs the path as sent: the export says so where AWS would refuse it.
    assert ("the exported command's signature will not verify" in err) == (service != "s3")
    assert_no_secret(out + err, "the output")
    replies = [document for document in json_documents(out) if "verified" in document]
    assert [reply["verified"] for reply in replies] == [True, True, True]
    assert replies[0]["path"].startswith("/prod/caf%C3%A9/a%20b/x%2Fy")
    assert "%20" in replies[1]["path"] or "%28" in replies[1]["path"]
    if service == "s3":
        assert "x-amz-content-sha256" in replies[1]["signed_headers"]
