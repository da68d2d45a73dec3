import HoshiCore

/// One game as collection indexes and the players' index list it.
struct GameSummary: Sendable, Equatable {
    var title: String
    /// Normalised names (`GameDescription.normalizedName`), nil when the record names nobody.
    var black: String?
    var white: String?
    /// With ranks, for display.
    var blackText: String
    var whiteText: String
    var resultText: String?
    var winner: Stone?
    var date: String?
    var event: String?
    var moveCount: Int
    var pagePath: String
    var thumbnailPath: String
    /// Content folder of the file the game came from.
    var folder: String
    /// Order in the site: file path, then game number in the file.
    var sourcePath: String
    var gameNumber: Int
}
