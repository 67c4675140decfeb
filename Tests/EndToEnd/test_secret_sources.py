"""`set --secret NAME --from SOURCE`: secrets read from where they live (a command, `pass`
with a gpg key made here, libsecret's `secret-tool` under a private D-Bus session with
gnome-keyring), when first needed, held in memory only; sources that fail say which and
why, and nothing is sent."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from test_environments import EnvironmentServer
from test_script_mode import script

CMD_SECRET = "cmd-Sec-4411-value"
PASS_SECRET = "pass-Sec-5522-value"
KEYRING_SECRET = "kr-Sec-6633-value"


def require(*tools: str) -> None:
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if missing:
        message = f"not installed: {', '.join(missing)} (scripts/setup.sh --tests installs them)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture()
def api():
    server = EnvironmentServer("api", "eu")
    yield server
    server.stop()


def files_under(folder: Path) -> dict[str, str]:
    return {str(path): path.read_text(errors="replace") for path in folder.rglob("*") if path.is_file()}


def assert_nowhere(secret: str, out: str, err: str, folder: Path) -> None:
    assert secret not in out and secret not in err
    for path, text in files_under(folder).items():
        assert secret not in text, f"{secret!r} leaked into {path}"


def test_a_command_source_is_read_once_when_first_needed(run_workbench, api, workdir, tmp_path):
    # The command prints the secret without holding it: the source is no secret (`vars` shows it).
    source = "cmd:echo run >> runs.txt; printf %s-%s " + " ".join(CMD_SECRET.rsplit("-", 1))
    code, out, err = run_workbench(input=script(
        f"base {api.url}",
        f"set --secret token --from '{source}'",
        "vars",
        "header Authorization: Bearer {{token}}",
        "show",
        "get /item",
        "get /again",
        "vars",
        "save s.json",
    ))
    assert code == 0, err
    assert f"token = ****** (secret, from {source}, not read yet)" in out
    # Sent to the server as it is, masked everywhere it is shown, and read once.
    assert api.authorizations == [f"Bearer {CMD_SECRET}"] * 2
    assert (workdir / "runs.txt").read_text() == "run\n"
    assert '"auth": "Bearer ******"' in out
    session = json.loads((workdir / "s.json").read_text())
    assert session["secretSources"] == {"token": source} and "token" in session["secrets"]
    assert_nowhere(CMD_SECRET, out, err, tmp_path)
    # A replay reads the source again; so does a REPL that loads the session.
    code, out, err = run_workbench(["replay", "s.json"])
    assert code == 0, err + out
    assert api.authorizations[-2:] == [f"Bearer {CMD_SECRET}"] * 2
    code, out, err = run_workbench(input=script("load s.json", "replay 1"))
    assert code == 0, err
    assert "not restored" not in out and api.authorizations[-1] == f"Bearer {CMD_SECRET}"
    assert (workdir / "runs.txt").read_text() == "run\n" * 3
    assert_nowhere(CMD_SECRET, out, err, tmp_path)


@pytest.mark.parametrize("source, message", [
    ("op://vault/item/field", "op://vault/item/field: op is not installed (not found on PATH)"),
    ("keychain:api/ana", "keychain:api/ana: security is not installed (not found on PATH)"),
    ("env:WB_NOT_SET_ANYWHERE", "env:WB_NOT_SET_ANYWHERE: the environment variable is not set"),
    ("cmd:echo 'vault sealed' >&2; exit 3", "exited with status 3: vault sealed"),
    ("cmd:printf ''", "sh gave an empty value"),
    ("cmd:printf 'a\\033[31mb' >&2; exit 1", "exited with status 1: a\\u{1B}[31mb"),
])
def test_a_source_that_fails_says_which_and_why_and_nothing_is_sent(run_workbench, api, source, message):
    code, out, err = run_workbench(["--keep-going"], input=script(
        f"base {api.url}", f"set --secret token --from \"{source}\"", "header X-Key: {{token}}", "get /item", "show"),
        env={"PATH": "/usr/bin:/bin"})
    assert code == 1
    lines = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(lines) == 1 and "{{token}} not read, nothing sent: " in lines[0] and message in lines[0], err
    assert api.counter == 0
    assert "X-Key: ******" in out, "`show` needs no value"


def test_pass_is_a_real_source(run_workbench, api, workdir, tmp_path):
    require("pass", "gpg", "gpgconf")
    home = Path(tempfile.mkdtemp(prefix="wbg"))  # short: gpg-agent's socket path is bounded
    env = {"GNUPGHOME": str(home / "g"), "PASSWORD_STORE_DIR": str(home / "store")}
    (home / "g").mkdir(mode=0o700)
    run_env = dict(os.environ, **env)
    try:
        subprocess.run(["gpg", "--batch", "--passphrase", "", "--quick-gen-key", "Workbench Test <wb@example.invalid>",
                        "default", "default", "never"], env=run_env, check=True, capture_output=True, timeout=60)
        subprocess.run(["pass", "init", "wb@example.invalid"], env=run_env, check=True, capture_output=True, timeout=30)
        subprocess.run(["pass", "insert", "-m", "api/token"], input=f"{PASS_SECRET}\nuser: ana\n".encode(), env=run_env,
                       check=True, capture_output=True, timeout=30)
        code, out, err = run_workbench(["--keep-going"], input=script(
            f"base {api.url}",
            "set --secret token --from pass:api/token",
            "header Authorization: Bearer {{token}}",
            "get /item",
            "set --secret other --from pass:api/nothing-here",
            "header X-Other: {{other}}",
            "get /item",
            "save s.json",
        ), env=env)
        assert api.authorizations == [f"Bearer {PASS_SECRET}"], "the first line only, once"
        assert "pass:api/nothing-here: pass exited with status 1: Error: api/nothing-here is not in the password store." in err
        assert code == 1 and err.count("error:") == 1
        assert_nowhere(PASS_SECRET, out, err, tmp_path)
    finally:
        subprocess.run(["gpgconf", "--kill", "gpg-agent"], env=run_env, capture_output=True, timeout=30)
        shutil.rmtree(home, ignore_errors=True)


def test_secret_tool_under_a_headless_gnome_keyring(workbench_bin, workbench_env, api, workdir, tmp_path):
    require("secret-tool", "gnome-keyring-daemon", "dbus-run-session")
    runtime = Path(tempfile.mkdtemp(prefix="wbk"))
    runtime.chmod(0o700)
    (workdir / "in.txt").write_text(script(
        f"base {api.url}",
        "set --secret token --from secret-tool:service=wbtest,user=ana",
        "header Authorization: Bearer {{token}}",
        "get /item",
        "set --secret other --from secret-tool:service=nothing",
        "header X-Other: {{other}}",
        "get /item",
    ))
    # The login keyring made and unlocked with a password on standard input, no prompt.
    (workdir / "run.sh").write_text(
        "printf pw | gnome-keyring-daemon --daemonize --login >/dev/null\n"
        'eval "$(gnome-keyring-daemon --start --components=secrets)"\n'
        f"printf {KEYRING_SECRET} | secret-tool store --label=wb service wbtest user ana || exit 97\n"
        f'exec "$1" --keep-going < in.txt\n')
    env = dict(workbench_env, XDG_RUNTIME_DIR=str(runtime), XDG_DATA_HOME=str(tmp_path / "home" / ".local" / "share"))
    try:
        result = subprocess.run(["dbus-run-session", "--", "sh", "run.sh", workbench_bin], env=env, cwd=workdir,
                                capture_output=True, timeout=60)
    finally:
        shutil.rmtree(runtime, ignore_errors=True)
    out, err = result.stdout.decode(), result.stderr.decode()
    assert result.returncode == 1, err
    assert api.authorizations == [f"Bearer {KEYRING_SECRET}"]
    assert "secret-tool:service=nothing: secret-tool exited with status 1: no such item (or the keyring is locked)" in err
    assert KEYRING_SECRET not in out and KEYRING_SECRET not in err
