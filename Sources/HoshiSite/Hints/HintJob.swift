import HoshiCore

/// One position a page (or a shard) needs a hint for.
public struct HintJob: Sendable {
    public var key: HintKey
    public var position: HintPosition
    public var komi: Double
    /// The engine and budget that answer it (the settings of the game's `hints.paths` entry).
    public var settings: HintSettings
    /// The game file it comes from, for diagnostics.
    public var sourcePath: String
}
