import Foundation
import HoshiCore

/// Looks every position up in the cache and analyses the missing ones on every core, storing each hint
/// as soon as it is computed, so an interrupted run keeps all it finished.
public struct HintComputer: Sendable {
    public let cache: HintCache
    public let progress: HintProgress

    public init(cache: HintCache, progress: HintProgress) {
        self.cache = cache
        self.progress = progress
    }

    static func unique(_ jobs: [HintJob]) -> [HintJob] {
        var seen = Set<String>()
        return jobs.filter { seen.insert($0.key.digest).inserted }.sorted { $0.key < $1.key }
    }

    /// What `run` found and did.
    public struct Run: Sendable {
        /// By key digest.
        public var hints: [String: PositionHint] = [:]
        public var report = HintRunReport()
        public var diagnostics: [Diagnostic] = []
        /// The key digests whose hint has an entry in the cache: read from it, or stored by this run. Only
        /// a file whose every hint has one is indexed (`HintIndex`), so an index is derived from entries.
        public var stored: Set<String> = []
    }

    /// The hints for `jobs` by key digest. With `computesMissing` false only cached hints are returned.
    public func run(_ jobs: [HintJob], computesMissing: Bool = true) -> Run {
        let unique = Self.unique(jobs)
        var run = Run()
        run.report.positions = unique.count
        var missing: [HintJob] = []
        for (job, lookup) in zip(unique, cache.lookup(all: unique.map(\.key))) {
            switch lookup {
            case .hit(let hint):
                run.hints[job.key.digest] = hint
                run.stored.insert(job.key.digest)
                run.report.cached += 1
            case .miss:
                missing.append(job)
            case .corrupt(let reason):
                run.report.corrupt += 1
                run.diagnostics.append(.warning("hint cache entry \(job.key.digest) is corrupt (\(reason)); computing it again",
                                            at: SourceLocation(path: cache.url(for: job.key.digest).path)))
                missing.append(job)
            }
        }
        guard computesMissing, !missing.isEmpty else { return run }
        // One pass per engine and budget, in the order their first positions come.
        var groups: [HintSettings: [HintJob]] = [:]
        var order: [HintSettings] = []
        for job in missing {
            if groups[job.settings] == nil { order.append(job.settings) }
            groups[job.settings, default: []].append(job)
        }
        for settings in order {
            let computed = compute(groups[settings] ?? [], settings: settings)
            run.hints.merge(computed.hints) { first, _ in first }
            run.stored.formUnion(computed.stored)
            run.report.computed += computed.count
            run.report.unusable += computed.unusable
            run.diagnostics += computed.diagnostics
        }
        return run
    }

    /// Analyses `toCompute` with one engine and budget on every core, storing each hint as it is done.
    private func compute(_ toCompute: [HintJob], settings: HintSettings)
        -> (hints: [String: PositionHint], stored: Set<String>, count: Int, unusable: Int, diagnostics: [Diagnostic]) {
        var hints: [String: PositionHint] = [:]
        var stored = Set<String>()
        var diagnostics: [Diagnostic] = []
        var count = 0
        var unusable = 0
        // Each slot written by the thread that analysed its position.
        let results = LockedValue([(hint: PositionHint, failure: String?)?](repeating: nil, count: toCompute.count))
        let counter = LockedValue(0)
        let finish = { @Sendable (index: Int, hint: PositionHint) in
            var failure: String?
            do { try cache.store(hint, for: toCompute[index].key) } catch { failure = "\(error.localizedDescription)" }
            results.withLock { $0[index] = (hint, failure) }
            progress.update(done: counter.increment(), total: toCompute.count)
        }
        switch settings.engine {
        case .builtin:
            let analyzer = BuiltinHintAnalyzer(settings: settings)
            DispatchQueue.concurrentPerform(iterations: toCompute.count) { index in
                finish(index, analyzer.analyze(toCompute[index].position, komi: toCompute[index].komi))
            }
        case .gtp(let command):
            // One engine process per core, each taking the next position until none is left.
            let next = LockedValue(0)
            // The first failure of an engine, reported once for the whole run, and every unusable reply by
            // the index of its position.
            let engineFailures = LockedValue<[String]>([])
            let unusableReplies = LockedValue<[Int: GTPHintAnalyzer.UnusableReply]>([:])
            let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, toCompute.count))
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                do {
                    let analyzer = try GTPHintAnalyzer(command: command, settings: settings)
                    while case let index = next.increment() - 1, index < toCompute.count {
                        do {
                            finish(index, try analyzer.analyze(toCompute[index].position, komi: toCompute[index].komi))
                        } catch let unusable as GTPHintAnalyzer.UnusableReply {
                            // Nonsense for one position is not a hint: nothing stored, the next position asked.
                            unusableReplies.withLock { $0[index] = unusable }
                            progress.update(done: counter.increment(), total: toCompute.count)
                        }
                    }
                } catch {
                    engineFailures.withLock { $0.append("\(error)") }
                }
            }
            let replies = unusableReplies.value.sorted { $0.key < $1.key }
            for (index, unusable) in replies {
                let job = toCompute[index]
                let engine = GTPHintAnalyzer.UnusableReply.quoted(settings.engineVersion.isEmpty ? command : settings.engineVersion)
                diagnostics.append(.warning("GTP engine \(engine) \(unusable) "
                                            + "\(job.placeDescription); that position gets no hint and is not cached",
                                            at: SourceLocation(path: job.sourcePath)))
            }
            unusable = replies.count
            if let failure = engineFailures.value.first {
                diagnostics.append(.error("hint engine failed: \(failure)", at: SourceLocation(path: "hoshi.yml")))
            }
        }
        progress.finish()
        for (job, result) in zip(toCompute, results.value) {
            guard let result else { continue }
            hints[job.key.digest] = result.hint
            count += 1
            if let failure = result.failure {
                diagnostics.append(.warning("cannot store a hint in the cache: \(failure)", at: SourceLocation(path: cache.directory.path)))
            } else {
                stored.insert(job.key.digest)
            }
        }
        return (hints, stored, count, unusable, diagnostics)
    }
}
