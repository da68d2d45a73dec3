/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny seedable random number generator, so that a generated
/// puzzle set is the same on every machine and every run for the same seed.
///
/// Not cryptographic. The sequence is part of Hoshi's output format: changing this algorithm changes the
/// puzzles every existing `seed:` produces.
public struct LightsSplitMix64: RandomNumberGenerator, Sendable {
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
}
