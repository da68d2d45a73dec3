import Foundation
import HoshiCore

/// A content kind that asks the engine for work before its pages are read: move hints for game positions,
/// the life-and-death solver's answers for problems, the analysis of word lists for Evil Hangman. The builder
/// asks every reader conforming to this protocol, never a kind by name, runs the work in its own timed phase
/// (each kind of work cached in `.hoshi-cache/`, `EngineCaches`), and hands the answers to every reader
/// through `ReadingContext.engineResults`; `hoshi hints` plans the same work with the load phase alone, and
/// shards it over machines.
protocol RequestsEngineWork: ContentKindReader {
    /// The engine work this kind's claimed `files` need, with warnings for what the engine cannot do
    /// (a game on a board it cannot analyse). Planning only: nothing is computed here. `context` is the one
    /// the reader reads with, so planning may keep its per-file results in the reader's memory and use the
    /// build's one parse of each SGF file (`ReadingContext.sgfFiles`).
    func engineWork(for files: [ContentFile], in context: ReadingContext) -> EngineWork
}

/// What the kinds ask the engine for. Each kind of work is a field, run by the engine work phase and
/// answered in the field of the same name of ``EngineResults``; another kind of work is another pair of
/// fields, with the pipeline's shape unchanged.
struct EngineWork {
    /// Positions that want move hints, per content file whose pages show them.
    var hints: [PlannedHints] = []
    /// Problems that want the solver's answer, per content file.
    var solutions: [PlannedSolutions] = []
    /// Word lengths that want their Evil Hangman analysis, over every list.
    var wordAnalyses: [WordAnalysisJob] = []
    var diagnostics: [Diagnostic] = []

    mutating func append(_ other: EngineWork) {
        hints += other.hints
        solutions += other.solutions
        wordAnalyses += other.wordAnalyses
        diagnostics += other.diagnostics
    }
}

/// The problems of one content file that want the solver's answer.
struct PlannedSolutions: Sendable {
    /// The file's content path (`problems/classical/hatsuyoron.sgf`).
    var path: String
    var jobs: [SolveJob]
}

/// One content file whose positions want move hints: the file and settings its hint index is keyed by,
/// and how to plan its positions (parse and replay) when the index does not answer for them.
struct PlannedHints: Sendable {
    var file: ContentFile
    var settings: HintSettings
    /// The file's positions in order, with warnings for what the engine cannot analyse; follows from the
    /// file's bytes and `settings` alone (`HintIndexKey`).
    var plan: @Sendable () -> (jobs: [HintJob], diagnostics: [Diagnostic])

    /// The file's content path (`games/a.sgf`).
    var path: String { file.relativePath }
}

/// What the engine answered for ``EngineWork``, handed to the readers.
struct EngineResults: Sendable, Equatable {
    var hints = HintResults()
    var solutions = SolutionResults()
    var wordAnalyses = WordAnalysisResults()
    /// Warnings from planning and running the work.
    var diagnostics: [Diagnostic] = []
}

/// The move hints found (in the cache or computed), per content file and position.
struct HintResults: Sendable, Equatable {
    /// One position's hint, where the file's games have it.
    struct Found: Sendable, Equatable {
        /// Which game of the file (from 1), nil when the file holds one game.
        var gameNumber: Int?
        var node: Node.ID
        var toMove: Stone
        var hint: PositionHint
    }

    /// One file's hints: found position by position (planned by this build), or held by the file's hint index
    /// and read from it when asked for (`read()`), which a page whose hints are kept rendered never does.
    struct FileHints: Sendable, Equatable {
        private let planned: [Found]
        /// Where the file's index is, when the hints are its.
        private let index: (cache: AnswerCache<HintIndexKey, StoredHintIndex>, key: HintIndexKey)?
        /// The index that gave the hints; nil when they were read entry by entry or computed (the index is
        /// written by this build, or none can be).
        let identity: HintIndex.Identity?

        init(found: [Found] = []) {
            planned = found
            index = nil
            identity = nil
        }

        /// The hints of the index stored under `key` in `cache`, which was `identity` when the engine work
        /// phase read it. Its text is read again when the hints are asked for: kept for every file, an
        /// archive's indexes were 28 MB held through the build for the few pages whose hints are not kept
        /// rendered, and making room for them cost the engine work phase of a no-change rebuild of the 923
        /// Edo games a quarter of its time.
        init(index key: HintIndexKey, in cache: AnswerCache<HintIndexKey, StoredHintIndex>, identity: HintIndex.Identity) {
            planned = []
            index = (cache, key)
            self.identity = identity
        }

        /// What reading the hints found.
        struct Read {
            /// The positions of the file that have a hint, in the order they were planned.
            var found: [Found]
            /// The index they were read from: `identity`, or another whole index written under the same key
            /// since (another build's); nil when none could be read.
            var identity: HintIndex.Identity?
            /// A warning when the index could not be read again (removed or damaged since it was read).
            var diagnostics: [Diagnostic] = []
        }

        /// The file's hints, read from its index when they are its.
        func read() -> Read {
            guard let index else { return Read(found: planned, identity: nil) }
            let (lookup, checksum) = index.cache.lookupWithChecksum(index.key)
            let place = SourceLocation(path: index.cache.path(for: index.key.digest))
            switch lookup {
            case .hit(let stored):
                return Read(found: stored.found, identity: HintIndex.Identity(keyDigest: index.key.digest, checksum: checksum ?? ""))
            case .corrupt(let reason):
                return Read(found: [], identity: nil, diagnostics: [.warning(
                    "hint index entry \(index.key.digest) became corrupt during the build (\(reason)); its file's pages show no hints "
                    + "this time, and the next build reads them entry by entry", at: place)])
            case .miss:
                return Read(found: [], identity: nil, diagnostics: [.warning(
                    "hint index entry \(index.key.digest) was removed during the build; its file's pages show no hints this time, "
                    + "and the next build reads them entry by entry", at: place)])
            }
        }

        /// Equal when they give the same hints, wherever from: the pages follow from the hints alone.
        static func == (lhs: FileHints, rhs: FileHints) -> Bool {
            lhs.identity != nil && lhs.identity == rhs.identity || lhs.read().found == rhs.read().found
        }
    }

    /// By content path: the hints of the file.
    private(set) var byPath: [String: FileHints] = [:]
    /// The folder of the hint indexes (`HintIndexCache`), beside which a kind keeps what it derives from them.
    private(set) var indexDirectory: URL?
    /// What the hint lookups and computation did.
    private(set) var report = HintRunReport()

    init() {}

    /// The hints found for each file (by content path), and what finding them did.
    init(byPath: [String: FileHints], indexDirectory: URL, report: HintRunReport) {
        self.byPath = byPath
        self.indexDirectory = indexDirectory
        self.report = report
    }

    /// The hints of the file at content path `path`.
    func hints(in path: String) -> FileHints {
        byPath[path] ?? FileHints()
    }
}

/// The solver's answers found (in the cache or computed), per content file and problem number.
struct SolutionResults: Sendable, Equatable {
    /// By content path, then by the problem's number within the file.
    private(set) var byPath: [String: [Int: SolvedProblem]] = [:]
    /// What the cache lookups and the solver did.
    private(set) var report = CacheRunReport(.solver)

    init() {}

    /// The answers of `planned` found in `found` (by key digest).
    init(planned: [PlannedSolutions], found: [String: SolvedProblem], report: CacheRunReport) {
        self.report = report
        for file in planned {
            var answers: [Int: SolvedProblem] = [:]
            for job in file.jobs {
                if let answer = found[job.key.digest] { answers[job.problemNumber] = answer }
            }
            byPath[file.path] = answers
        }
    }

    /// The answers found for the problems of the file at content path `path`, by problem number.
    func found(in path: String) -> [Int: SolvedProblem] {
        byPath[path] ?? [:]
    }
}
