/// The exit statuses of `workbench`, in every mode: the one table of them (ARCHITECTURE.md points
/// here; docs/runs.md has it for users, and test_docs.py checks the two name the same statuses). Code returns these by name, never a bare number.
///
/// | status | name          | meaning |
/// |--------|---------------|---------|
/// | 0      | `success`     | Every line of a script ran (or the REPL was left with `exit`/Ctrl-D); `replay`: every request of every file passed; `import -o`: the session was written; `serve`: stopped with Ctrl-C or SIGTERM. |
/// | 1      | `failure`     | A script line failed (the script stops there unless `--keep-going`); `replay`: a request did not pass, whether a check failed (JUnit `<failure>`) or it broke first (JUnit `<error>`: connection refused, timeout, TLS, a failed capture, a request that could not be built), or was not sent because the run stopped at the first failure; standard output could not be written; the REPL could not load libedit. |
/// | 2      | `badInput`    | Refused before anything was sent: bad command-line arguments, a session, script, `.http` or import file that cannot be read, a missing `--var`, a report path that may not be written, an address `serve` cannot listen on, an HTTP engine that cannot start. |
/// | 130    | `interrupted` | Ctrl-C stopped the run (128 + SIGINT, as a shell reports it): `replay` (what ran is still reported), `workbench bench`, a script (`workbench run FILE`, commands piped in: the operation running stops, `bench` prints what it measured, then the script ends with one line naming where). |
public enum ExitStatus: Int32, CaseIterable, Sendable {
    case success = 0
    case failure = 1
    case badInput = 2
    case interrupted = 130
}
