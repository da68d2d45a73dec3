import HoshiCore
import Yams

/// The `games:` mapping of hoshi.yml: how game pages print their figures.
///
/// ```yaml
/// games:
///   figure_moves: 50         # moves per figure (a new figure also starts at each FG node)
///   figure_numbers: game     # game: the game's move numbers (MN respected); figure: from 1 in each figure
///   files:                   # per-file settings, by the path below content/
///     - path: games/famous-games/1846-ear-reddening-game.sgf
///       figure_moves: 50
///   players:                 # one player, several names (see PlayerAliases)
///     - name: Honinbo Shusaku
///       aliases: [Yasuda Shusaku]
/// ```
/// Every key is optional; unknown keys are warnings with their line.
public struct GamesConfiguration: Sendable, Equatable {
    /// Settings for one file, from `files:`.
    public struct FileSettings: Sendable, Equatable {
        public var path: String
        public var figureMoves: Int?
        public var numbering: String?
    }

    var parameters = GamePageParameters()
    public var files: [FileSettings] = []
    /// Players known under several names.
    public var players = PlayerAliases()

    public init() {}

    /// The page parameters for a content file: the site's, with the file's own settings over them.
    func parameters(for relativePath: String) -> GamePageParameters {
        var result = parameters
        guard let file = files.first(where: { $0.path == relativePath }) else { return result }
        if let moves = file.figureMoves { result.movesPerFigure = moves }
        if let numbering = file.numbering.flatMap(GamePageParameters.Numbering.init(rawValue:)) { result.numbering = numbering }
        return result
    }

    static let knownKeys: Set<String> = ["figure_moves", "figure_numbers", "files", "players"]
    static let fileKeys: Set<String> = ["path", "figure_moves", "figure_numbers"]
}

extension GamesConfiguration {
    /// Reads the value of the `games:` key; problems are reported against `path` with their lines.
    static func parse(_ node: Yams.Node, path: String, into diagnostics: inout [Diagnostic]) -> GamesConfiguration {
        var configuration = GamesConfiguration()
        guard let mapping = node.mapping else {
            diagnostics.append(.error("'games' must be a mapping (figure_moves, figure_numbers, files, players)", at: node.location(in: path)))
            return configuration
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "figure_moves":
                if let moves = figureMoves(value, path: path, into: &diagnostics) { configuration.parameters.movesPerFigure = moves }
            case "figure_numbers":
                if let numbering = numbering(value, path: path, into: &diagnostics) { configuration.parameters.numbering = numbering }
            case "files":
                configuration.files = value.entries(named: "games.files", path: path, into: &diagnostics).compactMap {
                    fileSettings($0, path: path, into: &diagnostics)
                }
            case "players":
                configuration.players = PlayerAliases.parse(value, path: path, into: &diagnostics)
            default:
                diagnostics.append(.warning("unknown key '\(key)' in games is ignored\(knownKeys.didYouMean(key))",
                                            at: keyNode.location(in: path)))
            }
        }
        return configuration
    }

    private static func fileSettings(_ node: Yams.Node, path: String, into diagnostics: inout [Diagnostic]) -> FileSettings? {
        var settings = FileSettings(path: "")
        for (keyNode, value) in node.mapping ?? [:] {
            let key = keyNode.string ?? ""
            switch key {
            case "path": settings.path = value.scalarText(named: "path", at: keyNode.location(in: path), into: &diagnostics) ?? ""
            case "figure_moves": settings.figureMoves = figureMoves(value, path: path, into: &diagnostics)
            case "figure_numbers": settings.numbering = numbering(value, path: path, into: &diagnostics)?.rawValue
            default:
                diagnostics.append(.warning("unknown key '\(key)' in games.files is ignored\(fileKeys.didYouMean(key))",
                                            at: keyNode.location(in: path)))
            }
        }
        guard !settings.path.isEmpty else {
            diagnostics.append(.error("each entry of games.files needs a 'path' below content/ (games/1846.sgf)", at: node.location(in: path)))
            return nil
        }
        if settings.path.hasPrefix("content/") { settings.path.removeFirst("content/".count) }
        return settings
    }

    private static func figureMoves(_ node: Yams.Node, path: String, into diagnostics: inout [Diagnostic]) -> Int? {
        guard let moves = node.scalar.flatMap({ Int($0.string) }), (1...1_000).contains(moves) else {
            diagnostics.append(.error("figure_moves must be a number of moves from 1 to 1000", at: node.location(in: path)))
            return nil
        }
        return moves
    }

    private static func numbering(_ node: Yams.Node, path: String, into diagnostics: inout [Diagnostic]) -> GamePageParameters.Numbering? {
        guard let numbering = node.scalar.flatMap({ GamePageParameters.Numbering(rawValue: $0.string) }) else {
            diagnostics.append(.error("figure_numbers must be game (the game's move numbers) or figure (from 1 in each figure)",
                                      at: node.location(in: path)))
            return nil
        }
        return numbering
    }
}
