import HoshiCore

/// A game's hints as its page uses them: per analysed node the colour to move and the answer, the main
/// line's win rates and the key moments, and where the answers came from: the engine (computed when the
/// site was built) and the analysis stored in the game file (`StoredAnalysis`), merged by `prefer`.
struct GameHints {
    struct NodeHint: Equatable, Sendable {
        var toMove: Stone
        var hint: PositionHint
    }

    /// What the stored analysis shown came from: the application the file names, the formats, how many
    /// positions.
    struct StoredSource {
        var application: String?
        var formats: [StoredAnalysis.Format]
        var positions: Int
    }

    /// The engine's settings when some of its answers show, nil when none do.
    let settings: HintSettings?
    /// The file's analysis when some of it shows.
    let stored: StoredSource?
    /// Per node of the game (indexed by `Node.ID`), the hint shown, nil for none. An array rather than a
    /// dictionary: a page with hints reads every node's, and an archive has some 160,000 of them.
    let nodes: [NodeHint?]
    let timeline: WinRateTimeline
    /// Main-line node of each position from the start (index 0) to the last move.
    let mainLinePositions: [Node.ID]
    /// The moves of the main line that lost most against the engine's first choice, largest loss first.
    let keyMoments: [KeyMoment]

    /// The hints of a game: the engine's found for its nodes (`HintResults`, planned once by the engine
    /// work phase, indexed by `Node.ID`) when `settings` is given, and the analysis `stored` in the file,
    /// merged by `preference`; nil when no position has either.
    init?(engineNodes: [NodeHint?], game: GameTree, positions: GamePositions, fragments: GameFragments, settings: HintSettings?,
          stored: StoredAnalysis? = nil, preference: HintSettings.Preference = .file) {
        let nodeCount = game.nodes.count
        var engine = [NodeHint?](repeating: nil, count: nodeCount)
        if settings != nil {
            for (id, hint) in zip(engineNodes.indices, engineNodes) where id < nodeCount { engine[id] = hint }
        }
        var storedNodes: [Node.ID: NodeHint] = [:]
        if let stored, preference != .engineOnly {
            for (id, position) in stored.positions where id < nodeCount { storedNodes[id] = NodeHint(toMove: position.toMove, hint: position.hint) }
        }
        let fileWins = preference == .file
        // Most games with hints have no analysis of their own: nothing to merge, every engine answer shows.
        var merged = engine
        var engineShown = engine.map { $0 != nil }
        var shownFromFile: [Node.ID] = []
        for (id, hint) in storedNodes where fileWins || engine[id] == nil {
            merged[id] = hint
            engineShown[id] = false
            shownFromFile.append(id)
        }
        guard merged.contains(where: { $0 != nil }) else { return nil }
        self.settings = engineShown.contains(true) ? settings : nil
        self.stored = stored.flatMap { stored in
            shownFromFile.isEmpty ? nil : StoredSource(application: stored.application, formats: stored.formats(of: shownFromFile),
                                                       positions: shownFromFile.count)
        }
        let nodes = Self.combiningWinRates(of: merged, engineShown: engineShown, game: game, positions: positions)
        self.nodes = nodes
        let mainLinePositions = (0...fragments.moveCount).map(fragments.mainLineMoveNode)
        self.mainLinePositions = mainLinePositions
        timeline = WinRateTimeline(
            positions: mainLinePositions.map { id in nodes[id].map { ($0.toMove, $0.hint.winRate) } })
        keyMoments = Self.keyMoments(moves: mainLinePositions.dropFirst().map { positions.move(at: $0) },
                                     hints: mainLinePositions.map { nodes[$0] })
    }

    /// `nodes` with the win rate of each position the engine analysed combined with its parent's search
    /// for the move played, where the engine analysed the parent too and the move was among its candidates
    /// (`PositionHint.winRate(forMoverCombinedWith:)`). Analysis stored in the file shows as its
    /// application wrote it.
    private static func combiningWinRates(of nodes: [NodeHint?], engineShown: [Bool], game: GameTree,
                                          positions: GamePositions) -> [NodeHint?] {
        var combined = nodes
        for id in nodes.indices where engineShown[id] {
            guard var node = nodes[id], let parent = game.parent(of: id), engineShown[parent], let before = nodes[parent],
                  let move = positions.move(at: id), move.stone == before.toMove,
                  let candidate = before.hint.candidates.first(where: { $0.point == move.point }) else { continue }
            let moverIsToMove = node.toMove == move.stone
            let forMover = node.hint.winRate(forMoverCombinedWith: candidate, moverIsToMove: moverIsToMove)
            node.hint.winRate = moverIsToMove ? forMover : 1 - forMover
            combined[id] = node
        }
        return combined
    }

    // MARK: - Key moments

    /// A main-line move that lost win rate against the engine's first choice in the same search.
    struct KeyMoment: Equatable {
        /// Main-line move number (1 is the first move).
        var moveNumber: Int
        var stone: Stone
        /// The mover's win rate for the engine's first choice and for the move played (0...1).
        var best: Double
        var played: Double
        /// The engine's first choice (nil: a pass).
        var choice: Point?
        /// The position before had win rates only (stored analysis without candidates): `best` is its
        /// win rate and `choice` unknown.
        var measuredByWinRateOnly = false
        var loss: Double { best - played }
    }

    /// Issue #19's rule: a move is measured against the most visited candidate of the search of the position
    /// it was played in, by that search's own win rate for it when it is among the candidates, else by the
    /// win rate of the position it leads to (the next search's, for the mover). The first choice itself loses
    /// nothing, so it is never a key moment. A position with a win rate but no candidates (analysis stored
    /// as win rates only, like Sabaki's) measures the move by the fall of the mover's win rate from it to the
    /// next position. The `limit` largest losses of at least `threshold`, largest first.
    static func keyMoments(moves: [Move?], hints: [NodeHint?], limit: Int = 5, threshold: Double = 0.05) -> [KeyMoment] {
        // The largest losses so far, largest first, at most `limit`: a game analysed with a small budget has
        // a hundred moves past the threshold, and sorting them all to keep five was most of the work here.
        // Moves come in order, so a loss equal to one listed goes after it, as the earlier move.
        var moments: [KeyMoment] = []
        func consider(_ moment: KeyMoment) {
            guard moment.loss >= threshold else { return }
            let place = moments.firstIndex { $0.loss < moment.loss } ?? moments.count
            guard place < limit else { return }
            moments.insert(moment, at: place)
            if moments.count > limit { moments.removeLast() }
        }
        for (offset, move) in moves.enumerated() {
            guard let move, offset < hints.count, let before = hints[offset], before.toMove == move.stone else { continue }
            let after = offset + 1 < hints.count ? hints[offset + 1].map { $0.toMove == move.stone ? $0.hint.winRate : 1 - $0.hint.winRate } : nil
            guard let best = before.hint.candidates.max(by: { $0.visits < $1.visits }) else {
                if let after {
                    consider(KeyMoment(moveNumber: offset + 1, stone: move.stone, best: before.hint.winRate, played: after, choice: nil,
                                       measuredByWinRateOnly: true))
                }
                continue
            }
            guard best.point != move.point else { continue }
            let played: Double
            if let candidate = before.hint.candidates.first(where: { $0.point == move.point }) {
                played = candidate.winRate
            } else if let after {
                played = after
            } else {
                continue
            }
            consider(KeyMoment(moveNumber: offset + 1, stone: move.stone, best: best.winRate, played: played, choice: best.point))
        }
        return moments
    }

    // MARK: - Viewer data

    /// A node's entry of the viewer data's `hints`: Black's win rate in tenths of a percent, then the
    /// candidates, each after a space, each `point.share.winrate.continuation`: the point (empty for a pass),
    /// the share of the search's visits in percent, the mover's win rate in tenths of a percent, and the
    /// expected continuation up to six moves (`--` for a pass). The continuation starts with the candidate, so
    /// the moves after it are written; one that does not (none at all, or an analysis read from a file that
    /// says so) is written whole after `=`. A page writes an entry for every analysed node, an archive some
    /// 160,000, so they are spelled into bytes and made a string once, and kept out of the nodes' objects,
    /// whose keys and braces cost a move with hints 18 bytes more than its entry's own separators.
    static func viewerEntry(of node: NodeHint) -> String {
        let hint = node.hint
        var bytes: [UInt8] = []
        bytes.reserveCapacity(hint.candidates.count * 24 + 8)
        appendDecimal(blackWinRate(of: node), to: &bytes)
        for candidate in hint.candidates {
            bytes.append(UInt8(ascii: " "))
            let share = hint.visits > 0 ? Int((Double(candidate.visits) * 100 / Double(hint.visits)).rounded()) : 0
            candidate.point?.appendSGF(to: &bytes)
            bytes.append(UInt8(ascii: "."))
            appendDecimal(share, to: &bytes)
            bytes.append(UInt8(ascii: "."))
            appendDecimal(permille(candidate.winRate), to: &bytes)
            bytes.append(UInt8(ascii: "."))
            let continuation = candidate.principalVariation.prefix(6)
            if continuation.first == .some(candidate.point) {
                appendMoves(continuation.dropFirst(), to: &bytes)
            } else {
                bytes.append(UInt8(ascii: "="))
                appendMoves(continuation, to: &bytes)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `moves` as points, `--` for a pass.
    private static func appendMoves(_ moves: ArraySlice<Point?>, to bytes: inout [UInt8]) {
        for move in moves {
            if let move { move.appendSGF(to: &bytes) } else { bytes.append(contentsOf: "--".utf8) }
        }
    }

    /// `value` in decimal digits, as `String(value)` spells it, most significant first.
    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var power: UInt = 1
        while power <= magnitude / 10 { power *= 10 }
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / power % 10))
            power /= 10
        } while power > 0
    }

    /// Black's win rate at an analysed node in tenths of a percent (the start of its viewer entry).
    static func blackWinRate(of node: NodeHint) -> Int {
        permille(node.toMove == .black ? node.hint.winRate : 1 - node.hint.winRate)
    }

    static func permille(_ rate: Double) -> Int { Int((max(0, min(1, rate)) * 1000).rounded()) }

    // MARK: - HTML

    /// The section under the viewer: what computed the hints, the win-rate graph and the key moments with how
    /// their loss is measured; all readable without JavaScript (the moments link to the moves, `#move-N`,
    /// whose targets are in the page). The script moves the graph beside the board.
    func sectionHTML(size: BoardSize, moveNames: (Int) -> String) -> String {
        var html = "<section class=\"game-hints\" data-game-hints aria-labelledby=\"game-hints-title\">"
        html += "<h2 id=\"game-hints-title\">Engine analysis</h2>\n"
        if let settings {
            html += "<p class=\"game-hints-engine\">Computed when the site was built by the \(HTMLText.escape(settings.engineDescription)), "
                + "\(HTMLText.escape(settings.budgetDescription)), seed \(settings.seed). A small budget gives rough hints: "
                + "read them as a second opinion, not a verdict.</p>\n"
        }
        if let stored {
            let formats = stored.formats.map(\.description).joined(separator: " and ")
            let application = stored.application.map { " written by \(HTMLText.escape($0))" } ?? ""
            html += "<p class=\"game-hints-stored\" data-stored-analysis>Read from the game file: \(formats)\(application), "
                + "for \(stored.positions) position\(stored.positions == 1 ? "" : "s"), as the file stores them; not computed again.</p>\n"
        }
        html += graphSVG()
        html += "<h3 class=\"game-key-moments-title\">Key moments</h3>\n"
        html += "<p class=\"game-key-moments-rule\">How loss is measured: each move against the engine’s first choice (its most "
            + "visited candidate) in the same search, by the win rate that search gave the move played, or, for a move outside "
            + "its candidates, the win rate of the position the move leads to. The first choice itself loses nothing. "
        if mainLinePositions.contains(where: { nodes[$0].map { $0.hint.candidates.isEmpty } ?? false }) {
            html += "Where the file stores win rates without candidates, a move loses the fall of its player’s win rate from the "
                + "position before it to the position after it. "
        }
        html += "Listed: the five largest losses of 5 points or more.</p>\n"
        if keyMoments.isEmpty {
            html += "<p class=\"game-key-moments-none\">No move lost 5 points or more against the engine’s choice.</p>\n"
        } else {
            html += "<ol class=\"game-key-moments\">"
            for moment in keyMoments {
                let player = moment.stone == .black ? "Black" : "White"
                let against = moment.measuredByWinRateOnly ? "by its player’s win rate"
                    : "against the engine’s choice \(moment.choice.map { GoBoardPicture.pointName($0, on: size) } ?? "pass")"
                html += "<li><a href=\"#move-\(moment.moveNumber)\" data-move=\"\(moment.moveNumber)\">Move \(moment.moveNumber) "
                    + "(\(player) \(HTMLText.escape(moveNames(moment.moveNumber))))</a>: lost \(Self.points(moment.loss)) points "
                    + "\(against) (\(player) \(Self.percent(moment.best)) → \(Self.percent(moment.played)))</li>"
            }
            html += "</ol>\n"
        }
        return html + "</section>\n"
    }

    /// Black's win rate after each move as a line over the moves, with labelled axes and key moments. The
    /// plot is an inner SVG stretched to the whole width (x: move number, y: 0 at the top is 100% for Black),
    /// so a click's share of the width is its share of the moves; labels sit in the outer SVG, whose units
    /// are CSS pixels, at percentages of its width, so they are never stretched. The script moves the cursor.
    /// What every line or label of a kind shares (strokes not stretched with the plot, the moments' labels
    /// centred under the top edge) is in the stylesheet, not repeated on each: hoshi.css, `.win-rate-*`.
    func graphSVG() -> String {
        let rates = timeline.blackWinRates
        let moves = max(1, rates.count - 1)
        let (line, area) = Self.graphPaths(of: rates)
        let known = rates.compactMap { $0 }
        let description = known.isEmpty ? "" : "Black's win rate starts at \(Self.percent(known[0])) and ends at \(Self.percent(known[known.count - 1]))."
        func across(_ move: Int) -> String { "\(Self.number(Double(move) * 100 / Double(moves)))%" }
        var svg = "<figure class=\"win-rate\"><svg class=\"win-rate-graph\" data-win-rate-graph data-moves=\"\(moves)\" "
            + "role=\"img\" aria-labelledby=\"win-rate-title win-rate-desc\">"
            + "<title id=\"win-rate-title\">Win rate graph</title><desc id=\"win-rate-desc\">\(description)</desc>"
            + "<svg class=\"win-rate-plot\" viewBox=\"0 0 \(moves) 100\" preserveAspectRatio=\"none\" width=\"100%\" height=\"100%\">"
            + "<rect class=\"win-rate-back\" x=\"0\" y=\"0\" width=\"\(moves)\" height=\"100\"/>"
            + "<path class=\"win-rate-area\" d=\"\(area)\"/>"
            + "<line class=\"win-rate-half\" x1=\"0\" y1=\"50\" x2=\"\(moves)\" y2=\"50\"/>"
            + "<path class=\"win-rate-line\" d=\"\(line)\"/>"
        if !keyMoments.isEmpty {
            svg += "<g class=\"win-rate-moments\">"
            for moment in keyMoments {
                svg += "<line class=\"win-rate-moment\" x1=\"\(moment.moveNumber)\" y1=\"0\" x2=\"\(moment.moveNumber)\" y2=\"100\" "
                    + "data-move=\"\(moment.moveNumber)\"/>"
            }
            svg += "</g>"
        }
        svg += "<line class=\"win-rate-cursor\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"100\" visibility=\"hidden\"/></svg>"
        // Axis labels, over the plot: 100% and 50% for Black at the left, move numbers along the bottom.
        svg += "<g class=\"win-rate-labels\" aria-hidden=\"true\">"
            + "<text class=\"win-rate-axis\" x=\"4\" y=\"2\" dominant-baseline=\"hanging\">100%</text>"
            + "<text class=\"win-rate-axis\" x=\"4\" y=\"50%\" dy=\"-3\">50%</text>"
        for tick in Set([0, moves / 2, moves]).sorted() {
            let anchor = tick == 0 ? "start" : tick == moves ? "end" : "middle"
            svg += "<text class=\"win-rate-axis win-rate-axis-move\" x=\"\(across(tick))\" y=\"100%\" dx=\"\(tick == 0 ? 4 : tick == moves ? -4 : 0)\" "
                + "dy=\"-4\" text-anchor=\"\(anchor)\">\(tick)</text>"
        }
        for moment in keyMoments {
            svg += "<text class=\"win-rate-moment-label\" x=\"\(across(moment.moveNumber))\" y=\"2\">\(moment.moveNumber)</text>"
        }
        svg += "</g></svg><figcaption>Black’s win rate after each move, from the start (left) to move \(rates.count - 1) (right); "
            + "above the dashed middle line Black is ahead; the numbered lines are the key moments.</figcaption></figure>\n"
        return svg
    }

    /// The graph's line and the area under it as path data, in the plot's units: x the move, y 100 less
    /// Black's win rate in percent, to a tenth. A stretch of moves with win rates starts at its first point and
    /// goes on by steps, one move right and the difference up or down (`M0 50l1-16.7 1 16.7`), some two bytes a
    /// point shorter than each point spelled whole (`L123 33.3`), for hundreds of points a page; a move without
    /// a win rate lifts the line's pen, while the area goes straight on to the next point, and it reaches down
    /// to the bottom at the first and last points with a win rate.
    static func graphPaths(of rates: [Double?]) -> (line: String, area: String) {
        var line: [UInt8] = []
        var area: [UInt8] = []
        line.reserveCapacity(rates.count * 6)
        area.reserveCapacity(rates.count * 6 + 16)
        // The last point drawn (its move and its y in tenths), and whether its stretch has taken a step yet.
        var previous: (move: Int, tenths: Int)?
        var stepping = false
        for (move, rate) in rates.enumerated() {
            guard let rate else { continue }
            let tenths = Int(((1 - rate) * 100 * 10).rounded())
            if let last = previous, last.move == move - 1 {
                var step: [UInt8] = stepping ? [UInt8(ascii: " ")] : [UInt8(ascii: "l")]
                step.append(UInt8(ascii: "1"))
                step.append(UInt8(ascii: tenths < last.tenths ? "-" : " "))
                appendTenths(abs(tenths - last.tenths), to: &step)
                line += step
                area += step
                stepping = true
            } else {
                line.append(UInt8(ascii: "M"))
                appendDecimal(move, to: &line)
                line.append(UInt8(ascii: " "))
                appendTenths(tenths, to: &line)
                if previous == nil {
                    area.append(UInt8(ascii: "M"))
                    appendDecimal(move, to: &area)
                    area += Array(" 100V".utf8)
                } else {
                    area.append(UInt8(ascii: "L"))
                    appendDecimal(move, to: &area)
                    area.append(UInt8(ascii: " "))
                }
                appendTenths(tenths, to: &area)
                stepping = false
            }
            previous = (move, tenths)
        }
        if previous != nil { area += Array("V100Z".utf8) }
        return (String(decoding: line, as: UTF8.self), String(decoding: area, as: UTF8.self))
    }

    /// A non-negative number of tenths as a decimal with at most one decimal: `125` is `12.5`, `120` is `12`.
    private static func appendTenths(_ tenths: Int, to bytes: inout [UInt8]) {
        appendDecimal(tenths / 10, to: &bytes)
        if tenths % 10 != 0 {
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0") + UInt8(tenths % 10))
        }
    }

    /// A loss in points of win rate with one decimal: `12.3`.
    static func points(_ loss: Double) -> String {
        let tenths = Int((loss * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    static func percent(_ rate: Double) -> String { "\(Int((rate * 100).rounded()))%" }

    /// A non-negative `value` with at most one decimal, `12` or `12.5`.
    private static func number(_ value: Double) -> String {
        var bytes: [UInt8] = []
        appendTenths(Int((value * 10).rounded()), to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
