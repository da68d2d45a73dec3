import Foundation
import HoshiCore

/// What `hoshi hints` and `hoshi cache prune` do with the engine work of a site, without building anything:
/// the load phase of a build, then the engine work every kind asks for, planned the same way a build plans it.
extension SiteBuilder {
    /// What `fillEngineCaches(shard:)` did.
    public struct EngineCacheFill: Sendable {
        public var hints: HintRunReport
        /// `solver: N problems, C from the cache, S solved now`, or nil when no problem asks for the solver.
        public var solverSummary: String?
        /// `word analyses: N lengths, C from the cache, A analysed now`, or nil when the site has no word list.
        public var wordAnalysisSummary: String?
    }

    /// Computes this shard's share (all of it without a shard) of the hints, solutions and word analyses the
    /// site's pages want into the caches. Nil when the configuration has errors (they are in `log`).
    public func fillEngineCaches(shard: HintShard?) -> EngineCacheFill? {
        guard let site = load() else { return nil }
        let work = plannedEngineWork(site)
        log.append(contentsOf: work.diagnostics)
        let planned = plannedHints(work)
        log.append(contentsOf: planned.diagnostics)
        let allHints = planned.jobs
        let allSolutions = work.solutions.flatMap(\.jobs)
        let hintJobs = shard.map { $0.share(of: allHints, digest: \.key.digest) } ?? allHints
        let solveJobs = shard.map { $0.share(of: allSolutions, digest: \.key.digest) } ?? allSolutions
        let wordJobs = shard.map { $0.share(of: work.wordAnalyses, digest: \.key.digest) } ?? work.wordAnalyses
        let hints = HintComputer(cache: hintCache, progress: hintProgress).run(hintJobs)
        let solutions = SolutionComputer(cache: engineCaches.solutions, progress: hintProgress).run(solveJobs, computesMissing: true)
        let words = WordAnalysisComputer(cache: engineCaches.wordAnalyses).run(wordJobs)
        log.append(contentsOf: hints.diagnostics + solutions.diagnostics + words.diagnostics)
        var hintReport = hints.report
        hintReport.skippedForOtherShards = Set(allHints.map(\.key.digest)).count - hintReport.positions
        var solverSummary: String?
        if !allSolutions.isEmpty {
            let others = Set(allSolutions.map(\.key.digest)).count - solutions.report.asked
            solverSummary = solutions.report.summary + (others > 0 ? ", \(others) left to other shards" : "")
        }
        var wordAnalysisSummary: String?
        if !work.wordAnalyses.isEmpty {
            let others = Set(work.wordAnalyses.map(\.key.digest)).count - words.results.report.asked
            wordAnalysisSummary = words.results.report.summary + (others > 0 ? ", \(others) left to other shards" : "")
        }
        return EngineCacheFill(hints: hintReport, solverSummary: solverSummary, wordAnalysisSummary: wordAnalysisSummary)
    }

    /// What `pruneEngineCaches()` removed and kept.
    public struct EngineCachePrune: Sendable {
        /// Hint, solution and word analysis entries removed, and those left (all in use).
        public var removed: Int
        public var kept: Int
        /// Hint indexes of older files, settings or programs removed (derived data, counted apart).
        public var removedIndexes: Int
        /// Rendered hints of older files, indexes or programs removed (derived data, counted apart).
        public var removedRenderedHints: Int
    }

    /// Removes the cached hints, hint indexes, rendered hints, solutions and word analyses no page of the site
    /// uses, corrupt entries and unfinished writes. Nil when the configuration has errors (nothing is removed).
    public func pruneEngineCaches() -> EngineCachePrune? {
        guard let site = load() else { return nil }
        let work = plannedEngineWork(site)
        let caches = engineCaches
        let removed = caches.hints.prune(keeping: Set(plannedHints(work).jobs.map(\.key.digest)))
            + caches.solutions.prune(keeping: Set(work.solutions.flatMap(\.jobs).map(\.key.digest)))
            + caches.wordAnalyses.prune(keeping: Set(work.wordAnalyses.map(\.key.digest)))
        let indexKeys = IndexedHintRun.indexKeys(of: work.hints)
        // The rendered hints in use are those of the indexes as they are now: an index pruned below (corrupt,
        // or naming entries pruned above) takes its rendered hints with it.
        let renderedInUse = Set(indexKeys.compactMap { file, key -> String? in
            let (lookup, checksum) = caches.hintIndexes.lookupWithChecksum(key)
            guard case .hit = lookup, let checksum else { return nil }
            return RenderedHintsKey(index: HintIndex.Identity(keyDigest: key.digest, checksum: checksum), preference: file.settings.prefer)?.digest
        })
        let removedIndexes = caches.hintIndexes.prune(keeping: Set(indexKeys.map(\.key.digest)))
        let removedRenderedHints = caches.renderedHints.prune(keeping: renderedInUse)
        let kept = caches.hints.digests().count + caches.solutions.digests().count + caches.wordAnalyses.digests().count
        return EngineCachePrune(removed: removed, kept: kept, removedIndexes: removedIndexes, removedRenderedHints: removedRenderedHints)
    }

    /// The digests of the hint cache entries the site's pages use (for tests of the plan).
    func plannedHintDigests() -> [String]? {
        load().map { plannedHints(plannedEngineWork($0)).jobs.map(\.key.digest) }
    }

    /// Every hinted file's positions planned (parse and replay, on every core), with the planning warnings:
    /// what a build does for the files its hint indexes do not answer for, done here for all of them.
    private func plannedHints(_ work: EngineWork) -> (jobs: [HintJob], diagnostics: [Diagnostic]) {
        let plans = parallelMap(work.hints, phase: "hint plan", progress: progress) { $0.plan() }
        return (plans.flatMap(\.jobs), plans.flatMap(\.diagnostics))
    }
}
