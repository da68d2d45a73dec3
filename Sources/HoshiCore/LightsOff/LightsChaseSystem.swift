// Lights Off: light chasing, which turns a board of n x m cells into a linear system over GF(2) with only
// n unknowns (2n on a torus).
//
// Light chasing: choose the presses of the first row. Each light still on in row r can then only be turned
// off by pressing the cell below it, so the presses of row r + 1 are forced:
//     p[r+1] = b[r] + T p[r] + p[r-1]          (all arithmetic over GF(2); p[-1] = 0 on the plain rule)
// where b[r] is row r of the board and T toggles a cell and its left and right neighbours. The board is solved
// exactly when the "virtual" row p[m] below the last row is zero. Everything is affine in p[0]:
//     p[r] = P_r(T) p[0] + c[r],   P_{-1} = 0, P_0 = 1, P_{k+1}(x) = x P_k(x) + P_{k-1}(x)
// (Chebyshev-like polynomials over GF(2)), so the first row must satisfy P_m(T) p[0] = c[m], where c[m] is
// what chasing the board with an empty first row leaves below the last row.
//
// Building P_m(T) fast (why the 10,000 x 10,000 case takes well under a second to set up): T is the
// tridiagonal matrix of a path. Embedding a path of n cells into a cycle of N = 2n + 2 cells, with the
// mirror image of the row on the other half and zeros at 0 and n + 1, makes the cycle's neighbour operator
// C act exactly like T (the two mirror halves cancel at the zeros, since 1 + 1 = 0). Polynomials in C are
// circulant, so P_m(C) is determined by one vector g = P_m(C) e_0, computed by the recurrence in m steps of
// N / 64 word operations. Unfolding the mirror gives P_m(T)[i][j] = g[j - i] + g[i + j + 2] (indices mod N,
// g symmetric): a Toeplitz-plus-Hankel matrix whose rows are two word-shifted slices of g. The naive way —
// chasing each of the n unit first rows through m rows — costs n * m * n / 64 word operations
// (about 1.6 * 10^10 for n = m = 10,000).
//
// On a torus (both directions wrap) T becomes the circulant C_n itself and row 0 also sees row m - 1, so the
// unknowns are p[0] and p[-1] = p[m-1] and the conditions are p[m] = p[0] and (chased) p[m-1] = p[-1]:
//     [ P_m + 1   P_{m-1}   ] [ p[0]  ]   [ c[m]   ]
//     [ P_{m-1}   P_{m-2}+1 ] [ p[-1] ] = [ c[m-1] ]
// with every block circulant, again built from the recurrence's vectors. Tori narrower or shorter than 3
// (where wrapped neighbours coincide) use the full cell-by-cell press matrix instead.

/// The linear system that light chasing produces for one board size and rule.
///
/// Boards wider than they are tall are chased along columns (the system's size is the shorter side), which
/// is transparent to callers: every function takes and returns boards in their own orientation.
struct LightsChaseSystem: Sendable {
    /// How the unknowns relate to the board.
    enum Kind: Sendable {
        /// Plain rule: unknowns are the first chased row's presses.
        case rowChase
        /// Torus: unknowns are the first row's presses, then the last row's.
        case torusChase
        /// Small torus: one unknown per cell, the full press matrix.
        case direct
    }

    let width: Int
    let height: Int
    let rule: LightsRule
    let kind: Kind
    /// Whether chasing runs along columns (the board is transposed internally).
    let isTransposed: Bool
    /// Chase-oriented dimensions: rows have `chaseWidth` cells; there are `chaseHeight` rows.
    let chaseWidth: Int
    let chaseHeight: Int
    /// The system's matrix (square, `unknownCount` x `unknownCount`).
    let matrix: BitMatrix

    var unknownCount: Int { matrix.columnCount }

    init(width: Int, height: Int, rule: LightsRule) {
        self.width = width
        self.height = height
        self.rule = rule
        if rule.wraps && (width < 3 || height < 3) {
            kind = .direct
            isTransposed = false
            chaseWidth = width
            chaseHeight = height
            matrix = LightsChaseSystem.pressMatrix(width: width, height: height, rule: rule)
            return
        }
        isTransposed = width > height
        chaseWidth = isTransposed ? height : width
        chaseHeight = isTransposed ? width : height
        if rule.wraps {
            kind = .torusChase
            matrix = LightsChaseSystem.torusMatrix(width: chaseWidth, height: chaseHeight)
        } else {
            kind = .rowChase
            matrix = LightsChaseSystem.plainMatrix(width: chaseWidth, height: chaseHeight)
        }
    }

    // MARK: - Using the system

    /// The board in chase orientation.
    func chaseOriented(_ board: LightsBoard) -> LightsBoard {
        isTransposed ? board.transposed() : board
    }

    /// The right-hand side for a board (in the board's own orientation): what must be cancelled.
    func rightHandSide(for board: LightsBoard) -> [UInt64] {
        switch kind {
        case .direct:
            return LightsChaseSystem.flatten(board)
        case .rowChase:
            let oriented = chaseOriented(board)
            let zero = [UInt64](repeating: 0, count: oriented.wordsPerRow)
            return chase(board: oriented, first: zero, previous: nil).next
        case .torusChase:
            let oriented = chaseOriented(board)
            let zero = [UInt64](repeating: 0, count: oriented.wordsPerRow)
            let result = chase(board: oriented, first: zero, previous: zero)
            let lastRow = Array(result.presses.words[((chaseHeight - 1) * oriented.wordsPerRow)...])
            return LightsChaseSystem.concatenate(result.next, lastRow, width: chaseWidth)
        }
    }

    /// The full press pattern (board orientation) for a solution of the system. With `board` nil this turns a
    /// null-space vector into a quiet pattern.
    func presses(forUnknowns unknowns: [UInt64], board: LightsBoard?) -> LightsBoard {
        switch kind {
        case .direct:
            return LightsChaseSystem.unflatten(unknowns, width: width, height: height)
        case .rowChase, .torusChase:
            let oriented = board.map(chaseOriented) ?? LightsBoard(width: chaseWidth, height: chaseHeight)
            let first: [UInt64]
            var previous: [UInt64]? = nil
            if kind == .rowChase {
                first = unknowns
            } else {
                first = LightsChaseSystem.slice(unknowns, start: 0, count: chaseWidth)
                previous = LightsChaseSystem.slice(unknowns, start: chaseWidth, count: chaseWidth)
            }
            let presses = chase(board: oriented, first: first, previous: previous).presses
            return isTransposed ? presses.transposed() : presses
        }
    }

    /// Light chasing in chase orientation: row 0 of the result is `first`; each later row turns off what is
    /// still lit in the row above. `previous` is the press row above row 0 (the last row, on a torus).
    /// Returns the presses and the virtual row below the last.
    func chase(board: LightsBoard, first: [UInt64], previous: [UInt64]?) -> (presses: LightsBoard, next: [UInt64]) {
        let stride = board.wordsPerRow
        var presses = LightsBoard(width: chaseWidth, height: chaseHeight)
        var next = [UInt64](repeating: 0, count: stride)
        guard chaseHeight > 0, stride > 0 else { return (presses, next) }
        let rows = chaseHeight
        let rowWidth = chaseWidth
        let wraps = rule.wraps
        presses.words.withUnsafeMutableBufferPointer { pressBuffer in
            board.words.withUnsafeBufferPointer { boardBuffer in
                next.withUnsafeMutableBufferPointer { nextBuffer in
                    guard let pressBase = pressBuffer.baseAddress, let boardBase = boardBuffer.baseAddress,
                          let nextBase = nextBuffer.baseAddress else { return }
                    for index in 0..<stride { pressBase[index] = index < first.count ? first[index] : 0 }
                    for row in 0..<rows {
                        // Row below (or the virtual row) starts as this row's lights.
                        let target = row + 1 < rows ? pressBase + (row + 1) * stride : nextBase
                        let source = boardBase + row * stride
                        for index in 0..<stride { target[index] = source[index] }
                        LightsRowOperations.xorSpread(of: pressBase + row * stride, into: target, width: rowWidth,
                                                      wordCount: stride, wraps: wraps)
                        if row > 0 {
                            LightsRowOperations.xor(pressBase + (row - 1) * stride, into: target, wordCount: stride)
                        } else if let previous {
                            for index in 0..<min(stride, previous.count) { target[index] ^= previous[index] }
                        }
                    }
                }
            }
        }
        return (presses, next)
    }

    // MARK: - Building the matrix

    /// `P_m(T)` for the plain rule on rows of `width` cells chased through `height` rows; see the file header.
    static func plainMatrix(width: Int, height: Int) -> BitMatrix {
        let cycle = 2 * width + 2
        let vectors = chebyshevVectors(cycleLength: cycle, steps: height, keep: [height])
        let doubled = doubledCycle(vectors[0], cycleLength: cycle)
        var matrix = BitMatrix(rowCount: width, columnCount: width)
        for row in 0..<width {
            var packed = slice(doubled, start: (cycle - row) % cycle, count: width)
            let hankel = slice(doubled, start: (row + 2) % cycle, count: width)
            for index in packed.indices { packed[index] ^= hankel[index] }
            matrix.setRow(row, to: packed)
        }
        return matrix
    }

    /// The torus block matrix; see the file header.
    static func torusMatrix(width: Int, height: Int) -> BitMatrix {
        let vectors = chebyshevVectors(cycleLength: width, steps: height, keep: [height, height - 1, height - 2])
        let doubled = vectors.map { doubledCycle($0, cycleLength: width) }
        var matrix = BitMatrix(rowCount: 2 * width, columnCount: 2 * width)
        func circulantRow(_ doubledVector: [UInt64], _ row: Int, plusIdentity: Bool) -> [UInt64] {
            var packed = slice(doubledVector, start: (width - row) % width, count: width)
            if plusIdentity { packed[row >> 6] ^= 1 << UInt64(row & 63) }
            return packed
        }
        for row in 0..<width {
            let top = concatenate(circulantRow(doubled[0], row, plusIdentity: true),
                                  circulantRow(doubled[1], row, plusIdentity: false), width: width)
            let bottom = concatenate(circulantRow(doubled[1], row, plusIdentity: false),
                                     circulantRow(doubled[2], row, plusIdentity: true), width: width)
            matrix.setRow(row, to: top)
            matrix.setRow(width + row, to: bottom)
        }
        return matrix
    }

    /// The vectors `P_k(C) e_0` on a cycle of `cycleLength` cells for each `k` in `keep` (in that order),
    /// where `C` toggles a cell and both neighbours; `P_{-1}(C) e_0` is the zero vector.
    static func chebyshevVectors(cycleLength: Int, steps: Int, keep: [Int]) -> [[UInt64]] {
        let wordCount = (cycleLength + 63) / 64
        var previous = [UInt64](repeating: 0, count: wordCount)  // k - 1
        var current = previous                                    // k
        current[0] = 1
        var kept: [Int: [UInt64]] = [-1: previous, 0: current]
        if steps >= 1 {
            for step in 1...steps {
                // next = C current + previous, computed in place over previous.
                current.withUnsafeBufferPointer { currentBuffer in
                    previous.withUnsafeMutableBufferPointer { previousBuffer in
                        guard let source = currentBuffer.baseAddress, let target = previousBuffer.baseAddress else { return }
                        LightsRowOperations.xorSpread(of: source, into: target, width: cycleLength,
                                                      wordCount: wordCount, wraps: true)
                    }
                }
                swap(&previous, &current)
                if keep.contains(step) { kept[step] = current }
            }
        }
        return keep.map { kept[$0] ?? [UInt64](repeating: 0, count: wordCount) }
    }

    /// The cycle vector written twice in a row (plus a spare zero word), so any cyclic slice is contiguous.
    static func doubledCycle(_ vector: [UInt64], cycleLength: Int) -> [UInt64] {
        var doubled = [UInt64](repeating: 0, count: (2 * cycleLength + 63) / 64 + 1)
        for index in 0..<cycleLength where vector[index >> 6] >> UInt64(index & 63) & 1 == 1 {
            doubled[index >> 6] |= 1 << UInt64(index & 63)
            let copy = index + cycleLength
            doubled[copy >> 6] |= 1 << UInt64(copy & 63)
        }
        return doubled
    }

    /// `count` bits of a packed vector starting at bit `start`, packed from bit 0; reads past the end are zero.
    static func slice(_ vector: [UInt64], start: Int, count: Int) -> [UInt64] {
        let wordCount = (count + 63) / 64
        var result = [UInt64](repeating: 0, count: wordCount)
        let wordOffset = start >> 6
        let bitOffset = UInt64(start & 63)
        for index in 0..<wordCount {
            let low = wordOffset + index < vector.count ? vector[wordOffset + index] : 0
            let high = wordOffset + index + 1 < vector.count ? vector[wordOffset + index + 1] : 0
            result[index] = bitOffset == 0 ? low : (low >> bitOffset) | (high << (64 - bitOffset))
        }
        if wordCount > 0 { result[wordCount - 1] &= BitMatrix.lastWordMask(columnCount: count) }
        return result
    }

    /// Two packed vectors of `width` bits each, joined into one of `2 * width` bits.
    static func concatenate(_ first: [UInt64], _ second: [UInt64], width: Int) -> [UInt64] {
        var result = [UInt64](repeating: 0, count: (2 * width + 63) / 64)
        for index in 0..<width {
            if first[index >> 6] >> UInt64(index & 63) & 1 == 1 { result[index >> 6] |= 1 << UInt64(index & 63) }
            if second[index >> 6] >> UInt64(index & 63) & 1 == 1 {
                let target = index + width
                result[target >> 6] |= 1 << UInt64(target & 63)
            }
        }
        return result
    }

    /// The full press matrix: column (and row, it is symmetric) `r * width + c` is what pressing (r, c) toggles.
    static func pressMatrix(width: Int, height: Int, rule: LightsRule) -> BitMatrix {
        var matrix = BitMatrix(rowCount: width * height, columnCount: width * height)
        let board = LightsBoard(width: width, height: height)
        for row in 0..<height {
            for column in 0..<width {
                for cell in board.cellsToggled(byPressAt: row, column: column, rule: rule) {
                    matrix[cell.row * width + cell.column, row * width + column] = true
                }
            }
        }
        return matrix
    }

    /// A board as one packed vector, cell `r * width + c` at bit `r * width + c`.
    static func flatten(_ board: LightsBoard) -> [UInt64] {
        var vector = [UInt64](repeating: 0, count: (board.cellCount + 63) / 64)
        for cell in board.litCells {
            let index = cell.row * board.width + cell.column
            vector[index >> 6] |= 1 << UInt64(index & 63)
        }
        return vector
    }

    /// The inverse of `flatten`.
    static func unflatten(_ vector: [UInt64], width: Int, height: Int) -> LightsBoard {
        var board = LightsBoard(width: width, height: height)
        for index in 0..<(width * height) where vector[index >> 6] >> UInt64(index & 63) & 1 == 1 {
            board[index / width, index % width] = true
        }
        return board
    }
}
