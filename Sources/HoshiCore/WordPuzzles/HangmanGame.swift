/// One game of (Evil) Hangman, as the page plays it (hangman.js implements the same rules; a test plays both).
///
/// - Evil: the computer keeps every word of the length that agrees with its answers so far; each guess
///   splits them into families (`WordFamilies`) and keeps a largest one.
/// - Fair: the word is drawn at the start, `words[random.index(below: words.count)]`, and the game is the
///   evil game on that one word.
///
/// A guess that reveals nothing costs one of the allowed wrong guesses; the game is lost when none is left,
/// and won when no letter is hidden. When lost, the word shown is drawn from the words still possible
/// (`random.index(below: count)`; the first and only one in a fair game), so it agrees with every answer.
/// A guess that is not a single new letter A-Z changes nothing.
public struct HangmanGame: Sendable, Equatable {
    public enum Outcome: String, Sendable {
        case playing = ""
        case won
        case lost
    }

    /// What a guess did.
    public enum GuessResult: Equatable, Sendable {
        /// The letter is in the word at these positions (from 0).
        case hit([Int])
        case miss
        /// Not a single new letter A-Z, or the game is over; nothing changed.
        case ignored(String)
    }

    public enum SetupError: Error, Equatable {
        case noWords(length: Int)
        case guessesOutOfRange(Int)

        public var message: String {
            switch self {
            case .noWords(let length): "the list has no word of \(length) letters"
            case .guessesOutOfRange(let guesses): "wrong guesses allowed must be 1 to 26, not \(guesses)"
            }
        }
    }

    public let length: Int
    public let allowedWrongGuesses: Int
    public let isEvil: Bool
    /// The words still possible, sorted.
    public private(set) var candidates: [[UInt8]]
    public private(set) var random: HangmanRandom
    /// The letters guessed, in order.
    public private(set) var guesses: [UInt8] = []
    public private(set) var wrongGuesses = 0
    /// The word found so far: a letter or `-` per position.
    public private(set) var pattern: [UInt8]
    public private(set) var outcome = Outcome.playing
    /// Set when the game is lost: a word consistent with every answer.
    public private(set) var revealedWord: String?

    /// `words` must be the list's words of `length` letters, sorted (`WordList.letters(ofLength:)`).
    public init(words: [[UInt8]], length: Int, allowedWrongGuesses: Int, isEvil: Bool, seed: UInt32) throws(SetupError) {
        guard (1...26).contains(allowedWrongGuesses) else { throw .guessesOutOfRange(allowedWrongGuesses) }
        let playable = words.filter { $0.count == length }
        guard !playable.isEmpty else { throw .noWords(length: length) }
        self.length = length
        self.allowedWrongGuesses = allowedWrongGuesses
        self.isEvil = isEvil
        random = HangmanRandom(seed: seed)
        candidates = isEvil ? playable : [playable[random.index(below: playable.count)]]
        pattern = Array(repeating: UInt8(ascii: "-"), count: length)
    }

    public var wrongGuessesLeft: Int {
        allowedWrongGuesses - wrongGuesses
    }

    public var patternText: String {
        String(decoding: pattern, as: UTF8.self)
    }

    /// Plays one guess: a letter in either case; anything else is ignored with the reason.
    public mutating func guess(_ text: String) -> GuessResult {
        guard outcome == .playing else { return .ignored("the game is over; start a new game") }
        let bytes = Array(text.utf8)
        guard bytes.count == 1, WordEntryProblem.isLetter(bytes[0]) else {
            return .ignored("type a single letter A-Z")
        }
        let letter = bytes[0] & 0xDF
        guard !guesses.contains(letter) else {
            return .ignored("\(String(Unicode.Scalar(letter))) was already guessed")
        }
        guesses.append(letter)
        let families = WordFamilies.split(candidates, letter: letter)
        guard let kept = WordFamilies.kept(families, random: &random) else { return .miss }
        candidates = kept.members.map { candidates[$0] }
        let positions = (0..<length).filter { kept.positions & (1 << UInt64($0)) != 0 }
        for position in positions { pattern[position] = letter }
        if positions.isEmpty {
            wrongGuesses += 1
            if wrongGuesses >= allowedWrongGuesses {
                outcome = .lost
                revealedWord = String(decoding: candidates[random.index(below: candidates.count)], as: UTF8.self)
            }
            return .miss
        }
        if !pattern.contains(UInt8(ascii: "-")) { outcome = .won }
        return .hit(positions)
    }
}
