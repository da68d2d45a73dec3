import Foundation

/// The learned shape weights (`LearnedPatternTable`) laid out for the playouts: one byte per raw
/// neighbourhood, so a playout reads a point's weight with two loads (its level, then the level's weight)
/// instead of canonicalising its key over eight symmetries and hashing it into a dictionary.
///
/// The index of an empty point packs what `LocalShape` keys, relative to the side to move, in 20 bits:
/// - bits 0-7: the four diagonal neighbours (NW, NE, SW, SE), 2 bits each: 0 empty, 1 own stone, 2 opponent
///   stone, 3 off the board, read from `PlayoutBoard.neighbourhood` with black and white swapped for white;
/// - bits 8-19: the four orthogonal neighbours (N, W, E, S), 3 bits each: 0 empty, 1 off the board, 2-4 an
///   own stone whose chain has 1, 2 or 3+ liberties, 5-7 the same for an opponent stone.
/// The 2^20 entries take 1 MB, of which a 9x9 playout touches a small part.
///
/// Each entry is the weight's level on a logarithmic scale (`level(of:)`): the learned weights span about
/// 3.8e-5 to 127, and 254 steps over that span keep each weight within about 3% of its learned value, which
/// is far finer than the counts behind the weights can tell apart.
///
/// Written only while it is built, then read by every search thread: hence `@unchecked Sendable`.
final class PlayoutShapeWeights: @unchecked Sendable {
    /// The table built from the learned weights; built on first use, once per process.
    static let learned = PlayoutShapeWeights(weights: LearnedPatternTable.weights)

    static let entryCount = 1 << 20
    /// A weight of 1 (a shape played as often as the average legal point) in the integer scale of
    /// `weight(at:for:on:)`.
    static let unitWeight = 1 << 16

    /// The level of each index (`index(at:for:on:)`).
    let levels: UnsafePointer<UInt8>
    /// The integer weight of each level: the level's weight times `unitWeight`, rounded, at least 1.
    let levelWeights: UnsafePointer<Int32>
    /// Natural logarithms of the smallest weight and of the ratio between neighbouring levels.
    let smallestLogarithm: Double
    let logarithmStep: Double

    /// A table where every shape weighs as in `weights` (canonical `LocalShape` keys; missing ones weigh 1,
    /// as for `LearnedPatternTable.weight(at:for:on:)`).
    init(weights: [UInt32: Float]) {
        let logarithms = weights.values.map { log(Double($0)) } + [0]
        smallestLogarithm = logarithms.min() ?? 0
        let largest = logarithms.max() ?? 0
        logarithmStep = max(largest - smallestLogarithm, 1e-9) / 254
        let levelWeights = UnsafeMutablePointer<Int32>.allocate(capacity: 256)
        for level in 0..<256 {
            let weight = exp(smallestLogarithm + Double(level) * logarithmStep) * Double(Self.unitWeight)
            levelWeights[level] = Int32(clamping: max(1, Int(weight.rounded())))
        }
        self.levelWeights = UnsafePointer(levelWeights)
        let levels = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.entryCount)
        self.levels = UnsafePointer(levels)
        levels.initialize(repeating: level(of: 1), count: Self.entryCount)
        for (key, weight) in weights {
            let level = level(of: weight)
            for permutation in LocalShape.slotPermutations {
                if let index = Self.index(ofKey: LocalShape.transformed(key, by: permutation)) {
                    levels[index] = level
                }
            }
        }
    }

    deinit {
        levels.deallocate()
        levelWeights.deallocate()
    }

    /// The level that stands for `weight`: the nearest on the logarithmic scale.
    func level(of weight: Float) -> UInt8 {
        let steps = ((log(Double(weight)) - smallestLogarithm) / logarithmStep).rounded()
        return UInt8(min(255, max(0, steps)))
    }

    /// The weight a level stands for.
    func weight(ofLevel level: UInt8) -> Double {
        exp(smallestLogarithm + Double(level) * logarithmStep)
    }

    /// The weight of the empty point `point` for `stone` to move, times `unitWeight`.
    @inline(__always)
    func weight(at point: Int, for stone: Stone, on board: PlayoutBoard) -> Int {
        Int(levelWeights[Int(levels[Self.index(at: point, for: stone, on: board)])])
    }

    /// The table index of the empty point `point` for `stone` to move.
    @inline(__always)
    static func index(at point: Int, for stone: Stone, on board: PlayoutBoard) -> Int {
        var colours = Int(board.neighbourhood[point])
        if stone == .white {
            // Swap 1 and 2 in every 2-bit field: flip both bits where they differ.
            let differing = (colours ^ (colours >> 1)) & 0x5555
            colours ^= differing | (differing << 1)
        }
        // Diagonal slots 0, 2, 5 and 7 sit at bits 0, 4, 10 and 14 of the neighbourhood code.
        var index = (colours & 0x3) | (colours >> 2 & 0xC) | (colours >> 6 & 0x30) | (colours >> 8 & 0xC0)
        index |= orthogonalField(colours >> 2 & 3, at: point - board.stride, on: board) << 8
        index |= orthogonalField(colours >> 6 & 3, at: point - 1, on: board) << 11
        index |= orthogonalField(colours >> 8 & 3, at: point + 1, on: board) << 14
        index |= orthogonalField(colours >> 12 & 3, at: point + board.stride, on: board) << 17
        return index
    }

    /// The 3-bit field of an orthogonal neighbour of relative colour `colour` at `cell`.
    @inline(__always)
    private static func orthogonalField(_ colour: Int, at cell: Int, on board: PlayoutBoard) -> Int {
        switch colour {
        case 0: return 0
        case 3: return 1
        default: return (colour == 1 ? 1 : 4) + min(3, Int(board.liberties[board.head(cell)]))
        }
    }

    /// The table index of a `LocalShape` key (before canonicalisation); nil for a key no board gives (a
    /// stone next to the point without liberties, or liberties on an empty, border or diagonal neighbour).
    static func index(ofKey key: UInt32) -> Int? {
        var index = 0
        for (slot, field) in [(0, 0), (2, 2), (5, 4), (7, 6)] {
            let nibble = Int(key >> UInt32(4 * slot) & 0xF)
            guard nibble < 4 else { return nil }
            index |= nibble << field
        }
        for (slot, field) in [(1, 8), (3, 11), (4, 14), (6, 17)] {
            let nibble = Int(key >> UInt32(4 * slot) & 0xF)
            let colour = nibble & 3
            let liberties = nibble >> 2
            switch colour {
            case 0, 3:
                guard liberties == 0 else { return nil }
                index |= (colour == 0 ? 0 : 1) << field
            default:
                guard liberties > 0 else { return nil }
                index |= ((colour == 1 ? 1 : 4) + liberties) << field
            }
        }
        return index
    }
}
