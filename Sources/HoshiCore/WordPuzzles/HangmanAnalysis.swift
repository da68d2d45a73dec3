/// What a publisher prints beside the game for one word length: the fewest wrong guesses with which a
/// perfect player beats the evil computer.
///
/// The computer keeps a largest family on every guess. Its ties are broken by the seed, which differs from
/// game to game, so the analysis lets the computer pick the tied family worst for the player: the number
/// holds for every seed. With that, the game's value depends only on the words still possible (a letter at
/// the same positions in all of them reveals nothing the set does not already say), so the search is a
/// minimax over word sets with memoisation, deepened one wrong guess at a time. Only letters that split the
/// set are worth guessing: one that appears nowhere costs a wrong guess and teaches nothing.
///
/// The search stops after a budget of work (a count, not a time, so that builds are reproducible) and then
/// answers "at least N": every smaller number was proven too few. It adds "at most M", the wrong guesses of
/// one simple strategy (guess the letter whose largest family is smallest, a hit before a miss) against the
/// worst tie-breaks: a strategy that wins with M proves M enough.
public struct HangmanAnalysis: Sendable, Equatable {
    /// The fewest wrong guesses a perfect player makes against the evil computer (a player allowed that many
    /// plus one wins), or a lower bound when `isExact` is false.
    public var minimumWrongGuesses: Int
    public var isExact: Bool
    /// When not exact: the wrong guesses with which the simple strategy wins (an upper bound); nil when exact.
    public var upperBound: Int?
    /// Words examined: the sum of the sizes of the word sets searched.
    public var work: Int

    public init(minimumWrongGuesses: Int, isExact: Bool, upperBound: Int? = nil, work: Int) {
        self.minimumWrongGuesses = minimumWrongGuesses
        self.isExact = isExact
        self.upperBound = upperBound
        self.work = work
    }

    /// "3", "at least 3" or "at least 3, at most 5".
    public var text: String {
        if isExact { return "\(minimumWrongGuesses)" }
        return "at least \(minimumWrongGuesses)" + (upperBound.map { ", at most \($0)" } ?? "")
    }

    /// Names the analysis's results: raised whenever a change may alter a number it reports (the search, its
    /// budget's counting, the strategy behind "at most"), so that results stored by an older analysis (a
    /// site's word analysis cache) are not served as this one's.
    public static let version = "evil-minimax-1"

    /// A fraction of a second per length in a release build: the small lists and the long words of a
    /// dictionary finish; the crowded middle lengths of a 100,000-word list answer "at least".
    public static let defaultBudget = 300_000

    /// Analyses the words of one length (upper-case A-Z bytes, each once). `budget` counts words examined
    /// (each position searched costs the size of its word set), which follows time closely and is the same
    /// on every machine.
    public static func analyse(_ words: [[UInt8]], budget: Int = defaultBudget) -> HangmanAnalysis {
        var search = Search(words: words, budget: budget)
        let all = Array(words.indices)
        var bound = 0
        while true {
            do {
                if try search.canWin(all, wrongGuesses: bound) {
                    return HangmanAnalysis(minimumWrongGuesses: bound, isExact: true, work: search.work)
                }
            } catch {
                var memo: [[Int]: Int] = [:]
                let upper = search.strategyWrongGuesses(all, memo: &memo)
                return HangmanAnalysis(minimumWrongGuesses: bound, isExact: upper == bound, upperBound: upper == bound ? nil : upper,
                                       work: search.work)
            }
            bound += 1
        }
    }

    struct BudgetExhausted: Error {}

    private struct Search {
        /// `masks[word * 26 + letter]`: the positions of the letter in the word (see `WordFamily.positions`).
        let masks: [UInt64]
        let budget: Int
        var work = 0
        /// Per word set: the largest number of wrong guesses proven too few, and the smallest proven enough.
        var tooFew: [[Int]: Int] = [:]
        var enough: [[Int]: Int] = [:]

        init(words: [[UInt8]], budget: Int) {
            var masks = [UInt64](repeating: 0, count: words.count * 26)
            for (index, word) in words.enumerated() {
                for (position, letter) in word.enumerated() where (65...90).contains(letter) {
                    masks[index * 26 + Int(letter - 65)] |= 1 << UInt64(position)
                }
            }
            self.masks = masks
            self.budget = budget
        }

        /// The kept families of `set` for its most promising letters first (the smallest largest family, a hit
        /// before a miss), letters that do not split the set left out.
        func choices(_ set: [Int]) -> [(kept: [WordFamily], size: Int, misses: Bool)] {
            var choices: [(kept: [WordFamily], size: Int, misses: Bool)] = []
            for letter in 0..<26 {
                let families = WordFamilies.split(set) { masks[$0 * 26 + letter] }
                guard families.count > 1 else { continue }
                let kept = WordFamilies.largest(families)
                choices.append((kept, kept[0].members.count, kept.contains { $0.positions == 0 }))
            }
            return choices.sorted { ($0.size, $0.misses ? 1 : 0) < ($1.size, $1.misses ? 1 : 0) }
        }

        /// The wrong guesses of the strategy that always plays the first of `choices`, against the worst ties.
        func strategyWrongGuesses(_ set: [Int], memo: inout [[Int]: Int]) -> Int {
            if set.count <= 1 { return 0 }
            if let known = memo[set] { return known }
            guard let choice = choices(set).first else { return 0 }
            var worst = 0
            for family in choice.kept {
                worst = max(worst, (family.positions == 0 ? 1 : 0) + strategyWrongGuesses(family.members, memo: &memo))
            }
            memo[set] = worst
            return worst
        }

        /// Whether a perfect player finds the word among `set` with at most `wrongGuesses` wrong guesses.
        mutating func canWin(_ set: [Int], wrongGuesses: Int) throws(BudgetExhausted) -> Bool {
            if wrongGuesses < 0 { return false }
            if set.count <= 1 { return true }
            if let known = enough[set], known <= wrongGuesses { return true }
            if let known = tooFew[set], known >= wrongGuesses { return false }
            work += set.count
            if work > budget { throw BudgetExhausted() }
            for choice in choices(set) where !(choice.misses && wrongGuesses == 0) {
                var wins = true
                for family in choice.kept {
                    let cost = family.positions == 0 ? 1 : 0
                    if try !canWin(family.members, wrongGuesses: wrongGuesses - cost) {
                        wins = false
                        break
                    }
                }
                if wins {
                    enough[set] = min(enough[set] ?? .max, wrongGuesses)
                    return true
                }
            }
            tooFew[set] = max(tooFew[set] ?? -1, wrongGuesses)
            return false
        }
    }
}
