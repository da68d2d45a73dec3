/// Limits of what puzzle pages embed.
struct LightsPageParameters: Sendable {
    /// Largest board (cells) whose hint table is embedded in its pages. A table has `cells^2` bits: 400 cells
    /// (20 x 20) make about 90 KB of JSON per page; larger boards are playable but offer no hints.
    var hintTableCellLimit = 400
    /// Largest board (cells) drawn as an interactive grid of buttons; larger ones are shown as a picture only.
    var playableCellLimit = 2_500
}
