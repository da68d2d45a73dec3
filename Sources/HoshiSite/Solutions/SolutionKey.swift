import Foundation
import HoshiCore

/// The key of a solution: the problem's own position, the side to play, the goal and target, the solver's
/// version and the budget. Its digest names the cache entry, so a change to any of them asks the solver again.
struct SolutionKey: CacheKey, Hashable, Comparable {
    let text: String
    let digest: String

    /// Raised when the stored answer's form changes.
    static let formatVersion = "hoshi-solution-1"

    init(frame: ProblemFrame, budget: SolverBudget) {
        let size = frame.board.size
        var lines = [Self.formatVersion, "solver=\(LifeAndDeathSolver.version)",
                     "size=\(size.columns)x\(size.rows) to_play=\(frame.toPlay.sgfLetter) goal=\(frame.goal.rawValue) target=\(frame.target.sgf)",
                     "nodes=\(budget.nodes.map(String.init) ?? "-") seconds=\(budget.seconds.map { "\($0)" } ?? "-") "
                        + "memory=\(SolverBudget.memoryLimit)"]
        for row in 0..<size.rows {
            lines.append(String((0..<size.columns).map { column -> Character in
                switch frame.board[Point(column: column, row: row)] {
                case .black?: return "X"
                case .white?: return "O"
                case nil: return "."
                }
            }))
        }
        self.init(storedText: lines.joined(separator: "\n"))
    }

    init(storedText: String) {
        text = storedText
        digest = SHA256.hexDigest(storedText)
    }

    static func < (left: SolutionKey, right: SolutionKey) -> Bool { left.digest < right.digest }
}

/// The content-addressed store of the solver's answers: `.hoshi-cache/solutions/` beside the hints, the same
/// entries with the same promises (`AnswerCache`).
typealias SolutionCache = AnswerCache<SolutionKey, SolvedProblem>

extension AnswerCache where Key == SolutionKey, Answer == SolvedProblem {
    /// The `solutions` folder beside a hint cache's folder.
    static func beside(_ hints: HintCache) -> SolutionCache {
        SolutionCache(directory: hints.directory.deletingLastPathComponent().appending(path: "solutions"))
    }
}
