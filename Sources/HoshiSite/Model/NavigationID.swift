/// Names one entry of the site's navigation: a folder, a page, a kind's set or collection, or a member of one
/// of those (a puzzle of a set, a section of a manual).
///
/// An entry is made by a named constructor, never from text: the builder makes the folders' entries
/// (`folder(_:)`, `root`), and each content kind declares its own in its folder, in an extension calling
/// `init(kind:path:)` (`NavigationID.gameFile(_:)` in `ContentKinds/Games`). Nothing reads an identifier back
/// apart; what the navigation needs from one (the content path `navigation:` in hoshi.yml names) is kept as a
/// value.
///
/// Its text, `kind:path` (`folder:docs`, `game:games/a.sgf#2`), is written by `write(to:)` alone: it orders
/// entries of equal title, and a page may show it (the Evil Hangman set's `data-hangman-set`), so it stays what
/// the string identifiers were. Two identifiers are equal exactly when their texts are.
public struct NavigationID: Hashable, Comparable, Sendable, CustomStringConvertible, TextOutputStreamable {
    /// A short lower-case word without a colon (`folder`, `game`), or empty for `notInNavigation`.
    private let kind: String
    /// The content path the entry stands for (a folder, a file), with `#member` for a member's entry.
    /// `navigation:` in hoshi.yml orders entries by it.
    let contentPath: String

    /// - Parameters:
    ///   - kind: names the kind of entry, one word without a colon; a content kind uses its own (`problems`).
    ///   - path: the content path the entry stands for, or a name that sets it apart from its kind's others.
    init(kind: String, path: String) {
        self.kind = kind
        contentPath = path
    }

    /// The entry of a folder of `content/` ("" is the root).
    public static func folder(_ folder: String) -> NavigationID {
        NavigationID(kind: "folder", path: folder)
    }

    /// The top of the navigation: the content folder itself, which the home page opens.
    public static let root = folder("")

    /// For a page outside the navigation (the 404 page): no entry has it, so the page has no breadcrumbs,
    /// neighbours or current sidebar entry.
    public static let notInNavigation = NavigationID(kind: "", path: "")

    /// The entry of a part of this entry (a problem of a set, a game of a file, a section of a manual),
    /// told apart from its siblings by `name`.
    public func member(_ name: String) -> NavigationID {
        NavigationID(kind: kind, path: "\(contentPath)#\(name)")
    }

    /// Writes `kind:path` (only the path for `notInNavigation`): the one place an identifier becomes text.
    public func write<Target: TextOutputStream>(to target: inout Target) {
        if !kind.isEmpty {
            target.write(kind)
            target.write(":")
        }
        target.write(contentPath)
    }

    public var description: String {
        var text = ""
        write(to: &text)
        return text
    }

    /// In the order of their texts, as sibling entries of equal title have always been listed.
    public static func < (first: NavigationID, second: NavigationID) -> Bool {
        first.description < second.description
    }
}
