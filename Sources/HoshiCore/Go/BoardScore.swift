/// The score of a final position, both ways: area (stones plus surrounded empty points, Chinese rules)
/// and territory (surrounded empty points plus prisoners, Japanese rules). Komi is not included: callers
/// add it, because records disagree on whether `KM` was meant for area or territory counting.
public struct BoardScore: Hashable, Sendable {
    public var blackStones: Int
    public var whiteStones: Int
    /// Empty points surrounded only by black (after removing dead stones).
    public var blackTerritory: Int
    public var whiteTerritory: Int
    /// Prisoners taken during play plus dead stones removed at the end.
    public var blackPrisoners: Int
    public var whitePrisoners: Int
    /// Empty points touching both colours (dame) or no stone at all.
    public var neutral: Int

    public var blackArea: Int { blackStones + blackTerritory }
    public var whiteArea: Int { whiteStones + whiteTerritory }
    /// Black minus white by area counting.
    public var areaMargin: Int { blackArea - whiteArea }
    /// Black minus white by territory counting.
    public var territoryMargin: Int { (blackTerritory + blackPrisoners) - (whiteTerritory + whitePrisoners) }
}

extension Board {
    /// Scores the position after removing `deadStones` (points without a stone are ignored).
    ///
    /// An empty region belongs to a colour when every stone bordering it has that colour. Seki and other
    /// shared regions count as neutral; nothing here decides life and death.
    public func score(deadStones: Set<Point>) -> BoardScore {
        var board = self
        var blackPrisoners = capturedByBlack
        var whitePrisoners = capturedByWhite
        for point in deadStones {
            guard let stone = board[point] else { continue }
            board.set(nil, at: point)
            if stone == .white { blackPrisoners += 1 } else { whitePrisoners += 1 }
        }
        var score = BoardScore(blackStones: 0, whiteStones: 0, blackTerritory: 0, whiteTerritory: 0,
                          blackPrisoners: blackPrisoners, whitePrisoners: whitePrisoners, neutral: 0)
        var seen = Set<Int>()
        for point in size.points {
            let index = board.index(of: point)
            switch board.cells[index] {
            case Stone.black.rawValue: score.blackStones += 1
            case Stone.white.rawValue: score.whiteStones += 1
            default:
                guard !seen.contains(index) else { continue }
                // Flood the empty region, noting which colours border it.
                var region = 0
                var borders = Set<UInt8>()
                var queue = [index]
                seen.insert(index)
                while let current = queue.popLast() {
                    region += 1
                    for neighbour in [current - 1, current + 1, current - board.stride, current + board.stride] {
                        let value = board.cells[neighbour]
                        if value == Board.empty {
                            if seen.insert(neighbour).inserted { queue.append(neighbour) }
                        } else if value != Board.border {
                            borders.insert(value)
                        }
                    }
                }
                if borders == [Stone.black.rawValue] {
                    score.blackTerritory += region
                } else if borders == [Stone.white.rawValue] {
                    score.whiteTerritory += region
                } else {
                    score.neutral += region
                }
            }
        }
        return score
    }
}
