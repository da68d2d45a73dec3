@testable import HoshiCore

/// A proof-number search on a framed problem, built as the solver builds its own, for tests that compare
/// searches the solver does not expose (with and without a technique, narrowed and whole).
enum FrameSearch {
    /// The search of `frame`'s searched board for its side to play, the defender winning every ko unless
    /// `koMaster` says otherwise (or `koThreats` counts each side's retakes), with the way out at the
    /// frame's edge open when `opensWayOut` (on the board and margin the solver uses then), and the budget
    /// it counts nodes in. Moves are played on the region's empty points, and with `retakesKos` on the
    /// points of the area's stones too, as in the solver's own searches, where a captured stone's point
    /// can be played again.
    static func make(_ frame: ProblemFrame, sekiIsFailure: Bool, koMaster: Stone? = nil, koThreats: KoThreats? = nil,
                     opensWayOut: Bool = false, retakesKos: Bool = false, nodes: Int) -> (search: ProofNumberSearch, budget: SearchBudget) {
        let board = SearchBoard(board: opensWayOut ? frame.openSearchedBoard : frame.searchedBoard, toMove: frame.toPlay,
                                koThreats: koThreats ?? .master(koMaster ?? frame.defender))
        let areaCells = frame.board.size.points.filter(frame.area.contains).map(board.index(of:))
        var settled = SettledPosition(targetCell: board.index(of: frame.target), defender: frame.defender,
                                      area: SolverArea(cells: areaCells, cellCount: board.cells.count), sekiIsFailure: sekiIsFailure)
        if opensWayOut { settled.wayOut = WayOut(frame: frame, on: board) }
        let budget = SearchBudget(nodeLimit: nodes, seconds: nil)
        // With `retakesKos`, the region's empty points, then the points of the area's stones, which captures
        // can empty (a ko is retaken there), as the solver's own searches have them.
        let stonePoints = retakesKos ? frame.board.stones.map(\.point).filter(frame.area.contains).sorted() : []
        let search = ProofNumberSearch(board: board, settled: settled, region: (frame.region + stonePoints).map(board.index(of:)),
                                       margin: opensWayOut ? frame.margin.map(board.index(of:)) : [], memoryLimit: 1 << 28, budget: budget)
        return (search, budget)
    }
}
