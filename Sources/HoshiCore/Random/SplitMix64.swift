/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny seedable random number generator, the one behind every
/// seed Hoshi takes, so the same seed gives the same engine moves and the same generated puzzles on every
/// machine and every run.
///
/// Not cryptographic. The sequence is part of Hoshi's output: changing this algorithm changes the moves a
/// seeded engine plays and the puzzles every existing `seed:` produces.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's whole state.
    public private(set) var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound` (bound > 0) by multiply-shift: no division in the engine's playout loop; the
    /// bias is below 2^-32 for any board.
    @inline(__always)
    mutating func below(_ bound: Int) -> Int {
        Int(((next() >> 32) &* UInt64(bound)) >> 32)
    }

    /// True with probability `probability`.
    @inline(__always)
    mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) * 0x1p-53 < probability
    }
}
