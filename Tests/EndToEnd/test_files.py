"""Special files at the edges: `send > FILE` never replaces a device or follows a link;
reads of devices and FIFOs are refused at once, and large files are capped."""
import os
import signal
import stat
import subprocess
import time
from pathlib import Path

from test_script_mode import script


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
