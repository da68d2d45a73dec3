/// What the proof-number search has learnt about positions, keyed by `SearchBoard.key` (stones, side to
/// move, ko ban, passes), within a memory cap.
///
/// When the table is full, the entries that cost least work to compute are dropped (half of them), in a
/// deterministic order, so the same input gives the same search.
struct TranspositionTable {
    /// Proof and disproof numbers from the point of view of the side to move (`phi`: how hard to prove a
    /// win for it, `delta`: how hard to prove a loss), and the work spent on the entry (searched nodes).
    struct Entry {
        var phi: UInt32
        var delta: UInt32
        var work: UInt32
    }

    /// About what one entry costs in a dictionary (key, value and the table's own overhead).
    static let bytesPerEntry = 48
    let capacity: Int
    private(set) var entries: [UInt64: Entry] = [:]
    private(set) var peakCount = 0

    init(memoryLimit: Int) {
        capacity = max(1024, memoryLimit / Self.bytesPerEntry)
    }

    subscript(key: UInt64) -> Entry? { entries[key] }

    mutating func store(_ entry: Entry, for key: UInt64) {
        if entries.count >= capacity && entries[key] == nil { collectGarbage() }
        entries[key] = entry
        peakCount = max(peakCount, entries.count)
    }

    /// Keeps the half of the entries that cost most work; proofs and disproofs first.
    private mutating func collectGarbage() {
        let ranked = entries.sorted { left, right in
            let leftSolved = left.value.phi == 0 || left.value.delta == 0
            let rightSolved = right.value.phi == 0 || right.value.delta == 0
            if leftSolved != rightSolved { return leftSolved }
            if left.value.work != right.value.work { return left.value.work > right.value.work }
            return left.key < right.key
        }
        entries = Dictionary(uniqueKeysWithValues: ranked.prefix(capacity / 2).map { ($0.key, $0.value) })
    }
}
