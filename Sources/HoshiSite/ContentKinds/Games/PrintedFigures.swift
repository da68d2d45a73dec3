import HoshiCore

/// A record's main line as printed figures (SVG with captions and notes), outside a site build: what
/// `make bench` times against sgf2dg, which prints the same kind of figures from the same files.
public enum PrintedFigures {
    /// The figures of every game of an SGF file, each as an HTML `<figure>` holding its SVG and caption.
    /// - Parameters:
    ///   - bytes: the file.
    ///   - movesPerFigure: moves per figure (a new figure also starts at each `FG` node).
    public static func html(ofFile bytes: [UInt8], path: String, movesPerFigure: Int = 50) -> [String] {
        var parameters = GamePageParameters()
        parameters.movesPerFigure = movesPerFigure
        parameters.staticFigureLimit = Int.max
        var result: [String] = []
        for game in SGFParser.parse(bytes: bytes, path: path).games {
            let positions = GamePositions(game: game)
            let fragments = GameFragments(game: game, positions: positions)
            for (index, figure) in GameFigures(game: game, positions: positions, fragments: fragments, parameters: parameters)
                .figures().enumerated() {
                let range = "moves \(figure.firstMove)–\(figure.lastMove)"
                var html = "<figure>" + figure.picture.svg(title: "Figure \(index + 1): \(range)", description: range)
                html += "<figcaption>Figure \(index + 1) (\(range))"
                if !figure.notes.isEmpty { html += ": " + figure.notes.map(HTMLText.escape).joined(separator: "; ") }
                result.append(html + "</figcaption></figure>")
            }
        }
        return result
    }
}
