/// How game records are laid out: printed figures (`GameFigures`, also drawn in documents' diagrams) and the
/// game pages' sidebar limits; the Games kind sets them from `games:` in hoshi.yml.
struct GamePageParameters: Sendable, Equatable {
    /// How stones are numbered in figures.
    enum Numbering: String, Sendable, CaseIterable {
        /// The game's move numbers (`MN` respected), as most books print them.
        case game
        /// From 1 in each figure.
        case figure
    }

    /// Moves per printed figure (a new figure also starts at each `FG` node): 50, the usual size in books.
    var movesPerFigure = 50
    var numbering = Numbering.game
    /// Static figures per page at most; records longer than this many figures are still played in full by
    /// the viewer, and the page says where the figures stop.
    var staticFigureLimit = 20
    /// A collection lists its games in the sidebar up to this many; larger ones list only the index.
    var listedGamesLimit = 20
}
