/// How the referee counts a finished game: it removes the stones both engines name dead, counts the area
/// itself (Chinese rules: stones plus surrounded empty points; seki and dame count for nobody), and notes
/// where the engines disagree.
public struct RefereeScore: Hashable, Sendable {
    /// Black's area minus white's, minus komi: positive when black wins.
    public var margin: Double
    /// The stones removed: those both engines listed dead.
    public var removed: Set<Point>
    /// Stones only one engine called dead, left on the board.
    public var disputed: Set<Point>

    /// The result as SGF writes it: `B+3.5`, `W+0.5`, `0` for a draw.
    public var result: String { GTPEngine.result(margin: margin) }

    /// The winner, nil for a draw.
    public var winner: Stone? { margin > 0 ? .black : (margin < 0 ? .white : nil) }

    /// Scores `board` with komi after removing the stones in both dead lists (points without a stone are
    /// ignored).
    public init(board: Board, komi: Double, deadByBlack: Set<Point>, deadByWhite: Set<Point>) {
        let withStones = { (points: Set<Point>) in points.filter { board[$0] != nil } }
        let black = withStones(deadByBlack)
        let white = withStones(deadByWhite)
        removed = black.intersection(white)
        disputed = black.symmetricDifference(white)
        margin = Double(board.score(deadStones: removed).areaMargin) - komi
    }

    /// The same, with the two engines' dead lists by the colour each played.
    public init(board: Board, komi: Double, dead: [Stone: Set<Point>]) {
        self.init(board: board, komi: komi, deadByBlack: dead[.black] ?? [], deadByWhite: dead[.white] ?? [])
    }
}
