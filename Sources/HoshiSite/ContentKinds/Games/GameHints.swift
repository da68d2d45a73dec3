import HoshiCore

/// A game's computed hints as its page uses them: per analysed node the colour to move and the engine's
/// answer, the main line's win rates and the key moments, and what computed them.
struct GameHints {
    struct NodeHint {
        var toMove: Stone
        var hint: PositionHint
    }

    let settings: HintSettings
    let nodes: [Node.ID: NodeHint]
    let timeline: WinRateTimeline
    /// Main-line node of each position from the start (index 0) to the last move.
    let mainLinePositions: [Node.ID]

    /// The hints of `game` found in `table` (by key digest); nil when none of its positions has one.
    init?(game: GameTree, positions: GamePositions, fragments: GameFragments, settings: HintSettings, table: [String: PositionHint]) {
        let plan = GameHintPlan(game: game, positions: positions, settings: settings)
        var nodes: [Node.ID: NodeHint] = [:]
        for request in plan.requests {
            if let hint = table[request.key.digest] { nodes[request.node] = NodeHint(toMove: request.position.toMove, hint: hint) }
        }
        guard !nodes.isEmpty else { return nil }
        self.settings = settings
        self.nodes = nodes
        let mainLinePositions = (0...fragments.moveCount).map(fragments.mainLineMoveNode)
        self.mainLinePositions = mainLinePositions
        timeline = WinRateTimeline(
            positions: mainLinePositions.map { id in nodes[id].map { ($0.toMove, $0.hint.winRate) } },
            movers: mainLinePositions.dropFirst().map { positions.change(at: $0).move?.stone })
    }

    // MARK: - Viewer data

    /// The node's `h` field: candidates separated by spaces, each `point.share.winrate.variation`: the
    /// point (empty for a pass), the share of the search's visits in percent, the mover's win rate in
    /// tenths of a percent, and up to six moves of the expected continuation (`--` for a pass).
    static func candidatesField(_ hint: PositionHint) -> String {
        hint.candidates.map { candidate in
            let share = hint.visits > 0 ? Int((Double(candidate.visits) * 100 / Double(hint.visits)).rounded()) : 0
            let variation = candidate.principalVariation.prefix(6).map { $0?.sgf ?? "--" }.joined()
            return "\(candidate.point?.sgf ?? "").\(share).\(permille(candidate.winRate)).\(variation)"
        }.joined(separator: " ")
    }

    /// Black's win rate at a node in tenths of a percent (the `w` field).
    func blackWinRate(at id: Node.ID) -> Int? {
        nodes[id].map { Self.permille($0.toMove == .black ? $0.hint.winRate : 1 - $0.hint.winRate) }
    }

    static func permille(_ rate: Double) -> Int { Int((max(0, min(1, rate)) * 1000).rounded()) }

    // MARK: - HTML

    /// The section under the viewer: what computed the hints, the win-rate graph and the key moments;
    /// all readable without JavaScript (the moments link to the moves, `#move-N`).
    func sectionHTML(size: BoardSize, moveNames: (Int) -> String) -> String {
        var html = "<section class=\"game-hints\" data-game-hints aria-labelledby=\"game-hints-title\">"
        html += "<h2 id=\"game-hints-title\">Engine analysis</h2>\n"
        html += "<p class=\"game-hints-engine\">Computed when the site was built by the \(HTMLText.escape(settings.engineDescription)), "
            + "\(HTMLText.escape(settings.budgetDescription)), seed \(settings.seed). A small budget gives rough hints: "
            + "read them as a second opinion, not a verdict.</p>\n"
        html += graphSVG()
        let moments = timeline.keyMoments()
        html += "<h3 class=\"game-key-moments-title\">Key moments</h3>\n"
        if moments.isEmpty {
            html += "<p class=\"game-key-moments-none\">No move lost more than 5 points of win rate.</p>\n"
        } else {
            html += "<ol class=\"game-key-moments\">"
            for moment in moments {
                let player = moment.stone == .black ? "Black" : "White"
                html += "<li><a href=\"#move-\(moment.moveNumber)\" data-move=\"\(moment.moveNumber)\">Move \(moment.moveNumber) "
                    + "(\(player) \(HTMLText.escape(moveNames(moment.moveNumber))))</a>: \(player)’s win rate fell from "
                    + "\(Self.percent(moment.before)) to \(Self.percent(moment.after))</li>"
            }
            html += "</ol>\n"
        }
        return html + "</section>\n"
    }

    /// Black's win rate after each move as an SVG line over the moves (x: move number, y: 0 at the top is
    /// 100% for Black), with the key moments marked. The script moves the cursor and makes it clickable.
    func graphSVG() -> String {
        let rates = timeline.blackWinRates
        let moves = max(1, rates.count - 1)
        var line = ""
        var area = ""
        var penDown = false
        for (move, rate) in rates.enumerated() {
            guard let rate else { penDown = false; continue }
            let y = Self.number((1 - rate) * 100)
            line += "\(penDown ? "L" : "M")\(move) \(y)"
            penDown = true
            area += area.isEmpty ? "M\(move) 100L\(move) \(y)" : "L\(move) \(y)"
        }
        if let last = rates.lastIndex(where: { $0 != nil }) { area += "L\(last) 100Z" }
        let known = rates.compactMap { $0 }
        let description = known.isEmpty ? "" : "Black's win rate starts at \(Self.percent(known[0])) and ends at \(Self.percent(known[known.count - 1]))."
        var svg = "<figure class=\"win-rate\"><svg class=\"win-rate-graph\" data-win-rate-graph data-moves=\"\(moves)\" "
            + "viewBox=\"0 0 \(moves) 100\" preserveAspectRatio=\"none\" role=\"img\" aria-labelledby=\"win-rate-title win-rate-desc\">"
            + "<title id=\"win-rate-title\">Win rate graph</title><desc id=\"win-rate-desc\">\(description)</desc>"
            + "<rect class=\"win-rate-back\" x=\"0\" y=\"0\" width=\"\(moves)\" height=\"100\"/>"
            + "<path class=\"win-rate-area\" d=\"\(area)\"/>"
            + "<line class=\"win-rate-half\" x1=\"0\" y1=\"50\" x2=\"\(moves)\" y2=\"50\" vector-effect=\"non-scaling-stroke\"/>"
            + "<path class=\"win-rate-line\" d=\"\(line)\" vector-effect=\"non-scaling-stroke\"/>"
        let moments = timeline.keyMoments()
        if !moments.isEmpty {
            svg += "<g class=\"win-rate-moments\">"
            for moment in moments {
                svg += "<line class=\"win-rate-moment\" x1=\"\(moment.moveNumber)\" y1=\"0\" x2=\"\(moment.moveNumber)\" y2=\"100\" "
                    + "vector-effect=\"non-scaling-stroke\" data-move=\"\(moment.moveNumber)\"/>"
            }
            svg += "</g>"
        }
        svg += "<line class=\"win-rate-cursor\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"100\" vector-effect=\"non-scaling-stroke\" visibility=\"hidden\"/>"
        svg += "</svg><figcaption>Black’s win rate after each move, from the start (left) to move \(rates.count - 1) (right); "
            + "above the middle line Black is ahead.</figcaption></figure>\n"
        return svg
    }

    static func percent(_ rate: Double) -> String { "\(Int((rate * 100).rounded()))%" }

    private static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(abs(tenths % 10))"
    }
}
