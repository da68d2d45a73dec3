import HoshiCore

/// One printed figure or variation diagram being drawn, as books number their moves: the stones standing
/// at its start unnumbered, each move a numbered stone where it was played (even if captured later), and a
/// move on a point already used listed in the notes (`12 at 5`, `52 at the marked stone`, `52 at a`,
/// `61: pass`). Shared by the game's figures (`GameFigures`) and its variation diagrams (`VariationDiagrams`).
struct FigureSheet {
    private let size: BoardSize
    /// The occupant of each cell (row-major, `Stone.rawValue`, 0 empty) at the start.
    private let start: [UInt8]
    private var picture: GoBoardPicture
    /// Cell -> the printed number of the sheet's stone there.
    private var numberAt: [Int: Int] = [:]
    /// Cells of earlier stones that moves were played on.
    private var markedCells: [Int] = []
    private var groups: [(cell: Int?, numbers: [Int])] = []
    private var groupOfCell: [Int: Int] = [:]

    init(size: BoardSize, start: [UInt8]) {
        self.size = size
        self.start = start
        picture = GoBoardPicture(size: size)
        picture.showsCoordinates = false
    }

    /// A move, printed with `number`.
    mutating func add(_ move: Move, number: Int) {
        guard let point = move.point else {
            groups.append((nil, [number]))
            return
        }
        let cell = point.row * size.columns + point.column
        if start[cell] == 0 && numberAt[cell] == nil {
            numberAt[cell] = number
            picture.stones.append(PlacedStone(point: point, stone: move.stone))
            picture.numbers.append((point, number))
            return
        }
        if start[cell] != 0 && numberAt[cell] == nil && !markedCells.contains(cell) { markedCells.append(cell) }
        if let group = groupOfCell[cell] {
            groups[group].numbers.append(number)
        } else {
            groupOfCell[cell] = groups.count
            groups.append((cell, [number]))
        }
    }

    /// The picture (numbered stones, then the stones from the start, marks on the earlier stones played on)
    /// and the notes in move order.
    func finished() -> (picture: GoBoardPicture, notes: [String]) {
        var picture = picture
        let columns = size.columns
        for row in 0..<size.rows {
            for column in 0..<columns where start[row * columns + column] != 0 {
                if let stone = Stone(rawValue: start[row * columns + column]) {
                    picture.stones.append(PlacedStone(point: Point(column: column, row: row), stone: stone))
                }
            }
        }
        let letters = markedCells.count > 1
        for (index, cell) in markedCells.enumerated() {
            let point = Point(column: cell % columns, row: cell / columns)
            if letters {
                picture.markup.labels.append(BoardMarkup.Label(point: point, text: Self.letter(index)))
            } else {
                picture.markup.triangles.append(point)
            }
        }
        let notes = groups.map { group in
            let numbers = group.numbers.map(String.init).joined(separator: ", ")
            guard let cell = group.cell else { return "\(numbers): pass" }
            if let shown = numberAt[cell] { return "\(numbers) at \(shown)" }
            let index = markedCells.firstIndex(of: cell) ?? 0
            return letters ? "\(numbers) at \(Self.letter(index))" : "\(numbers) at the marked stone"
        }
        return (picture, notes)
    }

    /// `a`, `b`, ... `z`, `aa`, ...: letters for marked stones.
    static func letter(_ index: Int) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        return index < 26 ? String(alphabet[index]) : String(alphabet[index / 26 - 1]) + String(alphabet[index % 26])
    }
}
