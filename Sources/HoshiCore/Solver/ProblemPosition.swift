/// One problem of an SGF file as the solver reads it: the position at its start, who plays, and the
/// comment that may state the goal. Problems are counted as problem pages count them
/// (`ProblemFinder.starts`): a file's root, or each branch of a problem set, for every game of the file.
public struct ProblemPosition: Sendable {
    /// 1-based within the file.
    public let number: Int
    public let board: Board
    /// `PL` of the start, else nil (the comment or black decides).
    public let toPlay: Stone?
    /// The start's comment, else the root's (a single problem often states its goal there).
    public let comment: String?
    /// The game and node the problem starts at.
    public let gameIndex: Int
    public let start: Node.ID

    /// The problems of a parsed file, in file order.
    public static func all(in games: [GameTree]) -> [ProblemPosition] {
        var problems: [ProblemPosition] = []
        for (gameIndex, game) in games.enumerated() {
            let positions = GamePositions(game: game)
            let starts = ProblemFinder.starts(in: game)
            for start in starts {
                let node = game[start]
                let comment = node.comment ?? (starts.count == 1 ? game.root.comment : nil)
                problems.append(ProblemPosition(number: problems.count + 1, board: positions.board(at: start, in: game),
                                                toPlay: node.playerToMove, comment: comment, gameIndex: gameIndex, start: start))
            }
        }
        return problems
    }
}
