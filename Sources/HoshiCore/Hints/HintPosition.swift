/// A position as hints see it: the stones, the colour to move and the simple-ko point, which together with
/// the rules, komi and the engine's settings decide what an engine answers (`HintKey`).
///
/// The earlier positions of the game are deliberately not part of it: two games reaching the same stones
/// with the same player to move share one analysis. The engine still avoids the simple ko; longer cycles
/// (positional superko) are only checked inside its own search.
public struct HintPosition: Hashable, Sendable {
    /// Side of the board (the built-in engine plays square boards of 2 to 25 lines).
    public let size: Int
    /// Row-major cells: 0 empty, 1 black, 2 white (`Stone.rawValue`).
    public let cells: [UInt8]
    public let toMove: Stone
    /// The point `toMove` may not play because it would retake a ko at once.
    public let koPoint: Point?

    public init(size: Int, cells: [UInt8], toMove: Stone, koPoint: Point?) {
        self.size = size
        self.cells = cells
        self.toMove = toMove
        self.koPoint = koPoint
    }

    /// The position of `board` with `toMove` to play. `lastMove` and `captured` (the stones it took) give
    /// the ko point: a single stone that captured exactly one stone and has that point as its only liberty.
    public init(board: Board, toMove: Stone, lastMove: Move?, captured: [Point]) {
        let side = board.size.columns
        var cells = [UInt8](repeating: 0, count: side * board.size.rows)
        for (point, stone) in board.stones { cells[point.row * side + point.column] = stone.rawValue }
        var ko: Point?
        if let move = lastMove, let played = move.point, captured.count == 1, let taken = captured.first {
            let neighbours = board.size.neighbours(of: played)
            let onlyLibertyIsTaken = neighbours.allSatisfy { neighbour in
                neighbour == taken ? board[neighbour] == nil : board[neighbour] == move.stone.opponent
            }
            if onlyLibertyIsTaken { ko = taken }
        }
        self.init(size: side, cells: cells, toMove: toMove, koPoint: ko)
    }

    /// Whether the built-in engine can analyse this position (a square board of 2 to 25 lines).
    public var isSupportedByBuiltinEngine: Bool { (2...25).contains(size) && cells.count == size * size }

    /// The stone on a point, nil when empty.
    public subscript(point: Point) -> Stone? { Stone(rawValue: cells[point.row * size + point.column]) }

    /// The stone that has just taken the ko, when there is one: the single stone of `toMove`'s opponent
    /// beside `koPoint` whose only liberty is the ko point. Replaying that capture is how an engine that
    /// is told only moves (GTP) learns the ko ban. Nil when no stone, or more than one, fits.
    public var koCapture: Point? {
        guard let ko = koPoint, let board = BoardSize(columns: size, rows: size) else { return nil }
        let capturers = board.neighbours(of: ko).filter { candidate in
            self[candidate] == toMove.opponent && board.neighbours(of: candidate).allSatisfy { neighbour in
                neighbour == ko ? self[neighbour] == nil : self[neighbour] == toMove
            }
        }
        return capturers.count == 1 ? capturers.first : nil
    }

    /// Why `toMove` may not play `point` here (`occupied`, `a ko retake`, `suicide`), nil for a legal
    /// move or a pass: what an engine's answer is checked against before it is believed.
    public func illegality(of point: Point?) -> String? {
        guard let point else { return nil }
        guard point.column >= 0, point.row >= 0, point.column < size, point.row < size else { return "off the board" }
        if self[point] != nil { return "the point is occupied" }
        if point == koPoint { return "a ko retake" }
        let board = BuiltinHintAnalyzer.playoutBoard(for: self)
        return board.isLegal(board.index(of: point), toMove) ? nil : "suicide"
    }

    /// One line of text that identifies the position: `19 B ko:- .....XO...` (X black, O white).
    public var canonicalText: String {
        let stones = String(decoding: cells.map { $0 == 1 ? UInt8(ascii: "X") : $0 == 2 ? UInt8(ascii: "O") : UInt8(ascii: ".") },
                            as: UTF8.self)
        return "\(size) \(toMove.sgfLetter) ko:\(koPoint?.sgf ?? "-") \(stones)"
    }
}
