import HoshiCore

/// The main line as figures of a fixed number of moves, the way a printed game record shows it: each figure
/// is the position at its last move, with the figure's moves numbered on their stones. A move whose stone
/// is not on the board at the figure's end (captured, or covered by a later move) is listed under the
/// figure: `34, 40 at 28` when the point shows a numbered stone of the figure, else `52 at Q16`; passes are
/// listed as `61: pass`. (Printed-book conventions beyond this come with annotated figures.)
struct GameFigures {
    let game: GameTree
    let positions: GamePositions
    let fragments: GameFragments
    var parameters = GamePageParameters()

    struct Figure {
        var firstMove: Int
        var lastMove: Int
        var picture: GoBoardPicture
        /// `34, 40 at 28`, `61: pass`, in move order.
        var notes: [String]
    }

    /// The figures, at most `parameters.staticFigureLimit` of them (the viewer shows every move).
    func figures() -> [Figure] {
        let count = min(fragments.moveCount, parameters.movesPerFigure * parameters.staticFigureLimit)
        let ranges = stride(from: 1, through: count, by: parameters.movesPerFigure).map { first in
            first...min(first + parameters.movesPerFigure - 1, count)
        }
        return figures(for: ranges)
    }

    /// Figures of main-line move ranges (1-based, ascending, not overlapping), replayed in one pass: each is
    /// the position after its last move, with the range's standing stones numbered.
    func figures(for ranges: [ClosedRange<Int>]) -> [Figure] {
        let size = positions.size
        let columns = size.columns
        var occupant = [UInt8](repeating: 0, count: columns * size.rows)
        // The range (1-based index into `ranges`) and move number that placed the stone on a point, 0 for none.
        var placedInFigure = [Int](repeating: 0, count: columns * size.rows)
        var placedNumber = [Int](repeating: 0, count: columns * size.rows)
        func apply(_ change: PositionChange) {
            for stone in change.removed { occupant[stone.point.row * columns + stone.point.column] = 0 }
            for stone in change.added {
                let cell = stone.point.row * columns + stone.point.column
                occupant[cell] = stone.stone.rawValue
                placedInFigure[cell] = 0
            }
        }
        var figures: [Figure] = []
        let moveNodes = fragments.moveNodes
        let mainLine = fragments.mainLine
        var mainLineIndex = 0
        var movesPlayed = 0
        for (rangeIndex, range) in ranges.enumerated() where range.lowerBound >= 1 && range.upperBound <= moveNodes.count {
            let figureNumber = rangeIndex + 1
            var played: [(number: Int, point: Point?)] = []
            while mainLineIndex < mainLine.count && movesPlayed < range.upperBound {
                let id = mainLine[mainLineIndex]
                mainLineIndex += 1
                let change = positions.change(at: id)
                apply(change)
                guard let move = change.move else { continue }
                movesPlayed += 1
                guard movesPlayed >= range.lowerBound else { continue }
                played.append((change.moveNumber, move.point))
                if let point = move.point {
                    let cell = point.row * columns + point.column
                    placedInFigure[cell] = figureNumber
                    placedNumber[cell] = change.moveNumber
                }
            }
            var picture = GoBoardPicture(size: size)
            picture.showsCoordinates = false
            var shownNumbers: [Int: Int] = [:]  // cell -> number shown
            for row in 0..<size.rows {
                for column in 0..<columns {
                    let cell = row * columns + column
                    guard occupant[cell] != 0, let stone = Stone(rawValue: occupant[cell]) else { continue }
                    let point = Point(column: column, row: row)
                    picture.stones.append(PlacedStone(point: point, stone: stone))
                    if placedInFigure[cell] == figureNumber {
                        picture.numbers.append((point, placedNumber[cell]))
                        shownNumbers[cell] = placedNumber[cell]
                    }
                }
            }
            figures.append(Figure(firstMove: range.lowerBound, lastMove: range.upperBound, picture: picture,
                                  notes: notes(for: played, shownNumbers: shownNumbers, size: size)))
        }
        return figures
    }

    private func notes(for played: [(number: Int, point: Point?)], shownNumbers: [Int: Int], size: BoardSize) -> [String] {
        var groups: [(point: Point?, numbers: [Int])] = []
        var groupIndex: [Point: Int] = [:]
        for (number, point) in played {
            guard let point else {
                groups.append((nil, [number]))
                continue
            }
            let cell = point.row * size.columns + point.column
            if shownNumbers[cell] == number { continue }
            if let index = groupIndex[point] {
                groups[index].numbers.append(number)
            } else {
                groupIndex[point] = groups.count
                groups.append((point, [number]))
            }
        }
        return groups.map { group in
            let numbers = group.numbers.map(String.init).joined(separator: ", ")
            guard let point = group.point else { return "\(numbers): pass" }
            if let shown = shownNumbers[point.row * size.columns + point.column] { return "\(numbers) at \(shown)" }
            return "\(numbers) at \(GoBoardPicture.pointName(point, on: size))"
        }
    }
}
