import HoshiCore

/// A Go board as inline SVG, drawn at build time: the static board of a game page (the viewer's starting
/// picture, and what readers without JavaScript and printers see), the numbered figures, and thumbnails.
///
/// The vocabulary (element order, classes, one unit per line spacing with point (c, r) at x = c, y = r) is
/// shared with templates/assets/game.js, which redraws the stones and marks of the viewer's board in
/// place; colours come from hoshi.css variables, with presentation attributes as a fallback that reads
/// without the stylesheet. Every stone is an element carrying `data-point` (SGF letters) and `data-stone`
/// (`B` or `W`), and nothing else carries `data-stone`.
///
/// Stones and numbers are the bulk of a game page (a 250-move game in figures of 50 moves draws some 700
/// stones), so they are written with as few bytes as stay readable: text styling is set once on their groups,
/// not per element, and their attribute values, digits and letters only, go unquoted. That is HTML syntax, so
/// this picture is for pages only; stand-alone `.svg` files are XML and come from `thumbnailSVG()`.
struct GoBoardPicture {
    let size: BoardSize
    /// The stones on the board.
    var stones: [PlacedStone] = []
    /// Numbers printed on points (move numbers of a figure).
    var numbers: [(point: Point, number: Int)] = []
    /// Marked with a small circle when it carries no number.
    var lastMove: Point?
    var markup = BoardMarkup()
    var showsCoordinates = true
    /// The part of the board shown (diagrams in docs); stones and marks outside it are left out.
    var crop: BoardRegion?

    init(size: BoardSize) {
        self.size = size
    }

    /// Stone radius in line spacings.
    static let stoneRadius = "0.48"

    /// The SVG element. `title` and `description` are plain text (escaped here); `attributes` is added to
    /// the root element as it is (trusted, written by the caller).
    func svg(title: String, description: String, className: String = "go-board", attributes: String = "") -> String {
        let columns = size.columns
        let rows = size.rows
        let stones = crop.map { region in self.stones.filter { region.contains($0.point) } } ?? self.stones
        let numbers = crop.map { region in self.numbers.filter { region.contains($0.point) } } ?? self.numbers
        var occupant = [UInt8](repeating: 0, count: columns * rows)
        for stone in stones where size.contains(stone.point) {
            occupant[stone.point.row * columns + stone.point.column] = stone.stone.rawValue
        }
        func on(_ point: Point) -> String {
            guard size.contains(point) else { return "go-on-empty" }
            switch occupant[point.row * columns + point.column] {
            case Stone.black.rawValue: return "go-on-black"
            case Stone.white.rawValue: return "go-on-white"
            default: return "go-on-empty"
            }
        }

        var svg = ""
        svg.reserveCapacity(2_000 + stones.count * 64 + numbers.count * 48)
        let box: String
        if let crop {
            // Where the board goes on past the crop, half a line more shows that it does.
            let left = Double(crop.columns.lowerBound) - (crop.columns.lowerBound == 0 ? 0.7 : 1)
            let top = Double(crop.rows.lowerBound) - (crop.rows.lowerBound == 0 ? 0.7 : 1)
            let right = Double(crop.columns.upperBound) + (crop.columns.upperBound == columns - 1 ? 0.7 : 1)
            let bottom = Double(crop.rows.upperBound) + (crop.rows.upperBound == rows - 1 ? 0.7 : 1)
            box = "\(Self.number(left)) \(Self.number(top)) \(Self.number(right - left)) \(Self.number(bottom - top))"
        } else if showsCoordinates {
            box = "-1.5 -1.5 \(columns + 2) \(rows + 2)"
        } else {
            box = "-0.7 -0.7 \(Self.number(Double(columns - 1) + 1.4)) \(Self.number(Double(rows - 1) + 1.4))"
        }
        svg += "<svg class=\"\(className)\" viewBox=\"\(box)\" data-columns=\"\(columns)\" data-rows=\"\(rows)\" role=\"img\" "
        svg += "xmlns=\"http://www.w3.org/2000/svg\"\(attributes.isEmpty ? "" : " " + attributes)>"
        svg += "<title>\(HTMLText.escape(title))</title><desc>\(HTMLText.escape(description))</desc>"
        svg += "<rect class=\"go-surface\" x=\"-1.5\" y=\"-1.5\" width=\"\(columns + 2)\" height=\"\(rows + 2)\" fill=\"#dcb35c\"/>"
        svg += "<path class=\"go-grid\" stroke=\"#000\" stroke-width=\"0.04\" stroke-linecap=\"square\" d=\""
        for row in 0..<rows { svg += "M0 \(row)h\(columns - 1)" }
        for column in 0..<columns { svg += "M\(column) 0v\(rows - 1)" }
        svg += "\"/>"
        let stars = Self.starPoints(size)
        if !stars.isEmpty {
            svg += "<path class=\"go-stars\" stroke=\"#000\" stroke-width=\"0.22\" stroke-linecap=\"round\" d=\""
            for star in stars { svg += "M\(star.column) \(star.row)h0" }
            svg += "\"/>"
        }
        if showsCoordinates && crop == nil {
            svg += "<g class=\"go-coordinates\" font-size=\"0.42\" text-anchor=\"middle\" dominant-baseline=\"central\">"
            for column in 0..<columns {
                let label = Self.columnLabel(column)
                svg += "<text x=\"\(column)\" y=\"-1\">\(label)</text><text x=\"\(column)\" y=\"\(rows)\">\(label)</text>"
            }
            for row in 0..<rows {
                svg += "<text x=\"-1\" y=\"\(row)\">\(rows - row)</text><text x=\"\(columns)\" y=\"\(row)\">\(rows - row)</text>"
            }
            svg += "</g>"
        }
        // Stones and numbers are grouped by colour (and numbers by width), so each element is only its place
        // and its contract attributes; fills come from the groups and from hoshi.css (by `data-stone`).
        svg += "<g class=\"go-stones\" stroke=\"#000\" stroke-width=\"0.03\">"
        for (colour, letter, fill) in [(Stone.black, "B", ""), (Stone.white, "W", " fill=\"#fff\"")] {
            svg += "<g\(fill)>"
            for stone in stones where stone.stone == colour && size.contains(stone.point) {
                svg += "<circle cx=\(stone.point.column) cy=\(stone.point.row) r=.48 data-point=\(stone.point.sgf) data-stone=\(letter) />"
            }
            svg += "</g>"
        }
        svg += "</g>"
        svg += "<g class=\"go-marks\" font-size=\"0.5\" text-anchor=\"middle\" dominant-baseline=\"central\">"
        var numbered = Set<Point>()
        var numberGroups: [String: String] = [:]
        for (point, number) in numbers where size.contains(point) {
            numbered.insert(point)
            numberGroups[on(point) + (number >= 100 ? " go-small" : ""), default: ""] += "<text x=\(point.column) y=\(point.row)>\(number)</text>"
        }
        for (classes, texts) in numberGroups.sorted(by: { $0.key < $1.key }) {
            let fill = classes.hasPrefix("go-on-black") ? " fill=\"#fff\"" : ""
            let fontSize = classes.hasSuffix("go-small") ? " font-size=\"0.4\"" : ""
            svg += "<g class=\"go-number \(classes)\"\(fill)\(fontSize)>\(texts)</g>"
        }
        if let lastMove, size.contains(lastMove), crop?.contains(lastMove) ?? true, !numbered.contains(lastMove) {
            svg += "<circle class=\"go-last-move \(on(lastMove))\" cx=\"\(lastMove.column)\" cy=\"\(lastMove.row)\" r=\"0.2\"/>"
        }
        svg += markupSVG(on: on)
        svg += "</g></svg>"
        return svg
    }

    /// `TR CR SQ MA SL DD TB TW LB AR LN`, in the classes the viewer script also uses.
    private func markupSVG(on: (Point) -> String) -> String {
        guard !markup.isEmpty else { return "" }
        var svg = ""
        for point in markup.selected { svg += "<rect class=\"go-selected\" x=\"\(Self.number(Double(point.column) - 0.5))\" y=\"\(Self.number(Double(point.row) - 0.5))\" width=\"1\" height=\"1\"/>" }
        for point in markup.dimmed { svg += "<rect class=\"go-dimmed\" x=\"\(Self.number(Double(point.column) - 0.5))\" y=\"\(Self.number(Double(point.row) - 0.5))\" width=\"1\" height=\"1\"/>" }
        for (points, colour) in [(markup.blackTerritory, "black"), (markup.whiteTerritory, "white")] {
            for point in points {
                svg += "<rect class=\"go-territory go-territory-\(colour)\" x=\"\(Self.number(Double(point.column) - 0.15))\" "
                    + "y=\"\(Self.number(Double(point.row) - 0.15))\" width=\"0.3\" height=\"0.3\"/>"
            }
        }
        for point in markup.triangles {
            let x = Double(point.column), y = Double(point.row)
            svg += "<path class=\"go-triangle \(on(point))\" d=\"M\(Self.number(x)) \(Self.number(y - 0.26))L\(Self.number(x + 0.24)) "
                + "\(Self.number(y + 0.16))H\(Self.number(x - 0.24))Z\"/>"
        }
        for point in markup.circles {
            svg += "<circle class=\"go-circle \(on(point))\" cx=\"\(point.column)\" cy=\"\(point.row)\" r=\"0.25\"/>"
        }
        for point in markup.squares {
            svg += "<rect class=\"go-square \(on(point))\" x=\"\(Self.number(Double(point.column) - 0.2))\" "
                + "y=\"\(Self.number(Double(point.row) - 0.2))\" width=\"0.4\" height=\"0.4\"/>"
        }
        for point in markup.crosses {
            let x = Double(point.column), y = Double(point.row)
            svg += "<path class=\"go-cross \(on(point))\" d=\"M\(Self.number(x - 0.2)) \(Self.number(y - 0.2))l0.4 0.4m0-0.4l-0.4 0.4\"/>"
        }
        for label in markup.labels {
            let onClass = on(label.point)
            if onClass == "go-on-empty" {
                svg += "<circle class=\"go-label-back\" cx=\"\(label.point.column)\" cy=\"\(label.point.row)\" r=\"0.36\"/>"
            }
            svg += "<text class=\"go-label \(onClass)\" x=\"\(label.point.column)\" y=\"\(label.point.row)\">"
                + "\(HTMLText.escape(GameText.clean(label.text)))</text>"
        }
        for line in markup.lines {
            svg += "<line class=\"go-line\" x1=\"\(line.from.column)\" y1=\"\(line.from.row)\" x2=\"\(line.to.column)\" y2=\"\(line.to.row)\"/>"
        }
        if !markup.arrows.isEmpty {
            svg += "<defs><marker id=\"go-arrowhead\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" "
                + "orient=\"auto-start-reverse\"><path d=\"M0 0L10 5L0 10z\"/></marker></defs>"
            for arrow in markup.arrows {
                svg += "<line class=\"go-arrow\" x1=\"\(arrow.from.column)\" y1=\"\(arrow.from.row)\" x2=\"\(arrow.to.column)\" "
                    + "y2=\"\(arrow.to.row)\" marker-end=\"url(#go-arrowhead)\"/>"
            }
        }
        return svg
    }

    /// A stand-alone SVG file of the stones only, for collection indexes (shown with `<img>`, so it carries
    /// no page elements): each colour is one path of round dots, a few bytes a stone.
    func thumbnailSVG() -> String {
        let columns = size.columns
        let rows = size.rows
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"-0.6 -0.6 \(Self.number(Double(columns) + 0.2)) "
            + "\(Self.number(Double(rows) + 0.2))\" width=\"\(columns * 6)\" height=\"\(rows * 6)\">"
        svg += "<rect x=\"-0.6\" y=\"-0.6\" width=\"\(Self.number(Double(columns) + 0.2))\" height=\"\(Self.number(Double(rows) + 0.2))\" fill=\"#dcb35c\"/>"
        svg += "<path stroke=\"#6b5325\" stroke-width=\"0.06\" d=\""
        for row in 0..<rows { svg += "M0 \(row)h\(columns - 1)" }
        for column in 0..<columns { svg += "M\(column) 0v\(rows - 1)" }
        svg += "\"/>"
        for (stone, colour) in [(Stone.black, "#111"), (Stone.white, "#fff")] {
            let dots = stones.filter { $0.stone == stone && size.contains($0.point) }
            guard !dots.isEmpty else { continue }
            svg += "<path stroke=\"\(colour)\" stroke-width=\"0.94\" stroke-linecap=\"round\" d=\""
            for dot in dots { svg += "M\(dot.point.column) \(dot.point.row)h0" }
            svg += "\"/>"
        }
        return svg + "</svg>\n"
    }

    // MARK: - Coordinates and star points

    /// Column letters as Go players write them, skipping I: `A`...`H`, `J`...`Z` (25), then `AA`, `AB`...
    static func columnLabel(_ column: Int) -> String {
        let alphabet = Array("ABCDEFGHJKLMNOPQRSTUVWXYZ")
        guard column >= alphabet.count else { return String(alphabet[column]) }
        return String(alphabet[column / alphabet.count - 1]) + String(alphabet[column % alphabet.count])
    }

    /// `Q16`: a point as players say it, rows counted from the bottom.
    static func pointName(_ point: Point, on size: BoardSize) -> String {
        "\(columnLabel(point.column))\(size.rows - point.row)"
    }

    /// The hoshi: 4-4 points (3-3 below 13 lines) on each axis, side midpoints from 15 lines, and the centre
    /// of odd boards from 7 lines; the usual 9 on 19x19, 5 on 13x13 and 9x9.
    static func starPoints(_ size: BoardSize) -> [Point] {
        func axis(_ lines: Int) -> [Int] {
            guard lines >= 7 else { return [] }
            let edge = lines >= 13 ? 3 : 2
            var values = [edge, lines - 1 - edge]
            if lines % 2 == 1 && lines >= 15 { values.insert(lines / 2, at: 1) }
            return values
        }
        var points: [Point] = []
        for row in axis(size.rows) {
            for column in axis(size.columns) { points.append(Point(column: column, row: row)) }
        }
        let centre = Point(column: size.columns / 2, row: size.rows / 2)
        if size.columns % 2 == 1, size.rows % 2 == 1, size.columns >= 7, size.rows >= 7, !points.contains(centre) {
            points.append(centre)
        }
        return points
    }

    /// A coordinate with at most two decimals and no trailing zeros: `-0.5`, `3`, `2.74`.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}

/// A rectangle of points, inclusive, for cropped diagrams.
struct BoardRegion: Equatable {
    var columns: ClosedRange<Int>
    var rows: ClosedRange<Int>

    func contains(_ point: Point) -> Bool {
        columns.contains(point.column) && rows.contains(point.row)
    }
}
