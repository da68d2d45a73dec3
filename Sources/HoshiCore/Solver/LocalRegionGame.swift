/// One local game of `EnclosedRegionLife`: the region on a board of its own, the defender's block all
/// around it, the attacker to move.
struct LocalRegionGame {
    let key: RegionKey
    private let board: Board
    private let regionPoints: [Point]
    private let targetPoint: Point
    private let defender: Stone

    /// The game `key` names, for `region` on `searchBoard`; nil when the region leaves no room for the
    /// other eye the key asks for (then the region counts as not alive).
    init?(region: [Int], key: RegionKey, defender: Stone, on searchBoard: SearchBoard) {
        let points = region.map(searchBoard.point(ofIndex:))
        let columns = points.map(\.column)
        let rows = points.map(\.row)
        guard let lowColumn = columns.min(), let highColumn = columns.max(), let lowRow = rows.min(), let highRow = rows.max() else {
            return nil
        }
        // The layout keeps which edges the region touches and leaves two lines of the block elsewhere, so
        // every point touches the block exactly where it does on the real board.
        func layout(low: Int, high: Int, side: Int) -> (offset: Int, side: Int) {
            let touchesLow = low == 0
            let touchesHigh = high == side - 1
            if touchesLow && touchesHigh { return (0, side) }
            let offset = touchesLow ? 0 : 2
            return (offset, offset + high - low + 1 + (touchesHigh ? 0 : 2))
        }
        let across = layout(low: lowColumn, high: highColumn, side: searchBoard.size.columns)
        let down = layout(low: lowRow, high: highRow, side: searchBoard.size.rows)
        guard let localSize = BoardSize(columns: across.side, rows: down.side) else { return nil }
        let placed = points.map { Point(column: $0.column - lowColumn + across.offset, row: $0.row - lowRow + down.offset) }
        let placedSet = Set(placed)
        // The other eye: a corner of the board far enough from the region that its neighbours are the block's.
        var eye: Point?
        if key.withEye {
            let corners = [Point(column: 0, row: 0), Point(column: localSize.columns - 1, row: 0),
                           Point(column: 0, row: localSize.rows - 1), Point(column: localSize.columns - 1, row: localSize.rows - 1)]
            eye = corners.first { corner in
                placed.allSatisfy { abs($0.column - corner.column) + abs($0.row - corner.row) >= 3 }
            }
            guard eye != nil else { return nil }
        }
        var board = Board(size: localSize)
        for point in localSize.points where !placedSet.contains(point) && point != eye { board.set(defender, at: point) }
        for (index, cell) in region.enumerated() where searchBoard.cells[cell] == defender.opponent.rawValue {
            board.set(defender.opponent, at: placed[index])
        }
        guard let target = localSize.points.first(where: { point in
            board[point] == defender && placed.contains { abs($0.column - point.column) + abs($0.row - point.row) == 1 }
        }) else { return nil }
        self.key = key
        self.board = board
        self.regionPoints = placed
        self.targetPoint = target
        self.defender = defender
    }

    /// Whether the defender wins the local game: proven within `EnclosedRegionLife.localNodeLimit` nodes,
    /// with no repetition left out on the way.
    func defenderWins() -> Bool {
        let searchBoard = SearchBoard(board: board, toMove: defender.opponent, koMaster: nil)
        let allCells = board.size.points.map(searchBoard.index(of:))
        var settled = SettledPosition(targetCell: searchBoard.index(of: targetPoint), defender: defender,
                                      area: SolverArea(cells: allCells, cellCount: searchBoard.cells.count),
                                      sekiIsFailure: key.sekiIsFailure)
        settled.koIsFailure = true
        let regionCells = regionPoints.map(searchBoard.index(of:))
        if key.withEye { settled.libertyRegion = regionCells }
        let search = ProofNumberSearch(board: searchBoard, settled: settled, region: regionCells, memoryLimit: 1 << 22,
                                       budget: SearchBudget(nodeLimit: EnclosedRegionLife.localNodeLimit, seconds: nil))
        return search.solve() == defender && !search.hasLeftOutRepetition
    }
}
