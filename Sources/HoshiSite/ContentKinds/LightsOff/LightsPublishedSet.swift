import HoshiCore

/// One Lights Off set as the site publishes it: the puzzles as drawn, their check results, the hint tables
/// the pages embed, and where the pages go.
///
/// The original game's `puzzles.plist` is drawn as its app draws it, with the file's first row at the
/// bottom (`LightsPuzzleSet.firstRowShownAtBottom`). The set is mirrored before checking, so par, solutions,
/// hints and repair suggestions on the pages all speak of the board as drawn (rows counted from the top of
/// the picture). Build diagnostics are computed on the set as written, so they name rows of the file.
struct LightsPublishedSet {
    /// Output folder of the set's pages: `puzzles/classic`.
    var folder: String
    /// Title in navigation and on the index page.
    var title: String
    /// The file (or hoshi.yml) diagnostics and pages name as the source.
    var sourcePath: String
    /// Output path of the downloadable puzzle file, if one is published.
    var downloadPath: String?
    /// Navigation entry of the set; puzzle pages sit under it without entries of their own (a set of 200
    /// puzzles would otherwise fill the sidebar).
    var navigationID: NavigationID
    /// Navigation entry of the folder the set sits in.
    var parentNavigationID: NavigationID
    /// True when rows were mirrored for drawing (plist sets).
    var isMirrored: Bool
    /// The check results of the puzzles as drawn, in file order, without the ones left out by `skip`.
    var entries: [LightsSetReport.Entry]
    /// Number of puzzles in the source, including left-out ones (pages keep file numbering).
    var puzzleCount: Int
    /// The rule of every puzzle.
    var rule: LightsRule
    /// Hint tables by board size (`5x5`), for boards small enough to embed one (see `LightsPageParameters`).
    var hintTables: [String: LightsHintTable]

    /// Stable id for the reader's solved marks in localStorage: the set's folder. Each puzzle is keyed by a
    /// fingerprint of its board, so marks survive reordering and a changed puzzle loses its mark.
    var storageID: String { folder }

    var indexPath: String { "\(folder)/index.html" }

    func pagePath(number: Int) -> String { "\(folder)/\(number).html" }

    static func sizeKey(width: Int, height: Int) -> String { "\(width)x\(height)" }

    /// Checks a set and prepares it for publishing.
    /// - Parameters:
    ///   - set: the puzzles as read (file orientation).
    ///   - policy: what to do with unsolvable puzzles; their diagnostics are returned with the matching severity.
    /// - Returns: the set to publish (nil never; an empty set still gets an index page) and the diagnostics.
    static func prepare(_ set: LightsPuzzleSet, folder: String, title: String, sourcePath: String, downloadPath: String?,
                        navigationID: NavigationID, parentNavigationID: NavigationID,
                        policy: LightsConfiguration.UnsolvablePolicy, parameters: LightsPageParameters = .init())
        -> (set: LightsPublishedSet, diagnostics: [Diagnostic]) {
        let asWritten = LightsSetChecker.check(set)
        var diagnostics = asWritten.unsolvableDiagnostics(severity: policy == .error ? .error : .warning)
        if policy == .skip {
            diagnostics = diagnostics.map { Diagnostic($0.severity, $0.message + "; left out (lights.unsolvable: skip)", at: $0.location) }
        }
        diagnostics += asWritten.unprovenDiagnostics
        var drawnSet = set
        if set.firstRowShownAtBottom {
            drawnSet.puzzles = set.puzzles.map { puzzle in
                var mirrored = puzzle
                mirrored.board = mirror(puzzle.board)
                return mirrored
            }
        }
        let drawn = set.firstRowShownAtBottom ? LightsSetChecker.check(drawnSet) : asWritten
        let entries = drawn.entries.filter { $0.par != nil || policy == .publish }
        var tables: [String: LightsHintTable] = [:]
        for entry in entries where entry.par != nil {
            let board = entry.puzzle.board
            let key = sizeKey(width: board.width, height: board.height)
            guard tables[key] == nil, board.width > 0, board.height > 0,
                  board.cellCount <= parameters.hintTableCellLimit else { continue }
            tables[key] = LightsHintTable(solver: LightsSolver(width: board.width, height: board.height, rule: set.rule))
        }
        let published = LightsPublishedSet(folder: folder, title: title, sourcePath: sourcePath, downloadPath: downloadPath,
                                           navigationID: navigationID, parentNavigationID: parentNavigationID,
                                           isMirrored: set.firstRowShownAtBottom, entries: entries,
                                           puzzleCount: set.puzzles.count, rule: set.rule, hintTables: tables)
        return (published, diagnostics)
    }

    /// The board upside down: row 0 becomes the last row.
    static func mirror(_ board: LightsBoard) -> LightsBoard {
        var mirrored = LightsBoard(width: board.width, height: board.height)
        for cell in board.litCells { mirrored[board.height - 1 - cell.row, cell.column] = true }
        return mirrored
    }

    /// A short fingerprint of a board (`5x5-1a2b3c4d5e6f7a8b`, FNV-1a over its lit cells), the key of a
    /// puzzle's solved mark.
    static func fingerprint(_ board: LightsBoard) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: Int) {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash ^= UInt64(truncatingIfNeeded: value >> shift) & 0xff
                hash &*= 0x100_0000_01b3
            }
        }
        for cell in board.litCells {
            mix(cell.row)
            mix(cell.column)
        }
        let hex = String(hash, radix: 16)
        return "\(board.width)x\(board.height)-\(String(repeating: "0", count: 16 - hex.count))\(hex)"
    }
}
