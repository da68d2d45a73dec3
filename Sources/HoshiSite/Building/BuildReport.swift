import Foundation

/// What a build did, for the summary line and the benchmarks.
public struct BuildReport: Sendable {
    public var pageCount = 0
    public var assetCount = 0
    /// Total bytes of HTML pages written.
    public var htmlBytes = 0
    /// Seconds per named phase, in the order they ran.
    public var phases: [PhaseTiming] = []
    public var totalSeconds: Double { phases.reduce(0) { $0 + $1.seconds } }
    /// Extra facts for the summary line (`search index 120 KB`), from the phases' results.
    public var notes: [String] = []
    /// What hint computation did (positions from the cache, engine calls).
    public var hints = HintRunReport()
}
