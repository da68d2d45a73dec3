/// How far a move is from the last move, as Coulom's move-pattern model measures it ("Computing Elo
/// Ratings of Move Patterns in the Game of Go", 2007): dx + dy + max(dx, dy), so that a neighbour is 2, a
/// diagonal 3, a one-space jump 4; everything from 17 on is one bucket. The tree's priors multiply a
/// move's learned shape weight by a factor of its distance (`priorFactor(of:on:)`), from weights fitted
/// by `PatternLearner` on the Edo games with the shape weights held fixed.
enum LastMoveDistance {
    /// The distances told apart, 2 to 17 (17 meaning 17 or more).
    static let buckets = 2...17

    /// The distance bucket between two points of a board, given as columns and rows.
    static func bucket(columns: Int, rows: Int) -> Int {
        let dx = abs(columns), dy = abs(rows)
        return min(dx + dy + max(dx, dy), buckets.upperBound)
    }

    /// The distance bucket between cells `index` and `last` of `board`.
    @inline(__always)
    static func bucket(of index: Int, after last: Int, on board: PlayoutBoard) -> Int {
        bucket(columns: index % board.stride - last % board.stride, rows: index / board.stride - last / board.stride)
    }

    /// The factor the tree's priors give the move `index` on `board` for its distance to the last move:
    /// the square root of its bucket's learned weight; 1 when there is no last move, or it passed.
    ///
    /// Why the square root: measured against GNU Go 3.8 level 10 (9x9, komi 7.5, 5,000 playouts a move,
    /// `hoshi match`), the learned weights themselves won 61 of the first 73 games (83.6%, stopped there),
    /// under the 175 of 200 (87.5%) without the distance; their square roots won 89 of 100 with seed 1
    /// (81.4%-93.7%), as many as the engine without the distance did with that seed (the README's runs 10
    /// to 14).
    @inline(__always)
    static func priorFactor(of index: Int, on board: PlayoutBoard) -> Float {
        let last = board.lastMove
        guard last >= 0, last != PlayoutBoard.pass else { return 1 }
        return priorFactors[bucket(of: index, after: last, on: board) - buckets.lowerBound]
    }

    private static let priorFactors = weights.map { $0.squareRoot() }

    /// One weight per bucket, from the generated `LearnedPatterns.swift`; all 1 when it holds none.
    static let weights: [Float] = {
        let values = encodedDistanceWeights.split(separator: " ").compactMap { Float($0) }
        return values.count == buckets.count ? values : [Float](repeating: 1, count: buckets.count)
    }()
}
