/// Splits text into search terms. `templates/assets/search.js` (`tokenize`) implements the same rules for
/// queries; change both together.
///
/// 1. Fold: canonical decomposition, combining marks removed, lower-cased (`Élan` -> `elan`).
/// 2. Words are runs of Unicode letters and numbers (general categories L and N); everything else separates.
/// 3. Chinese, Japanese and Korean runs have no spaces between words, so they are indexed as overlapping
///    character bigrams (`囲碁規則` -> `囲碁`, `碁規`, `規則`); a lone CJK character is its own term.
/// 4. Single letters or digits outside CJK are dropped: they would match almost everything.
public enum SearchTokenizer {
    /// The terms of `text`, in order, with repeats.
    public static func terms(in text: String) -> [String] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiTerms(in: text) }
        var terms: [String] = []
        var word = String.UnicodeScalarView()
        var cjkRun: [Unicode.Scalar] = []
        func finishWord() {
            if word.count > 1 { terms.append(String(word)) }
            word = String.UnicodeScalarView()
        }
        func finishCJKRun() {
            if cjkRun.count == 1 {
                terms.append(String(Character(cjkRun[0])))
            } else if cjkRun.count > 1 {
                for index in 0..<(cjkRun.count - 1) {
                    var bigram = String.UnicodeScalarView()
                    bigram.append(cjkRun[index])
                    bigram.append(cjkRun[index + 1])
                    terms.append(String(bigram))
                }
            }
            cjkRun.removeAll(keepingCapacity: true)
        }
        for scalar in fold(text).unicodeScalars {
            if isCJK(scalar) {
                finishWord()
                cjkRun.append(scalar)
            } else if isWordCharacter(scalar) {
                finishCJKRun()
                word.append(scalar)
            } else {
                finishWord()
                finishCJKRun()
            }
        }
        finishWord()
        finishCJKRun()
        return terms
    }

    /// The same rules for pure ASCII text, on bytes: most documentation is ASCII, and Unicode folding and
    /// category look-ups cost ten times more than this loop.
    static func asciiTerms(in text: String) -> [String] {
        var terms: [String] = []
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            // Each word's string is made from its bytes in one go; setting bit 0x20 lower-cases an ASCII
            // letter and leaves digits as they are.
            func finishWord(at end: Int) {
                guard end - start > 1 else { return }
                terms.append(String(unsafeUninitializedCapacity: end - start) { word in
                    for offset in 0..<(end - start) { word[offset] = bytes[start + offset] | 0x20 }
                    return end - start
                })
            }
            for (index, byte) in bytes.enumerated() {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"):
                    continue
                default:
                    finishWord(at: index)
                    start = index + 1
                }
            }
            finishWord(at: bytes.count)
        }
        return terms
    }

    /// Decomposed, without combining marks, lower-cased.
    public static func fold(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default: folded.append(scalar)
            }
        }
        return String(folded).lowercased()
    }

    /// Letters and numbers: `\p{L}` and `\p{N}` in JavaScript.
    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// Han, Hiragana, Katakana and Hangul letters, by the same code point ranges as search.js.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x3040...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x2FA1F:
            return isWordCharacter(scalar)
        default:
            return false
        }
    }
}
