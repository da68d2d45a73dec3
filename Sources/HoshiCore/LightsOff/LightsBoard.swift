/// A rectangular grid of bits: which lights are lit, or (the same shape) which cells are pressed.
///
/// Coordinates: `row` 0 is the top row as written in the puzzle file, `column` 0 the left column.
/// Layout: row-major, each row packed into `wordsPerRow` `UInt64` words (bit `c % 64` of word `c / 64` is
/// column `c`; bits beyond `width` are zero). Packing lets the solver treat a whole row as a handful of words,
/// and a 10,000 x 10,000 board fits in 12.5 MB.
public struct LightsBoard: Hashable, Sendable, CustomStringConvertible {
    /// Number of columns.
    public let width: Int
    /// Number of rows.
    public let height: Int
    /// Words per packed row: `ceil(width / 64)`.
    public let wordsPerRow: Int
    /// Row-major packed bits; see the type's documentation.
    public internal(set) var words: [UInt64]

    /// An all-off board.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "board dimensions must not be negative")
        self.width = width
        self.height = height
        self.wordsPerRow = (width + 63) / 64
        self.words = [UInt64](repeating: 0, count: wordsPerRow * height)
    }

    /// A board from rows of booleans (`true` = lit); all rows must have the same length.
    public init(rows: [[Bool]]) {
        let width = rows.first?.count ?? 0
        self.init(width: width, height: rows.count)
        for (row, cells) in rows.enumerated() {
            precondition(cells.count == width, "all rows must have the same width")
            for (column, lit) in cells.enumerated() where lit { self[row, column] = true }
        }
    }

    /// A board from `x`/`-` rows such as `["x-x", "---"]`; any character other than `x`, `X`, `1`, `#`, `O`
    /// counts as off. Meant for tests and examples; files go through `LightsTextReader`.
    public init(picture rows: [String]) {
        self.init(rows: rows.map { $0.map { "xX1#O".contains($0) } })
    }

    /// An all-lit board.
    public static func allLit(width: Int, height: Int) -> LightsBoard {
        var board = LightsBoard(width: width, height: height)
        let mask = BitMatrix.lastWordMask(columnCount: width)
        for row in 0..<height {
            for index in 0..<board.wordsPerRow {
                board.words[row * board.wordsPerRow + index] = index == board.wordsPerRow - 1 ? mask : ~0
            }
        }
        return board
    }

    /// Whether the light (or press) at a cell is on.
    public subscript(row: Int, column: Int) -> Bool {
        get {
            precondition(row >= 0 && row < height && column >= 0 && column < width, "cell out of range")
            return words[row * wordsPerRow + column >> 6] >> UInt64(column & 63) & 1 == 1
        }
        set {
            precondition(row >= 0 && row < height && column >= 0 && column < width, "cell out of range")
            let index = row * wordsPerRow + column >> 6
            let mask: UInt64 = 1 << UInt64(column & 63)
            if newValue { words[index] |= mask } else { words[index] &= ~mask }
        }
    }

    /// Number of cells.
    public var cellCount: Int { width * height }

    /// Number of lit cells (or presses).
    public var litCount: Int {
        words.reduce(0) { $0 + $1.nonzeroBitCount }
    }

    /// Whether every light is off.
    public var isAllOff: Bool { words.allSatisfy { $0 == 0 } }

    /// The lit cells in row-major order, as (row, column) pairs counted from the top-left.
    public var litCells: [(row: Int, column: Int)] {
        var cells: [(row: Int, column: Int)] = []
        for row in 0..<height {
            for index in 0..<wordsPerRow {
                var word = words[row * wordsPerRow + index]
                while word != 0 {
                    cells.append((row, index * 64 + word.trailingZeroBitCount))
                    word &= word - 1
                }
            }
        }
        return cells
    }

    /// Toggles one light.
    public mutating func toggle(row: Int, column: Int) {
        self[row, column].toggle()
    }

    /// `self ^= other`; both boards must have the same size.
    public mutating func formSymmetricDifference(_ other: LightsBoard) {
        precondition(width == other.width && height == other.height, "boards must have the same size")
        for index in words.indices { words[index] ^= other.words[index] }
    }

    // MARK: - Presses

    /// The distinct cells a press toggles under a rule: the cell and its orthogonal neighbours (see
    /// `LightsRule` for wrapping on small tori).
    public func cellsToggled(byPressAt row: Int, column: Int, rule: LightsRule) -> [(row: Int, column: Int)] {
        var cells: [(row: Int, column: Int)] = [(row, column)]
        let offsets = [(-1, 0), (1, 0), (0, -1), (0, 1)]
        for (rowOffset, columnOffset) in offsets {
            var neighbourRow = row + rowOffset
            var neighbourColumn = column + columnOffset
            if rule.wraps {
                neighbourRow = (neighbourRow + height) % height
                neighbourColumn = (neighbourColumn + width) % width
            } else if neighbourRow < 0 || neighbourRow >= height || neighbourColumn < 0 || neighbourColumn >= width {
                continue
            }
            if !cells.contains(where: { $0 == (neighbourRow, neighbourColumn) }) {
                cells.append((neighbourRow, neighbourColumn))
            }
        }
        return cells
    }

    /// Presses one cell. Simple and slow; `applyPresses` replays a whole press pattern row by row.
    public mutating func press(row: Int, column: Int, rule: LightsRule) {
        for cell in cellsToggled(byPressAt: row, column: column, rule: rule) { toggle(row: cell.row, column: cell.column) }
    }

    /// Presses every cell set in `presses` (same size as the board), in any order (presses commute).
    ///
    /// Works a row at a time with word-level shifts: row `r` changes by `T · presses[r]` plus the presses in
    /// rows `r - 1` and `r + 1`, where `T` toggles a cell and its left and right neighbours. This is how the
    /// benchmark replays a 10,000 x 10,000 solution in a fraction of a second.
    public mutating func applyPresses(_ presses: LightsBoard, rule: LightsRule) {
        precondition(width == presses.width && height == presses.height, "press pattern must match the board")
        guard width > 0, height > 0 else { return }
        if rule.wraps && (width < 3 || height < 3) {
            for cell in presses.litCells { press(row: cell.row, column: cell.column, rule: rule) }
            return
        }
        let stride = wordsPerRow
        let rows = height
        let boardWidth = width
        presses.words.withUnsafeBufferPointer { pressBuffer in
            words.withUnsafeMutableBufferPointer { boardBuffer in
                guard let pressBase = pressBuffer.baseAddress, let boardBase = boardBuffer.baseAddress else { return }
                for row in 0..<rows {
                    let target = boardBase + row * stride
                    LightsRowOperations.xorSpread(of: pressBase + row * stride, into: target, width: boardWidth,
                                                  wordCount: stride, wraps: rule.wraps)
                    if row > 0 {
                        LightsRowOperations.xor(pressBase + (row - 1) * stride, into: target, wordCount: stride)
                    } else if rule.wraps {
                        LightsRowOperations.xor(pressBase + (rows - 1) * stride, into: target, wordCount: stride)
                    }
                    if row < rows - 1 {
                        LightsRowOperations.xor(pressBase + (row + 1) * stride, into: target, wordCount: stride)
                    } else if rule.wraps {
                        LightsRowOperations.xor(pressBase, into: target, wordCount: stride)
                    }
                }
            }
        }
    }

    /// The board after pressing every cell in `presses`.
    public func applyingPresses(_ presses: LightsBoard, rule: LightsRule) -> LightsBoard {
        var copy = self
        copy.applyPresses(presses, rule: rule)
        return copy
    }

    /// The board with rows and columns swapped (cell (r, c) moves to (c, r)).
    public func transposed() -> LightsBoard {
        var result = LightsBoard(width: height, height: width)
        for cell in litCells { result[cell.column, cell.row] = true }
        return result
    }

    /// The board as `x`/`-` rows separated by newlines (no trailing newline). Built as bytes, since the text
    /// writer uses it for boards of up to 10^8 cells.
    public var description: String {
        guard width > 0 && height > 0 else { return "" }
        var bytes = [UInt8](repeating: UInt8(ascii: "-"), count: (width + 1) * height - 1)
        for row in 0..<height {
            if row > 0 { bytes[row * (width + 1) - 1] = UInt8(ascii: "\n") }
            for index in 0..<wordsPerRow {
                var word = words[row * wordsPerRow + index]
                while word != 0 {
                    bytes[row * (width + 1) + index * 64 + word.trailingZeroBitCount] = UInt8(ascii: "x")
                    word &= word - 1
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
