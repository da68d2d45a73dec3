/// The keys of the positions on a search's current line and of the history before it: the positions a
/// move may not bring back (positional superko).
///
/// Why not `Set<UInt64>`: the search asks about every move it generates, and a set hashes each key again
/// (SipHash), although a Zobrist key is already uniformly spread and the line holds a few dozen keys. A
/// count per value of the keys' low bits answers "not on the line" for nearly every move without looking
/// at a key; the rare move whose bits are counted is looked for among the keys held.
struct LineKeys {
    private static let bucketCount = 4096
    private var keys: [UInt64] = []
    private var counts = [UInt32](repeating: 0, count: bucketCount)

    @inline(__always)
    private static func bucket(of key: UInt64) -> Int { Int(truncatingIfNeeded: key) & (bucketCount - 1) }

    func contains(_ key: UInt64) -> Bool {
        counts[Self.bucket(of: key)] != 0 && keys.contains(key)
    }

    /// Adds `key`; false when it was held already.
    @discardableResult
    mutating func insert(_ key: UInt64) -> Bool {
        guard !contains(key) else { return false }
        keys.append(key)
        counts[Self.bucket(of: key)] += 1
        return true
    }

    mutating func remove(_ key: UInt64) {
        guard let index = keys.lastIndex(of: key) else { return }
        keys.swapAt(index, keys.count - 1)
        keys.removeLast()
        counts[Self.bucket(of: key)] -= 1
    }
}
