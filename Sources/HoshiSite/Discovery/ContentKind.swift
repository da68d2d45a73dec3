/// What a file under `content/` is, decided from its name (and `hoshi.yml`'s `manuals:` list).
public enum ContentKind: String, Sendable, Hashable {
    /// Little Go's plain-text help format: `MANUAL`, `ChangeLog`, `*.manual`.
    case manual
    /// `*.md`, `*.markdown`.
    case markdown
    /// Go game records, `*.sgf`.
    case gameRecord
    /// Lights Off puzzle sets: `*.lights` (text format) or `*.plist` (the original game's format).
    case puzzleSet
    /// Anything else: copied to the output unchanged.
    case asset

    /// Classifies by file name alone.
    static func classify(fileName: String) -> ContentKind {
        let lowered = fileName.lowercased()
        if fileName == "MANUAL" || fileName == "ChangeLog" || lowered.hasSuffix(".manual") { return .manual }
        if lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown") { return .markdown }
        if lowered.hasSuffix(".sgf") { return .gameRecord }
        if lowered.hasSuffix(".lights") || lowered.hasSuffix(".plist") { return .puzzleSet }
        return .asset
    }
}
