"""The built binary in script mode: commands from a pipe, or from a file with `workbench run`.

Script mode has no prompt and no line editing: standard output holds exactly what
the commands print, and a failing command prints one `error: line N: ...` line on
standard error. A line that is not UTF-8 is refused whole.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import script

VERSION_PATTERN = re.compile(r"^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$")



def lines_of(text: str) -> list[str]:
    return text.split("\n")[:-1] if text.endswith("\n") else text.split("\n")


@pytest.fixture()
def version(run_workbench) -> str:
    result = run_workbench(["--version"])
    assert result.returncode == 0, result
    text = result.stdout.strip()
    assert VERSION_PATTERN.match(text), f"--version printed {result.stdout!r}"
    return text


def linked_codings() -> str:
    """The Accept-Encoding the workbench sends: what curl (the same libcurl) reports it decodes."""
    if not shutil.which("curl"):
        pytest.skip("the curl tool is not installed")
    features = subprocess.run(["curl", "-V"], capture_output=True, text=True, check=True).stdout
    words = next(line for line in features.splitlines() if line.startswith("Features:")).split()
    codings = (["gzip", "deflate"] if "libz" in words else []) + (["br"] if "brotli" in words else []) \
        + (["zstd"] if "zstd" in words else [])
    return ", ".join(codings) or "identity"


def default_headers(host: str, version: str) -> list[str]:
    return [
        f"Host: {host}",
        f"User-Agent: workbench/{version}",
        "Accept: */*",
        f"Accept-Encoding: {linked_codings()}",
    ]


def assert_ok(result, expected_stdout_lines: list[str]) -> None:
    assert result.stderr == "", f"unexpected stderr: {result.stderr!r}"
    assert result.returncode == 0, f"exit status {result.returncode}; stdout:\n{result.stdout}"
    assert lines_of(result.stdout) == expected_stdout_lines


# --- the seed requests, built with commands and printed with `show` -----------------


def test_seed_movie_database_popular(run_workbench, version):
    """Seed 1: base + path + query + a header that must not be dropped."""
    result = run_workbench([], input=script(
        "base https://api.themoviedb.org",
        "path /3/movie/popular",
        "set key abc123",
        "query add api_key {{key}}",
        "query add language en-US",
        "header Authorization: Bearer {{key}}",
        "show",
        "path",
    ))
    assert_ok(result, [
        "GET /3/movie/popular?api_key=abc123&language=en-US HTTP/1.1",
        *default_headers("api.themoviedb.org", version),
        "Authorization: Bearer abc123",
        "https://api.themoviedb.org/3/movie/popular?api_key=abc123&language=en-US",
    ])


def test_seed_requestable_post_json_without_query(run_workbench, version):
    """Seed 2: a JSON body on POST; no `?` when there is no query."""
    body = '{"title": "Endpoint", "tags": ["swift", "http"]}'
    result = run_workbench([], input=script(
        "base https://notes.example.com/api",
        "path posts",
        "method post",
        f"body json {body}",
        "show",
        "path",
    ))
    assert_ok(result, [
        "POST /api/posts HTTP/1.1",
        *default_headers("notes.example.com", version),
        "Content-Type: application/json",
        f"Content-Length: {len(body.encode())}",
        "",
        body,
        "https://notes.example.com/api/posts",
    ])


def test_seed_firestore_patch_with_repeated_query_names(run_workbench, version):
    """Seed 3: PATCH, the same query name three times in order, an explicit Content-Type."""
    body = '{"fields": {"nickName": {"stringValue": "ana"}}}'
    result = run_workbench([], input=script(
        "base https://firestore.googleapis.com/v1/projects/p/databases/(default)/documents",
        "method patch",
        "path users",
        "path add u1",
        "query add updateMask.fieldPaths profileImage",
        "query add updateMask.fieldPaths nickName",
        "query add updateMask.fieldPaths introduce",
        "header Content-Type: application/json",
        f"body json {body}",
        "show",
    ))
    assert_ok(result, [
        "PATCH /v1/projects/p/databases/(default)/documents/users/u1"
        "?updateMask.fieldPaths=profileImage&updateMask.fieldPaths=nickName&updateMask.fieldPaths=introduce"
        " HTTP/1.1",
        *default_headers("firestore.googleapis.com", version),
        "Content-Type: application/json",
        f"Content-Length: {len(body.encode())}",
        "",
        body,
    ])


def test_seed_firestore_delete_has_no_body_headers(run_workbench, version):
    result = run_workbench([], input=script(
        "base https://firestore.googleapis.com/v1/projects/p/databases/(default)/documents",
        "method delete",
        "path /users/u1",
        "show",
    ))
    assert_ok(result, [
        "DELETE /v1/projects/p/databases/(default)/documents/users/u1 HTTP/1.1",
        *default_headers("firestore.googleapis.com", version),
    ])


def test_seed_rick_and_morty_no_double_slash(run_workbench, version):
    """Seed 4: a base with a trailing slash, a path with a leading one, ordered segments and query."""
    result = run_workbench([], input=script(
        "base https://rickandmortyapi.com/api/",
        "path /character",
        "path add 1",
        "query add name rick",
        "query add status alive",
        "show",
        "path",
    ))
    assert_ok(result, [
        "GET /api/character/1?name=rick&status=alive HTTP/1.1",
        *default_headers("rickandmortyapi.com", version),
        "https://rickandmortyapi.com/api/character/1?name=rick&status=alive",
    ])


def test_seed_login_post(run_workbench, version):
    """Seed 5: POST /login with a JSON body, to a local server with a port."""
    body = '{"username": "ana", "password": "secret"}'
    result = run_workbench([], input=script(
        "base http://localhost:8080",
        "method POST",
        "path /login",
        f"body json {body}",
        "show",
    ))
    assert_ok(result, [
        "POST /login HTTP/1.1",
        *default_headers("localhost:8080", version),
        "Content-Type: application/json",
        "Content-Length: 41",
        "",
        body,
    ])


def test_post_without_body_announces_zero_length(run_workbench, version):
    result = run_workbench([], input=script("base http://localhost:8080", "method post", "path /login", "show"))
    assert_ok(result, [
        "POST /login HTTP/1.1",
        *default_headers("localhost:8080", version),
        "Content-Length: 0",
    ])


def test_custom_method_and_user_headers_keep_order(run_workbench, version):
    result = run_workbench([], input=script(
        "base http://127.0.0.1:8000",
        "method purge",
        "path /cache/item",
        "header X-Second: 2",
        "header X-First: 1",
        "header add X-Second: again",
        "show",
    ))
    assert_ok(result, [
        "PURGE /cache/item HTTP/1.1",
        *default_headers("127.0.0.1:8000", version),
        "X-Second: 2",
        "X-First: 1",
        "X-Second: again",
    ])


def test_user_header_replaces_a_default(run_workbench, version):
    result = run_workbench([], input=script(
        "base http://127.0.0.1:8000",
        "header accept: application/json",
        "header User-Agent: my-client/1.0",
        "show",
    ))
    assert result.returncode == 0, result
    shown = lines_of(result.stdout)
    assert shown[0] == "GET / HTTP/1.1"
    lowered = [line.lower() for line in shown]
    assert [line for line in lowered if line.startswith("accept:")] == ["accept: application/json"]
    assert [line for line in lowered if line.startswith("user-agent:")] == ["user-agent: my-client/1.0"]
    assert "Host: 127.0.0.1:8000" in shown
    assert f"Accept-Encoding: {linked_codings()}" in shown


# --- `path` prints the URL --------------------------------------------------------


@pytest.mark.parametrize(("commands", "url"), [
    (["base https://api.example.com/v2", "path /users"], "https://api.example.com/v2/users"),
    (["base https://api.example.com/v2/", "path users"], "https://api.example.com/v2/users"),
    (["base https://api.example.com", "path add a/b", "path add c"], "https://api.example.com/a%2Fb/c"),
    (["base http://x", "path '/sp ace/%2F/é'"], "http://x/sp%20ace/%2F/%C3%A9"),
    (["base http://x", "query add 'a b' 'x&y=z+'"], "http://x/?a%20b=x%26y%3Dz%2B"),
    (["base http://x", "query add q café"], "http://x/?q=caf%C3%A9"),
    (["base http://x", "query add a 1", "query add a 2", "query set a 3"], "http://x/?a=3"),
    (["base http://x", "query add a 1", "query add b 2", "query rm a"], "http://x/?b=2"),
    (["base http://x:8080", "path /search?q=1&q=2"], "http://x:8080/search?q=1&q=2"),
])
def test_path_prints_the_url(run_workbench, commands, url):
    result = run_workbench([], input=script(*commands, "path"))
    assert_ok(result, [url])


def test_variables_and_environment_are_expanded_when_shown(run_workbench, version):
    result = run_workbench([], input=script(
        "set host 127.0.0.1:9000",
        "base http://{{host}}",
        "header X-From-Env: {{env.WB_E2E_VALUE}}",
        "show",
    ), env={"WB_E2E_VALUE": "from the environment"})
    # `{{env.*}}` values are secrets: masked unless `show --secrets`.
    assert_ok(result, [
        "GET / HTTP/1.1",
        *default_headers("127.0.0.1:9000", version),
        "X-From-Env: ******",
    ])


def test_utf8_variables_survive(run_workbench):
    result = run_workbench([], input=script("set greeting 안녕하세요", "vars"))
    assert_ok(result, ["greeting = 안녕하세요"])


def test_body_from_file_is_read_when_shown(run_workbench, workdir: Path, version):
    (workdir / "payload.json").write_text('{"from": "file"}', encoding="utf-8")
    result = run_workbench([], input=script(
        "base http://x",
        "method put",
        "body @payload.json",
        "show",
    ))
    assert_ok(result, [
        "PUT / HTTP/1.1",
        *default_headers("x", version),
        "Content-Type: application/json",
        "Content-Length: 16",
        "",
        "[the file payload.json, 16 bytes, read when sent]",
    ])


def test_body_from_missing_file_fails_at_show(run_workbench):
    result = run_workbench([], input=script("base http://x", "method post", "body @missing.json", "show"))
    assert result.returncode != 0
    errors = lines_of(result.stderr)
    assert len(errors) == 1 and errors[0].startswith("error: line 4: "), result.stderr
    assert "missing.json" in errors[0]


def test_form_body(run_workbench, version):
    result = run_workbench([], input=script("base http://x", "method post", "body form a=1 'b c=d&e'", "show"))
    assert_ok(result, [
        "POST / HTTP/1.1",
        *default_headers("x", version),
        "Content-Type: application/x-www-form-urlencoded",
        "Content-Length: 13",
        "",
        "a=1&b+c=d%26e",
    ])


def test_help_command_lists_commands(run_workbench):
    result = run_workbench([], input=script("help", "help all"))
    assert result.returncode == 0 and result.stderr == ""
    overview, every = result.stdout.split("\nBuild a request:\n", 1)
    names = ("base", "path", "method", "query", "header", "body", "show", "send", "last", "print", "pager",
             "use", "run", "history", "expect")
    for name in names:
        assert re.search(rf"\s{name}\b", overview), f"`help` does not list {name}"
        assert re.search(rf"^  {name}\b", every, re.MULTILINE), f"`help all` does not list {name}"
    # `help` fits a 24-row terminal with the prompt; no line is wider than 80 columns.
    assert len(overview.split("\n")) <= 22, overview
    assert all(len(line) <= 80 for line in result.stdout.split("\n")), result.stdout


# --- failures ---------------------------------------------------------------------


def test_failing_command_stops_the_script(run_workbench):
    result = run_workbench([], input=script(
        "base http://localhost:8080",
        "path /first",
        "bogus command",
        "path",
        "show",
    ))
    assert result.returncode != 0
    assert result.stdout == ""
    errors = lines_of(result.stderr)
    assert len(errors) == 1, f"expected exactly one line on stderr, got {result.stderr!r}"
    assert re.fullmatch(r"error: line 3: .+", errors[0]), errors[0]
    assert "bogus" in errors[0]


def test_failure_keeps_the_output_before_it(run_workbench):
    result = run_workbench([], input=script("base http://localhost:8080", "path", "body json {not json}", "path"))
    assert result.returncode != 0
    assert lines_of(result.stdout) == ["http://localhost:8080/"]
    errors = lines_of(result.stderr)
    assert len(errors) == 1 and errors[0].startswith("error: line 3: "), result.stderr


def test_error_at_show_time_names_the_line(run_workbench):
    result = run_workbench([], input=script("base http://x", "header X-T: {{missing}}", "show", "path"))
    assert result.returncode != 0
    assert result.stdout == ""
    errors = lines_of(result.stderr)
    assert len(errors) == 1 and errors[0].startswith("error: line 3: "), result.stderr
    assert "missing" in errors[0]


def test_show_without_base_is_an_error(run_workbench):
    result = run_workbench([], input=script("path /users", "show"))
    assert result.returncode != 0
    errors = lines_of(result.stderr)
    assert len(errors) == 1 and errors[0].startswith("error: line 2: "), result.stderr


def test_keep_going_runs_the_rest_and_exits_1(run_workbench):
    result = run_workbench(["--keep-going"], input=script(
        "base http://localhost:8080",
        "bogus",
        "path /after",
        "query add",
        "path",
    ))
    assert result.returncode == 1
    assert lines_of(result.stdout) == ["http://localhost:8080/after"]
    errors = lines_of(result.stderr)
    assert len(errors) == 2, result.stderr
    assert errors[0].startswith("error: line 2: ")
    assert errors[1].startswith("error: line 4: ")


def test_keep_going_then_exit_still_reports_failure(run_workbench):
    result = run_workbench(["--keep-going"], input=script("bogus", "exit", "path"))
    assert result.returncode == 1
    assert result.stdout == ""
    assert len(lines_of(result.stderr)) == 1


def test_run_with_keep_going(run_workbench, workdir: Path):
    (workdir / "steps.wb").write_text(script("base http://x", "bogus", "path"))
    result = run_workbench(["run", "--keep-going", "steps.wb"])
    assert result.returncode == 1
    assert lines_of(result.stdout) == ["http://x/"]
    assert lines_of(result.stderr)[0].startswith("error: line 2: ")


# --- success, exit, comments, multi-line bodies -------------------------------------


def test_success_exits_zero_and_prints_nothing_else(run_workbench):
    result = run_workbench([], input=script("base http://localhost:8080", "path /users", "method put"))
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_empty_input_exits_zero(run_workbench):
    assert tuple(run_workbench([], input="")) == (0, "", "")


def test_input_without_final_newline(run_workbench):
    result = run_workbench([], input="base http://x\npath /last")
    assert result.returncode == 0
    result = run_workbench([], input="base http://x\npath")
    assert_ok(result, ["http://x/"])


@pytest.mark.parametrize("word", ["exit", "quit"])
def test_exit_mid_script(run_workbench, word):
    result = run_workbench([], input=script("base http://x", "path /a", "path", word, "path /b", "path", "bogus"))
    assert_ok(result, ["http://x/a"])


def test_comments_and_blank_lines_are_ignored(run_workbench):
    result = run_workbench([], input=script(
        "# a script with comments",
        "",
        "base http://x",
        "   ",
        "    # an indented comment",
        "\t",
        "path /a",
        "path",
        "bogus",
    ))
    # The failing line is counted with the comments and blank lines before it.
    assert lines_of(result.stdout) == ["http://x/a"]
    errors = lines_of(result.stderr)
    assert len(errors) == 1 and errors[0].startswith("error: line 9: "), result.stderr


def test_crlf_line_endings(run_workbench):
    result = run_workbench([], input="base http://x\r\npath /a\r\npath\r\n")
    assert_ok(result, ["http://x/a"])


def test_heredoc_body(run_workbench, version):
    result = run_workbench([], input=script(
        "base http://127.0.0.1:9",
        "method post",
        "body <<END",
        "line one",
        "  line two, for {{name}}",
        "# not a comment inside a body",
        "",
        "END",
        "set name Ana",
        "show",
    ))
    body = ["line one", "  line two, for Ana", "# not a comment inside a body", ""]
    assert_ok(result, [
        "POST / HTTP/1.1",
        *default_headers("127.0.0.1:9", version),
        f"Content-Length: {len(chr(10).join(body).encode())}",
        "",
        *body,
    ])


def test_heredoc_json_body(run_workbench, version):
    result = run_workbench([], input=script(
        "base http://127.0.0.1:9",
        "method post",
        "body json <<JSON",
        '{"a": [1,',
        ' 2]}',
        "JSON",
        "show",
        "body",
    ))
    body = ['{"a": [1,', ' 2]}']
    assert_ok(result, [
        "POST / HTTP/1.1",
        *default_headers("127.0.0.1:9", version),
        "Content-Type: application/json",
        f"Content-Length: {len(chr(10).join(body).encode())}",
        "",
        *body,
        *body,
    ])


def test_heredoc_json_body_is_validated(run_workbench):
    result = run_workbench([], input=script("body json <<END", '{"a": 1,,}', "END", "body"))
    assert result.returncode != 0
    errors = lines_of(result.stderr)
    assert len(errors) == 1 and re.match(r"error: line \d+: ", errors[0]), result.stderr
    assert result.stdout == ""


def test_unterminated_heredoc_is_an_error(run_workbench):
    result = run_workbench([], input=script("base http://x", "body <<END", "abc"))
    assert result.returncode != 0
    errors = lines_of(result.stderr)
    assert len(errors) == 1 and errors[0].startswith("error: line "), result.stderr
    assert "END" in errors[0]


# --- `workbench run FILE` ----------------------------------------------------------


def test_run_file_matches_stdin(run_workbench, workdir: Path):
    text = script("# from a file", "base https://rickandmortyapi.com/api", "path add character 2", "show", "path")
    (workdir / "seed.wb").write_text(text, encoding="utf-8")
    from_file = run_workbench(["run", "seed.wb"])
    from_stdin = run_workbench([], input=text)
    assert from_file.returncode == 0 and from_file.stderr == ""
    assert from_file.stdout == from_stdin.stdout
    assert lines_of(from_file.stdout)[-1] == "https://rickandmortyapi.com/api/character/2"


def test_run_file_failure_names_the_line(run_workbench, workdir: Path):
    (workdir / "bad.wb").write_text(script("base http://x", "", "# comment", "method 'BAD METHOD'", "path"))
    result = run_workbench(["run", str(workdir / "bad.wb")])
    assert result.returncode != 0
    assert result.stdout == ""
    errors = lines_of(result.stderr)
    assert len(errors) == 1 and errors[0].startswith("error: line 4: "), result.stderr


def test_run_missing_file(run_workbench, workdir: Path):
    result = run_workbench(["run", "no-such-script.wb"])
    assert result.returncode == 2
    assert result.stdout == ""
    errors = lines_of(result.stderr)
    assert len(errors) == 1, result.stderr
    assert errors[0].startswith("error: ") and "no-such-script.wb" in errors[0]


def test_script_mode_writes_no_history(run_workbench, workbench_env):
    result = run_workbench([], input=script("base http://x", "path"))
    assert result.returncode == 0
    state = Path(workbench_env["XDG_STATE_HOME"])
    assert not (state / "workbench" / "history").exists()


# --- command line ------------------------------------------------------------------


def test_version(run_workbench, version):
    result = run_workbench(["--version"])
    assert (result.returncode, result.stdout, result.stderr) == (0, version + "\n", "")


def test_version_matches_the_user_agent(run_workbench, version):
    result = run_workbench([], input=script("base http://x", "show"))
    assert f"User-Agent: workbench/{version}" in lines_of(result.stdout)


def test_help(run_workbench):
    result = run_workbench(["--help"])
    assert result.returncode == 0
    assert "USAGE" in result.stdout.upper()
    assert "run" in result.stdout


def test_help_lists_the_command_line_options(run_workbench):
    """docs/design.md: the command line takes --color, --no-history (and --keep-going for scripts)."""
    result = run_workbench(["--help"])
    assert result.returncode == 0
    missing = [option for option in ("--color", "--no-history", "--keep-going") if option not in result.stdout]
    assert not missing, f"`workbench --help` does not mention {missing}:\n{result.stdout}"


def test_unknown_option_is_refused(run_workbench):
    result = run_workbench(["--no-such-option"], input="")
    assert result.returncode != 0
    assert "--no-such-option" in result.stderr


# --- performance sanity (not timed) ---------------------------------------------------


def test_ten_thousand_building_commands(run_workbench):
    commands = ["base http://localhost:8080", "method post"]
    for index in range(9_993):
        kind = index % 5
        if kind == 0:
            commands.append(f"query add item{index % 50} value{index}")
        elif kind == 1:
            commands.append(f"header X-Item-{index % 20}: {index}")
        elif kind == 2:
            commands.append(f"path /items/{index}")
        elif kind == 3:
            commands.append(f"set v{index % 30} {index}")
        else:
            commands.append("query clear")
    commands += ["query clear", "path /done", "query add final yes", "body json {\"n\": {{v0}}}", "path"]
    assert len(commands) == 10_000
    result = run_workbench([], input=script(*commands), timeout=300)
    assert result.stderr == ""
    assert result.returncode == 0
    assert lines_of(result.stdout) == ["http://localhost:8080/done?final=yes"]


@pytest.mark.parametrize("name", sorted(p.name for p in (Path(__file__).resolve().parents[2] / "Sessions" / "seeds").glob("*.wb")))
def test_seed_scripts_in_the_repo_run(run_workbench, name):
    """The example scripts only build and `show` (no network); each must run cleanly."""
    script = Path(__file__).resolve().parents[2] / "Sessions" / "seeds" / name
    code, out, err = run_workbench(["run", str(script)])
    assert code == 0, err
    assert err == ""
    assert " HTTP/1.1\n" in out


def echoed(out: str) -> dict:
    """The JSON the test server's `/echo` answered, out of what the script printed."""
    return json.loads(out[out.index("{"):out.rindex("}") + 1])


def test_a_line_that_is_not_utf8_is_refused_and_nothing_sent(run_workbench, server):
    data = script(f"base {server}", "path /echo").encode() + b"header X-A: caf\xe9\n" + b"send\n"
    code, out, err = run_workbench(input=data)
    assert code == 1
    errors = [line for line in err.splitlines() if line.startswith("error:")]
    assert errors == ["error: line 3: the line is not valid UTF-8 (byte 0xE9 at column 16): nothing was run; "
                      "values are sent as typed, so lines must be UTF-8"], err
    assert out == ""
    # --keep-going: the rest runs, and the refused header is not there.
    code, out, err = run_workbench(["--keep-going"], input=data)
    assert code == 1
    assert "X-A" not in dict(echoed(out)["headers"])


def test_invalid_utf8_inside_a_body_block_abandons_it(run_workbench, server):
    data = script(f"base {server}", "method POST", "body <<END", "one").encode() + b"tw\xffo\n" + b"END\nshow\n"
    code, out, err = run_workbench(["--keep-going"], input=data)
    assert code == 1
    assert "`body <<END` was abandoned" in err
    assert "one" not in out.split("POST / HTTP/1.1", 1)[-1]


def test_a_huge_unknown_command_gives_one_short_error(run_workbench):
    code, out, err = run_workbench(input="x" * 4_000_000 + "\n", timeout=60)
    assert code == 1
    assert err.startswith("error: line 1: unknown command 'xxxxxxxx") and "(3.8 MB)" in err
    assert len(err) < 300
