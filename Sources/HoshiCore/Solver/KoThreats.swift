/// How many kos each side may retake at once: each retake spends one of its threats (a move elsewhere
/// the other side answers). Nil for no limit.
///
/// Why counted: "the attacker wins every ko" proves that a problem is a ko, but not which ko. Counting
/// threats tells the books' kinds apart: a ko the side to play wins with no threat of its own (the other
/// side must find the first), one it needs a threat for, and one the other side loses even with threats
/// in hand (an approach ko). `LifeAndDeathSolver` ranks a ko's first moves by them.
struct KoThreats: Equatable {
    var black: Int?
    var white: Int?

    /// `master` retakes every ko at once; the other side never does. No one retakes when `master` is nil.
    static func master(_ master: Stone?) -> KoThreats {
        KoThreats(black: master == .black ? nil : 0, white: master == .white ? nil : 0)
    }

    subscript(stone: Stone) -> Int? {
        get { stone == .black ? black : white }
        set { if stone == .black { black = newValue } else { white = newValue } }
    }

    /// Whether `stone` may retake a ko now.
    func allowsRetake(by stone: Stone) -> Bool { self[stone].map { $0 > 0 } ?? true }

    /// Mixed into a position's key, so that positions with different threats left are not confused.
    var key: UInt64 {
        let black = self.black.map { UInt64($0) + 1 } ?? 0
        let white = self.white.map { UInt64($0) + 1 } ?? 0
        return (black &* 0x2F4A_7C15_9E37_79B9) ^ (white &* 0x7F4A_7C15_1E37_79B3)
    }
}
