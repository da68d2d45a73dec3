/// A word list ready for Evil Hangman: upper-case words of A-Z, each once, sorted (byte order), grouped by
/// length. `WordListReader` makes one from a file.
public struct WordList: Sendable, Equatable {
    /// The longest word kept. Longer entries are left out with a warning: no English word comes near, a
    /// family's positions fit in 64 bits, and a hostile 1 MB line does not become a million-letter setting.
    public static let maximumWordLength = 64

    /// Every word, sorted.
    public private(set) var words: [String]
    /// Entries dropped because they repeat a word already kept (after upper-casing): not a problem, counted
    /// so that a publisher can see where the list's lines went.
    public var duplicateCount: Int

    public init(words: some Sequence<String>, duplicateCount: Int = 0) {
        self.words = Array(Set(words)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        self.duplicateCount = duplicateCount
    }

    /// The lengths that have words, shortest first.
    public var lengths: [Int] {
        Set(words.map(\.utf8.count)).sorted()
    }

    /// The words of one length, sorted.
    public func words(ofLength length: Int) -> [String] {
        words.filter { $0.utf8.count == length }
    }

    /// The words of one length as bytes, sorted: the form the game and the analysis work on.
    public func letters(ofLength length: Int) -> [[UInt8]] {
        words.lazy.filter { $0.utf8.count == length }.map { Array($0.utf8) }
    }
}
