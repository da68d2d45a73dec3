/// The contents of an SGF file: one or more game trees, in file order.
public struct GameCollection: Hashable, Sendable {
    public var games: [GameTree]

    public init(games: [GameTree] = []) {
        self.games = games
    }
}

/// What `SGFParser` read: the games (possibly fewer than the file meant, when it has errors) and every
/// finding about the file.
public struct SGFParseResult: Sendable {
    public var collection: GameCollection
    public var diagnostics: [Diagnostic]

    public var games: [GameTree] { collection.games }

    /// The worst severity among the diagnostics; nil when the file is clean.
    public var worstSeverity: Diagnostic.Severity? { diagnostics.map(\.severity).max() }

    /// The command-line exit status convention: 0 clean, 1 warnings only, 2 errors.
    public var exitStatus: Int32 {
        switch worstSeverity {
        case nil: return 0
        case .warning: return 1
        case .error: return 2
        }
    }
}
