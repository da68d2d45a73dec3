import HoshiCore

/// A board as inline SVG: the no-JavaScript and printed form of a puzzle, the thumbnails of a set's index
/// page, and the solution and repair diagrams.
///
/// Cells are 10 units square. Colours come from classes (`lights-svg-off`, `lights-svg-lit`, ...) styled in
/// hoshi.css, so the light and dark schemes and print apply; the picture still reads without the stylesheet
/// because lit cells have a dark default fill.
struct LightsBoardPicture {
    /// How a marked cell is drawn.
    enum Mark {
        /// A dot: press this cell (solutions).
        case press
        /// A ring: toggle this light (repairs of unsolvable puzzles).
        case toggle
    }

    var board: LightsBoard
    var marks: [LightsCell: Mark] = [:]

    /// The SVG element. `label` is the accessible name (plain text; escaped here).
    func svg(label: String, className: String) -> String {
        let cell = 10
        let width = board.width * cell
        let height = board.height * cell
        var svg = "<svg class=\"\(className)\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width * 4)\" height=\"\(height * 4)\" "
            + "role=\"img\" aria-label=\"\(HTMLText.escape(label))\" xmlns=\"http://www.w3.org/2000/svg\">"
        svg += "<rect class=\"lights-svg-off\" width=\"\(width)\" height=\"\(height)\" fill=\"#fff\"/>"
        var lit = ""
        for position in board.litCells {
            lit += "M\(position.column * cell) \(position.row * cell)h\(cell)v\(cell)h-\(cell)z"
        }
        if !lit.isEmpty { svg += "<path class=\"lights-svg-lit\" fill=\"#333\" d=\"\(lit)\"/>" }
        if board.width <= 64 && board.height <= 64 {
            var grid = ""
            for column in 1..<max(board.width, 1) { grid += "M\(column * cell) 0v\(height)" }
            for row in 1..<max(board.height, 1) { grid += "M0 \(row * cell)h\(width)" }
            if !grid.isEmpty {
                svg += "<path class=\"lights-svg-grid\" stroke=\"#999\" stroke-width=\"0.6\" fill=\"none\" d=\"\(grid)\"/>"
            }
        }
        svg += "<rect class=\"lights-svg-frame\" x=\"0.5\" y=\"0.5\" width=\"\(width - 1)\" height=\"\(height - 1)\" "
            + "fill=\"none\" stroke=\"#666\" stroke-width=\"1\"/>"
        for (position, mark) in marks.sorted(by: { $0.key < $1.key }) {
            let x = position.column * cell + cell / 2
            let y = position.row * cell + cell / 2
            switch mark {
            case .press:
                svg += "<circle class=\"lights-svg-press\" cx=\"\(x)\" cy=\"\(y)\" r=\"2.6\" fill=\"#c2410c\" stroke=\"#fff\" stroke-width=\"0.8\"/>"
            case .toggle:
                svg += "<circle class=\"lights-svg-repair\" cx=\"\(x)\" cy=\"\(y)\" r=\"3.2\" fill=\"none\" stroke=\"#c2410c\" stroke-width=\"1.6\"/>"
            }
        }
        return svg + "</svg>"
    }
}
