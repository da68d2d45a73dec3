/// What a hint run did: the build's summary line and the tests count engine calls with it.
public struct HintRunReport: Sendable, Equatable {
    /// Distinct positions asked for.
    public var positions = 0
    /// Found in the cache.
    public var cached = 0
    /// Analysed by the engine (each one engine call).
    public var computed = 0
    /// Cache entries found corrupt (and computed again).
    public var corrupt = 0
    /// Positions whose engine reply was no legal move or analysis (warned about, not cached).
    public var unusable = 0
    /// Positions left to other shards.
    public var skippedForOtherShards = 0
    /// Files whose positions and hints came from the hint index, neither planned nor looked up one by one.
    public var indexedFiles = 0
    /// Positions (counted in `cached`) answered by the hint index alone: per-position lookups not made.
    public var fromIndex = 0

    public init() {}

    public var summary: String {
        var text = "hints: \(positions) position\(positions == 1 ? "" : "s"), \(cached) from the cache, \(computed) computed"
        if unusable > 0 { text += ", \(unusable) unusable engine repl\(unusable == 1 ? "y" : "ies") (not cached)" }
        if corrupt > 0 { text += ", \(corrupt) corrupt entr\(corrupt == 1 ? "y" : "ies") replaced" }
        if skippedForOtherShards > 0 { text += ", \(skippedForOtherShards) left to other shards" }
        return text
    }
}

extension HintRunReport {
    mutating func add(_ other: HintRunReport) {
        positions += other.positions
        cached += other.cached
        computed += other.computed
        corrupt += other.corrupt
        unusable += other.unusable
        skippedForOtherShards += other.skippedForOtherShards
        indexedFiles += other.indexedFiles
        fromIndex += other.fromIndex
    }
}
