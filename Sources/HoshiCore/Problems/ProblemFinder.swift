/// Where the problems of an SGF game tree start, and whether a file looks like a problem at all.
///
/// Two shapes are recognised:
/// - one problem per game: the position is set up at the root (or in a chain of move-less nodes below it)
///   and the moves below are the solution tree;
/// - a collection in one game (the classical collections as published online): a move-less root whose
///   children each set up a problem of their own, one branch per problem.
public enum ProblemFinder {
    /// Whether a game reads as a problem rather than a played game: its root sets up stones (`AB`/`AW`),
    /// says who plays (`PL`), and names neither players (`PB`, `PW`) nor a result (`RE`).
    public static func looksLikeProblem(_ game: GameTree) -> Bool {
        let root = game.root
        return (root.has("AB") || root.has("AW")) && root.has("PL")
            && !root.has("PB") && !root.has("PW") && !root.has("RE")
    }

    /// The node each problem of `game` starts at (its position is the one after that node's setup), in
    /// file order. Always at least one: a game without setup is one problem starting at the root.
    public static func starts(in game: GameTree) -> [Node.ID] {
        let size = game.boardSize
        var start = game.rootID
        while let child = game[start].children.first, game[start].childCount == 1, game[child].move(on: size) == nil {
            start = child
        }
        let children = game[start].children
        let isCollection = children.count >= 2 && children.allSatisfy { id in
            let node = game[id]
            return node.move(on: size) == nil && (node.has("AB") || node.has("AW"))
        }
        return isCollection ? children : [start]
    }
}
