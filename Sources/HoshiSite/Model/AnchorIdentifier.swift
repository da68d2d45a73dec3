import Foundation

/// Turns titles into the ids and file names of the site: lower-case, accents folded (`Règles` -> `regles`),
/// letters and digits of any script kept (`碁盤` stays, Go literature is often Japanese or Chinese), an
/// apostrophe dropped (`computer's` -> `computers`), every other run of characters a single `-`.
///
/// Stable: the same title always gives the same id, so links into a page survive rebuilds.
public enum AnchorIdentifier {
    public static func slug(_ title: String, fallback: String = "section") -> String {
        if title.utf8.allSatisfy({ $0 < 0x80 }) { return asciiSlug(title, fallback: fallback) }
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

    /// `slug` of an ASCII title, on bytes: folding leaves ASCII as it is but for case, and ASCII's letters
    /// and digits are `A`-`Z`, `a`-`z`, `0`-`9`. Most headings are ASCII, and Foundation's folding was most
    /// of the time spent making their ids.
    private static func asciiSlug(_ title: String, fallback: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(title.utf8.count)
        var pendingSeparator = false
        for byte in title.utf8 {
            let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(lower) {
                if pendingSeparator, !result.isEmpty { result.append(UInt8(ascii: "-")) }
                pendingSeparator = false
                result.append(lower)
            } else if byte != UInt8(ascii: "'") {
                pendingSeparator = true
            }
        }
        return result.isEmpty ? fallback : String(decoding: result, as: UTF8.self)
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
