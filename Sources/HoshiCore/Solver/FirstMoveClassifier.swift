/// Tells, for the first moves of a proven problem one after another, who wins after each in one search,
/// for `LifeAndDeathSolver`'s lists of correct and wrong first moves, each move within a share of the
/// problem's budget.
///
/// Why a share: the proof is the answer, and the other first moves only fill the solution's lists, but
/// one of them can cost a hundred proofs. Without it the moves took whatever the proof left of the
/// budget, and a move the share does not decide was mostly one the whole budget did not decide either:
/// it stays out of both lists, as such a move always did (see `LifeAndDeathSolver.firstMoveWorkFactor`).
final class FirstMoveClassifier {
    private let search: ProofNumberSearch
    private let share: Int
    private let budget: SearchBudget

    /// `share`: the most nodes of `budget` one move may spend.
    init(search: ProofNumberSearch, share: Int, budget: SearchBudget) {
        self.search = search
        self.share = share
        self.budget = budget
    }

    /// The winner after `cell`; nil when the share (or the problem's budget) ran out first, or the move is
    /// illegal.
    func winner(after cell: Int) -> Stone? {
        let saved = search.budget
        let allowance = SearchBudget(share: share, of: budget)
        search.budget = allowance
        defer {
            budget.spend(allowance.nodes)
            search.budget = saved
        }
        return search.solve(after: cell)
    }
}
