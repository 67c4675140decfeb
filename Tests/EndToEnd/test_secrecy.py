"""A secret set three ways (set --secret, capture --secret, {{env.X}}) never reaches
stdout, stderr, the prompt, history, replay output, JUnit, session files, the autosave
or the history file: the real binary against the local server (which echoes what it
is sent, in clear and in base64)."""
import json
from pathlib import Path

import pexpect

from conftest import script, spawn_repl, spawn_workbench, transcript_of


PW = "pw-Zq81-value"          # set --secret
ENV = "env-Tk55-value"        # {{env.WB_SECRET}}
TOKEN = "tok-123"             # capture --secret from /login
SECRETS = [PW, ENV, TOKEN]


def assert_no_secret(text: str, where: str) -> None:
    for secret in SECRETS:
        assert secret not in text, f"{secret!r} leaked into {where}: {text!r}"


def test_secrets_never_reach_output_files_or_reports(run_workbench, server, workdir: Path):
    env = {"WB_SECRET": ENV, "LOGIN_PW": "secret"}
    code, out, err = run_workbench(input=script(
        f"base {server}",
        f"set --secret pw {PW}",
        'body json {"username": "ana", "password": "{{env.LOGIN_PW}}"}',
        "post /login",
        "capture --secret token $.data.accessToken",
        "header Authorization: Bearer {{token}}",
        "get /me",
        "expect status 200",
        "header X-Env: {{env.WB_SECRET}}",
        "query add key {{pw}}",
        'body json {"pw": "{{pw}}", "env": "{{env.WB_SECRET}}"}',
        "post /echo",
        "path /status/599",
        "get",
        "show",
        "curl",
        "history",
        "vars",
        "save s.json",
    ), env=env)
    assert code == 0, err
    # The login reply is printed before anyone knows its token is a secret; from the capture on, it is masked.
    before, after = out.split("token = ******\n", 1)
    assert TOKEN in before
    assert_no_secret(after, "stdout")
    assert_no_secret(err, "stderr")
    # The echo did come back, masked.
    assert "Bearer ******" in out and "X-Env: ******" in out and "key=******" in out
    session_text = (workdir / "s.json").read_text()
    assert_no_secret(session_text, "the session file")
    session = json.loads(session_text)
    assert session["secrets"] == ["pw", "token"]
    assert session["requests"][0]["captures"][0].get("secret") in (True, None)

    # Replay: secrets come from --var and the environment; lines and the JUnit report stay masked.
    code, out, err = run_workbench(["replay", "s.json", "--keep-going", "--junit", "report.xml",
                                    "--var", f"pw={PW}"], env=env)
    assert code == 0, (out, err)
    assert out.splitlines()[-1] == "4 passed, 0 failed"
    assert_no_secret(out, "replay output")
    assert_no_secret(err, "replay errors")
    report = (workdir / "report.xml").read_text()
    assert_no_secret(report, "the JUnit report")
    assert "key=******" in out


def test_the_repl_prompt_history_and_autosave_hold_no_secret(workbench_bin, workbench_env, workdir: Path, server):
    env = dict(workbench_env, WB_SECRET=ENV)
    child = spawn_workbench(workbench_bin, env, workdir)
    transcript = transcript_of(child)
    child.expect("> ")
    child.sendline(f"base {server}")
    child.expect("> ")
    # Asked with hidden input: what is typed is not echoed.
    child.sendline("set --secret pw")
    child.expect_exact("value of pw (hidden): ")
    child.sendline(PW)
    child.expect("> ")
    for line in ["path /echo/{{pw}}", "header X-Env: {{env.WB_SECRET}}", "set --secret pw ******"]:
        child.sendline(line)
        child.expect("> ")
    child.sendline("send")
    child.expect("> ")
    child.sendline("path")
    child.expect_exact("/echo/******")
    child.expect("> ")
    child.sendeof()
    child.expect(pexpect.EOF)
    screen = "".join(transcript)
    assert_no_secret(screen, "the terminal")
    assert "GET http://127.0.0.1" in screen and "/echo/******" in screen
    assert "is the mask shown in place of a secret" in screen
    state = Path(env["XDG_STATE_HOME"]) / "workbench"
    files = [state / "history", *state.glob("autosave-*")]
    assert len(files) == 2, files
    for path in files:
        assert_no_secret(path.read_text(), path.name)
    assert "set\\040--secret\\040pw\\040******" in (state / "history").read_text()


def test_a_credential_line_typed_wrong_leaves_no_value_in_the_history_file(workbench_bin, workbench_env, workdir: Path):
    """A credential typed on a line that fails (the header's colon forgotten, a stray word after
    a token) cannot be told apart from the rest of the line: the history file keeps the line
    with its arguments masked, never the value."""
    token = "tok-Rw42-value"
    lines = [f"header Authorization Bearer {token}", f"auth bearer {token} extra",
             f"set --secret pw {token} extra", f"auth digest ana {token} zzz"]
    child = spawn_workbench(workbench_bin, workbench_env, workdir)
    child.expect("> ")
    for line in lines:
        child.sendline(line)
        child.expect_exact("error:")
        child.expect("> ")
    child.sendeof()
    child.expect(pexpect.EOF)
    history = (Path(workbench_env["XDG_STATE_HOME"]) / "workbench" / "history").read_text()
    assert token not in history, history
    assert "header\\040******\\040******\\040******" in history, history
    assert "auth\\040bearer\\040******\\040******" in history, history


def test_last_its_file_its_pipe_and_a_partial_save_hold_no_secret(run_workbench, server, workdir: Path):
    """`last`, `last > FILE`, `last | COMMAND` and `save FILE N` go through the one redaction step:
    the pipe gets the body masked, so nothing it prints can show the secret either."""
    env = {"WB_SECRET": ENV}
    code, out, err = run_workbench(input=script(
        f"base {server}",
        f"set --secret pw {PW}",
        "header X-Env: {{env.WB_SECRET}}",
        'body json {"pw": "{{pw}}"}',
        "post /echo",
        "last",
        "last headers",
        "last body",
        "last > body.json",
        "last all > all.txt",
        "last | cat > piped.txt",
        "last | cat",
        "last | base64",
        "get /status/200",
        "save part.json 1",
    ), env=env)
    assert code == 0, err
    assert_no_secret(out, "stdout")
    assert_no_secret(err, "stderr")
    assert out.count('\\"pw\\": \\"******\\"') >= 3, out
    for name in ["body.json", "all.txt", "piped.txt", "part.json"]:
        text = (workdir / name).read_text()
        assert_no_secret(text, name)
    assert '\\"pw\\": \\"******\\"' in (workdir / "body.json").read_text()
    assert "X-Env" in (workdir / "all.txt").read_text()
    assert len(json.loads((workdir / "part.json").read_text())["requests"]) == 1


def test_every_export_masks_a_secret_typed_literally_on_the_screen_and_in_files(run_workbench, server, workdir: Path):
    """`set --secret pw S` then S typed literally (a header, a form body, an `expect` line):
    every export, to the screen or to a file, goes through the one masking; `--secrets`
    alone writes the value."""
    literal = "lit-Vx93-secret"
    exports = ["curl", "curl --exact", "httpie", "http", "hurl", "postman", "swift", "har"]
    lines = [f"base {server}", f"set --secret pw {literal}", f"header X-Lit: {literal}", f"body form a={literal}",
             "post /echo", f'expect json $.body == "a={literal}"', "expect status 200"]
    for index, export in enumerate(exports):
        lines += [f"export {export}", f"export {export} > one-{index}.out"]
        if export != "curl --exact":
            lines += [f"export {export} --session > all-{index}.out"]
    lines += ["export curl --secrets > revealed.sh"]
    code, out, err = run_workbench(input=script(*lines))
    assert code == 0, err
    assert literal not in out + err
    written = sorted(workdir.glob("*.out"))
    assert len(written) == 2 * len(exports) - 1
    for path in written:
        text = path.read_text()
        assert text.strip(), path.name
        assert literal not in text, f"{path.name}: {text}"
    assert literal in (workdir / "revealed.sh").read_text()


def test_import_curl_in_the_repl_keeps_its_credentials_out_of_every_file(workbench_bin, workbench_env, workdir: Path, server):
    """`import curl` typed in the REPL with -u, a Cookie and an Authorization header: the
    credentials become secret variables bound to the origin, so the screen, the history file,
    the autosave, a saved session and every export hold none of them."""

    password, cookie, token = "pw-Rt61-import", "ck-Jw38-import", "tk-Pe05-import"
    child, transcript = spawn_repl(workbench_bin, workbench_env, workdir, server)
    lines = [f"import curl -u ana:{password} -b 'sid={cookie}' {server}/echo",
             f"import curl -H 'Authorization: Bearer {token}' -H 'Cookie: sid={cookie}' {server}/echo",
             "send", "show", "export curl", "export curl > c.sh", "export http --session > s.http",
             "export postman --session > p.json", "save s.json"]
    for line in lines:
        child.sendline(line)
        child.expect_exact("/echo> ")
    child.sendline("exit")
    child.expect(pexpect.EOF)
    secrets = [password, cookie, token]
    screen = "".join(transcript)
    for line in lines:
        # What the user typed is echoed as typed; everything printed after it is checked.
        screen = screen.replace(line, "")
    assert "Bearer ******" in screen and "the credential is kept as the secret" in screen
    state = Path(workbench_env["XDG_STATE_HOME"]) / "workbench"
    files = [state / "history", *state.glob("autosave-*"), *(workdir / name for name in ["c.sh", "s.http", "p.json", "s.json"])]
    assert len(files) >= 6, files
    for text, where in [(screen, "the terminal")] + [(path.read_text(), path.name) for path in files]:
        for secret in secrets:
            assert secret not in text, f"{secret!r} leaked into {where}"
    assert "import\\040curl\\040-u\\040'ana:******'\\040-b\\040'******'" in (state / "history").read_text()
