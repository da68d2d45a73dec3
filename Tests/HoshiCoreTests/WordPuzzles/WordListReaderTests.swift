import Foundation
import HoshiCore
import XCTest

final class WordListReaderTests: XCTestCase {
    func read(_ text: String, path: String = "w.txt") -> (WordList, [Diagnostic]) {
        WordListReader.read(Array(text.utf8), path: path)
    }

    func testUpperCasesSortsAndKeepsEachWordOnce() {
        let (list, diagnostics) = read("pear\nApple\r\n  apple \n\nPEAR\nfig\n")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(list.words, ["APPLE", "FIG", "PEAR"])
        XCTAssertEqual(list.duplicateCount, 2)
        XCTAssertEqual(list.lengths, [3, 4, 5])
        XCTAssertEqual(list.words(ofLength: 4), ["PEAR"])
    }

    func testEachKindOfProblemIsReportedOnceWithItsCountAndFirstPositions() {
        let text = (1...6).map { "Name\($0 == 1 ? "" : String(repeating: "x", count: $0))'s" }.joined(separator: "\n")
            + "\ncafé\nok\nnaïve\n"
        let (list, diagnostics) = read(text)
        XCTAssertEqual(list.words, ["OK"])
        XCTAssertEqual(diagnostics.count, 2)
        XCTAssertEqual(diagnostics[0].severity, .warning)
        XCTAssertEqual(diagnostics[0].location?.description, "w.txt:1:5")
        XCTAssertEqual(diagnostics[0].message, "6 entries left out (possessive 's), such as \"Name's\"; a word is letters A-Z only; "
                       + "also at 2:7, 3:8, 4:9, …")
        XCTAssertEqual(diagnostics[1].location?.description, "w.txt:7:4")
        XCTAssertTrue(diagnostics[1].message.hasPrefix("2 entries left out (letters outside A-Z"), diagnostics[1].message)
        XCTAssertTrue(diagnostics[1].message.hasSuffix("also at 9:3"), diagnostics[1].message)
    }

    func testHostileInputIsReportedNeverKept() {
        var bytes = Array("<script>alert(1)</script>\nA&amp;B\ngood\nnul\u{0}byte\nbad".utf8)
        bytes += [0xFF, 0xC0, 0x41]
        bytes += Array("\nrock'n'roll\nx2\ntwo words\n".utf8)
        bytes += Array(repeating: UInt8(ascii: "a"), count: 1 << 20)
        bytes += Array("\nend\n".utf8)
        let (list, diagnostics) = WordListReader.read(bytes, path: "h.txt")
        XCTAssertEqual(list.words, ["END", "GOOD"])
        let byLine = Dictionary(uniqueKeysWithValues: diagnostics.map { ($0.location?.line ?? 0, $0) })
        XCTAssertTrue(byLine[1]?.message.hasPrefix("2 entries left out (markup characters < > &)") ?? false)
        XCTAssertEqual(byLine[1]?.location?.column, 1)
        XCTAssertTrue(byLine[4]?.message.hasPrefix("1 entry left out (a NUL byte), such as \"nul\\x0byte\"") ?? false,
                      byLine[4]?.message ?? "no warning on line 4")
        XCTAssertEqual(byLine[5]?.location?.column, 4, "the first invalid UTF-8 byte")
        XCTAssertTrue(byLine[6]?.message.hasPrefix("1 entry left out (an apostrophe)") ?? false)
        XCTAssertTrue(byLine[7]?.message.hasPrefix("1 entry left out (digits)") ?? false)
        XCTAssertTrue(byLine[8]?.message.hasPrefix("1 entry left out (spaces inside)") ?? false)
        XCTAssertEqual(byLine[9]?.location?.column, 65, "the 1 MB line is too long from its 65th letter")
        XCTAssertTrue(byLine[9]?.message.contains("…") ?? false, "the sample is cut short")
        XCTAssertTrue(diagnostics.allSatisfy { $0.severity == .warning })
    }

    func testAnEmptyListIsAnError() {
        for text in ["", "\n\n", "Aaron's\n"] {
            let (list, diagnostics) = read(text)
            XCTAssertEqual(list.words, [])
            XCTAssertEqual(diagnostics.last?.severity, .error, text)
            XCTAssertTrue(diagnostics.last?.message.hasPrefix("no words in this list") ?? false)
        }
    }

    func testXMLPropertyList() {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <array>
            \t<string>AARDVARK</string>
            \t<string>ZEBRA</string>
            \t<string>O'NEIL</string>
            </array>
            </plist>

            """
        let (list, diagnostics) = read(text, path: "words.plist")
        XCTAssertEqual(list.words, ["AARDVARK", "ZEBRA"])
        XCTAssertEqual(diagnostics.map { $0.location?.description }, ["words.plist:6:11"])
    }

    func testBinaryPropertyList() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["b", "A", "c-d"], format: .binary, options: 0)
        let (list, diagnostics) = WordListReader.read([UInt8](data), path: "b.plist")
        XCTAssertEqual(list.words, ["A", "B"])
        XCTAssertEqual(diagnostics.map { $0.location?.description }, ["b.plist"])
    }

    /// Debian's wamerican: about 29,500 possessives, reported in one warning.
    func testDebianAmericanEnglish() throws {
        let path = "/usr/share/dict/american-english"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw XCTSkip("\(path) is absent; install Debian's wamerican")
        }
        let (list, diagnostics) = WordListReader.read([UInt8](data), path: path)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        // Possessives of words of A-Z (others, such as "Ångström's", are reported for their accents).
        let possessives = lines.filter { $0.hasSuffix("'s") && $0.dropLast(2).allSatisfy { $0.isASCII && $0.isLetter } }.count
        XCTAssertTrue(diagnostics.contains { $0.message.hasPrefix("\(possessives.formatted()) entries left out (possessive 's)") },
                      diagnostics.map(\.description).joined(separator: "\n"))
        XCTAssertEqual(Set(diagnostics.map(\.message)).count, diagnostics.count)
        XCTAssertLessThanOrEqual(diagnostics.count, 10, "one warning per kind")
        let expected = Set(lines.filter { $0.allSatisfy { $0.isASCII && $0.isLetter } }.map { $0.uppercased() })
        XCTAssertEqual(Set(list.words), expected)
    }
}

final class WordFrontCodingTests: XCTestCase {
    func testSharedPrefixesAreCounted() {
        XCTAssertEqual(WordFrontCoding.encode(["ARE", "ARM", "ART", "BAT"]), "0ARE2M2T0BAT")
        XCTAssertEqual(WordFrontCoding.encode([]), "")
        let long = ["ABCDEFGHIJKLMNOPQRSTUVWXYA", "ABCDEFGHIJKLMNOPQRSTUVWXYB", "ABCDEFGHIJKLMNOPQRSTUVWXZZ"]
        XCTAssertEqual(WordFrontCoding.encode(long), "0ABCDEFGHIJKLMNOPQRSTUVWXYA25B24ZZ", "two-digit counts")
    }
}
