@testable import HoshiCore
import Testing

/// The solver's transposition table: what is stored reads back, whatever the keys' low bits, and a full
/// table keeps what its documentation promises.
struct TranspositionTableTests {
    private typealias Entry = TranspositionTable.Entry

    /// Keys that share their low bits (so they probe the same slots) and spread ones, stored, overwritten
    /// and read back, against a dictionary holding the same.
    @Test func storedEntriesReadBackAsADictionaryHoldsThem() {
        var table = TranspositionTable(memoryLimit: 1 << 20)
        var expected: [UInt64: (phi: UInt32, delta: UInt32, work: UInt32)] = [:]
        var random = SplitMix64(seed: 11)
        let crowded = (0..<300).map { UInt64($0) << 40 | 0x2A }
        let spread = (0..<3000).map { _ in random.next() }
        for (step, key) in (crowded + spread + crowded.prefix(100)).enumerated() {
            let entry = Entry(phi: UInt32(step % 7), delta: UInt32(step % 5 + 1), work: UInt32(step))
            table.store(entry, for: key)
            expected[key] = (entry.phi, entry.delta, entry.work)
        }
        for (key, entry) in expected {
            let stored = table[key]
            #expect(stored?.phi == entry.phi && stored?.delta == entry.delta && stored?.work == entry.work)
        }
        let absent = (0..<100).map { UInt64($0 + 1000) << 40 | 0x2A } + (0..<100).map { _ in random.next() }
        #expect(absent.allSatisfy { table[$0] == nil })
    }

    /// A full table that gets a new position keeps the proofs first, then the entries that cost most
    /// work, half its capacity in all, and the new entry.
    @Test func aFullTableKeepsTheProofsAndTheCostliestHalf() {
        var table = TranspositionTable(memoryLimit: 0)
        let capacity = table.capacity
        var random = SplitMix64(seed: 7)
        let keys = (0..<capacity).map { _ in random.next() }
        table.store(Entry(phi: 0, delta: ProofNumberSearch.infinity, work: 1), for: keys[0])
        for index in 1..<capacity {
            table.store(Entry(phi: 3, delta: 4, work: UInt32(index)), for: keys[index])
        }
        #expect((0..<capacity).allSatisfy { table[keys[$0]] != nil })
        let newcomer = random.next()
        table.store(Entry(phi: 1, delta: 1, work: 1), for: newcomer)
        #expect(table[newcomer] != nil)
        #expect(table[keys[0]]?.phi == 0)
        let kept = (1..<capacity).filter { table[keys[$0]] != nil }
        #expect(kept == Array((capacity - capacity / 2 + 1)..<capacity))
    }
}
