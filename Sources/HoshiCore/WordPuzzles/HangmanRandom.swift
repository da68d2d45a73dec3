/// The pseudorandom generator of Evil Hangman: Mulberry32 (Tommy Ettinger's 32-bit generator), chosen because
/// JavaScript reproduces it exactly with 32-bit integer arithmetic, so the page (hangman.js) and Swift give the
/// same games for the same seed. Not cryptographic; the sequence is part of the game's definition.
///
/// One step, on a 32-bit unsigned state `a` (all additions and multiplications modulo 2^32):
/// ```
/// a = a + 0x6D2B79F5
/// t = (a ^ (a >> 15)) * (a | 1)
/// t = (t + ((t ^ (t >> 7)) * (t | 61))) ^ t
/// return t ^ (t >> 14)
/// ```
/// In JavaScript: `a = (a + 0x6D2B79F5) | 0; let t = Math.imul(a ^ (a >>> 15), a | 1);
/// t = (t + Math.imul(t ^ (t >>> 7), t | 61)) ^ t; return (t ^ (t >>> 14)) >>> 0;`.
///
/// A choice among `count` things takes `next() % count` (`HangmanRandom.index(below:)`), and the generator
/// is consulted only when there is a choice to make (a tie, or the word of a fair game).
public struct HangmanRandom: Sendable, Equatable {
    /// The whole state; a game saved with it resumes exactly.
    public private(set) var state: UInt32

    public init(seed: UInt32) {
        state = seed
    }

    public mutating func next() -> UInt32 {
        state &+= 0x6D2B_79F5
        var mixed = (state ^ (state >> 15)) &* (state | 1)
        mixed = (mixed &+ ((mixed ^ (mixed >> 7)) &* (mixed | 61))) ^ mixed
        return mixed ^ (mixed >> 14)
    }

    /// An index in `0..<count` (count > 0): `next() % count`.
    public mutating func index(below count: Int) -> Int {
        Int(next() % UInt32(count))
    }
}
