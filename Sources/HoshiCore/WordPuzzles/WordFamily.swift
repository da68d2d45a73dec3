/// The words that answer one guess alike: the guessed letter at exactly the same positions (no position at
/// all is a family too).
public struct WordFamily: Equatable, Sendable {
    /// The positions of the letter, bit `i` for position `i` counted from 0 at the left; 0 when the letter
    /// is absent. Words are at most `WordList.maximumWordLength` (64) letters, so a mask always fits.
    public var positions: UInt64
    /// The family's words, as indices into the split list, in the list's order.
    public var members: [Int]

    public init(positions: UInt64, members: [Int]) {
        self.positions = positions
        self.members = members
    }

    /// The pattern for this family alone, `-E--` style: the letter at its positions, `-` elsewhere.
    public func pattern(letter: UInt8, length: Int) -> String {
        String(decoding: (0..<length).map { positions & (1 << UInt64($0)) != 0 ? letter : UInt8(ascii: "-") }, as: UTF8.self)
    }
}

/// The evil computer's move: split the words by where a letter appears, keep a largest family.
///
/// The rule, which hangman.js implements identically (a test plays both):
/// 1. Families are listed in the order of their first word in the candidate list (kept in sorted order).
/// 2. The kept family is a largest one. When `k > 1` families tie, the generator draws once and the family
///    at `HangmanRandom.index(below: k)` among the tied ones, in that order, is kept. Without a tie the
///    generator is not consulted.
public enum WordFamilies {
    /// The families of `words` (upper-case A-Z bytes, all of one length) for `letter`, in the order of
    /// their first word.
    public static func split(_ words: [[UInt8]], letter: UInt8) -> [WordFamily] {
        split(Array(words.indices)) { positions(of: letter, in: words[$0]) }
    }

    /// The families of `members` (word indices) by the positions `mask` gives each, in the order of their
    /// first member.
    static func split(_ members: [Int], mask: (Int) -> UInt64) -> [WordFamily] {
        var families: [WordFamily] = []
        var familyOfMask: [UInt64: Int] = [:]
        for member in members {
            let positions = mask(member)
            if let family = familyOfMask[positions] {
                families[family].members.append(member)
            } else {
                familyOfMask[positions] = families.count
                families.append(WordFamily(positions: positions, members: [member]))
            }
        }
        return families
    }

    /// Bit `i` set when `word[i] == letter`.
    public static func positions(of letter: UInt8, in word: [UInt8]) -> UInt64 {
        var mask: UInt64 = 0
        for (position, byte) in word.enumerated() where byte == letter {
            mask |= 1 << UInt64(position)
        }
        return mask
    }

    /// The largest families, in split order.
    public static func largest(_ families: [WordFamily]) -> [WordFamily] {
        let size = families.map(\.members.count).max() ?? 0
        return families.filter { $0.members.count == size }
    }

    /// The family the evil computer keeps (see the type's rule); nil only for an empty split.
    public static func kept(_ families: [WordFamily], random: inout HangmanRandom) -> WordFamily? {
        let tied = largest(families)
        guard tied.count > 1 else { return tied.first }
        return tied[random.index(below: tied.count)]
    }
}
