import HoshiCore
import XCTest

/// The analysis against a brute force written here: the whole game tree over (words still possible, letters
/// guessed), every letter of the alphabet tried, the game over when no letter is hidden, the computer
/// choosing the worst tied family for the player.
final class HangmanAnalysisTests: XCTestCase {
    struct BruteForce {
        let alphabet: [UInt8]
        var memo: [String: Int] = [:]

        mutating func value(_ words: [[UInt8]], guessed: Set<UInt8>) -> Int {
            let hidden = words[0].contains { !guessed.contains($0) }
            if words.count == 1 && !hidden { return 0 }
            let key = words.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ",") + "|"
                + String(decoding: guessed.sorted(), as: UTF8.self)
            if let known = memo[key] { return known }
            var best = Int.max
            for letter in alphabet where !guessed.contains(letter) {
                var families: [[Bool]: [[UInt8]]] = [:]
                for word in words { families[word.map { $0 == letter }, default: []].append(word) }
                let size = families.values.map(\.count).max() ?? 0
                var worst = 0
                for (positions, family) in families where family.count == size {
                    let cost = positions.contains(true) ? 0 : 1
                    worst = max(worst, cost + value(family, guessed: guessed.union([letter])))
                }
                best = min(best, worst)
            }
            memo[key] = best
            return best
        }
    }

    func testAgreesWithBruteForceOnRandomSmallLists() {
        var random = HangmanRandom(seed: 2026)
        let letters = Array("ABCDE".utf8)
        for round in 0..<150 {
            let length = 2 + random.index(below: 3)
            let count = 2 + random.index(below: 12)
            var words = Set<[UInt8]>()
            for _ in 0..<count {
                words.insert((0..<length).map { _ in letters[random.index(below: letters.count)] })
            }
            let sorted = words.sorted { $0.lexicographicallyPrecedes($1) }
            var brute = BruteForce(alphabet: letters + [UInt8(ascii: "Z")])
            let expected = brute.value(sorted, guessed: [])
            let analysis = HangmanAnalysis.analyse(sorted, budget: 1_000_000)
            XCTAssertTrue(analysis.isExact)
            XCTAssertEqual(analysis.minimumWrongGuesses, expected,
                           "round \(round): \(sorted.map { String(decoding: $0, as: UTF8.self) })")
        }
    }

    func testSpecificationExample() {
        // E keeps BOAR and DUCK (a miss); O then separates them. Any first guess costs at least one miss.
        let words = ["BEAR", "BOAR", "DEER", "DUCK", "HARE"].map { Array($0.utf8) }
        var brute = BruteForce(alphabet: Array("ABCDEHKORUZ".utf8))
        XCTAssertEqual(HangmanAnalysis.analyse(words).minimumWrongGuesses, brute.value(words, guessed: []))
    }

    func testBudgetGivesALowerBound() throws {
        var random = HangmanRandom(seed: 9)
        let words = Set((0..<400).map { _ in (0..<5).map { _ in UInt8(ascii: "A") + UInt8(random.index(below: 8)) } })
            .sorted { $0.lexicographicallyPrecedes($1) }
        let full = HangmanAnalysis.analyse(words, budget: 10_000_000)
        let cut = HangmanAnalysis.analyse(words, budget: 5)
        XCTAssertTrue(full.isExact)
        XCTAssertFalse(cut.isExact)
        XCTAssertLessThanOrEqual(cut.minimumWrongGuesses, full.minimumWrongGuesses)
        let upper = try XCTUnwrap(cut.upperBound)
        XCTAssertGreaterThanOrEqual(upper, full.minimumWrongGuesses, "the strategy's count is an upper bound")
        XCTAssertEqual(cut.text, "at least \(cut.minimumWrongGuesses), at most \(upper)")
    }

    /// One-letter words: every guess either names the word or removes one, and the computer keeps the 25
    /// others, so a perfect player misses 25 times; the search gives up early, the strategy bound is exact.
    func testOneLetterWordsNeedTwentyFiveMisses() {
        let words = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { [$0] }
        let analysis = HangmanAnalysis.analyse(words, budget: 2_000)
        XCTAssertFalse(analysis.isExact)
        XCTAssertEqual(analysis.upperBound, 25)
    }
}
