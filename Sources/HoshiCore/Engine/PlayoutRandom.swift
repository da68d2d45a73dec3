/// The engine's random number generator: SplitMix64 (Steele, Lea and Flood, 2014), small and seedable so a
/// search with one thread is the same on every machine and run.
///
/// Not cryptographic. The engine's moves for a seed depend on this sequence.
struct PlayoutRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound` (bound > 0) by multiply-shift: no division in the playout loop; the bias is
    /// below 2^-32 for any board.
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
