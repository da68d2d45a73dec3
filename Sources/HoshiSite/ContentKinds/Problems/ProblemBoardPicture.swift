import HoshiCore

/// A problem's board as inline SVG, cropped to the area in play: the problem page's board (which
/// problem.js then makes playable) and the thumbnails of a set's index.
///
/// It speaks the game pages' board vocabulary (`GoBoardPicture`: `go-surface`, `go-grid`,
/// `go-stars`, `go-stones` with `data-point`/`data-stone` stones, `go-marks`), one unit per line spacing
/// with point (c, r) at x = c, y = r, so board coordinates stay the SGF ones after cropping. Grid lines run
/// past a cropped side, so the reader sees where the board goes on and where its edge is.
struct ProblemBoardPicture {
    let size: BoardSize
    let area: BoardArea
    var stones: [PlacedStone] = []

    /// How far (in line spacings) the picture extends beyond the outermost lines of the area.
    static let border = 0.7

    /// The SVG element; `title` and `description` are plain text, escaped here. `attributes` is added to
    /// the root element as it is (trusted, written by the caller).
    func svg(title: String, description: String, className: String, attributes: String = "") -> String {
        let columns = area.columns
        let rows = area.rows
        let left = Double(columns.lowerBound) - Self.border
        let top = Double(rows.lowerBound) - Self.border
        let width = Double(columns.count - 1) + 2 * Self.border
        let height = Double(rows.count - 1) + 2 * Self.border
        let n = GoBoardPicture.number
        var svg = "<svg class=\"\(className)\" viewBox=\"\(n(left)) \(n(top)) \(n(width)) \(n(height))\" "
            + "data-columns=\"\(size.columns)\" data-rows=\"\(size.rows)\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\""
            + "\(attributes.isEmpty ? "" : " " + attributes)>"
        svg += "<title>\(HTMLText.escape(title))</title><desc>\(HTMLText.escape(description))</desc>"
        svg += "<rect class=\"go-surface\" x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#dcb35c\"/>"
        // A line stops at the board's edge, and runs out of the picture on a cropped side.
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
        svg += "<g class=\"go-stones\">"
        for stone in stones where area.contains(stone.point) {
            let colour = stone.stone == .black ? "black" : "white"
            svg += "<circle class=\"go-stone go-\(colour)\" cx=\"\(stone.point.column)\" cy=\"\(stone.point.row)\" r=\"0.48\" "
                + "data-point=\"\(stone.point.sgf)\" data-stone=\"\(stone.stone.sgfLetter)\"/>"
        }
        svg += "</g><g class=\"go-marks\" font-size=\"0.5\" text-anchor=\"middle\" dominant-baseline=\"central\"></g></svg>"
        return svg
    }
}
