/// Zobrist keys: one 64-bit number per (point, colour), XORed together to hash a position.
///
/// The keys are computed on demand by the SplitMix64 finaliser from the cell index rather than read from a
/// table: there is no global mutable state, any board size up to 52x52 works, and the hash of a position is
/// the same in every run (tests and pages may store it).
public enum Zobrist {
    /// The key of `stone` on the cell with flat index `index` (see `Board` for the layout).
    @inlinable
    public static func key(index: Int, stone: Stone) -> UInt64 {
        var z = UInt64(truncatingIfNeeded: index) &* 2 &+ UInt64(stone.rawValue) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
