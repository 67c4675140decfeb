"""Reads an autosave as `restore` does: the session file, then what its journal
(`autosave-….json.journal`, JSON lines) adds. Written from the format's
description in Sources/WorkbenchCore/Workspace/AutosaveJournal.swift, apart
from the Swift reader, so the tests hold the two to the same format."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path


def journal_of(path: Path) -> Path:
    return path.with_name(path.name + ".journal")


def read_autosave(path: Path) -> dict:
    """The session the autosave file at `path` and its journal make together."""
    base = path.read_bytes()
    document = json.loads(base)
    journal = journal_of(path)
    if not journal.exists():
        return document
    lines = journal.read_bytes().split(b"\n")
    lines.pop()  # empty after the last newline; otherwise a cut line
    if not lines:
        return document
    header = json.loads(lines[0])
    assert header["format"] == "workbench-autosave-journal" and header["version"] == 1, header
    if header["base"] != {"bytes": len(base), "sha256": hashlib.sha256(base).hexdigest()}:
        return document  # it continues another file: the file holds everything
    frame, changes = None, []
    for line in lines[1:]:
        try:
            save = json.loads(line)
        except ValueError:
            break
        frame = save.get("frame", frame)
        changes += [(entry["index"], entry["record"]) for entry in save["records"]]
    if frame is None:
        return document
    requests = document.get("requests", [])
    for index, record in changes:
        if index < len(requests):
            requests[index] = record
        elif index == len(requests):
            requests.append(record)
        else:
            break
    return dict(frame, requests=requests)


def autosave_and_journal_texts(state: Path) -> list[tuple[str, str]]:
    """Every autosave file and journal in the state folder, with its text (for secret greps)."""
    return [(path.name, path.read_text(errors="replace")) for path in sorted(state.glob("autosave-*"))]
