"""Issue 13, items 1-3: `openapi`, `ls`, `cd`, `describe`, the session's description and
completion from it, with the real binary: the OpenAPI Initiative's petstore (3.0), a 3.1
document, a description with one broken operation, httpbin's own Swagger 2.0 description
(served by flasgger at /spec.json, fetched by URL) and a synthetic 2,000-path description
(scripts/generate_openapi.py). Completion through a pseudo-terminal (Tab)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import REPO_ROOT, script
from test_repl_pty import ANSI, CTRL_U, ENTER, TAB, repl  # noqa: F401  (the fixture is used by name)

FIXTURES = REPO_ROOT / "Tests" / "Fixtures" / "OpenAPI"
GENERATOR = REPO_ROOT / "scripts" / "generate_openapi.py"



def copy(workdir: Path, *names: str) -> None:
    for name in names:
        shutil.copy(FIXTURES / name, workdir / name)


def test_petstore_ls_cd_describe_and_send(run_workbench, server, workdir):
    copy(workdir, "petstore.yaml")
    result = run_workbench([], input=script(
        f"base {server}", "openapi petstore.yaml", "ls", "cd pets", "cd {id}", "path",
        "describe", "cd ../42", "path", "cd ..", "describe POST"), cwd=workdir)
    assert result.returncode == 0, result
    out = result.stdout
    assert "loaded petstore.yaml: Swagger Petstore 1.0.0 (OpenAPI 3.0.0)\n3 operations on 2 paths" in out
    assert f"the base stays {server}\nits first server: http://petstore.swagger.io/v1 (`base URL` to use it)\n" in out
    assert "pets/      GET POST\n  {petId}  GET\n" in out
    assert f"{server}/pets/%7BpetId%7D\n" in out  # `path` shows the URL as it would be sent
    assert "GET /pets/{petId}  (showPetById)\nInfo for a specific pet\n" in out
    assert "  petId  path    required  string\n    The id of the pet to retrieve\n" in out
    assert f"{server}/pets/42\n" in out
    assert "request body (required): application/json\n  id: integer (int64), required\n  name: string, required\n  tag: string\n" in out
    assert all(len(line) <= 80 for line in out.splitlines()), out


def test_an_unfilled_parameter_is_not_sent(run_workbench, server, workdir):
    copy(workdir, "petstore.yaml")
    result = run_workbench([], input=script(f"base {server}", "openapi petstore.yaml", "cd /pets/{petId}", "send"), cwd=workdir)
    assert result.returncode != 0
    assert result.stderr.strip().splitlines() == [
        "error: line 4: the path /pets/{petId} still has {petId} to fill: `cd ..` then `cd VALUE`, or `path` with the value"]


def test_three_one_document(run_workbench, workdir):
    copy(workdir, "zoo-3.1.yaml")
    result = run_workbench([], input=script(
        "openapi zoo-3.1.yaml", "base", "ls /animals", "describe GET /animals", "describe /animals/7"), cwd=workdir)
    assert result.returncode == 0 and result.stderr == "", result
    out = result.stdout
    assert "zoo-3.1.yaml: Zoo 1.0 (OpenAPI 3.1.0)\n6 operations on 4 paths" in out
    assert "http://localhost:8080/zoo\n" in out
    assert ".           GET POST\nmine        GET\n{animalId}  GET DELETE\n" in out
    assert "  kind     query   optional  string  one of: cat, dog, owl" in out
    assert "  2XX      The animals  (application/vnd.zoo+json: array of Animal)" in out
    assert "  animalId  path    required  integer  e.g. 7" in out


def test_one_broken_operation_is_one_warning_and_the_rest_loads(run_workbench, workdir):
    copy(workdir, "broken-operation.json")
    result = run_workbench([], input=script("openapi broken-operation.json", "ls", "describe POST /bad"), cwd=workdir)
    assert result.returncode == 0, result
    warnings = result.stderr.strip().splitlines()
    assert len(warnings) == 1 and warnings[0].startswith("warning: broken-operation.json: left out GET /bad: "), warnings
    assert "Location" in warnings[0] and "nowhere" in warnings[0]
    assert "also-good/\n  {id}      PUT\nbad         POST\ngood        GET\n" in result.stdout
    assert "POST /bad\n" in result.stdout


def test_not_a_description_is_one_error_and_the_repl_goes_on(run_workbench, workdir):
    (workdir / "notes.yaml").write_text("shopping:\n  - milk\n")
    (workdir / "bad.json").write_text('{"openapi": "3.0.0", "paths": {')
    result = run_workbench(["--keep-going"], input=script(
        "openapi notes.yaml", "openapi bad.json", "openapi missing.yaml", "openapi"), cwd=workdir)
    errors = result.stderr.strip().splitlines()
    assert errors == [
        "error: line 1: notes.yaml is not an OpenAPI description: it has no `openapi` or `swagger` version at its top",
        errors[1], errors[2]], errors
    assert errors[1].startswith("error: line 2: bad.json is not valid JSON: ") and "line 1" in errors[1]
    assert errors[2].startswith("error: line 3: ") and "missing.yaml" in errors[2]
    assert result.stdout == "(no API description: `openapi FILE-or-URL` loads one)\n"


def test_httpbin_swagger_two_by_url(run_workbench, httpbin, workdir):
    result = run_workbench([], input=script(
        f"base {httpbin}", f"openapi {httpbin}/spec.json", "ls /status", "cd /anything", "describe",
        "cd /bytes/16", "describe", "cd /anything/hello", "get", "cd /status/418", "get"), cwd=workdir)
    assert result.returncode == 0, result
    assert result.stderr == "", result.stderr
    out = result.stdout
    assert f"loaded {httpbin}/spec.json: httpbin.org 0.10.4 (Swagger 2.0)" in out
    assert f"the base stays {httpbin}\nits first server: https://httpbin.org" in out
    assert "{codes}  GET POST PATCH PUT DELETE TRACE" in out
    assert "GET /anything\nReturns anything passed in request data.\n" in out
    assert "GET /bytes/{n}\nReturns n random bytes generated with given seed\n" in out
    assert "  n  path    required  integer\n" in out
    assert "HTTP/1.1 200 OK" in out and f'"url": "{httpbin}/anything/hello"' in out
    assert "HTTP/1.1 418 I'M A TEAPOT" in out


def test_the_session_names_the_description_and_loads_it_again(run_workbench, workdir):
    copy(workdir, "zoo-3.1.yaml")
    saved = run_workbench([], input=script("openapi zoo-3.1.yaml", "cd /animals", "save s.json"), cwd=workdir)
    assert saved.returncode == 0, saved
    document = json.loads((workdir / "s.json").read_text())
    assert document["openapi"] == "zoo-3.1.yaml" and document["version"] == 2
    loaded = run_workbench(["s.json"], input=script("openapi", "describe"), cwd=workdir)
    # What loading the session named on the command line says goes to standard error.
    assert loaded.returncode == 0 and "loaded zoo-3.1.yaml" in loaded.stderr and "warning" not in loaded.stderr, loaded
    assert "zoo-3.1.yaml: Zoo 1.0 (OpenAPI 3.1.0)" in loaded.stdout and "GET /animals\nList animals" in loaded.stdout
    # The description gone: a warning; the session loads all the same and keeps naming it.
    (workdir / "zoo-3.1.yaml").unlink()
    missing = run_workbench([], input=script("load s.json", "path", "save s.json"), cwd=workdir)
    assert missing.returncode == 0, missing
    assert missing.stderr.strip().splitlines() == [
        "warning: the session's API description was not loaded: cannot read 'zoo-3.1.yaml': No such file or directory"] \
        or "was not loaded" in missing.stderr
    assert "http://localhost:8080/zoo/animals" in missing.stdout
    assert json.loads((workdir / "s.json").read_text())["openapi"] == "zoo-3.1.yaml"


def test_a_secret_in_the_description_url_stays_masked(run_workbench, httpbin, workdir):
    secret = "s3cr3t-openapi-token"
    result = run_workbench([], input=script(
        f"base {httpbin}", f"set --secret token {secret}", f"openapi {httpbin}/spec.json?token={{{{token}}}}",
        "openapi", "save s.json"), cwd=workdir)
    assert result.returncode == 0, result
    assert secret not in result.stdout and secret not in result.stderr
    text = (workdir / "s.json").read_text()
    assert secret not in text
    assert json.loads(text)["openapi"] == f"{httpbin}/spec.json?token={{{{token}}}}"


def generated(workdir: Path, *args: str) -> Path:
    path = workdir / "big.json"
    with open(path, "w") as out:
        subprocess.run([sys.executable, str(GENERATOR), *args], stdout=out, check=True)
    return path


def test_a_large_description_loads_and_lists_bounded(run_workbench, workdir):
    generated(workdir)
    result = run_workbench([], input=script(
        "openapi big.json", "ls", "ls /r7", "cd /r7/items3/{id}/parts/9", "describe PUT"), cwd=workdir)
    assert result.returncode == 0 and result.stderr == "", result
    out = result.stdout
    assert "big.json: Synthetic 1 (OpenAPI 3.0.3)\n6000 operations on 2000 paths" in out
    listing = out.split("(its first server)\n", 1)[1].split("r0/", 0)[0]
    first_ls = listing.split("\n… and ")[0].splitlines()
    assert len(first_ls) <= 40 and first_ls[0].startswith("r0/ ") and "paths below)" in first_ls[0], first_ls[:3]
    assert "PUT /r7/items3/{id}/parts/{partId}" in out
    # The deep $ref chain (F7L0 -> F7L1 -> ... -> Node, which refers to itself) is outlined, bounded.
    assert "  next: object" in out and "next: object {…}" in out
    assert all(len(line) <= 80 for line in out.splitlines())


def test_completion_from_the_description_in_a_terminal(repl, workdir):
    copy(workdir, "petstore.yaml", "zoo-3.1.yaml")
    session = repl()
    session.line("openapi zoo-3.1.yaml")
    session.send("cd a" + TAB)
    session.expect("nimals/")
    session.send(TAB + TAB)
    session.expect_re(r"\{animalId\}")
    screen = ANSI.sub("", session.child.before + session.child.after)
    session.send(CTRL_U + ENTER)
    session.prompt()
    session.line("cd /keepers/{x}", "GET http://localhost:8080/zoo/keepers/{keeperId}> ")
    session.line("cd /")
    session.send("cd keepers/" + TAB + TAB)
    session.expect_re(r"bob")
    session.send("b" + TAB)
    session.expect("ob/")
    session.send(ENTER)
    session.prompt("GET http://localhost:8080/zoo/keepers/bob> ")
    session.line("cd /animals")
    session.send("query add k" + TAB)
    session.expect("ind ")
    session.send("o" + TAB)
    session.expect("wl ")
    session.send(ENTER)
    session.prompt("GET http://localhost:8080/zoo/animals?kind=owl> ")
    session.send("header X-T" + TAB)
    session.expect("race: ")
    session.send("1" + ENTER)
    session.prompt()
    session.line("cd 7")
    session.send("method " + TAB + TAB)
    session.expect_re(r"DELETE")
    assert "POST" not in ANSI.sub("", session.child.before + session.child.after).split("method")[-1]
    session.send("D" + TAB)
    session.expect("ELETE")
    session.send(ENTER)
    session.prompt("DELETE http://localhost:8080/zoo/animals/7?kind=owl> ")
    assert "mine" in screen
