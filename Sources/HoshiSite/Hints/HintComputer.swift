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

    /// Which share of the jobs a shard owns: the distinct keys sorted by digest, every `count`-th from
    /// `index` (0-based). Every machine that sees the same site computes the same split, so shards need no
    /// coordinator, and their shares differ by at most one position.
    public static func share(of jobs: [HintJob], shard index: Int, of count: Int) -> [HintJob] {
        unique(jobs).enumerated().filter { $0.offset % count == index }.map(\.element)
    }

    static func unique(_ jobs: [HintJob]) -> [HintJob] {
        var seen = Set<String>()
        return jobs.filter { seen.insert($0.key.digest).inserted }.sorted { $0.key < $1.key }
    }

    /// The hints for `jobs` by key digest. With `computesMissing` false only cached hints are returned.
    public func run(_ jobs: [HintJob], computesMissing: Bool = true) -> (hints: [String: PositionHint], report: HintRunReport, diagnostics: [Diagnostic]) {
        let unique = Self.unique(jobs)
        var report = HintRunReport()
        report.positions = unique.count
        var hints: [String: PositionHint] = [:]
        var diagnostics: [Diagnostic] = []
        var missing: [HintJob] = []
        // Entries are read on every core (each one a file read and a checksum), then taken in order.
        let lookups = LookupResults(count: unique.count)
        DispatchQueue.concurrentPerform(iterations: unique.count) { index in lookups.set(index, cache.lookup(unique[index].key)) }
        for (job, lookup) in zip(unique, lookups.all) {
            switch lookup {
            case .hit(let hint):
                hints[job.key.digest] = hint
                report.cached += 1
            case .miss:
                missing.append(job)
            case .corrupt(let reason):
                report.corrupt += 1
                diagnostics.append(.warning("hint cache entry \(job.key.digest) is corrupt (\(reason)); computing it again",
                                            at: SourceLocation(path: cache.url(for: job.key.digest).path)))
                missing.append(job)
            }
        }
        guard computesMissing, !missing.isEmpty else { return (hints, report, diagnostics) }
        // One pass per engine and budget, in the order their first positions come.
        var groups: [HintSettings: [HintJob]] = [:]
        var order: [HintSettings] = []
        for job in missing {
            if groups[job.settings] == nil { order.append(job.settings) }
            groups[job.settings, default: []].append(job)
        }
        for settings in order {
            let computed = compute(groups[settings] ?? [], settings: settings)
            hints.merge(computed.hints) { first, _ in first }
            report.computed += computed.count
            report.unusable += computed.unusable
            diagnostics += computed.diagnostics
        }
        return (hints, report, diagnostics)
    }

    /// Analyses `toCompute` with one engine and budget on every core, storing each hint as it is done.
    private func compute(_ toCompute: [HintJob], settings: HintSettings)
        -> (hints: [String: PositionHint], count: Int, unusable: Int, diagnostics: [Diagnostic]) {
        var hints: [String: PositionHint] = [:]
        var diagnostics: [Diagnostic] = []
        var count = 0
        var unusable = 0
        let results = ComputedHints(count: toCompute.count)
        let counter = Counter()
        let finish = { @Sendable (index: Int, hint: PositionHint) in
            var failure: String?
            do { try cache.store(hint, for: toCompute[index].key) } catch { failure = "\(error.localizedDescription)" }
            results.set(index, hint: hint, failure: failure)
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
            let next = Counter()
            let engineFailures = EngineFailures()
            let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, toCompute.count))
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                do {
                    let analyzer = try GTPHintAnalyzer(command: command, settings: settings)
                    while case let index = next.increment() - 1, index < toCompute.count {
                        do {
                            finish(index, try analyzer.analyze(toCompute[index].position, komi: toCompute[index].komi))
                        } catch let unusable as GTPHintAnalyzer.UnusableReply {
                            // Nonsense for one position is not a hint: nothing stored, the next position asked.
                            engineFailures.record(unusable, at: index)
                            progress.update(done: counter.increment(), total: toCompute.count)
                        }
                    }
                } catch {
                    engineFailures.record("\(error)")
                }
            }
            let unusableReplies = engineFailures.unusableReplies
            for (index, unusable) in unusableReplies {
                let job = toCompute[index]
                let engine = GTPHintAnalyzer.UnusableReply.quoted(settings.engineVersion.isEmpty ? command : settings.engineVersion)
                diagnostics.append(.warning("GTP engine \(engine) \(unusable) "
                                            + "\(job.placeDescription); that position gets no hint and is not cached",
                                            at: SourceLocation(path: job.sourcePath)))
            }
            unusable = unusableReplies.count
            if let failure = engineFailures.first {
                diagnostics.append(.error("hint engine failed: \(failure)", at: SourceLocation(path: "hoshi.yml")))
            }
        }
        progress.finish()
        for (job, result) in zip(toCompute, results.all) {
            guard let result else { continue }
            hints[job.key.digest] = result.hint
            count += 1
            if let failure = result.failure {
                diagnostics.append(.warning("cannot store a hint in the cache: \(failure)", at: SourceLocation(path: cache.directory.path)))
            }
        }
        return (hints, count, unusable, diagnostics)
    }
}

/// What went wrong with the GTP engines: the first failure of an engine, reported once for the whole run,
/// and every unusable reply, by the index of its position.
private final class EngineFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [String] = []
    private var unusable: [Int: GTPHintAnalyzer.UnusableReply] = [:]
    func record(_ failure: String) { lock.withLock { failures.append(failure) } }
    func record(_ reply: GTPHintAnalyzer.UnusableReply, at index: Int) { lock.withLock { unusable[index] = reply } }
    var first: String? { lock.withLock { failures.first } }
    var unusableReplies: [(Int, GTPHintAnalyzer.UnusableReply)] { lock.withLock { unusable.map { ($0.key, $0.value) } } }
}

/// Results of the parallel cache lookups, each slot written by one thread.
private final class LookupResults: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [HintCache.Lookup]

    init(count: Int) { slots = Array(repeating: .miss, count: count) }

    func set(_ index: Int, _ lookup: HintCache.Lookup) { lock.withLock { slots[index] = lookup } }

    var all: [HintCache.Lookup] { lock.withLock { slots } }
}

/// Results of the parallel analysis, each slot written by one thread.
private final class ComputedHints: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [(hint: PositionHint, failure: String?)?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, hint: PositionHint, failure: String?) {
        lock.withLock { slots[index] = (hint, failure) }
    }

    var all: [(hint: PositionHint, failure: String?)?] { lock.withLock { slots } }
}

/// How a build treats hints: the cache, whether missing hints are computed, and the progress display.
struct HintOptions: Sendable {
    var cache: HintCache
    var computesMissing: Bool
    var progress: HintProgress
}
