import HoshiCore

/// A content kind that asks the engine for work before its pages are read: move hints for game positions
/// (and, next, the solver's solutions for problems). The builder asks every reader conforming to this
/// protocol, never a kind by name, runs the work in its own timed phase, and hands the answers to every
/// reader through `ReadingContext.engineResults`; `hoshi hints` plans the same work with the load phase
/// alone, and shards it over machines.
protocol RequestsEngineWork: ContentKindReader {
    /// The engine work this kind's claimed `files` need, with warnings for what the engine cannot do
    /// (a game on a board it cannot analyse). Planning only: nothing is computed here. `context` is the one
    /// the reader reads with, so planning may keep its per-file results in the reader's memo.
    func engineWork(for files: [ContentFile], in context: ReadingContext) -> EngineWork
}

/// What the kinds ask the engine for. Each kind of work is a field, run by the engine work phase and
/// answered in the field of the same name of ``EngineResults``; another kind of work (the solver's) is
/// another pair of fields, with the pipeline's shape unchanged.
struct EngineWork {
    /// Positions that want move hints, per content file whose pages show them.
    var hints: [PlannedHints] = []
    var diagnostics: [Diagnostic] = []

    mutating func append(_ other: EngineWork) {
        hints += other.hints
        diagnostics += other.diagnostics
    }
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

    /// By content path: the positions of the file that have a hint, in the order they were planned.
    private(set) var byPath: [String: [Found]] = [:]
    /// What the hint lookups and computation did.
    private(set) var report = HintRunReport()

    init() {}

    /// The hints found for each file (by content path), and what finding them did.
    init(byPath: [String: [Found]], report: HintRunReport) {
        self.byPath = byPath
        self.report = report
    }

    /// The hints found for the positions of the file at content path `path`.
    func found(in path: String) -> [Found] {
        byPath[path] ?? []
    }
}
