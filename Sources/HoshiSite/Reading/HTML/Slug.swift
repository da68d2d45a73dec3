import Foundation

/// URL- and file-name-safe identifiers made from titles: `"Smart Game Format (SGF)"` → `smart-game-format-sgf`.
///
/// Slugs name pages and anchors, so they must be stable (the same title always gives the same slug, so links
/// from outside keep working) and portable (ASCII only: every file system and server agrees on them).
enum Slug {
    /// Used when a title has no letters or digits at all (`"★ ★"`, or an empty title).
    static let fallback = "untitled"

    /// The slug of `title`: diacritics removed (`é` → `e`), ASCII letters lower-cased, digits kept, every other
    /// run of characters turned into a single `-`, no `-` at either end. Characters with no ASCII form
    /// (`☺`, `碁`) are dropped; if nothing is left, ``fallback``.
    static func make(from title: String) -> String {
        let folded = title.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        var slug = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            let isWordCharacter = (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9")
            let isUpper = scalar >= "A" && scalar <= "Z"
            if isWordCharacter || isUpper {
                if pendingHyphen, !slug.isEmpty { slug.append("-") }
                pendingHyphen = false
                slug.unicodeScalars.append(isUpper ? Unicode.Scalar(scalar.value + 0x20) ?? scalar : scalar)
            } else if scalar == "'" || scalar == "\u{2019}" {
                // "computer's" → "computers", not "computer-s".
                continue
            } else {
                pendingHyphen = true
            }
        }
        return slug.isEmpty ? fallback : slug
    }

    /// `base` if it is not in `taken`, else `base-2`, `base-3`, …; the result is added to `taken`.
    static func unique(_ base: String, taken: inout Set<String>) -> String {
        var candidate = base
        var counter = 2
        while taken.contains(candidate) {
            candidate = "\(base)-\(counter)"
            counter += 1
        }
        taken.insert(candidate)
        return candidate
    }
}
