/// Where the problems of an SGF game tree start, and whether a file looks like a problem at all.
///
/// Two shapes are recognised:
/// - one problem per game: the position is set up at the root (or in a chain of move-less nodes below it)
///   and the moves below are the solution tree;
/// - a collection in one game (the classical collections as published online): a move-less root whose
///   children each set up a problem of their own, one branch per problem.
public enum ProblemFinder {
    /// Whether a game reads as a problem rather than a played game: it names neither players (`PB`, `PW`)
    /// nor a result (`RE`), and either its root sets up stones (`AB`/`AW`) and says who plays (`PL`), or it
    /// is a problem set: an empty root (no stones, no move) whose branches, two or more, each start with
    /// setup stones and `PL` (the classical collections as published online, such as Gokyo Shumyo).
    public static func looksLikeProblem(_ game: GameTree) -> Bool {
        let root = game.root
        guard !root.has("PB") && !root.has("PW") && !root.has("RE") else { return false }
        if (root.has("AB") || root.has("AW")) && root.has("PL") { return true }
        return isProblemSet(game)
    }

    /// Whether the root is empty and each of its two or more branches starts with a node that sets up
    /// stones and says who plays, without a move.
    static func isProblemSet(_ game: GameTree) -> Bool {
        let size = game.boardSize
        let root = game.root
        guard !root.has("AB") && !root.has("AW") && root.move(on: size) == nil, root.childCount >= 2 else { return false }
        return root.children.allSatisfy { id in
            let node = game[id]
            return node.move(on: size) == nil && (node.has("AB") || node.has("AW")) && node.has("PL")
        }
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
