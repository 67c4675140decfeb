"""`body edit` with a real editor process: $EDITOR is a script that records what it was
given and writes the next prepared reply (or fails), run through /bin/sh as git does; without
$VISUAL or $EDITOR, `editor`, `nano` or `vi` on the PATH, as git does."""
from __future__ import annotations

from pathlib import Path

from conftest import script


EDITOR = """#!/bin/sh
for file; do :; done  # the file is the last argument, after the editor's own options
set -- "$file"
dir=$(dirname "$0")
n=$(cat "$dir/count" 2>/dev/null || echo 0); n=$((n + 1)); echo $n > "$dir/count"
cp "$1" "$dir/seen-$n"
case "$1" in *.json) echo json > "$dir/kind-$n";; *) echo text > "$dir/kind-$n";; esac
[ -f "$dir/fail-$n" ] && exit 3
cp "$dir/reply-$n" "$1"
"""


def editor(tmp_path: Path, replies: dict[int, str | None]) -> tuple[Path, dict[str, str]]:
    folder = tmp_path / "editor"
    folder.mkdir()
    script_path = folder / "edit.sh"
    script_path.write_text(EDITOR)
    script_path.chmod(0o755)
    for number, reply in replies.items():
        if reply is None:
            (folder / f"fail-{number}").write_text("")
        else:
            (folder / f"reply-{number}").write_text(reply)
    return folder, {"EDITOR": f"{script_path} --wait", "VISUAL": None}


def test_an_invalid_json_edit_is_kept_for_another_try(run_workbench, tmp_path: Path):
    folder, env = editor(tmp_path, {1: '{"a": 1,\n', 2: None, 3: '{"a": 1, "b": "{{x}}"}\n'})
    code, out, err = run_workbench(["--keep-going"], input=script(
        "base http://127.0.0.1:9",
        'body json {"a": 0}',
        "body edit",   # invalid JSON: kept, body unchanged
        "body",
        "body edit",   # the editor fails: unchanged
        "body edit",   # opens the kept edit again; now valid
        "body",
    ), env=env)
    assert code == 1
    errors = err.splitlines()
    assert len(errors) == 2
    assert errors[0].startswith("error: line 3: the edited body is not valid JSON: ")
    assert errors[0].endswith("the body is unchanged, and `body edit` opens your edit again")
    assert errors[1] == f"error: line 5: the editor ({folder / 'edit.sh'} --wait) exited with status 3: the body is unchanged"
    assert out.splitlines() == ['{"a": 0}', '{"a": 1, "b": "{{x}}"}']
    assert (folder / "seen-1").read_text() == '{"a": 0}'
    assert (folder / "seen-3").read_text() == '{"a": 1,'
    assert (folder / "kind-1").read_text().strip() == "json"


def test_a_text_body_and_a_new_body(run_workbench, tmp_path: Path):
    folder, env = editor(tmp_path, {1: "hello\nworld\n", 2: '[1, 2]\n'})
    code, out, err = run_workbench(input=script(
        "base http://127.0.0.1:9", "body some text", "body edit", "body", "body clear", "body edit", "method post", "show",
    ), env=env)
    assert code == 0, err
    assert out.startswith("hello\nworld\n")
    assert (folder / "kind-1").read_text().strip() == "text" and (folder / "seen-2").read_text() == ""
    assert "Content-Type: application/json" in out and out.endswith("[1, 2]\n")


def test_without_an_editor_or_on_another_body_kind(run_workbench, tmp_path: Path):
    code, out, err = run_workbench(["--keep-going"], input=script(
        "body edit", "method post", "body form a=1", "body edit"),
        env={"EDITOR": None, "VISUAL": None, "PATH": str(tmp_path)})  # no editor, nano or vi to fall back on
    assert err.splitlines() == [
        "error: line 1: `body edit` needs an editor: set $VISUAL or $EDITOR (none of editor, nano, vi is on the PATH)",
        "error: line 4: `body edit` edits a text or JSON body; this one is form 1 field: type it again with `body ...`",
    ]


FALLBACK_EDITOR = """#!/bin/sh
PATH=/usr/bin:/bin
echo '{"edited": true}' > "$1"
echo "$0" > "$(dirname "$0")/ran"
"""


def test_body_edit_falls_back_to_an_editor_on_the_path_as_git_does(run_workbench, workdir):
    folder = workdir / "bin"
    folder.mkdir()
    nano = folder / "nano"
    nano.write_text(FALLBACK_EDITOR)
    nano.chmod(0o755)
    env = {"EDITOR": None, "VISUAL": None, "PATH": str(folder)}
    code, out, err = run_workbench(input=script('body json {"a": 1}', "body edit", "body"), env=env)
    assert code == 0, err
    assert out.strip().endswith('{"edited": true}')
    assert (folder / "ran").read_text().strip() == str(nano)
    # None on the PATH: the error says what was looked for.
    nano.unlink()
    code, out, err = run_workbench(input=script('body json {"a": 1}', "body edit"), env=env)
    assert "`body edit` needs an editor: set $VISUAL or $EDITOR (none of editor, nano, vi is on the PATH)" in err
