import Foundation

/// Turns titles into the ids and file names of the site: lower-case, accents folded (`Règles` -> `regles`),
/// letters and digits of any script kept (`碁盤` stays, Go literature is often Japanese or Chinese), an
/// apostrophe dropped (`computer's` -> `computers`), every other run of characters a single `-`.
///
/// Stable: the same title always gives the same id, so links into a page survive rebuilds.
public enum AnchorIdentifier {
    public static func slug(_ title: String, fallback: String = "section") -> String {
        var result = ""
        var pendingSeparator = false
        let folded = title.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        for character in folded.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingSeparator, !result.isEmpty { result.append("-") }
                pendingSeparator = false
                result.append(character)
            } else if character != "'" && character != "\u{2019}" {
                pendingSeparator = true
            }
        }
        return result.isEmpty ? fallback : result
    }
}

extension AnchorIdentifier {
    /// Ids the default theme's layout uses; page content never claims them.
    public static let reservedByTheme: Set<String> = [
        "hoshi-main", "hoshi-navigation", "hoshi-search", "hoshi-search-results", "hoshi-theme-toggle",
        "hoshi-menu-toggle", "hoshi-toc", "hoshi-header", "hoshi-footer",
    ]
}

/// Hands out unique ids within one page (or one folder of pages): a repeated slug gets `-2`, `-3`, ...
public struct IdentifierSet: Sendable {
    private var used: Set<String>

    public init(reserved: Set<String> = []) {
        used = reserved
    }

    public mutating func claim(_ candidate: String) -> String {
        var identifier = candidate
        var suffix = 2
        while used.contains(identifier) {
            identifier = "\(candidate)-\(suffix)"
            suffix += 1
        }
        used.insert(identifier)
        return identifier
    }
}
