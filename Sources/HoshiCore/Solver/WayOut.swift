/// Where the target escapes the problem's area, in searches for the attacker (`SettledPosition.wayOut`):
/// the frame's edge (`ProblemFrame.edge`), so that no kill rests on the frame closing a way out the real
/// board leaves open.
///
/// One edge point does not count while the attacker's wall stands above it: a point on the board's first
/// line whose one neighbour on the second line holds an attacker stone of the problem. A block that gets
/// there is crawling along the edge under the wall, and the attacker stops it with the next point, the
/// way every book reads it: each further step on the first line leaves the block one liberty, and the
/// attacker's blocking stone joins the one above. When that stone is captured, the point counts again.
/// The solver uses the rule for kills only (`LifeAndDeathSolver`).
///
/// Why: counted as escapes, such points cost proofs a reader sees at once. Failed before (Cho Chikun,
/// intermediate 103 and 664): a crawl along the top to the point next to what the narrowed frame fills
/// counted as the group's escape, so the book's first move was neither proven nor refuted, and the
/// solver gave only other moves to the same ko. Measured on textbook problems with known answers
/// (79 elementary, 50 intermediate, 40 advanced, not in this repository) at 100,000 nodes: 60, 17 and 2
/// proven with a correct first move, where 57, 19 and 1 were; the intermediate problems lost are ones the
/// budget ends. No first-line point counting at all proved one more intermediate problem, but it would
/// also shut a way out where nothing stands above the point. Closing points under stones played in the
/// search as well "proved" a textbook life dead (Cho Chikun, advanced 1, with the rule in the life's
/// refutation too) where GNU Go's owl finds no kill after the book's move.
struct WayOut {
    /// The edge's points.
    let points: SolverArea
    /// For each cell, the second-line cell whose attacker stone closes it, or -1.
    private let closingCell: [Int]

    /// The way out of `frame`'s searches. Only the attacker's stones of the problem itself close an edge
    /// point: the wall a book takes as strong. The stones the frame and the narrowing fill in are no wall,
    /// since on the real board those points are empty and the group could climb there; nor is a stone
    /// played during the search, which next to the frame would count as joined to it and could never be
    /// captured, where on the real board it may be cut off.
    init(frame: ProblemFrame, on board: SearchBoard) {
        self.init(edge: frame.edge, on: board) { point in frame.board[point] == frame.defender.opponent }
    }

    /// `canHoldWall` says which points' stones can close an edge point.
    init(edge: [Point], on board: SearchBoard, canHoldWall: (Point) -> Bool) {
        let size = board.size
        func isOnFirstLine(_ point: Point) -> Bool {
            point.row == 0 || point.column == 0 || point.row == size.rows - 1 || point.column == size.columns - 1
        }
        points = SolverArea(cells: edge.map(board.index(of:)), cellCount: board.cells.count)
        var closingCell = [Int](repeating: -1, count: board.cells.count)
        for point in edge where isOnFirstLine(point) {
            // A corner point has no single point above it, and keeps counting.
            let inward = size.neighbours(of: point).filter { !isOnFirstLine($0) }
            if inward.count == 1, canHoldWall(inward[0]) { closingCell[board.index(of: point)] = board.index(of: inward[0]) }
        }
        self.closingCell = closingCell
    }

    /// Whether the block of `stones` has escaped: one of them stands on the edge, not under the wall of
    /// `attacker`.
    func isReached(by stones: [Int], on board: SearchBoard, attacker: Stone) -> Bool {
        stones.contains { cell in
            guard points.contains(cell) else { return false }
            let closing = closingCell[cell]
            return closing < 0 || board.cells[closing] != attacker.rawValue
        }
    }
}
