"""Issue 31: GraphQL with the real binary against a real GraphQL server from PyPI (ariadne on
graphql-core, under waitress: graphql_server.py): `body graphql` (checked, sent as POST JSON,
variables, heredocs), `graphql schema` by introspection with the request's own auth and from
SDL and introspection files, `graphql ls|describe`, errors after the data and on replay,
sessions, exports run by curl, completion through a pseudo-terminal (Tab)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from conftest import HERE, script, _script_server
from test_repl_pty import ENTER, TAB, repl  # noqa: F401  (the fixture is used by name)

TOKEN = "s3cret-token"


@pytest.fixture(scope="module")
def graphql_server():
    """ariadne under waitress on 127.0.0.1 with an ephemeral port; yields its base URL."""
    try:
        import ariadne  # noqa: F401
    except ImportError:
        pytest.fail("ariadne is not installed: run scripts/setup.sh --tests", pytrace=False)
    with _script_server(HERE / "graphql_server.py", "GraphQL server") as url:
        yield url



def test_a_query_with_variables_and_errors_after_the_data(run_workbench, graphql_server):
    code, out, err = run_workbench(input=script(
        f"base {graphql_server}",
        "path /graphql",
        'body graphql query H($id: ID!) { human(id: $id) { name homePlanet appearsIn } }',
        'body graphql vars {"id": "1000"}',
        "send",
        "body graphql { hero(episode: NEWHOPE) { name ... on Droid { primaryFunction } } boom }",
        "send",
    ))
    assert code == 0, err
    assert '"homePlanet": "Tatooine"' in out and '"JEDI"' in out
    assert '"primaryFunction": "Astromech"' in out and '"boom": null' in out
    assert "error: GraphQL: the boom field always fails (path boom; line 1, column 68)" in err
    assert err.count("error: GraphQL:") == 1


def test_a_syntax_error_is_one_line_and_nothing_is_sent(run_workbench, graphql_server):
    code, out, err = run_workbench(input=script(
        f"base {graphql_server}",
        "path /graphql",
        "body graphql { hero { name }",
        "body",
    ))
    assert code != 0
    assert err.strip().splitlines() == ["error: line 3: invalid GraphQL document: line 1, column 16: Expected Name, found <EOF>"]


def test_a_mutation_from_a_heredoc_and_a_replay_that_fails_on_errors(run_workbench, graphql_server, workdir):
    code, out, err = run_workbench(input=script(
        f"base {graphql_server}",
        "path /graphql",
        "body graphql <<END",
        "mutation Add($r: ReviewInput!) {",
        "  createReview(episode: EMPIRE, review: $r) { stars commentary }",
        "}",
        "END",
        "body graphql vars <<END",
        '{"r": {"stars": 5, "commentary": "{{note}}"}}',
        "END",
        "set note great",
        "send",
        "expect json $.data.createReview.stars == 5",
        'body graphql vars {"r": {"stars": -1}}',
        "send",
        "save s.json",
    ))
    assert code == 0, err
    assert '"commentary": "great"' in out
    assert "error: GraphQL: stars must not be negative (path createReview; line 2, column 3)" in err
    # The session replays: the first passes; the second fails on its errors.
    code, out, err = run_workbench(["replay", "s.json"])
    assert code != 0
    assert "PASS 1 POST" in out
    assert "FAIL 2 POST" in out and "GraphQL error: stars must not be negative" in out
    # An expectation about the errors decides instead.
    session = json.loads((workdir / "s.json").read_text())
    session["requests"][1]["expectations"] = ['json $.errors[0].message == "stars must not be negative"']
    (workdir / "s.json").write_text(json.dumps(session))
    code, out, err = run_workbench(["replay", "s.json"])
    assert code == 0, out + err
    assert "2 passed, 0 failed" in out


def test_introspection_with_the_requests_own_auth(run_workbench, graphql_server, workdir):
    env = {"GQL_TOKEN": TOKEN}
    code, out, err = run_workbench(input=script(
        f"base {graphql_server}",
        "path /private/graphql",
        "graphql schema",
    ), env=env)
    assert code != 0 and "/private/graphql answered HTTP/1.1 401 Unauthorized: unauthorized" in err
    code, out, err = run_workbench(input=script(
        f"base {graphql_server}",
        "path /private/graphql",
        "auth bearer {{env.GQL_TOKEN}}",
        "graphql schema",
        "graphql ls",
        "graphql ls Episode",
        "graphql describe Query.search",
        "graphql describe Droid",
        "body graphql { whoami }",
        "send",
        "save s.json",
        "show",
    ), env=env)
    assert code == 0, err
    assert f"loaded {graphql_server}/private/graphql: 13 types; query Query, mutation Mutation" in out
    assert "  search(text: String!, first: Int = 10): [SearchResult!]!" in out
    assert "enum Episode\n  NEWHOPE\n  EMPIRE\n  JEDI\n  HOLIDAY  (deprecated)" in out
    assert "Query.search: [SearchResult!]!\narguments:\n  text: String!  (required)\n  first: Int = 10" in out
    assert "returns union SearchResult = Human | Droid" in out
    # The description's terminal controls are escaped.
    assert "A droid.\\x1b]0;pwned\\x07" in out and "\x1b]0;" not in out
    # The token reached the server (whoami echoes it) but never the screen or the file.
    assert '"whoami": "Bearer ' in out
    saved = (workdir / "s.json").read_text()
    assert f'"graphqlSchema": "{graphql_server}/private/graphql"' in saved
    for text in (out, err, saved):
        assert TOKEN not in text


def test_schema_files_sdl_and_introspection_json(run_workbench, graphql_server, workdir):
    from graphql import build_schema, get_introspection_query, graphql_sync, print_schema

    import graphql_server as served
    schema = build_schema(served.TYPE_DEFS)
    (workdir / "schema.graphql").write_text(print_schema(schema))
    result = graphql_sync(schema, get_introspection_query(descriptions=True))
    (workdir / "schema.json").write_text(json.dumps({"data": result.data}))
    code, out, err = run_workbench(input=script(
        "graphql schema schema.graphql",
        "graphql ls Character",
        "graphql schema schema.json",
        "graphql ls Character",
        "graphql describe ReviewInput",
        "save s.json",
    ))
    assert code == 0, err
    assert "loaded schema.graphql: 14 types; query Query, mutation Mutation" in out
    assert "loaded schema.json: 13 types; query Query, mutation Mutation" in out
    listing = "interface Character  (implemented by Human, Droid)\n  id: ID!\n  name: String!\n  friends: [Character!]!\n  appearsIn: [Episode!]!"
    assert out.count(listing) == 2
    assert 'input ReviewInput\n  stars: Int!\n  commentary: String = "none"' in out
    # The session names the file; loading it reads the file again.
    code, out, err = run_workbench(input=script("load s.json", "graphql"))
    assert code == 0, err
    assert "GraphQL schema from schema.json: 13 types" in out
    # A broken file is one error and the REPL goes on.
    (workdir / "broken.graphql").write_text("type Query { a: }\n")
    code, out, err = run_workbench(input=script("graphql schema broken.graphql", "graphql"))
    assert "error: line 1: broken.graphql: invalid schema: line 1, column 17: Expected Name, found }" in err


def test_the_curl_export_sends_the_same_request(run_workbench, graphql_server):
    code, out, err = run_workbench(input=script(
        f"base {graphql_server}",
        "path /graphql",
        "body graphql query S($t: String!) { search(text: $t) { __typename ... on Human { name } } }",
        'body graphql vars {"t": "luke"}',
        "send",
        "curl",
    ))
    assert code == 0, err
    command = out.strip().splitlines()[-1]
    assert command.startswith("curl ")
    sent = subprocess.run(["sh", "-c", command + " --silent"], capture_output=True, text=True, timeout=30)
    assert json.loads(sent.stdout) == {"data": {"search": [{"__typename": "Human", "name": "Luke Skywalker"}]}}


def test_completion_from_the_schema_in_a_terminal(repl, graphql_server):
    # A single candidate is followed by a space, which GraphQL allows anywhere between tokens.
    session = repl()
    session.line(f"base {graphql_server}")
    session.line("path /graphql")
    session.line("graphql schema")
    session.send("body graphql { he" + TAB)
    session.expect("ro")
    session.send("(ep" + TAB)
    session.expect("isode")
    session.send(": NE" + TAB)
    session.expect("WHOPE")
    session.send(") { na" + TAB)
    session.expect("me")
    session.send(" } }" + ENTER)
    session.prompt()
    session.send("send" + ENTER)
    session.expect("R2-D2")
    session.prompt()
    # In a `body graphql <<END` block, the lines above count.
    session.send("body graphql <<END" + ENTER)
    session.expect("END> ")
    session.send("{" + ENTER)
    session.expect("END> ")
    session.send("  search(text: \"r\") {" + ENTER)
    session.expect("END> ")
    session.send("    ... on Dr" + TAB)
    session.expect("oid")
    session.send(" { primary" + TAB)
    session.expect("Function")
    session.send(" } } }" + ENTER + "END" + ENTER)
    session.prompt()
    session.send("send" + ENTER)
    session.expect("Astromech")
    session.prompt()
    session.send("graphql describe Query.se" + TAB)
    session.expect("arch")
