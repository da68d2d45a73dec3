/// A set of Lights Off puzzles read from one file, with the rule they are played under.
///
/// Reading is pure (bytes in, puzzles and diagnostics out); the caller reads the file. `parse` picks the
/// reader by content: property lists (`<?xml`, `<plist`, `bplist`) go to `LightsPropertyListReader`,
/// everything else to `LightsTextReader`.
public struct LightsPuzzleSet: Hashable, Sendable {
    /// The file the set was read from, as the user named it.
    public var path: String
    /// The puzzles in file order.
    public var puzzles: [LightsPuzzle]
    /// The press rule of every puzzle in the set (`wrap: true` in hoshi.yml means `.torus`).
    public var rule: LightsRule
    /// True for the original game's puzzles.plist, whose app draws the first row of each string at the
    /// bottom of the screen. Solvability and par do not depend on it (a board and its mirror image have the
    /// same solutions, mirrored); a page that wants to match the app's look flips rows when drawing.
    public var firstRowShownAtBottom: Bool

    public init(path: String, puzzles: [LightsPuzzle], rule: LightsRule = .plain, firstRowShownAtBottom: Bool = false) {
        self.path = path
        self.puzzles = puzzles
        self.rule = rule
        self.firstRowShownAtBottom = firstRowShownAtBottom
    }

    /// Reads a set from a file's bytes, choosing the format by content.
    /// - Returns: the puzzles that could be read, and a diagnostic for each problem (malformed puzzles are
    ///   left out of the set and reported as errors).
    public static func parse(_ bytes: [UInt8], path: String, rule: LightsRule = .plain)
        -> (set: LightsPuzzleSet, diagnostics: [Diagnostic]) {
        if LightsPropertyListReader.looksLikePropertyList(bytes) {
            let (puzzles, diagnostics) = LightsPropertyListReader.parse(bytes, path: path)
            return (LightsPuzzleSet(path: path, puzzles: puzzles, rule: rule, firstRowShownAtBottom: true), diagnostics)
        }
        let (puzzles, diagnostics) = LightsTextReader.parse(bytes, path: path)
        return (LightsPuzzleSet(path: path, puzzles: puzzles, rule: rule), diagnostics)
    }

    /// A generated set (see `LightsGenerator`), so that generated and file sets go through the same checks
    /// and pages. Puzzles are titled `Puzzle N (par P)`; their location is the configuration's place (for
    /// example hoshi.yml and its line), which is where problems with the set should point.
    public static func generated(_ configuration: LightsGeneratorConfiguration, at location: SourceLocation)
        throws(LightsGenerator.Failure) -> LightsPuzzleSet {
        let puzzles = try LightsGenerator.generate(configuration)
        return LightsPuzzleSet(
            path: location.path,
            puzzles: puzzles.enumerated().map { offset, puzzle in
                LightsPuzzle(title: "Puzzle \(offset + 1) (par \(puzzle.par))", board: puzzle.board, location: location)
            },
            rule: configuration.rule
        )
    }
}
