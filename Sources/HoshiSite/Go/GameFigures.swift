import HoshiCore

/// The main line as printed Go books show it: figures of a fixed number of moves (and a new figure at each
/// `FG` node, whose name becomes the caption). A figure shows the stones standing when it starts, unnumbered,
/// and each of its moves as a numbered stone on the point where it was played, even if it was captured later
/// in the figure. A move on a point already used in the figure is listed under it instead:
/// - `12 at 5`, `34, 40 at 28`: on the point of a numbered stone of the figure (moves in order, grouped by point);
/// - `52 at the marked stone`: on the point of an unnumbered stone from before the figure, which is marked
///   with a triangle (with several such points they are lettered: `52 at a`, `58 at b`);
/// - `61: pass`.
///
/// Numbers are the game's (`MN` respected) or count from 1 in each figure (`GamePageParameters.numbering`).
struct GameFigures {
    let game: GameTree
    let positions: GamePositions
    let fragments: GameFragments
    var parameters = GamePageParameters()

    struct Figure {
        var firstMove: Int
        var lastMove: Int
        var picture: GoBoardPicture
        /// `34, 40 at 28`, `61: pass`, in move order.
        var notes: [String]
        /// The `FG` name of the figure's first node, if it has one.
        var caption: String?
        /// The figure's main-line nodes in order, with the number their move is printed with (nil: no move),
        /// so the page can print their comments under the figure.
        var nodes: [(node: Node.ID, number: Int?)] = []
    }

    /// A range of main-line moves (1-based) and its caption.
    struct Span {
        var moves: ClosedRange<Int>
        var caption: String?
    }

    /// The figures of the whole main line, at most `parameters.staticFigureLimit` of them (the viewer plays
    /// every move).
    func figures() -> [Figure] {
        figures(for: Array(spans().prefix(parameters.staticFigureLimit)))
    }

    /// Figures of `movesPerFigure` moves, with a new figure wherever a main-line node has `FG`.
    func spans() -> [Span] {
        let moveNodes = fragments.moveNodes
        guard !moveNodes.isEmpty else { return [] }
        // The FG name that starts the figure at each move: FG on the move's node or on a node after the
        // previous move.
        var starts: [Int: String?] = [:]
        var move = 0
        for id in fragments.mainLine {
            if move < moveNodes.count, id == moveNodes[move] { move += 1 }
            if let figure = game[id].figure, id != game.rootID || move > 0 {
                let startingMove = positions.change(at: id).move == nil ? move + 1 : move
                starts[startingMove] = .some(figure.name.map(GameText.clean))
            }
        }
        var spans: [Span] = []
        var first = 1
        var caption = starts[1] ?? nil
        for number in 2...max(2, moveNodes.count) where number <= moveNodes.count {
            let startsHere = starts[number]
            if startsHere != nil || number - first == parameters.movesPerFigure {
                spans.append(Span(moves: first...(number - 1), caption: caption))
                first = number
                caption = startsHere ?? nil
            }
        }
        spans.append(Span(moves: first...moveNodes.count, caption: caption))
        return spans
    }

    /// Figures of main-line move ranges (1-based, ascending, not overlapping), replayed in one pass.
    func figures(for ranges: [ClosedRange<Int>]) -> [Figure] {
        figures(for: ranges.map { Span(moves: $0, caption: nil) })
    }

    func figures(for spans: [Span]) -> [Figure] {
        let size = positions.size
        let columns = size.columns
        var occupant = [UInt8](repeating: 0, count: columns * size.rows)
        func apply(_ change: PositionChange) {
            for stone in change.removed { occupant[stone.point.row * columns + stone.point.column] = 0 }
            for stone in change.added { occupant[stone.point.row * columns + stone.point.column] = stone.stone.rawValue }
        }
        let mainLine = fragments.mainLine
        var mainLineIndex = 0
        var movesPlayed = 0
        var figures: [Figure] = []
        for span in spans where span.moves.lowerBound >= 1 && span.moves.upperBound <= fragments.moveCount {
            // Up to the figure's first move: the stones it starts with.
            while mainLineIndex < mainLine.count {
                let id = mainLine[mainLineIndex]
                let change = positions.change(at: id)
                if change.move != nil && movesPlayed + 1 >= span.moves.lowerBound { break }
                apply(change)
                if change.move != nil { movesPlayed += 1 }
                mainLineIndex += 1
            }
            var sheet = FigureSheet(size: size, start: occupant)
            var nodes: [(node: Node.ID, number: Int?)] = []
            while mainLineIndex < mainLine.count && movesPlayed < span.moves.upperBound {
                let id = mainLine[mainLineIndex]
                mainLineIndex += 1
                let change = positions.change(at: id)
                apply(change)
                var printed: Int?
                if let move = change.move {
                    movesPlayed += 1
                    let number = parameters.numbering == .figure ? movesPlayed - span.moves.lowerBound + 1 : change.moveNumber
                    printed = number
                    sheet.add(move, number: number)
                }
                nodes.append((id, printed))
            }
            let drawn = sheet.finished()
            var figure = Figure(firstMove: span.moves.lowerBound, lastMove: span.moves.upperBound, picture: drawn.picture,
                                notes: drawn.notes, caption: span.caption)
            figure.nodes = nodes
            figures.append(figure)
        }
        return figures
    }
}
