import HoshiCore

/// The variations of a record printed as books print them: under each figure, a diagram ("Dia. 1", "Dia. 2",
/// numbered through the page) for each variation that branches off one of the figure's moves, showing the
/// position it starts from, unnumbered, and its own moves numbered from 1 (with the figures' notes:
/// `3 at 1`, `5 at the marked stone`, `4: pass`). The figure's caption and the comment of the move a diagram
/// replaces refer to it.
///
/// What gets a diagram, so a record with hundreds of variations stays a page (the viewer plays them all):
/// - each alternative to a main-line move of a figure (a child of a main-line node other than the main
///   line), when it starts with a move; its own line is followed (first children), the variations inside
///   it are not diagrammed;
/// - at most `movesPerDiagram` moves each (the caption says when the variation goes on), at most
///   `diagramsPerFigure` per figure and `diagramsPerPage` per page, in main-line order.
///
/// A diagram is cropped to the part of the board its moves use (with a margin, out to an edge that is
/// near), so its numbers read at the size of a figure's.
struct VariationDiagrams {
    let game: GameTree
    let positions: GamePositions
    let fragments: GameFragments

    static let movesPerDiagram = 30
    static let diagramsPerFigure = 8
    static let diagramsPerPage = 60

    struct Diagram {
        /// `Dia. N`, counted through the page.
        var number: Int
        /// The main-line node the variation starts from (its position is the diagram's).
        var start: Node.ID
        /// The main-line move the variation replaces (nil when it follows the last main-line node).
        var replacedNode: Node.ID?
        var replacedMove: Int?
        var firstColour: Stone
        /// The main-line move number of the starting position.
        var startMove: Int
        var picture: GoBoardPicture
        var notes: [String]
        /// The variation's nodes shown, with the number their move is printed with (nil: no move).
        var nodes: [(node: Node.ID, number: Int?)]
        /// Moves of the variation's line past the last one shown.
        var movesNotShown: Int

        /// `dia-3`: the diagram's id on the page.
        var fragment: String { "dia-\(number)" }

        /// `Black 1 instead of 23`, `White 1 after 40`.
        var summary: String {
            let colour = firstColour == .black ? "Black" : "White"
            if let replacedMove { return "\(colour) 1 instead of \(replacedMove)" }
            return "\(colour) 1 after \(startMove == 0 ? "the start" : "move \(startMove)")"
        }
    }

    /// The diagrams of each figure, in the figures' order, numbered through the page.
    func diagrams(for figures: [GameFigures.Figure]) -> [[Diagram]] {
        var number = 0
        return figures.map { figure in
            var diagrams: [Diagram] = []
            for (node, _) in figure.nodes {
                guard let parent = game[node].parent else { continue }
                // The alternatives to this main-line node, branching from the node before it.
                for variation in game[parent].children where variation != node {
                    guard diagrams.count < Self.diagramsPerFigure, number < Self.diagramsPerPage,
                          positions.change(at: variation).move != nil else { continue }
                    number += 1
                    diagrams.append(diagram(number: number, from: parent, first: variation, replacing: node))
                }
            }
            return diagrams
        }
    }

    private func diagram(number: Int, from start: Node.ID, first: Node.ID, replacing node: Node.ID) -> Diagram {
        let size = positions.size
        var occupant = [UInt8](repeating: 0, count: size.columns * size.rows)
        for stone in positions.board(at: start, in: game).stones {
            occupant[stone.point.row * size.columns + stone.point.column] = stone.stone.rawValue
        }
        var sheet = FigureSheet(size: size, start: occupant)
        var nodes: [(node: Node.ID, number: Int?)] = []
        var moves = 0
        var movesNotShown = 0
        var points: [Point] = []
        var current: Node.ID? = first
        while let id = current {
            current = game[id].firstChild
            let change = positions.change(at: id)
            guard let move = change.move else {
                if moves < Self.movesPerDiagram { nodes.append((id, nil)) }
                continue
            }
            guard moves < Self.movesPerDiagram else {
                movesNotShown += 1
                continue
            }
            moves += 1
            sheet.add(move, number: moves)
            if let point = move.point { points.append(point) }
            nodes.append((id, moves))
        }
        var (picture, notes) = sheet.finished()
        picture.crop = Self.region(around: points, on: size)
        let replacedMove = fragments.mainLineMove(of: node).flatMap { positions.change(at: node).move == nil ? nil : $0 }
        let startMove = fragments.mainLineMove(of: start) ?? positions.change(at: start).moveNumber
        return Diagram(number: number, start: start, replacedNode: node, replacedMove: replacedMove,
                       firstColour: positions.change(at: first).move?.stone ?? .black, startMove: startMove,
                       picture: picture, notes: notes, nodes: nodes, movesNotShown: movesNotShown)
    }

    /// The part of the board a diagram shows: its moves with two lines around them, out to an edge three
    /// lines away or nearer, at least seven lines each way; the whole board when that is most of it.
    static func region(around points: [Point], on size: BoardSize) -> BoardRegion? {
        guard !points.isEmpty else { return nil }
        func span(_ values: [Int], lines: Int) -> ClosedRange<Int> {
            var low = max(0, (values.min() ?? 0) - 2)
            var high = min(lines - 1, (values.max() ?? 0) + 2)
            let minimum = min(7, lines)
            while high - low + 1 < minimum {
                if low > 0 { low -= 1 }
                if high - low + 1 < minimum, high < lines - 1 { high += 1 }
            }
            if low <= 3 { low = 0 }
            if high >= lines - 4 { high = lines - 1 }
            return low...high
        }
        let columns = span(points.map(\.column), lines: size.columns)
        let rows = span(points.map(\.row), lines: size.rows)
        if columns.count * 4 >= size.columns * 3 && rows.count * 4 >= size.rows * 3 { return nil }
        return BoardRegion(columns: columns, rows: rows)
    }

    // MARK: - HTML

    /// `Variations: Dia. 1 (Black 1 instead of 23), Dia. 2 (...)`, linking to the diagrams, for a figure's caption.
    static func captionReferences(_ diagrams: [Diagram]) -> String {
        guard !diagrams.isEmpty else { return "" }
        return "<br><span class=\"game-figure-variations\">Variation\(diagrams.count == 1 ? "" : "s"): "
            + diagrams.map { "<a href=\"#\($0.fragment)\">Dia. \($0.number)</a> (\(HTMLText.escape($0.summary)))" }
                .joined(separator: ", ") + "</span>"
    }

    /// `See Dia. 1.` for a comment on the move a diagram replaces (or on the move it starts after).
    static func commentReferences(_ diagrams: [Diagram]) -> String {
        guard !diagrams.isEmpty else { return "" }
        let links = diagrams.map { "<a href=\"#\($0.fragment)\">Dia. \($0.number)</a>" }
        let list = links.count == 1 ? links[0] : links.dropLast().joined(separator: ", ") + " and " + (links.last ?? "")
        return "<p class=\"game-comment-diagrams\">See \(list).</p>"
    }

    /// Which comment refers to each diagram: the replaced move's when it has one, else the starting node's
    /// when it has one, else none (the caption still does).
    static func referringNodes(_ diagrams: [Diagram], commented: Set<Node.ID>) -> [Node.ID: [Diagram]] {
        var result: [Node.ID: [Diagram]] = [:]
        for diagram in diagrams {
            if let node = diagram.replacedNode, commented.contains(node) {
                result[node, default: []].append(diagram)
            } else if commented.contains(diagram.start) {
                result[diagram.start, default: []].append(diagram)
            }
        }
        return result
    }

    /// The diagrams under a figure, each with the comments of its nodes; `comment(node, label)` gives a
    /// comment's list item as the page writes them, or nil for a node without one.
    static func html(_ diagrams: [Diagram], comment: (Node.ID, String) -> String?) -> String {
        guard !diagrams.isEmpty else { return "" }
        var html = "<div class=\"game-variation-diagrams\">"
        for diagram in diagrams {
            let from = diagram.startMove == 0 ? "the start" : "the position after move \(diagram.startMove)"
            html += "<figure class=\"game-variation-diagram\" id=\"\(diagram.fragment)\">"
            html += diagram.picture.svg(title: "Dia. \(diagram.number): \(diagram.summary)",
                                        description: "From \(from): the variation's moves numbered from 1, the stones before it unnumbered.",
                                        className: "go-board go-figure")
            html += "<figcaption><strong>Dia. \(diagram.number)</strong>: \(HTMLText.escape(diagram.summary)) (from \(from))"
            var notes = diagram.notes
            if diagram.movesNotShown > 0 {
                notes.append("the variation goes on for \(diagram.movesNotShown) more move\(diagram.movesNotShown == 1 ? "" : "s") in the viewer")
            }
            if !notes.isEmpty { html += "<br>\(notes.map(HTMLText.escape).joined(separator: "; "))" }
            html += "</figcaption>"
            let items = diagram.nodes.compactMap { node, number in comment(node, number.map(String.init) ?? "Dia. \(diagram.number)") }
            if !items.isEmpty { html += "<ol class=\"game-figure-comments\">\(items.joined())</ol>" }
            html += "</figure>"
        }
        return html + "</div>"
    }
}
