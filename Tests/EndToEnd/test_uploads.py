"""Multipart uploads on libcurl's mime API, `body json @FILE` and `body @FILE` types,
against httpbin's `/post` (PyPI)."""
from __future__ import annotations

import json
from pathlib import Path

from conftest import script


FILE_TEXT = "file-contents-Qv3 line\n"


def echoed(out: str) -> dict:
    """The last JSON object printed (httpbin's echo)."""
    start = out.rindex("\n{\n") + 1
    return json.loads(out[start:out.index("\n}\n", start) + 2])


def test_multipart_sends_fields_and_files_and_show_leaves_file_contents_out(run_workbench, httpbin, workdir: Path):
    (workdir / "note.txt").write_text(FILE_TEXT)
    (workdir / "blob.bin").write_bytes(bytes(range(256)) * 8)
    code, out, err = run_workbench(input=script(
        f"base {httpbin}",
        "set who ana",
        "body multipart title=hello 'owner={{who}}' doc@note.txt 'raw@blob.bin;type=application/x-test'",
        "method post",
        "show",
        "body",
        "post /post",
        "save s.json",
    ))
    assert code == 0, err
    shown = out.split("HTTP/1.1 200")[0]
    assert FILE_TEXT.strip() not in shown
    assert "doc: file note.txt, text/plain (streamed from disk when sent)" in shown
    assert "raw: file blob.bin, application/x-test (streamed from disk when sent)" in shown
    assert "owner: ana" in shown
    assert "doc@note.txt" in shown  # `body` prints the parts as typed
    reply = echoed(out)
    assert reply["form"] == {"title": "hello", "owner": "ana"}
    assert reply["files"]["doc"] == FILE_TEXT
    assert reply["files"]["raw"].startswith("data:application/x-test;base64,")
    assert reply["headers"]["Content-Type"].startswith("multipart/form-data; boundary=")
    body = json.loads((workdir / "s.json").read_text())["endpoint"]["body"]
    assert body == {"kind": "multipart", "parts": [
        {"name": "title", "value": "hello"}, {"name": "owner", "value": "{{who}}"},
        {"name": "doc", "file": "note.txt"}, {"name": "raw", "file": "blob.bin", "type": "application/x-test"}]}
    # The session loads and sends the same parts again.
    code, out, err = run_workbench(input=script("load s.json", "send"))
    assert code == 0, err
    assert echoed(out)["files"]["doc"] == FILE_TEXT


def test_a_vanished_upload_file_is_one_error_and_nothing_is_recorded(run_workbench, httpbin, workdir: Path):
    # A file named in the body that is not there (or not a file) when the request is sent.
    code, out, err = run_workbench(["--keep-going"], input=script(
        f"base {httpbin}",
        "method post",
        "path /post",
        "body multipart f@gone.txt",
        "send",
        "history",
        "body multipart d@.",
        "send",
        "body",
    ))
    assert code == 1
    assert err.splitlines() == [
        "error: line 5: cannot upload 'gone.txt': No such file or directory",
        "error: line 8: cannot upload '.': it is a directory",
    ]
    assert "(no requests sent yet)" in out and out.rstrip().endswith("d@.")


def test_json_from_a_file_is_validated_and_typed(run_workbench, httpbin, workdir: Path):
    (workdir / "data.json").write_text('{"a": [1, 2.50]}')
    (workdir / "bad.json").write_text('{"a": ')
    (workdir / "page.html").write_text("<p>hi</p>")
    code, out, err = run_workbench(["--keep-going"], input=script(
        f"base {httpbin}",
        "body json @data.json",
        "post /post",
        "body json @bad.json",
        "body",
        "body @page.html",
        "post /post",
        "header Content-Type: text/x-mine",
        "post /post",
    ))
    assert code == 1
    assert len(err.splitlines()) == 1 and err.startswith("error: line 4: bad.json is not valid JSON: ")
    assert "json @data.json (read and validated when the request is sent)" in out
    replies = [json.loads(part[:part.index("\n}\n") + 2]) for part in ("{" + p for p in out.split("\n{")[1:])
               if part.startswith("{\n  \"args\"")]
    assert replies[0]["json"] == {"a": [1, 2.5]} and replies[0]["headers"]["Content-Type"] == "application/json"
    assert replies[1]["headers"]["Content-Type"] == "text/html"
    assert replies[2]["headers"]["Content-Type"] == "text/x-mine"


def test_exported_multipart_commands_upload_the_same_parts(run_workbench, httpbin, workdir: Path):
    """`export curl` and `export httpie` of a multipart body, run by the real tools."""
    import shutil
    import subprocess

    (workdir / "note.txt").write_text(FILE_TEXT)
    code, out, err = run_workbench(input=script(
        f"base {httpbin}", "method post", "path /post", "body multipart title=hello doc@note.txt",
        "export curl", "export httpie", "export hurl"))
    assert code == 0, err
    lines = out.splitlines()
    curl = next(line for line in lines if line.startswith("curl "))
    assert "--form-string title=hello -F 'doc=@note.txt;type=text/plain'" in curl
    assert "[MultipartFormData]\ntitle: hello\ndoc: file,note.txt;\n" in out
    commands = [curl]
    if shutil.which("http"):
        # The export has --ignore-stdin itself, so it runs from here; a long one goes on over ` \` lines.
        start = next(index for index, line in enumerate(lines) if line.startswith("http "))
        end = next(index for index in range(start, len(lines)) if not lines[index].endswith(" \\"))
        commands.append(" ".join(line.rstrip("\\").strip() for line in lines[start:end + 1]))
        assert "--ignore-stdin" in commands[-1]
    for command in commands:
        result = subprocess.run(command.replace(" \\\n", " "), shell=True, cwd=workdir, capture_output=True, text=True,
                                timeout=30)
        assert result.returncode == 0, (command, result.stderr)
        reply = json.loads(result.stdout)
        assert reply["form"] == {"title": "hello"} and reply["files"]["doc"] == FILE_TEXT, command
