@testable import HoshiCore

/// A proof-number search on a framed problem, built as the solver builds its own, for tests that compare
/// searches the solver does not expose (with and without a technique, narrowed and whole).
enum FrameSearch {
    /// The search of `frame`'s searched board for its side to play, the defender winning every ko unless
    /// `koMaster` says otherwise, with the way out at the frame's edge open when `opensWayOut`, and the
    /// budget it counts nodes in.
    static func make(_ frame: ProblemFrame, sekiIsFailure: Bool, koMaster: Stone? = nil, opensWayOut: Bool = false,
                     nodes: Int) -> (search: ProofNumberSearch, budget: SearchBudget) {
        let board = SearchBoard(board: frame.searchedBoard, toMove: frame.toPlay, koMaster: koMaster ?? frame.defender)
        let areaCells = frame.board.size.points.filter(frame.area.contains).map(board.index(of:))
        var settled = SettledPosition(targetCell: board.index(of: frame.target), defender: frame.defender,
                                      area: SolverArea(cells: areaCells, cellCount: board.cells.count), sekiIsFailure: sekiIsFailure)
        if opensWayOut { settled.wayOut = WayOut(edge: frame.edge, on: board) }
        let budget = SearchBudget(nodeLimit: nodes, seconds: nil)
        let search = ProofNumberSearch(board: board, settled: settled, region: frame.region.map(board.index(of:)),
                                       memoryLimit: 1 << 28, budget: budget)
        return (search, budget)
    }
}
