/// What the proof-number search has learnt about positions, keyed by `SearchBoard.key` (stones, side to
/// move, ko ban, passes), within a memory cap.
///
/// When the table is full, the entries that cost least work to compute are dropped (half of them), in a
/// deterministic order, so the same input gives the same search.
///
/// Why not a `Dictionary`: the search looks up every child it generates, so the table's time is its
/// cache misses. A dictionary hashes the key again (although a Zobrist key is already uniformly spread)
/// and keeps keys and values apart, two misses a lookup; here a key and its entry share one slot, found
/// from the key's own bits.
struct TranspositionTable {
    /// Proof and disproof numbers from the point of view of the side to move (`phi`: how hard to prove a
    /// win for it, `delta`: how hard to prove a loss), and the work spent on the entry (searched nodes).
    struct Entry {
        var phi: UInt32
        var delta: UInt32
        var work: UInt32
    }

    /// One slot of the table: a key with its entry, or empty.
    private struct Slot {
        var key: UInt64
        var entry: Entry
        var isOccupied: Bool
    }

    /// The bytes of one slot.
    static let bytesPerSlot = MemoryLayout<Slot>.stride
    /// The most entries the table holds before it drops half of them: half its most slots, as it is kept
    /// at most half full so that probes stay short.
    let capacity: Int
    /// The most slots: a power of two such that half as many again fit the memory cap, as the table holds
    /// that much for a moment when it grows or drops entries.
    private let maximumSlots: Int
    private var count = 0
    private var slots: [Slot]
    /// `slots.count - 1`: the slots are a power of two, so a key's first slot is its low bits.
    private var mask: Int

    /// An empty table that grows as it fills, to at most `memoryLimit` bytes.
    init(memoryLimit: Int) {
        var most = 2048
        while most * 3 * Self.bytesPerSlot <= memoryLimit { most *= 2 }
        maximumSlots = most
        capacity = most / 2
        slots = Self.emptySlots(1024)
        mask = 1023
    }

    private static func emptySlots(_ count: Int) -> [Slot] {
        [Slot](repeating: Slot(key: 0, entry: Entry(phi: 0, delta: 0, work: 0), isOccupied: false), count: count)
    }

    /// The slot holding `key`, or the empty slot where it would go.
    @inline(__always)
    private func slotIndex(of key: UInt64) -> Int {
        var index = Int(truncatingIfNeeded: key) & mask
        while slots[index].isOccupied && slots[index].key != key { index = (index + 1) & mask }
        return index
    }

    subscript(key: UInt64) -> Entry? {
        let slot = slots[slotIndex(of: key)]
        return slot.isOccupied ? slot.entry : nil
    }

    mutating func store(_ entry: Entry, for key: UInt64) {
        var index = slotIndex(of: key)
        if !slots[index].isOccupied {
            if count >= capacity {
                collectGarbage()
                index = slotIndex(of: key)
            } else if (count + 1) * 2 > slots.count && slots.count < maximumSlots {
                rehash(slotCount: slots.count * 2)
                index = slotIndex(of: key)
            }
            count += 1
        }
        slots[index] = Slot(key: key, entry: entry, isOccupied: true)
    }

    /// Moves the entries into `slotCount` slots.
    private mutating func rehash(slotCount: Int) {
        let old = slots
        slots = Self.emptySlots(slotCount)
        mask = slotCount - 1
        for slot in old where slot.isOccupied { slots[slotIndex(of: slot.key)] = slot }
    }

    /// Keeps the half of the entries that cost most work; proofs and disproofs first.
    private mutating func collectGarbage() {
        var ranked: [Slot] = []
        ranked.reserveCapacity(count)
        for slot in slots where slot.isOccupied { ranked.append(slot) }
        ranked.sort { left, right in
            let leftSolved = left.entry.phi == 0 || left.entry.delta == 0
            let rightSolved = right.entry.phi == 0 || right.entry.delta == 0
            if leftSolved != rightSolved { return leftSolved }
            if left.entry.work != right.entry.work { return left.entry.work > right.entry.work }
            return left.key < right.key
        }
        for index in slots.indices { slots[index].isOccupied = false }
        count = min(ranked.count, capacity / 2)
        for slot in ranked.prefix(count) { slots[slotIndex(of: slot.key)] = slot }
    }
}
