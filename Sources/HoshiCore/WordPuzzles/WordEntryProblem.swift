/// Why an entry of a word list is not a word Evil Hangman can use. The reader reports each kind once, with
/// its count and first positions, because a real list holds thousands alike (Debian's american-english has
/// about 29,500 possessives such as "Aaron's").
enum WordEntryProblem: Int, CaseIterable, Comparable, Sendable {
    case nulByte
    case invalidUTF8
    case tooLong
    case possessive
    case apostrophe
    case nonASCIILetter
    case digit
    case space
    case markup
    case punctuation

    static func < (lhs: WordEntryProblem, rhs: WordEntryProblem) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The reason, as "N entries left out (REASON)" prints it.
    var description: String {
        switch self {
        case .nulByte: "a NUL byte"
        case .invalidUTF8: "not valid UTF-8"
        case .tooLong: "longer than \(WordList.maximumWordLength) letters"
        case .possessive: "possessive 's"
        case .apostrophe: "an apostrophe"
        case .nonASCIILetter: "letters outside A-Z: accents, other scripts"
        case .digit: "digits"
        case .space: "spaces inside"
        case .markup: "markup characters < > &"
        case .punctuation: "punctuation or control characters"
        }
    }

    /// The problem of an entry (trimmed of surrounding blanks) and the offset of its first offending byte
    /// within it; nil for a word of A-Z letters of an acceptable length.
    static func find(in entry: ArraySlice<UInt8>) -> (problem: WordEntryProblem, offset: Int)? {
        if let nul = entry.firstIndex(of: 0) { return (.nulByte, nul) }
        if let invalid = firstInvalidUTF8(entry) { return (.invalidUTF8, invalid) }
        for index in entry.indices {
            let byte = entry[index]
            if isLetter(byte) { continue }
            let problem: WordEntryProblem
            switch byte {
            case UInt8(ascii: "'"):
                let rest = entry[(index + 1)...]
                problem = rest.count == 1 && (rest.first == UInt8(ascii: "s") || rest.first == UInt8(ascii: "S"))
                    ? .possessive : .apostrophe
            case 0x80...: problem = .nonASCIILetter
            case UInt8(ascii: "0")...UInt8(ascii: "9"): problem = .digit
            case UInt8(ascii: " "), UInt8(ascii: "\t"): problem = .space
            case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"): problem = .markup
            default: problem = .punctuation
            }
            return (problem, index)
        }
        if entry.count > WordList.maximumWordLength {
            return (.tooLong, entry.startIndex + WordList.maximumWordLength)
        }
        return nil
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    /// The offset of the first byte that does not start or continue a well-formed UTF-8 sequence (overlong
    /// forms, surrogates and code points past U+10FFFF included).
    static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let lead = bytes[index]
            let length: Int
            var lowest: UInt8 = 0x80
            var highest: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F: index += 1; continue
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lowest = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; highest = 0x9F
            case 0xF0: length = 4; lowest = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; highest = 0x8F
            default: return index
            }
            guard index + length <= bytes.endIndex else { return index }
            for offset in 1..<length {
                let byte = bytes[index + offset]
                let range = offset == 1 ? lowest...highest : 0x80...0xBF
                if !range.contains(byte) { return index }
            }
            index += length
        }
        return nil
    }
}
