import HoshiCore

/// The JSON a game page embeds for templates/assets/game.js, in `<script type="application/json"
/// id="game-data">`: per node of the whole tree, what the node changed (stones added and removed, as the
/// core's replay computed them), its markup, name and annotations, and where it sits in the tree. The
/// script applies these diffs and nothing else: captures, ko and legality were decided here.
///
/// ```
/// {"size": [19, 19], "variationStyle": 0, "nodes": [{}, "Bpd", "Wdd", {"m": "Bcc", "r": "Wdc", "k": [1, 0]}, …]}
/// ```
/// A node that is nothing but a move on a point (the node after its parent, the move number and prisoners
/// inherited, the move's stone the only one added) is the move alone, a string: `"Bpd"`. That is most nodes of
/// a game, so a 250-move page stays small. Otherwise a node is an object whose keys are all optional (absent
/// means the default in brackets): `p` parent index [index - 1], `m` move `Bpd`/`W` (pass) [none], `n` move
/// number [parent's + 1 with a move, else parent's], `a` stones added as colour+point units `BpdWdd` [the
/// move's stone for a move on a point, else none], `r` stones removed [none], `k` prisoners `[by black, by
/// white]` [parent's],
/// `c` 1 when the page holds a comment for the node in `[data-comment-node]` [none], `N` node name, `ma`
/// move annotation (`BM`, `BM2`, `TE`, `TE2`, `DO`, `IT`), `pa` position annotations (`GB`, `GW`, `DM`,
/// `UC`, `HO`, with `2` when emphasised), `mk` markup (`TR CR SQ MA SL DD TB TW` as concatenated points,
/// `LB` as `[[point, text]]`, `AR` and `LN` as `from+to` point pairs).
///
/// On a page with move hints, `hints` follows `nodes`: per node, in the same order, its engine analysis as
/// one string, Black's win rate in tenths of a percent then the candidates (`point.share.winrate.continuation`,
/// the continuation after the candidate), each after a space (see `GameHints.viewerEntry(of:)`), `""` for a
/// node without: `"hints": ["500 pd.60.512.dp dd.40.490.", "488 dp.70.530.", ""]`.
///
/// Comments are not in the data: they are in the page once, as escaped HTML the script clones.
struct GameViewerData {
    let game: GameTree
    let positions: GamePositions
    /// Nodes whose comment the page lists.
    let commentedNodes: Set<Node.ID>
    /// The page's move hints as rendered: with any, the data holds `hints`, an entry per node.
    var hints = RenderedGameHints.none

    /// The script element. `<` is written `\u003c`, so no text can close the element or open a comment.
    func scriptElement() -> String {
        "<script type=\"application/json\" id=\"game-data\">\(json())</script>"
    }

    func json() -> String {
        let size = game.boardSize
        var json = "{\"size\":[\(size.columns),\(size.rows)],\"variationStyle\":\(variationStyle),\"nodes\":["
        json.reserveCapacity(64 + game.nodes.count * (hints.viewerEntries.isEmpty ? 24 : 72))
        var moveNumbers = [Int](repeating: 0, count: game.nodes.count)
        var prisoners = [(Int, Int)](repeating: (0, 0), count: game.nodes.count)
        for id in 0..<game.nodes.count {
            let node = game[id]
            let change = positions.change(at: id)
            if id > 0 { json += "," }
            var fields: [String] = []
            let parent = node.parent
            if let parent, parent != id - 1 { fields.append("\"p\":\(parent)") }
            if let move = change.move {
                fields.append("\"m\":\"\(move.stone.sgfLetter)\(move.point?.sgf ?? "")\"")
            }
            let parentNumber = parent.map { moveNumbers[$0] } ?? 0
            let expectedNumber = parentNumber + (change.move == nil ? 0 : 1)
            moveNumbers[id] = change.moveNumber
            if change.moveNumber != expectedNumber { fields.append("\"n\":\(change.moveNumber)") }
            let moveStone = change.move.flatMap { move in move.point.map { PlacedStone(point: $0, stone: move.stone) } }
            let impliedAdded = moveStone.map { [$0] } ?? []
            if change.added != impliedAdded { fields.append("\"a\":\"\(Self.units(change.added))\"") }
            if !change.removed.isEmpty { fields.append("\"r\":\"\(Self.units(change.removed))\"") }
            prisoners[id] = (change.capturedByBlack, change.capturedByWhite)
            let parentPrisoners = parent.map { prisoners[$0] } ?? (0, 0)
            if prisoners[id] != parentPrisoners { fields.append("\"k\":[\(change.capturedByBlack),\(change.capturedByWhite)]") }
            if commentedNodes.contains(id) { fields.append("\"c\":1") }
            if let name = node.name.map(GameText.clean), !name.isEmpty { fields.append("\"N\":\(ScriptJSON.string(name))") }
            if let annotation = node.moveAnnotation { fields.append("\"ma\":\"\(Self.code(annotation))\"") }
            let positional = node.positionAnnotations
            if !positional.isEmpty { fields.append("\"pa\":[\(positional.map { "\"\(Self.code($0))\"" }.joined(separator: ","))]") }
            let markup = node.markup(on: size)
            if !markup.isEmpty, let markupJSON = Self.markupJSON(markup) { fields.append("\"mk\":\(markupJSON)") }
            if moveStone != nil, fields.count == 1, let move = fields.first, move.hasPrefix("\"m\":") {
                json += move.dropFirst(4)
            } else {
                json += "{" + fields.joined(separator: ",") + "}"
            }
        }
        json += "]"
        if hints.viewerEntries.contains(where: { $0 != nil }) {
            // Written straight into the data: the longest strings of a page with hints, and safe as they are
            // (digits, letters, dots, dashes and spaces).
            json += ",\"hints\":["
            for id in 0..<game.nodes.count {
                json += id > 0 ? ",\"" : "\""
                if let entry = hints.viewerEntry(at: id) { json += entry }
                json += "\""
            }
            json += "]"
        }
        return json + "}"
    }

    /// `ST` of the root: how variations are shown (FF[4]); 0 when absent.
    private var variationStyle: Int {
        game.root.raw("ST").flatMap(SGFValue.interpretNumber).map { max(0, min($0, 3)) } ?? 0
    }

    private static func units(_ stones: [PlacedStone]) -> String {
        var text = ""
        for stone in stones { text += stone.stone.sgfLetter + stone.point.sgf }
        return text
    }

    private static func code(_ annotation: MoveAnnotation) -> String {
        switch annotation {
        case .bad(let emphasised): return emphasised ? "BM2" : "BM"
        case .tesuji(let emphasised): return emphasised ? "TE2" : "TE"
        case .doubtful: return "DO"
        case .interesting: return "IT"
        }
    }

    private static func code(_ annotation: PositionAnnotation) -> String {
        switch annotation {
        case .goodForBlack(let emphasised): return emphasised ? "GB2" : "GB"
        case .goodForWhite(let emphasised): return emphasised ? "GW2" : "GW"
        case .even(let emphasised): return emphasised ? "DM2" : "DM"
        case .unclear(let emphasised): return emphasised ? "UC2" : "UC"
        case .hotspot(let emphasised): return emphasised ? "HO2" : "HO"
        }
    }

    private static func markupJSON(_ markup: BoardMarkup) -> String? {
        var fields: [String] = []
        let pointLists: [(String, [Point])] = [
            ("TR", markup.triangles), ("CR", markup.circles), ("SQ", markup.squares), ("MA", markup.crosses),
            ("SL", markup.selected), ("DD", markup.dimmed), ("TB", markup.blackTerritory), ("TW", markup.whiteTerritory),
        ]
        for (key, points) in pointLists where !points.isEmpty {
            fields.append("\"\(key)\":\"\(points.map(\.sgf).joined())\"")
        }
        if !markup.labels.isEmpty {
            let labels = markup.labels.map { "[\"\($0.point.sgf)\",\(ScriptJSON.string(GameText.clean($0.text)))]" }
            fields.append("\"LB\":[\(labels.joined(separator: ","))]")
        }
        for (key, lines) in [("AR", markup.arrows), ("LN", markup.lines)] where !lines.isEmpty {
            fields.append("\"\(key)\":[\(lines.map { "\"\($0.from.sgf)\($0.to.sgf)\"" }.joined(separator: ","))]")
        }
        return fields.isEmpty ? nil : "{" + fields.joined(separator: ",") + "}"
    }
}
