"""Special files at the edges: `send > FILE` never replaces a device or follows a link;
reads of devices and FIFOs are refused at once, and large files are capped. No writer (`send >`,
`last >`, exports, `save`) replaces a read-only file, the session being worked on or a file it
was read from, and a second REPL saving the same session is told."""
import json
import os
import signal
import stat
import subprocess
import time
from pathlib import Path

from conftest import script, spawn_workbench



def test_send_to_dev_null_writes_into_it(run_workbench, server):
    code, out, err = run_workbench(input=script(f"base {server}", "get /echo > /dev/null"))
    assert code == 0, err
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_send_to_a_symlink_is_refused(run_workbench, server, workdir: Path):
    (workdir / "target.txt").write_text("keep me")
    (workdir / "link").symlink_to(workdir / "target.txt")
    code, out, err = run_workbench(input=script(f"base {server}", "get /echo > link"))
    assert code == 1
    assert err.count("error:") == 1 and "symbolic link" in err
    assert (workdir / "target.txt").read_text() == "keep me"
    assert not [p for p in workdir.iterdir() if ".part-" in p.name]


def test_send_to_a_fifo_writes_into_it(run_workbench, server, workdir: Path):
    fifo = workdir / "pipe"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        code, out, err = run_workbench(input=script(f"base {server}", "get /echo > pipe"))
        assert code == 0, err
        assert b'"path": "/echo"' in os.read(reader, 65536)
        assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    finally:
        os.close(reader)


def test_reading_devices_and_fifos_is_refused_at_once(run_workbench, workdir: Path):
    os.mkfifo(workdir / "fifo")
    for line in ["body @/dev/zero", "load /dev/zero", "load fifo", "body @fifo"]:
        command = ["base http://127.0.0.1:9", "method post", line, "show"]
        code, out, err = run_workbench(input=script(*command), timeout=10)
        assert code == 1, (line, err)
        errors = [e for e in err.splitlines() if e.startswith("error:")]
        assert len(errors) == 1 and "not a regular file" in errors[0], (line, err)
    code, out, err = run_workbench(["replay", str(workdir / "fifo")], timeout=10)
    assert code == 2 and "not a regular file" in err


def test_a_file_over_the_cap_is_refused(run_workbench, workdir: Path):
    big = workdir / "big.bin"
    with open(big, "wb") as handle:
        handle.truncate(65 * 1024 * 1024)  # sparse: no disk used
    code, out, err = run_workbench(input=script("base http://127.0.0.1:9", "method post", "body @big.bin", "show"))
    assert code == 1
    assert "more than the 64.0 MB" in err or "more than the 64 MB" in err, err


def test_send_to_a_fifo_nobody_reads_is_refused_at_once(run_workbench, server, workdir: Path):
    os.mkfifo(workdir / "pipe")
    code, out, err = run_workbench(input=script(f"base {server}", "get /echo > pipe"), timeout=10)
    assert code == 1
    errors = [e for e in err.splitlines() if e.startswith("error:")]
    assert len(errors) == 1 and "nothing is reading" in errors[0], err


def test_send_to_a_directory_is_refused(run_workbench, server, workdir: Path):
    (workdir / "folder").mkdir()
    code, out, err = run_workbench(input=script(f"base {server}", "get /echo > folder"))
    assert code == 1
    assert err.count("error:") == 1 and "is a directory" in err
    assert (workdir / "folder").is_dir() and not list((workdir / "folder").iterdir())


def test_send_over_a_file_keeps_its_permissions(run_workbench, server, workdir: Path):
    out_file = workdir / "out.json"
    out_file.write_text("old")
    out_file.chmod(0o600)
    code, out, err = run_workbench(input=script(f"base {server}", "get /echo > out.json"))
    assert code == 0, err
    assert '"path": "/echo"' in out_file.read_text()
    assert stat.S_IMODE(out_file.stat().st_mode) == 0o600
    assert [p.name for p in workdir.iterdir()] == ["out.json"]


def test_sigterm_during_send_to_a_file_leaves_no_temporary_file(workbench_bin, workbench_env, server, workdir: Path):
    process = subprocess.Popen(
        [workbench_bin], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env=workbench_env, cwd=workdir)
    try:
        process.stdin.write(script(f"base {server}", "get /drip?count=300&ms=100 > out.txt").encode())
        process.stdin.flush()
        deadline = time.monotonic() + 10
        while not [p for p in workdir.iterdir() if ".part-" in p.name]:
            assert time.monotonic() < deadline, "no temporary file appeared"
            time.sleep(0.05)
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=10) == -signal.SIGTERM
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        process.stdin.close()
    assert list(workdir.iterdir()) == []


def test_no_writer_replaces_a_read_only_file_or_writes_through_a_link(run_workbench, workdir: Path, ok_server):
    read_only = workdir / "ro.txt"
    read_only.write_text("keep me\n")
    read_only.chmod(0o444)
    target = workdir / "target.txt"
    target.write_text("the link's target\n")
    (workdir / "link.txt").symlink_to(target)
    writers = ["send > {f}", "last > {f}", "last headers > {f}", "export curl > {f}", "export har --session > {f}", "save {f}"]
    lines = [f"base {ok_server}", "get /a"]
    for name in ["ro.txt", "link.txt"]:
        lines += [writer.format(f=name) for writer in writers]
    result = run_workbench(["--keep-going"], input=script(*lines, "last"))
    errors = result.stderr.splitlines()
    assert len(errors) == 2 * len(writers), result.stderr
    for index, error in enumerate(errors[:len(writers)]):
        assert error.endswith("'ro.txt': it is read-only; the file is unchanged"), (index, error)
    for error in errors[len(writers):]:
        assert error.endswith("'link.txt': it is a symbolic link (name the file it points to)"), error
    assert read_only.read_text() == "keep me\n" and stat.S_IMODE(read_only.stat().st_mode) == 0o444
    assert (workdir / "link.txt").is_symlink() and target.read_text() == "the link's target\n"
    # The REPL went on: the last response is still there.
    assert result.stdout.rstrip().endswith('"ok": true\n}') or '"ok": true' in result.stdout.splitlines()[-2], result.stdout
    assert sorted(p.name for p in workdir.iterdir()) == ["link.txt", "ro.txt", "target.txt"]


def test_no_writer_replaces_the_session_being_worked_on_or_an_imported_file(run_workbench, workdir: Path,
                                                                           ok_server):
    setup = run_workbench([], input=script(f"base {ok_server}", "get /a", "save s.json"))
    assert setup.returncode == 0, setup.stderr
    session = (workdir / "s.json").read_bytes()
    har = json.dumps({"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": f"{ok_server}/h",
                                                                          "headers": []}}]}})
    (workdir / "in.har").write_text(har)
    lines = ["load s.json", "export curl --session > s.json", "send > s.json", "get /b", "last > s.json",
             "import in.har", "send > in.har", "export har > in.har", "save in.har", "save"]
    result = run_workbench(["--keep-going"], input=script(*lines))
    errors = result.stderr.splitlines()
    assert errors[0] == "error: line 2: cannot write 's.json': it is the session being worked on; choose another file", errors
    assert errors[1] == "error: line 3: cannot write 's.json': it is the session being worked on; choose another file", errors
    assert errors[2] == "error: line 5: cannot write 's.json': it is the session being worked on; choose another file", errors
    for number, error in zip([7, 8, 9], errors[3:6]):
        assert error.startswith(f"error: line {number}: cannot ") and "'in.har': it is a file this session was read from" in error, error
    assert len(errors) == 6, errors
    assert (workdir / "in.har").read_text() == har
    # The last line, a bare save, wrote the session (with the request sent and the imported one).
    assert "saved s.json: 3 requests" in result.stdout, result.stdout
    assert (workdir / "s.json").read_bytes() != session


def test_a_second_repl_saving_the_same_file_is_told(workbench_bin, workbench_env, workdir: Path, run_workbench,
                                                   ok_server):
    import pexpect
    setup = run_workbench([], input=script(f"base {ok_server}", "get /a", "save s.json"))
    assert setup.returncode == 0, setup.stderr
    first = spawn_workbench(workbench_bin, workbench_env, workdir, timeout=15)
    first.expect("> ")
    first.sendline("load s.json")
    first.expect("loaded s.json")
    first.expect("> ")
    # Another workbench saves the file in between.
    other = run_workbench([], input=script("load s.json", "get /b", "save"))
    assert other.returncode == 0, other.stderr
    saved_by_other = (workdir / "s.json").read_bytes()
    first.sendline("get /c")
    first.expect("> ")
    first.sendline("save")
    first.expect("s.json changed since this workbench loaded or saved it")
    first.expect("> ")
    assert (workdir / "s.json").read_bytes() == saved_by_other
    first.sendline("save --force")
    first.expect("saved s.json: 2 requests")
    first.expect("> ")
    first.sendline("get /d")
    first.expect("> ")
    # Its own saves since are not someone else's.
    first.sendline("save")
    first.expect("saved s.json: 3 requests")
    first.expect("> ")
    first.sendeof()
    first.expect(pexpect.EOF)
