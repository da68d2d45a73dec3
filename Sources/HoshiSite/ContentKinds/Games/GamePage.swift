import Foundation
import HoshiCore

/// One game's page: the header with the game information, the viewer's board (drawn at the final
/// position, so it reads without JavaScript), the data the viewer replays, the main line as numbered
/// figures, and every comment with its move number. Also the game's canonical FF[4] download and thumbnail.
struct GamePage {
    let game: GameTree
    let positions: GamePositions
    /// Where the page goes and what it links to.
    let outputPath: String
    let title: String
    /// The file as published (for the download link), relative to the output folder.
    let originalPath: String
    let navigationID: NavigationID
    let sourcePath: String
    var parameters = GamePageParameters()
    /// The hint settings when this file has hints, and the hints found for this game's nodes (indexed by
    /// `Node.ID`; empty when none were).
    var hintSettings: HintSettings?
    var hints: [GameHints.NodeHint?] = []
    /// The analysis stored in the game file, and whose answer shows where both have one.
    var storedAnalysis: StoredAnalysis?
    var preference = HintSettings.Preference.file
    /// The page's hints as an earlier build rendered them from the same hints (`RenderedFileHints`), when
    /// they were kept: then `hints` and `storedAnalysis` are not read.
    var renderedHints: RenderedGameHints?

    /// `games/a.html` -> `games/a.ff4.sgf`.
    var canonicalPath: String { String(outputPath.dropLast(".html".count)) + ".ff4.sgf" }
    /// `games/a.html` -> `games/a.thumbnail.svg`.
    var thumbnailPath: String { String(outputPath.dropLast(".html".count)) + ".thumbnail.svg" }

    struct Output {
        var page: Page
        var assets: [OutputFile]
        var summary: GameSummary
        /// What the page wrote of its hints, to be kept for the next build.
        var renderedHints: RenderedGameHints
    }

    func make(folder: String, gameNumber: Int) -> Output {
        let fragments = GameFragments(game: game, positions: positions)
        let description = GameDescription(game.gameInfo)
        let size = positions.size
        let lastNode = fragments.mainLine.last ?? game.rootID
        let finalBoard = positions.board(at: lastNode, in: game)
        let finalStones = finalBoard.stones.map { PlacedStone(point: $0.point, stone: $0.stone) }
        // Every fragment the viewer writes, so that `#move-N` / `#node-K` in a comment can link to it.
        let pageFragments = Set((0..<game.nodes.count).map(fragments.fragment(of:))).union(fragments.allFragments)
        let comments = commentEntries(fragments: fragments, linking: pageFragments)

        var html = "<header class=\"game-header\"><h1>\(HTMLText.escape(title))</h1>\n"
        let facts = description.facts
        if !facts.isEmpty {
            html += "<dl class=\"game-info\">"
            for fact in facts {
                html += "<div><dt>\(fact.label)</dt><dd>\(HTMLText.escape(fact.value))</dd></div>"
            }
            html += "</dl>\n"
        }
        let moveCount = fragments.moveCount
        html += "<p class=\"game-summary\">\(moveCount) move\(moveCount == 1 ? "" : "s") · \(size.columns) × \(size.rows)"
        if finalBoard.capturedByBlack + finalBoard.capturedByWhite > 0 {
            html += " · prisoners: Black \(finalBoard.capturedByBlack), White \(finalBoard.capturedByWhite)"
        }
        html += "</p>\n"
        if let gameComment = game.gameInfo.gameComment {
            let paragraphs = GameText.paragraphsHTML(gameComment, linking: pageFragments)
            if !paragraphs.isEmpty { html += "<div class=\"game-comment-intro\">\(paragraphs)</div>\n" }
        }
        html += "<p class=\"game-downloads\"><a href=\"\(HTMLText.escape(SitePath.relativeURL(from: outputPath, to: originalPath)))\" download>"
            + "Download the SGF file</a> · <a href=\"\(HTMLText.escape(SitePath.relativeURL(from: outputPath, to: canonicalPath)))\" download>"
            + "canonical FF[4] SGF</a></p>\n</header>\n"

        // The viewer, at the start (`#move-0`) as the script opens it; hidden until the script shows it,
        // since without JavaScript the figures below tell the game, the last one ending at the final position.
        let startNode = fragments.mainLineMoveNode(0)
        let startBoard = positions.board(at: startNode, in: game)
        let startStones = startBoard.stones.map { PlacedStone(point: $0.point, stone: $0.stone) }
        var board = GoBoardPicture(size: size)
        board.stones = startStones
        html += "<div class=\"game-viewer\" data-game-viewer hidden>\n<div class=\"game-board\" data-board=\"viewer\">"
        html += board.svg(title: "\(title): the start", description: Self.positionDescription(
            moveNumber: 0, stones: startStones, board: startBoard))
        html += "</div>\n<div class=\"game-panel\" data-viewer-panel hidden></div>\n</div>\n"
        let commented = Set(comments.map(\.node))
        let renderedHints = renderedHints ?? renderHints(fragments: fragments)
        html += GameViewerData(game: game, positions: positions, commentedNodes: commented, hints: renderedHints).scriptElement() + "\n"
        html += renderedHints.sectionHTML

        // The printed form: figures with the comments of their moves, then the comments no figure holds.
        let figures = GameFigures(game: game, positions: positions, fragments: fragments, parameters: parameters).figures()
        let targets = staticTargets(figures: figures, fragments: fragments, pageFragments: pageFragments,
                                    commentFragments: Set(comments.map(\.fragment)))
        let diagrams = VariationDiagrams(game: game, positions: positions, fragments: fragments).diagrams(for: figures)
        let diagramReferences = VariationDiagrams.referringNodes(diagrams.flatMap { $0 }, commented: commented)
        var listed = Set<Node.ID>()
        let entriesByNode = Dictionary(comments.map { ($0.node, $0) }, uniquingKeysWith: { first, _ in first })
        if !figures.isEmpty {
            html += "<section class=\"game-figures\" aria-labelledby=\"game-figures-title\"><h2 id=\"game-figures-title\">The game in figures</h2>\n"
            for (index, figure) in figures.enumerated() {
                let range = figure.firstMove == figure.lastMove ? "Move \(figure.firstMove)" : "Moves \(figure.firstMove)–\(figure.lastMove)"
                let isFinal = index == figures.count - 1 && figure.lastMove == moveCount
                let caption = figure.caption.flatMap { $0.isEmpty ? nil : $0 }
                html += "<figure class=\"game-figure\">" + Self.anchors(targets.byFigure[index])
                html += figure.picture.svg(title: "Figure \(index + 1): \(caption ?? range)",
                                           description: "\(range): each numbered where it was played; the stones from before unnumbered.",
                                           className: "go-board go-figure")
                html += "<figcaption><strong>Figure \(index + 1)</strong>\(caption.map { ": \(HTMLText.escape($0))" } ?? "") "
                    + "(\(range.lowercased())\(isFinal ? ", to the end" : ""))"
                if !figure.notes.isEmpty { html += "<br>\(figure.notes.map(HTMLText.escape).joined(separator: "; "))" }
                html += VariationDiagrams.captionReferences(diagrams[index])
                html += "</figcaption>"
                let figureComments = figure.nodes.compactMap { item in entriesByNode[item.node].map { ($0, item.number) } }
                if !figureComments.isEmpty {
                    html += "<ol class=\"game-figure-comments\">"
                    for (entry, number) in figureComments {
                        listed.insert(entry.node)
                        let label = number.map { "\($0)" } ?? entry.label
                        html += Self.commentItem(entry, label: label,
                                                 references: VariationDiagrams.commentReferences(diagramReferences[entry.node] ?? []))
                    }
                    html += "</ol>"
                }
                html += VariationDiagrams.html(diagrams[index]) { node, label in
                    guard let entry = entriesByNode[node] else { return nil }
                    listed.insert(node)
                    return Self.commentItem(entry, label: label)
                }
                html += "</figure>\n"
            }
            if let last = figures.last, last.lastMove < moveCount {
                html += "<p class=\"game-figures-end\">\(Self.anchors(targets.elsewhere))The figures stop at move \(last.lastMove); "
                    + "the viewer above plays all \(moveCount) moves.</p>\n"
            }
            html += "</section>\n"
        }
        if figures.isEmpty || figures[figures.count - 1].lastMove >= moveCount, !targets.elsewhere.isEmpty {
            html += "<p class=\"game-anchors\">\(Self.anchors(targets.elsewhere))</p>\n"
        }
        let others = comments.filter { !listed.contains($0.node) }
        if !others.isEmpty {
            let heading = listed.isEmpty ? "Comments" : "More comments"
            html += "<section class=\"game-comments\" aria-labelledby=\"game-comments-title\"><h2 id=\"game-comments-title\">\(heading)</h2>\n<ol>\n"
            for entry in others { html += Self.commentItem(entry, label: entry.label) + "\n" }
            html += "</ol></section>\n"
        }

        var page = Page(sourcePath: sourcePath, outputPath: outputPath, title: title, contentHTML: html, navigationID: navigationID)
        page.layout = "game"
        page.showsTitle = false
        page.description = facts.isEmpty ? "A game of Go, \(moveCount) moves" : "\(title): \(facts.prefix(3).map(\.value).joined(separator: ", "))"
        var searchText = facts.map(\.value).joined(separator: " ")
        if let gameComment = game.gameInfo.gameComment { searchText += " " + GameText.clean(gameComment) }
        // Comments and node names (`N`) are found too, each in a section that opens its node.
        func name(of id: Node.ID) -> String? { game[id].name.map(GameText.clean).flatMap { $0.isEmpty ? nil : $0 } }
        page.searchSections = [SearchSection(id: nil, title: title, text: searchText)]
            + comments.map { entry in
                SearchSection(id: entry.fragment, title: "\(title), \(entry.label.lowercased())",
                              text: name(of: entry.node).map { "\($0) \(entry.text)" } ?? entry.text)
            }
            + (0..<game.nodes.count).filter { !commented.contains($0) }.compactMap { id in
                name(of: id).map { SearchSection(id: fragments.fragment(of: id), title: "\(title), \($0)", text: $0) }
            }

        var assets = [OutputFile(path: canonicalPath, contents: .data(Data(SGFWriter.write(game).utf8)))]
        var thumbnail = GoBoardPicture(size: size)
        thumbnail.stones = finalStones
        assets.append(OutputFile(path: thumbnailPath, contents: .data(Data(thumbnail.thumbnailSVG().utf8))))

        let summary = GameSummary(title: title, black: description.blackName, white: description.whiteName,
                                  blackText: description.player(.black), whiteText: description.player(.white),
                                  resultText: description.resultText, winner: description.winner,
                                  date: GameDescription.normalizedName(game.gameInfo.date),
                                  event: GameDescription.normalizedName(game.gameInfo.event), moveCount: moveCount,
                                  pagePath: outputPath, thumbnailPath: thumbnailPath, folder: folder,
                                  sourcePath: sourcePath, gameNumber: gameNumber)
        return Output(page: page, assets: assets, summary: summary, renderedHints: renderedHints)
    }

    /// The page's hints, from the engine's found for this game's nodes and the analysis stored in the file.
    private func renderHints(fragments: GameFragments) -> RenderedGameHints {
        guard let hints = GameHints(engineNodes: hints, game: game, positions: positions, fragments: fragments, settings: hintSettings,
                                    stored: storedAnalysis, preference: preference) else { return .none }
        let size = positions.size
        return RenderedGameHints(hints, size: size) { number in
            let node = fragments.mainLineMoveNode(number)
            return positions.change(at: node).move?.point.map { GoBoardPicture.pointName($0, on: size) } ?? "pass"
        }
    }

    /// `Black to play after move 120: 98 black and 95 white stones on the board.`
    static func positionDescription(moveNumber: Int, stones: [PlacedStone], board: Board) -> String {
        let black = stones.filter { $0.stone == .black }.count
        return "The position after move \(moveNumber): \(black) black and \(stones.count - black) white stones on the board; "
            + "Black has captured \(board.capturedByBlack), White \(board.capturedByWhite)."
    }

    // MARK: - Static targets

    /// Where each fragment lands without the script, for the fragments no comment's `id` holds: a main-line
    /// node in the figure that prints it (the start in the first), a variation's node in the figure of the
    /// main-line move it replaces; the rest (moves past the figures) `elsewhere`.
    private func staticTargets(figures: [GameFigures.Figure], fragments: GameFragments, pageFragments: Set<String>,
                               commentFragments: Set<String>) -> (byFigure: [[String]], elsewhere: [String]) {
        var figureOfNode: [Node.ID: Int] = [:]
        for (index, figure) in figures.enumerated() {
            for item in figure.nodes { figureOfNode[item.node] = index }
        }
        let mainLine = fragments.mainLine
        let firstMoveIndex = mainLine.firstIndex { fragments.mainLineMove(of: $0).map { $0 > 0 } ?? false } ?? mainLine.count
        var mainLineIndex: [Node.ID: Int] = [:]
        for (index, id) in mainLine.enumerated() { mainLineIndex[id] = index }
        func figure(ofMainLineIndex index: Int) -> Int? {
            if index < mainLine.count, let found = figureOfNode[mainLine[index]] { return found }
            return index <= firstMoveIndex && !figures.isEmpty ? 0 : nil
        }
        var byFigure = [[String]](repeating: [], count: figures.count)
        var elsewhere: [String] = []
        var placed = commentFragments
        func place(_ fragment: String, in figure: Int?) {
            guard placed.insert(fragment).inserted else { return }
            if let figure { byFigure[figure].append(fragment) } else { elsewhere.append(fragment) }
        }
        // Nodes come after their parents in file order, so each node's nearest main-line ancestor is known.
        var mainAncestor = [Node.ID](repeating: game.rootID, count: game.nodes.count)
        for id in 0..<game.nodes.count {
            if let index = mainLineIndex[id] {
                mainAncestor[id] = id
                place(fragments.fragment(of: id), in: figure(ofMainLineIndex: index))
            } else {
                let ancestor = game[id].parent.map { mainAncestor[$0] } ?? game.rootID
                mainAncestor[id] = ancestor
                place(fragments.fragment(of: id), in: figure(ofMainLineIndex: (mainLineIndex[ancestor] ?? 0) + 1))
            }
        }
        for fragment in pageFragments.sorted() { place(fragment, in: figures.isEmpty ? nil : 0) }
        return (byFigure, elsewhere)
    }

    /// One empty element per fragment: `<wbr id=move-12>`, the shortest element that changes nothing on the
    /// page (a 250-move game has some 250 of them; fragments are letters, digits and a hyphen, so need no quotes).
    private static func anchors(_ fragments: [String]) -> String {
        fragments.map { "<wbr id=\($0)>" }.joined()
    }

    // MARK: - Comments

    /// A comment as the viewer finds it (`data-comment-node`) and links reach it (`id`).
    /// `references`: trusted HTML after the text (the variation diagrams it refers to).
    private static func commentItem(_ entry: CommentEntry, label: String, references: String = "") -> String {
        "<li id=\"\(entry.fragment)\" data-comment-node=\"\(entry.node)\"><span class=\"game-comment-move\">"
            + "\(HTMLText.escape(label))</span><div class=\"game-comment-text\">\(entry.html)\(references)</div></li>"
    }

    struct CommentEntry {
        var node: Node.ID
        var fragment: String
        var label: String
        var text: String
        var html: String
    }

    /// Every node's comment in file order, labelled with its move number.
    private func commentEntries(fragments: GameFragments, linking pageFragments: Set<String>) -> [CommentEntry] {
        var entries: [CommentEntry] = []
        for id in 0..<game.nodes.count {
            guard let comment = game[id].comment else { continue }
            let html = GameText.paragraphsHTML(comment, linking: pageFragments)
            guard !html.isEmpty else { continue }
            let number = positions.change(at: id).moveNumber
            let label: String
            if let mainLineMove = fragments.mainLine(contains: id) ? fragments.mainLineMove(of: id) : nil {
                label = mainLineMove == 0 ? "Start" : "Move \(mainLineMove)"
            } else if fragments.mainLine(contains: id) {
                label = "After move \(number)"
            } else {
                label = "Variation, move \(number)"
            }
            entries.append(CommentEntry(node: id, fragment: fragments.fragment(of: id), label: label,
                                        text: GameText.clean(comment), html: html))
        }
        return entries
    }
}
