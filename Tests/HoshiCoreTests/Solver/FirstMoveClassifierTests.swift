@testable import HoshiCore
import Testing

/// The first moves of a proven problem are each told within a share of the problem's budget.
struct FirstMoveClassifierTests {
    /// The open corner of `LifeAndDeathSolverTests`, with room for hundreds of thousands of lines: black
    /// to kill, the way out open.
    private let frame: ProblemFrame

    init() throws {
        frame = try ProblemFrame(board: SolverFixtures.board(["", "", "..O...X", "", "..X"]), toPlay: .black, comment: "Black to kill")
    }

    /// Each move spends at most its share of the problem's budget, and the search keeps the problem's
    /// budget afterwards. A move the share does not decide answers nil; one it decides answers what a
    /// second search of the same move without any share answers.
    @Test func eachMoveSpendsAtMostItsShareAndAnswersAsAFullSearch() {
        let share = 400
        let (search, budget) = FrameSearch.make(frame, sekiIsFailure: false, opensWayOut: true, nodes: 10_000_000)
        let classifier = FirstMoveClassifier(search: search, share: share, budget: budget)
        var undecided = 0
        for move in search.legalMoves().compactMap({ $0 }) {
            let before = budget.nodes
            let winner = classifier.winner(after: move)
            #expect(budget.nodes - before <= share, "\(budget.nodes - before) nodes for one move")
            #expect(search.budget === budget)
            guard let winner else {
                undecided += 1
                continue
            }
            let (fresh, _) = FrameSearch.make(frame, sekiIsFailure: false, opensWayOut: true, nodes: 10_000_000)
            #expect(fresh.solve(after: move) == winner, "\(search.board.point(ofIndex: move))")
        }
        #expect(undecided > 0, "every move was decided within \(share) nodes: the test needs a harder position")
    }

    /// A share never goes past what is left of the problem's budget.
    @Test func aShareEndsWithTheProblemsBudget() {
        let (search, budget) = FrameSearch.make(frame, sekiIsFailure: false, opensWayOut: true, nodes: 1_000)
        budget.spend(800)
        let classifier = FirstMoveClassifier(search: search, share: 100_000, budget: budget)
        for move in search.legalMoves().compactMap({ $0 }) {
            _ = classifier.winner(after: move)
            #expect(budget.nodes <= 1_000)
        }
        #expect(budget.isExhausted)
    }
}
