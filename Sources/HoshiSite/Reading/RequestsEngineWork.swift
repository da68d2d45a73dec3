import HoshiCore

/// A content kind that asks the engine for work before its pages are read: move hints for game positions
/// (and, next, the solver's positions for problems). The builder asks every reader conforming to this
/// protocol, never a kind by name, so `hoshi hints` plans the same work as a build with only the load and
/// claim phases, and shards it over machines.
protocol RequestsEngineWork: ContentKindReader {
    /// The engine work this kind's claimed `files` need, with warnings for what the engine cannot do
    /// (a game on a board it cannot analyse). Planning only: nothing is computed here.
    func engineWork(for files: [ContentFile], progress: BuildProgress) -> EngineWork
}

/// What the kinds ask the engine for.
struct EngineWork {
    /// The positions that want move hints, with the settings computing them.
    var hintJobs: [HintJob] = []
    var diagnostics: [Diagnostic] = []

    mutating func append(_ other: EngineWork) {
        hintJobs += other.hintJobs
        diagnostics += other.diagnostics
    }
}
