/// The 3x3 shape around an empty point, as the learned pattern weights (`LearnedPatternTable`) key it.
///
/// A key holds the eight neighbours in `PlayoutBoard`'s ring order (NW, N, NE, W, E, SW, S, SE), 4 bits
/// each: the low 2 bits are 0 empty, 1 a stone of the side to move ("own"), 2 an opponent stone, 3 off the
/// board; for the four orthogonal neighbours the high 2 bits hold the liberties of the stone's chain (1, 2,
/// or 3 for three or more), as the local features of Coulom's and Pachi's pattern models do, so ataris and
/// captures are part of the shape. Diagonal stones carry no liberty count (their high bits are 0).
///
/// Keys are made relative to the side to move, so a shape and its colour swap with the other side to move
/// have the same key; `canonical(_:)` then picks one key among the eight rotations and reflections, so one
/// weight covers all of them.
enum LocalShape {
    /// The key of the empty point `index` for `stone` to move, before canonicalisation.
    @inline(__always)
    static func code(at index: Int, for stone: Stone, on board: PlayoutBoard) -> UInt32 {
        let own = stone.rawValue
        var code: UInt32 = 0
        for slot in 0..<8 {
            let cell = index + board.ringOffsets[slot]
            let value = board.colour[cell]
            var nibble: UInt32
            switch value {
            case PlayoutBoard.empty: nibble = 0
            case PlayoutBoard.border: nibble = 3
            case own: nibble = 1
            default: nibble = 2
            }
            // Slots 1, 3, 4 and 6 are the orthogonal neighbours.
            if nibble == 1 || nibble == 2, slot == 1 || slot == 3 || slot == 4 || slot == 6 {
                nibble |= UInt32(min(3, board.liberties[board.head(cell)])) << 2
            }
            code |= nibble << UInt32(4 * slot)
        }
        return code
    }

    /// The canonical key of `index` for `stone`: `canonical(code(at:for:on:))`.
    @inline(__always)
    static func key(at index: Int, for stone: Stone, on board: PlayoutBoard) -> UInt32 {
        canonical(code(at: index, for: stone, on: board))
    }

    /// The smallest of the eight keys the rotations and reflections of the square give `code`, so every
    /// symmetric variant of a shape has one key.
    static func canonical(_ code: UInt32) -> UInt32 {
        var smallest = code
        for permutation in slotPermutations.dropFirst() {
            let mapped = transformed(code, by: permutation)
            if mapped < smallest { smallest = mapped }
        }
        return smallest
    }

    /// `code` with each slot's 4 bits moved to `permutation[slot]`.
    static func transformed(_ code: UInt32, by permutation: [Int]) -> UInt32 {
        var mapped: UInt32 = 0
        for slot in 0..<8 {
            mapped |= ((code >> UInt32(4 * slot)) & 0xF) << UInt32(4 * permutation[slot])
        }
        return mapped
    }

    /// For each of the eight symmetries of the square (the identity first), where each ring slot goes:
    /// (row, column) in -1...1 maps to (row * a + column * b, row * c + column * d).
    static let slotPermutations: [[Int]] = {
        let symmetries = [
            (1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0),
            (1, 0, 0, -1), (0, -1, -1, 0), (-1, 0, 0, 1), (0, 1, 1, 0),
        ]
        func slot(row: Int, column: Int) -> Int {
            let position = (row + 1) * 3 + (column + 1)
            return position < 4 ? position : position - 1
        }
        return symmetries.map { a, b, c, d in
            var permutation = [Int](repeating: 0, count: 8)
            for row in -1...1 {
                for column in -1...1 where row != 0 || column != 0 {
                    permutation[slot(row: row, column: column)] = slot(row: row * a + column * b, column: row * c + column * d)
                }
            }
            return permutation
        }
    }()
}
