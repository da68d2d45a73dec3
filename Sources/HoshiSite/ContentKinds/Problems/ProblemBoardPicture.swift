import HoshiCore

/// A problem's board as inline SVG, cropped to the area in play: the problem page's board (which
/// problem.js then makes playable) and the thumbnails of a set's index.
///
/// It speaks the game pages' board vocabulary (`GoBoardPicture`: `go-surface`, `go-grid`,
/// `go-stars`, `go-stones` with `data-point`/`data-stone` stones, `go-marks`), one unit per line spacing
/// with point (c, r) at x = c, y = r, so board coordinates stay the SGF ones after cropping. Grid lines run
/// past a cropped side, so the reader sees where the board goes on and where its edge is.
///
/// With coordinates (the problem page; thumbnails go without) the real board's letters and numbers stand
/// around the area, as the verdicts name points (`B19`): columns lettered without I, rows counted from the
/// bottom of the whole board. The root element carries both view boxes, `data-view-coordinates` and
/// `data-view-plain`, so problem.js turns the coordinates off as the game viewer's toggle does.
struct ProblemBoardPicture {
    let size: BoardSize
    let area: BoardArea
    var stones: [PlacedStone] = []
    var showsCoordinates = false

    /// How far (in line spacings) the picture extends beyond the outermost lines of the area.
    static let border = 0.7
    /// The same with coordinates: room for a label outside the grid.
    static let coordinatesBorder = 1.6
    /// Where the labels stand, beyond the outermost lines of the area.
    static let labelDistance = 1.1

    /// `left top width height` of the picture with `border` around the area.
    private func viewBox(border: Double) -> String {
        let n = GoBoardPicture.number
        return "\(n(Double(area.columns.lowerBound) - border)) \(n(Double(area.rows.lowerBound) - border)) "
            + "\(n(Double(area.columns.count - 1) + 2 * border)) \(n(Double(area.rows.count - 1) + 2 * border))"
    }

    /// The SVG element; `title` and `description` are plain text, escaped here. `attributes` is added to
    /// the root element as it is (trusted, written by the caller).
    func svg(title: String, description: String, className: String, attributes: String = "") -> String {
        let columns = area.columns
        let rows = area.rows
        // The surface covers the larger picture; the grid runs out as far as the plain one.
        let surface = showsCoordinates ? Self.coordinatesBorder : Self.border
        let left = Double(columns.lowerBound) - Self.border
        let top = Double(rows.lowerBound) - Self.border
        let width = Double(columns.count - 1) + 2 * Self.border
        let height = Double(rows.count - 1) + 2 * Self.border
        let n = GoBoardPicture.number
        let plainBox = viewBox(border: Self.border)
        var svg = "<svg class=\"\(className)\" viewBox=\"\(showsCoordinates ? viewBox(border: surface) : plainBox)\" "
            + "data-columns=\"\(size.columns)\" data-rows=\"\(size.rows)\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\""
        if showsCoordinates { svg += " data-view-coordinates=\"\(viewBox(border: surface))\" data-view-plain=\"\(plainBox)\"" }
        svg += "\(attributes.isEmpty ? "" : " " + attributes)>"
        svg += "<title>\(HTMLText.escape(title))</title><desc>\(HTMLText.escape(description))</desc>"
        svg += "<rect class=\"go-surface\" x=\"\(n(Double(columns.lowerBound) - surface))\" y=\"\(n(Double(rows.lowerBound) - surface))\" "
            + "width=\"\(n(Double(columns.count - 1) + 2 * surface))\" height=\"\(n(Double(rows.count - 1) + 2 * surface))\" fill=\"#dcb35c\"/>"
        // A line stops at the board's edge, and runs on past a cropped side (out of the plain picture).
        let firstColumn = columns.lowerBound == 0 ? 0 : left
        let lastColumn = columns.upperBound == size.columns - 1 ? Double(columns.upperBound) : left + width
        let firstRow = rows.lowerBound == 0 ? 0 : top
        let lastRow = rows.upperBound == size.rows - 1 ? Double(rows.upperBound) : top + height
        svg += "<path class=\"go-grid\" stroke=\"#000\" stroke-width=\"0.04\" d=\""
        for row in rows { svg += "M\(n(firstColumn)) \(row)H\(n(lastColumn))" }
        for column in columns { svg += "M\(column) \(n(firstRow))V\(n(lastRow))" }
        svg += "\"/>"
        let stars = GoBoardPicture.starPoints(size).filter(area.contains)
        if !stars.isEmpty {
            svg += "<path class=\"go-stars\" stroke=\"#000\" stroke-width=\"0.22\" stroke-linecap=\"round\" d=\""
            for star in stars { svg += "M\(star.column) \(star.row)h0" }
            svg += "\"/>"
        }
        if showsCoordinates { svg += coordinatesSVG() }
        svg += "<g class=\"go-stones\">"
        for stone in stones where area.contains(stone.point) {
            let colour = stone.stone == .black ? "black" : "white"
            svg += "<circle class=\"go-stone go-\(colour)\" cx=\"\(stone.point.column)\" cy=\"\(stone.point.row)\" r=\"0.48\" "
                + "data-point=\"\(stone.point.sgf)\" data-stone=\"\(stone.stone.sgfLetter)\"/>"
        }
        svg += "</g><g class=\"go-marks\" font-size=\"0.5\" text-anchor=\"middle\" dominant-baseline=\"central\"></g></svg>"
        return svg
    }

    /// The letters above and below the area, the numbers left and right of it.
    private func coordinatesSVG() -> String {
        let n = GoBoardPicture.number
        let above = n(Double(area.rows.lowerBound) - Self.labelDistance)
        let below = n(Double(area.rows.upperBound) + Self.labelDistance)
        let before = n(Double(area.columns.lowerBound) - Self.labelDistance)
        let after = n(Double(area.columns.upperBound) + Self.labelDistance)
        var svg = "<g class=\"go-coordinates\" font-size=\"0.42\" text-anchor=\"middle\" dominant-baseline=\"central\">"
        for column in area.columns {
            let label = GoBoardPicture.columnLabel(column)
            svg += "<text x=\"\(column)\" y=\"\(above)\">\(label)</text><text x=\"\(column)\" y=\"\(below)\">\(label)</text>"
        }
        for row in area.rows {
            let label = size.rows - row
            svg += "<text x=\"\(before)\" y=\"\(row)\">\(label)</text><text x=\"\(after)\" y=\"\(row)\">\(label)</text>"
        }
        return svg + "</g>"
    }
}
