import HoshiCore
import XCTest

final class HangmanGameTests: XCTestCase {
    let words = ["BEAR", "BOAR", "DEER", "DUCK", "HARE"].map { Array($0.utf8) }

    func testEvilGameFollowsTheLargestFamily() throws {
        var game = try HangmanGame(words: words, length: 4, allowedWrongGuesses: 3, isEvil: true, seed: 7)
        XCTAssertEqual(game.guess("e"), .miss, "BOAR and DUCK have no E")
        XCTAssertEqual(game.candidates.map { String(decoding: $0, as: UTF8.self) }, ["BOAR", "DUCK"])
        XCTAssertEqual(game.wrongGuessesLeft, 2)
        XCTAssertEqual(game.guess("E"), .ignored("E was already guessed"))
        XCTAssertEqual(game.guess("7"), .ignored("type a single letter A-Z"))
        XCTAssertEqual(game.guess("ab"), .ignored("type a single letter A-Z"))
        XCTAssertEqual(game.wrongGuessesLeft, 2, "ignored input costs nothing")
        _ = game.guess("O")
        XCTAssertEqual(game.patternText.count, 4)
        XCTAssertEqual(game.candidates.count, 1, "O splits BOAR from DUCK: a tie, one is kept")
    }

    func testLossNamesAWordConsistentWithEveryAnswer() throws {
        var game = try HangmanGame(words: words, length: 4, allowedWrongGuesses: 1, isEvil: true, seed: 3)
        XCTAssertEqual(game.guess("Z"), .miss)
        XCTAssertEqual(game.outcome, .lost)
        XCTAssertTrue(["BEAR", "BOAR", "DEER", "DUCK", "HARE"].contains(game.revealedWord ?? ""))
        XCTAssertEqual(game.guess("A"), .ignored("the game is over; start a new game"))
    }

    func testFairGameKeepsOneWordAndCanBeWon() throws {
        for seed in UInt32(0)..<10 {
            var game = try HangmanGame(words: words, length: 4, allowedWrongGuesses: 26, isEvil: false, seed: seed)
            XCTAssertEqual(game.candidates.count, 1)
            var draw = HangmanRandom(seed: seed)
            let word = words[draw.index(below: words.count)]
            XCTAssertEqual(game.candidates[0], word, "the word is the generator's first draw")
            for letter in Set(word) { _ = game.guess(String(Unicode.Scalar(letter))) }
            XCTAssertEqual(game.outcome, .won)
            XCTAssertEqual(game.patternText, String(decoding: word, as: UTF8.self))
            XCTAssertEqual(game.wrongGuesses, 0)
        }
    }

    func testSetupErrors() {
        XCTAssertThrowsError(try HangmanGame(words: words, length: 5, allowedWrongGuesses: 3, isEvil: true, seed: 1)) {
            XCTAssertEqual($0 as? HangmanGame.SetupError, .noWords(length: 5))
        }
        XCTAssertThrowsError(try HangmanGame(words: words, length: 4, allowedWrongGuesses: 27, isEvil: true, seed: 1))
        XCTAssertThrowsError(try HangmanGame(words: words, length: 4, allowedWrongGuesses: 0, isEvil: true, seed: 1))
    }

    func testMulberry32MatchesItsPublishedFormulation() {
        // The generator written the way its author published it for JavaScript, in 64-bit integers masked
        // to 32 bits, as an independent second computation.
        var state: UInt64 = 12345
        func reference() -> UInt32 {
            state = (state + 0x6D2B79F5) & 0xFFFF_FFFF
            var t = ((state ^ (state >> 15)) * (state | 1)) & 0xFFFF_FFFF
            t = ((t + (((t ^ (t >> 7)) * (t | 61)) & 0xFFFF_FFFF)) & 0xFFFF_FFFF) ^ t
            return UInt32((t ^ (t >> 14)) & 0xFFFF_FFFF)
        }
        var random = HangmanRandom(seed: 12345)
        for _ in 0..<1000 { XCTAssertEqual(random.next(), reference()) }
    }
}
