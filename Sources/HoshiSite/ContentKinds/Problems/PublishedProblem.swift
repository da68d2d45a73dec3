import HoshiCore

/// One problem as the site publishes it: where it was read, the analysed solution tree, and its page.
struct PublishedProblem {
    /// Position in its set, from 1.
    var number: Int
    /// The author's name for it (`N` of its start, else `GN` of a one-problem file), plain text.
    var name: String?
    var game: GameTree
    var positions: GamePositions
    var analysis: ProblemAnalysis
    /// The start's comment in the author's file: the problem's question (`Black to live.`).
    var comment: String?
    /// The file it comes from, below `content/`.
    var contentPath: String
    /// Which problem of that file (1-based), for the storage key of files holding several.
    var numberInFile: Int
    var outputPath: String
    /// The set's id (`ProblemSet.id`).
    var setID: String
    /// What Hoshi's solver said about it, when `solve: missing` asked (nil otherwise).
    var answer: ProblemAnswer?

    /// The solver's proven answer when the page answers from it (the author's file has no tree).
    var computedAnswer: (solved: SolvedProblem, budget: String)? {
        guard case .solved(let solved, let budget)? = answer, solved.reachesGoal, analysis.hasSolution else { return nil }
        return (solved, budget)
    }

    /// The stones of the starting position.
    var startStones: [PlacedStone] {
        positions.board(at: analysis.start, in: game).stones.map { PlacedStone(point: $0.point, stone: $0.stone) }
    }

    /// Key of the reader's solved or failed mark in the browser: the file and problem, so marks survive
    /// adding problems to a set.
    var storageKey: String { "\(contentPath)#\(numberInFile)" }

    var title: String { "Problem \(number)" }


    var playerText: String { analysis.player == .black ? "Black to play" : "White to play" }
}

/// What the solver answered about a problem: its result with the budget in words, or why it was not solved.
enum ProblemAnswer: Sendable, Equatable {
    case solved(SolvedProblem, budget: String)
    case unsolved(String)
}
