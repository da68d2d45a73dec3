/// Sizes of game pages, in one place.
struct GamePageParameters {
    /// Moves per static figure. 100 keeps a 250-move game's page (final board, three figures, data) under
    /// 64 KB while each figure stays readable in print.
    var movesPerFigure = 100
    /// Static figures per page at most; records longer than this many figures are still played in full by
    /// the viewer, and the page says where the figures stop.
    var staticFigureLimit = 20
    /// A collection lists its games in the sidebar up to this many; larger ones list only the index.
    var listedGamesLimit = 20
}
