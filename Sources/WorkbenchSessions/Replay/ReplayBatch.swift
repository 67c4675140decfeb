import Dispatch
import Synchronization
import WorkbenchBasics
import WorkbenchHTTP

/// `workbench replay FILE... [--jobs N] [--repeat N] [--report FORMAT FILE]...`:
/// every file (each `repeats` times) replayed as its own job, `jobs` of them at
/// once, each strictly in order inside with its own variables, cookies and
/// captures. Every file is read and checked, and every report path, before
/// anything is sent. With one job at a time lines stream as they happen; with
/// several, each job's lines go out together when it ends, so files never
/// interleave. Then the reports, and one closing line for all.
///
/// Exit status: `ExitStatus` (its table says what each means for `replay`).
public struct ReplayBatch: Sendable {
    public var files: [ReplayFileRun]
    /// How many jobs run at once (`--jobs`, at least 1).
    public var jobs: Int
    /// How many times each file runs (`--repeat`, at least 1).
    public var repeats: Int
    public var reports: [ReportTarget]
    /// With `repeats` above 1, the line before the closing one: the report and the replay's
    /// seconds in, figures out (`ReplayLatency`, given by the launcher).
    public var latencyLine: (@Sendable (ReplayReport, Double) -> String?)?

    public init(
        files: [ReplayFileRun], jobs: Int = 1, repeats: Int = 1, reports: [ReportTarget] = [],
        latencyLine: (@Sendable (ReplayReport, Double) -> String?)? = nil
    ) {
        self.files = files
        self.jobs = jobs
        self.repeats = repeats
        self.reports = reports
        self.latencyLine = latencyLine
    }

    /// One run of one file: the unit a job thread takes.
    struct Job: Sendable {
        var file: Int
        /// 1-based.
        var round: Int
    }

    /// The jobs in the order they start: round 1 of every file, then round 2...
    var jobList: [Job] {
        (1...max(1, repeats)).flatMap { round in files.indices.map { Job(file: $0, round: round) } }
    }

    /// With several files or rounds, each job's lines start with a line naming it.
    func header(for job: Job) -> String? {
        guard files.count > 1 || repeats > 1 else { return nil }
        return "== " + ReplayReport.runName(file: files[job.file].file, round: job.round, rounds: repeats)
    }

    /// Runs every job; returns the exit status. `makeTransport` is called on
    /// the thread that will use what it makes (one engine per job thread);
    /// `shouldAbort` is Ctrl-C, polled by every job.
    public func run(
        environment: [String: String], output: OutputSink,
        makeTransport: @escaping @Sendable () throws(WorkbenchError) -> HTTPTransport,
        shouldAbort: @escaping @Sendable () -> Bool
    ) -> Int32 {
        var prepared: [ReplayFileRun.Prepared] = []
        let transport: HTTPTransport
        do throws(WorkbenchError) {
            try ReportTarget.checkAll(reports, inputs: files.map(\.file))
            for file in files { prepared.append(try file.prepare(environment: environment)) }
            // The engine starts here, so a libcurl that cannot start is bad input
            // found before anything is sent (job threads make their own as well).
            transport = try makeTransport()
        } catch {
            output.printError("error: \(error.message)")
            return ExitStatus.badInput.rawValue
        }
        for file in prepared {
            for warning in file.warnings { output.printError(file.redactor.redact("warning: \(warning)")) }
        }
        let clock = ContinuousClock()
        let started = clock.now
        let jobs = jobList
        var results = [ReplayFileRun.Result?](repeating: nil, count: jobs.count)
        var failedToStart = false
        let options = SendOptions(shouldAbort: shouldAbort)
        if self.jobs <= 1 || jobs.count == 1 {
            for (index, job) in jobs.enumerated() {
                if shouldAbort() { break }
                if let header = header(for: job) { output.printLine(header) }
                results[index] = files[job.file].run(
                    prepared[job.file], environment: environment, output: output,
                    transport: transport, options: options)
            }
        } else {
            failedToStart = runInParallel(
                jobs, prepared: prepared, environment: environment, output: output,
                makeTransport: makeTransport, options: options, into: &results)
        }
        let elapsed = (clock.now - started).components
        return finish(
            jobs, prepared: prepared, results: results, output: output,
            interrupted: shouldAbort(), failedToStart: failedToStart,
            seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
    }

    /// `self.jobs` threads take jobs in order until none is left (or Ctrl-C);
    /// this thread prints each job's lines, whole, as it ends. True when a
    /// thread could not start its HTTP engine (its error is printed).
    private func runInParallel(
        _ jobs: [Job], prepared: [ReplayFileRun.Prepared], environment: [String: String], output: OutputSink,
        makeTransport: @escaping @Sendable () throws(WorkbenchError) -> HTTPTransport, options: SendOptions,
        into results: inout [ReplayFileRun.Result?]
    ) -> Bool {
        let board = JobBoard(jobCount: jobs.count)
        let threads = min(self.jobs, jobs.count)
        let shouldAbort = options.shouldAbort
        var failedToStart = false
        WorkerThreads.run(
            threads,
            { _ in
                defer { board.workerEnded() }
                let transport: HTTPTransport
                do throws(WorkbenchError) { transport = try makeTransport() } catch {
                    board.post(.engineFailed(error.message))
                    return
                }
                let options = SendOptions(shouldAbort: shouldAbort)
                while !shouldAbort(), let index = board.take() {
                    let job = jobs[index]
                    let buffer = OutputBuffer()
                    if let header = header(for: job) { buffer.printLine(header) }
                    let result = files[job.file].run(
                        prepared[job.file], environment: environment, output: buffer,
                        transport: transport, options: options)
                    board.post(.finished(index, result, buffer.bytes, buffer.errors))
                }
            },
            meanwhile: {
                var ended = 0
                while ended < threads {
                    for report in board.wait() {
                        switch report {
                        case .finished(let index, let result, let bytes, let errors):
                            for line in errors { output.printError(line) }
                            output.writeBytes(bytes)
                            output.flush()
                            results[index] = result
                        case .engineFailed(let message):
                            output.printError("error: \(message)")
                            failedToStart = true
                        case .workerEnded:
                            ended += 1
                        }
                    }
                }
            })
        return failedToStart
    }

    /// The reports, the Ctrl-C note, the closing line and the status.
    private func finish(
        _ jobs: [Job], prepared: [ReplayFileRun.Prepared], results: [ReplayFileRun.Result?], output: OutputSink,
        interrupted: Bool, failedToStart: Bool, seconds: Double
    ) -> Int32 {
        // A run that never started (Ctrl-C first, or its thread had no engine) is reported too,
        // every request of it skipped.
        let runs = jobs.enumerated().map { index, job in
            ReplayReport.Run(
                file: files[job.file].file, round: job.round, rounds: repeats,
                result: results[index] ?? files[job.file].notStarted(prepared[job.file]))
        }
        let report = ReplayReport(runs: runs, interrupted: interrupted)
        var status = report.failed > 0 || report.notSent > 0 ? ExitStatus.failure : .success
        for target in reports {
            do throws(WorkbenchError) {
                // Again: a file may have appeared there while the requests ran.
                try target.checkOverwrite(inputs: files.map(\.file))
                try AtomicFile.write(Array(target.format.render(report).utf8), to: target.path, mode: 0o644)
            } catch {
                output.printError("error: \(error.message)")
                status = .badInput
            }
        }
        if failedToStart { status = .badInput }
        // Repeated, a replay is a measure too: its latency, as `bench` gives it for one request.
        if repeats > 1, let latency = latencyLine?(report, seconds) { output.printLine(latency) }
        if interrupted {
            output.printLine("interrupted (Ctrl-C): \(report.notSent) request\(report.notSent == 1 ? "" : "s") not sent")
            status = .interrupted
        }
        output.printLine("\(report.passed) passed, \(report.failed) failed")
        return status.rawValue
    }
}

/// Where job threads leave what they did and the printing thread picks it up.
private final class JobBoard: Sendable {
    enum Report: Sendable {
        /// Job `index` ended: its result, and its lines for standard output and error.
        case finished(Int, ReplayFileRun.Result, [UInt8], [String])
        case engineFailed(String)
        case workerEnded
    }

    private let next = Mutex(0)
    private let jobCount: Int
    private let reports = Mutex<[Report]>([])
    /// Counts the reports posted and not yet waited for.
    private let posted = DispatchSemaphore(value: 0)

    init(jobCount: Int) { self.jobCount = jobCount }

    /// The next job's index, or nil when every job is taken.
    func take() -> Int? {
        next.withLock { next in
            guard next < jobCount else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func post(_ report: Report) {
        reports.withLock { $0.append(report) }
        posted.signal()
    }

    func workerEnded() { post(.workerEnded) }

    /// Blocks until something is posted; returns all that was.
    func wait() -> [Report] {
        posted.wait()
        return reports.withLock { reports in
            defer { reports.removeAll() }
            return reports
        }
    }
}
