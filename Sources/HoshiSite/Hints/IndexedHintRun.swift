import Foundation
import HoshiCore

/// The hint indexes of a hint cache: one entry per planned file (`HintIndex`), in an `AnswerCache` of
/// their own beside the cache's folder (`.hoshi-cache/hint-index/` beside `.hoshi-cache/hints/`).
///
/// Indexes are derived data: `hoshi cache merge` does not copy them (a shard's would name entry files
/// the receiving cache does not have), and the first build after a merge writes them anew.
public typealias HintIndexCache = AnswerCache<HintIndexKey, HintIndex>

extension AnswerCache where Key == HintIndexKey, Answer == HintIndex {
    /// The indexes of `cache`: `hint-index` beside a folder named `hints`, `NAME-index` beside any other.
    public static func beside(_ cache: HintCache) -> HintIndexCache {
        let folder = cache.directory.lastPathComponent
        return HintIndexCache(directory: cache.directory.deletingLastPathComponent()
            .appending(path: folder == "hints" ? "hint-index" : "\(folder)-index"))
    }
}

/// The engine work phase's move hints: each planned file answered by its hint index when it has one,
/// otherwise planned, looked up entry by entry and computed where missing (`HintComputer`), and
/// indexed again once every position has a stored hint. What the game reader receives is the same either
/// way: per file, the hints of its positions in planned order.
struct IndexedHintRun {
    let computer: HintComputer
    let indexes: HintIndexCache
    /// The same entries as the phase reads them, their hints left unread (`StoredHintIndex`).
    private let storedIndexes: AnswerCache<HintIndexKey, StoredHintIndex>
    /// Progress of planning (`hint plan`).
    let progress: BuildProgress

    init(computer: HintComputer, progress: BuildProgress) {
        self.computer = computer
        indexes = .beside(computer.cache)
        storedIndexes = AnswerCache(directory: indexes.directory)
        self.progress = progress
    }

    /// What one file's index said, or its plan where the index did not answer.
    private enum Consulted {
        /// What the file's index says besides its hints (their text is let go with the index's bytes: a page
        /// asks for them again only where its hints are not kept rendered), its planning's diagnostics, its key
        /// and which index it was.
        case indexed(HintIndex.Layout, diagnostics: [Diagnostic], key: HintIndexKey, identity: HintIndex.Identity)
        /// `key` is where the file's index goes (nil when there can be none), `damage` a warning about an
        /// index that failed its checks.
        case planned(jobs: [HintJob], diagnostics: [Diagnostic], key: HintIndexKey?, damage: Diagnostic?)
    }

    /// The hints of every planned file, with the warnings of planning (in file order), then of the lookups
    /// and computation. With `computesMissing` false no engine runs; indexes are still read and written.
    func run(_ planned: [PlannedHints], computesMissing: Bool) -> (results: HintResults, diagnostics: [Diagnostic]) {
        let settingsTexts = Self.settingsTexts(of: planned)
        let consulted = parallelMap(planned, phase: "hint plan", progress: progress) { consult($0, settingsText: settingsTexts[$0.settings]) }
        var jobs: [HintJob] = []
        var diagnostics: [Diagnostic] = []
        for answer in consulted {
            switch answer {
            case .indexed(_, let notes, _, _):
                diagnostics += notes
            case let .planned(fileJobs, planning, _, damage):
                jobs += fileJobs
                diagnostics += planning + (damage.map { [$0] } ?? [])
            }
        }
        let run = computer.run(jobs, computesMissing: computesMissing)
        var byPath: [String: HintResults.FileHints] = [:]
        var report = run.report
        let lookedUp = Set(jobs.compactMap { EntryDigest($0.key.digest) })
        // The entries the indexes name that no lookup counted, counted once: an archive's files share positions.
        var indexedEntries: [EntryDigest] = []
        indexedEntries.reserveCapacity(consulted.reduce(0) { count, answer in
            if case .indexed(let layout, _, _, _) = answer { return count + layout.answers.count }
            return count
        })
        var toIndex: [(key: HintIndexKey, index: HintIndex)] = []
        for (file, answer) in zip(planned, consulted) {
            switch answer {
            case let .indexed(layout, _, key, identity):
                byPath[file.path] = HintResults.FileHints(index: key, in: storedIndexes, identity: identity)
                report.indexedFiles += 1
                for answer in layout.answers where lookedUp.isEmpty || !lookedUp.contains(answer.digest) {
                    indexedEntries.append(answer.digest)
                }
            case let .planned(fileJobs, planning, key, _):
                byPath[file.path] = HintResults.FileHints(found: fileJobs.compactMap { job in
                    run.hints[job.key.digest].map {
                        HintResults.Found(gameNumber: job.gameNumber, node: job.node, toMove: job.position.toMove, hint: $0)
                    }
                })
                if let key, let index = HintIndex(jobs: fileJobs, diagnostics: planning, path: file.file.displayPath, run: run) {
                    toIndex.append((key, index))
                }
            }
        }
        let indexedOnly = EntryDigest.distinctCount(of: indexedEntries)
        report.positions += indexedOnly
        report.cached += indexedOnly
        report.fromIndex = indexedOnly
        // An index is a shortcut: one that cannot be written leaves the next build on the per-position path,
        // which loses nothing, so a read-only cache builds without a warning.
        let writes = toIndex
        DispatchQueue.concurrentPerform(iterations: writes.count) { number in
            try? indexes.store(writes[number].index, for: writes[number].key)
        }
        return (HintResults(byPath: byPath, indexDirectory: indexes.directory, report: report),
                diagnostics + run.diagnostics)
    }

    /// The file's index when it has a whole one, else its plan.
    private func consult(_ file: PlannedHints, settingsText: HintIndexKey.SettingsText?) -> Consulted {
        guard let settingsText, let bytes = FileManager.default.contents(atPath: file.file.path) else {
            let plan = file.plan()
            return .planned(jobs: plan.jobs, diagnostics: plan.diagnostics, key: nil, damage: nil)
        }
        let key = HintIndexKey(fileBytes: bytes, settingsText: settingsText)
        var damage: Diagnostic?
        let (lookup, checksum) = storedIndexes.lookupWithChecksum(key)
        switch lookup {
        case .hit(let index):
            return .indexed(index.layout, diagnostics: index.diagnostics(at: file.file.displayPath), key: key,
                            identity: HintIndex.Identity(keyDigest: key.digest, checksum: checksum ?? ""))
        case .corrupt(let reason):
            damage = .warning("hint index entry \(key.digest) is corrupt (\(reason)); reading the file's hints entry by entry "
                              + "and indexing them again", at: SourceLocation(path: indexes.path(for: key.digest)))
        case .miss:
            break
        }
        let plan = file.plan()
        return .planned(jobs: plan.jobs, diagnostics: plan.diagnostics, key: key, damage: damage)
    }

    /// The keys of the indexes of `planned` as they are now, by file: what `hoshi cache prune` keeps (none for
    /// a file that cannot be read, or when the program cannot name itself).
    static func indexKeys(of planned: [PlannedHints]) -> [(file: PlannedHints, key: HintIndexKey)] {
        let settingsTexts = settingsTexts(of: planned)
        return planned.compactMap { file in
            guard let settingsText = settingsTexts[file.settings], let bytes = FileManager.default.contents(atPath: file.file.path)
            else { return nil }
            return (file, HintIndexKey(fileBytes: bytes, settingsText: settingsText))
        }
    }

    /// `HintIndexKey.settingsText` of each distinct settings of `planned` (none when the program cannot name
    /// itself, and then nothing is indexed).
    private static func settingsTexts(of planned: [PlannedHints]) -> [HintSettings: HintIndexKey.SettingsText] {
        var texts: [HintSettings: HintIndexKey.SettingsText] = [:]
        for settings in Set(planned.map(\.settings)) { texts[settings] = HintIndexKey.settingsText(settings) }
        return texts
    }
}
