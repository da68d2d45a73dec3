import Foundation
import HoshiCore

/// Draws the diagrams documents embed (`GoDiagramRequest`) from the site's own SGF files, each linking to its
/// game page at the node shown (or, for a file another kind reads, such as a problem, to that page as a whole).
/// Shared by the documents of one build; a file is replayed once, however many diagrams use it, from the build's one parse of it (`ParsedSGFFiles`, shared with the kinds reading SGF).
///
/// Made for every read of documents (`hoshi serve` reads one changed page at a time), so it costs nothing
/// until a document asks for a diagram: the index of the site's SGF files is built then.
final class GoDiagramRenderer: Sendable {
    private let files: [ContentFile]
    private let parses: ParsedSGFFiles
    /// Content path to the page a link to the file opens (`ReadingContext.linkTargets`): a game page, or the
    /// page of the kind that reads the file instead (a problem).
    private let linkTargets: [String: String]
    /// The files whose pages have move anchors (game pages): the others' diagrams link to the page as a whole.
    private let filesWithMoveAnchors: Set<String>
    private let sgfFilesByPath = LockedValue<[String: ContentFile]?>(nil)
    private let records = LockedValue<[String: [(game: GameTree, positions: GamePositions)]]>([:])

    init(files: [ContentFile], parses: ParsedSGFFiles, linkTargets: [String: String], filesWithMoveAnchors: Set<String>) {
        self.files = files
        self.parses = parses
        self.linkTargets = linkTargets
        self.filesWithMoveAnchors = filesWithMoveAnchors
    }

    /// The site's SGF files by content path.
    private var sgfFiles: [String: ContentFile] {
        sgfFilesByPath.withLock { kept in
            if let kept { return kept }
            var index: [String: ContentFile] = [:]
            for file in files where file.lowercasedExtension == "sgf" { index[file.relativePath] = file }
            kept = index
            return index
        }
    }

    /// Content paths of the SGF files read so far: what the documents drawn depend on besides their own text.
    var filesRead: Set<String> {
        records.withLock { Set($0.keys) }
    }

    /// A problem with a request, naming the setting at fault so the caller can point at its column.
    struct Failure: Error {
        var message: String
        var key: String
    }

    /// The diagram's HTML: a figure with the SVG, linking to the game page at the node, and its caption.
    /// - Parameters:
    ///   - documentFolder: the content folder of the document (`file` is relative to it).
    ///   - pagePath: the output path of the page the diagram goes on, for its relative link.
    func html(for request: GoDiagramRequest, documentFolder: String, pagePath: String) -> Result<String, Failure> {
        let sgfFiles = self.sgfFiles
        guard let path = SitePath.resolve(request.file, inFolder: documentFolder), let file = sgfFiles[path] else {
            let known = sgfFiles.keys.sorted().prefix(5).joined(separator: ", ")
            return .failure(Failure(message: "no SGF file '\(request.file)' under content/ from here"
                                        + (known.isEmpty ? "" : " (the site has \(known)\(sgfFiles.count > 5 ? ", ..." : ""))"), key: "file"))
        }
        let games = record(for: file)
        guard !games.isEmpty else { return .failure(Failure(message: "no game could be read from \(file.displayPath)", key: "file")) }
        guard request.game <= games.count else {
            return .failure(Failure(message: "game \(request.game): \(file.displayPath) has games 1 to \(games.count)", key: "game"))
        }
        let (game, positions) = games[request.game - 1]
        let fragments = GameFragments(game: game, positions: positions)
        let size = positions.size
        let moveCount = fragments.moveCount

        var picture = GoBoardPicture(size: size)
        picture.showsCoordinates = false
        let node: Node.ID
        var notes: [String] = []
        switch request.target {
        case .finalPosition:
            node = fragments.mainLine.last ?? game.rootID
        case .move(let number):
            guard number <= moveCount else {
                return .failure(Failure(message: "move \(number) is past the end: the main line has moves 0 to \(moveCount)", key: "move"))
            }
            node = fragments.mainLineMoveNode(number)
        case .node(let number):
            guard number < game.nodes.count else {
                return .failure(Failure(message: "node \(number) does not exist: the game has nodes 0 to \(game.nodes.count - 1)", key: "node"))
            }
            node = number
        case .variation(let path):
            switch Self.node(at: path, in: game, fragments: fragments) {
            case .success(let found): node = found
            case .failure(let failure): return .failure(failure)
            }
        case .moves(let range):
            guard range.upperBound <= moveCount else {
                return .failure(Failure(message: "moves \(range.lowerBound)-\(range.upperBound) go past the end: the main line has moves 1 to \(moveCount)",
                                        key: "moves"))
            }
            node = fragments.mainLineMoveNode(range.upperBound)
            guard let figure = GameFigures(game: game, positions: positions, fragments: fragments).figures(for: [range]).first else {
                return .failure(Failure(message: "moves \(range.lowerBound)-\(range.upperBound) cannot be drawn", key: "moves"))
            }
            picture = figure.picture
            if !request.numbers { picture.numbers = [] }
            notes = request.numbers ? figure.notes : []
        }
        if case .moves = request.target {} else {
            let board = positions.board(at: node, in: game)
            picture.stones = board.stones.map { PlacedStone(point: $0.point, stone: $0.stone) }
            picture.lastMove = positions.change(at: node).move?.point
            picture.markup = game[node].markup(on: size)
        }
        if let crop = request.crop {
            switch Self.region(crop, on: size) {
            case .success(let region): picture.crop = region
            case .failure(let failure): return .failure(failure)
            }
        }

        let title = GameDescription(game.gameInfo).title ?? PageTitle.fromFileName(file.stem)
        let what: String
        switch request.target {
        case .finalPosition: what = "the final position"
        case .move(let number): what = number == 0 ? "the start" : "move \(number)"
        case .node, .variation: what = "a variation, move \(positions.change(at: node).moveNumber)"
        case .moves(let range): what = "moves \(range.lowerBound) to \(range.upperBound)"
        }
        let caption = request.caption.map(GameText.clean) ?? "\(title): \(what)"
        let link: String
        let linkTitle: String
        if !filesWithMoveAnchors.contains(file.relativePath), let target = linkTargets[file.relativePath] {
            // Another kind reads the file (a problem page): its page, which has no move anchors.
            link = SitePath.relativeURL(from: pagePath, to: target)
            linkTitle = "Open its page"
        } else {
            let gamePage = GamePagePath.game(file, game: request.game, of: games.count)
            link = SitePath.relativeURL(from: pagePath, to: gamePage) + "#" + fragments.fragment(of: node)
            linkTitle = "Open the game at this position"
        }
        var html = "<figure class=\"go-diagram\"><a href=\"\(HTMLText.escape(link))\" title=\"\(linkTitle)\">"
        html += picture.svg(title: caption, description: "\(title), \(what)", className: "go-board go-figure")
        html += "</a><figcaption>\(HTMLText.escape(caption))"
        if !notes.isEmpty { html += "<br>\(notes.map(HTMLText.escape).joined(separator: "; "))" }
        html += "</figcaption></figure>\n"
        return .success(html)
    }

    /// The node a variation path names; a step past the tree fails with what the tree has there.
    static func node(at path: GoDiagramRequest.VariationPath, in game: GameTree,
                     fragments: GameFragments) -> Result<Node.ID, Failure> {
        func failure(_ message: String) -> Result<Node.ID, Failure> {
            .failure(Failure(message: "variation \(path.text): \(message)", key: "variation"))
        }
        guard path.move <= fragments.moveCount + 1 else {
            return failure("the main line has moves 1 to \(fragments.moveCount), so a variation can start at moves 1 to \(fragments.moveCount + 1)")
        }
        var node = fragments.mainLineMoveNode(path.move - 1)
        var place = "at move \(path.move)"
        for step in path.steps {
            let children = game[node].children
            guard !children.isEmpty else { return failure("the line ends before the choice \(place)") }
            guard step.choice <= children.count else {
                return failure("there \(children.count == 1 ? "is 1 choice" : "are \(children.count) choices") \(place) (1 is the line the file gives first)")
            }
            node = children[step.choice - 1]
            for walked in 1..<step.moves {
                guard let next = game[node].firstChild else {
                    return failure("choice \(step.choice) \(place) goes \(walked) move\(walked == 1 ? "" : "s"), not \(step.moves)")
                }
                node = next
            }
            place = "after \(step.moves) move\(step.moves == 1 ? "" : "s") of choice \(step.choice)"
        }
        return .success(node)
    }

    private func record(for file: ContentFile) -> [(game: GameTree, positions: GamePositions)] {
        if let cached = records.withLock({ $0[file.relativePath] }) { return cached }
        let games = (parses.parse(file)?.games ?? []).map { ($0, GamePositions(game: $0)) }
        records.withLock { $0[file.relativePath] = games }
        return games
    }

    /// The rectangle a crop names: a corner is the nearest half of each side plus one line, a side half the
    /// board plus one line.
    static func region(_ crop: GoDiagramRequest.Crop, on size: BoardSize) -> Result<BoardRegion, Failure> {
        let columns = size.columns, rows = size.rows
        let halfColumns = min(columns, columns / 2 + 1), halfRows = min(rows, rows / 2 + 1)
        let left = 0...(halfColumns - 1), right = (columns - halfColumns)...(columns - 1)
        let top = 0...(halfRows - 1), bottom = (rows - halfRows)...(rows - 1)
        switch crop {
        case .named(let name):
            switch name {
            case "top-left": return .success(BoardRegion(columns: left, rows: top))
            case "top-right": return .success(BoardRegion(columns: right, rows: top))
            case "bottom-left": return .success(BoardRegion(columns: left, rows: bottom))
            case "bottom-right": return .success(BoardRegion(columns: right, rows: bottom))
            case "top": return .success(BoardRegion(columns: 0...(columns - 1), rows: top))
            case "bottom": return .success(BoardRegion(columns: 0...(columns - 1), rows: bottom))
            case "left": return .success(BoardRegion(columns: left, rows: 0...(rows - 1)))
            default: return .success(BoardRegion(columns: right, rows: 0...(rows - 1)))
            }
        case .points(let first, let second):
            let corners = [first, second].map { SGFValue.interpretPoint($0, size: size, allowPass: false) }
            guard case .point(let a) = corners[0], case .point(let b) = corners[1] else {
                let last = Point(column: columns - 1, row: rows - 1).sgf
                return .failure(Failure(message: "crop \(first)-\(second) is outside the \(size) board (points aa to \(last))", key: "crop"))
            }
            return .success(BoardRegion(columns: min(a.column, b.column)...max(a.column, b.column),
                                        rows: min(a.row, b.row)...max(a.row, b.row)))
        }
    }
}
