import HoshiCore
import XCTest

/// The family split on the original specification's own example.
final class WordFamiliesTests: XCTestCase {
    let words = ["BEAR", "BOAR", "DEER", "DUCK", "HARE"].map { Array($0.utf8) }

    func families(_ letter: Character) -> [String: [String]] {
        let letter = UInt8(ascii: letter.unicodeScalars.first ?? "A")
        var result: [String: [String]] = [:]
        for family in WordFamilies.split(words, letter: letter) {
            result[family.pattern(letter: letter, length: 4)] = family.members.map { String(decoding: words[$0], as: UTF8.self) }
        }
        return result
    }

    func testGuessingE() {
        XCTAssertEqual(families("E"), ["----": ["BOAR", "DUCK"], "-E--": ["BEAR"], "-EE-": ["DEER"], "---E": ["HARE"]])
        var random = HangmanRandom(seed: 1)
        let kept = WordFamilies.kept(WordFamilies.split(words, letter: UInt8(ascii: "E")), random: &random)
        XCTAssertEqual(kept?.members, [1, 3], "the largest family, BOAR and DUCK, is kept")
        XCTAssertEqual(random, HangmanRandom(seed: 1), "no tie, so the generator is not consulted")
    }

    func testGuessingR() {
        XCTAssertEqual(families("R"), ["---R": ["BEAR", "BOAR", "DEER"], "----": ["DUCK"], "--R-": ["HARE"]])
    }

    func testFamiliesComeInTheOrderOfTheirFirstWord() {
        let split = WordFamilies.split(words, letter: UInt8(ascii: "E"))
        XCTAssertEqual(split.map { $0.pattern(letter: UInt8(ascii: "E"), length: 4) }, ["-E--", "----", "-EE-", "---E"])
    }

    func testTiesAreBrokenByTheGenerator() {
        // A and O tie (two families of two); the draw decides, and a different draw picks the other.
        let words = ["CAT", "COT", "CAP", "COP"].map { Array($0.utf8) }
        let split = WordFamilies.split(words, letter: UInt8(ascii: "T"))
        XCTAssertEqual(split.map(\.members), [[0, 1], [2, 3]])
        var keptMembers = Set<[Int]>()
        for seed in UInt32(0)..<20 {
            var random = HangmanRandom(seed: seed)
            var copy = random
            let expected = split[Int(copy.next() % 2)].members
            XCTAssertEqual(WordFamilies.kept(split, random: &random)?.members, expected)
            XCTAssertEqual(random, copy, "one draw per tie")
            keptMembers.insert(expected)
        }
        XCTAssertEqual(keptMembers.count, 2, "both tied families are kept for some seed")
    }
}
