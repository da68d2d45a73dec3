import Foundation
import HoshiCore
@testable import HoshiSite
import XCTest

/// The players' index on the 923 Edo games: every player's record on their page equals a tally the test makes
/// from the files' own `PB`, `PW` and `RE` text.
final class PlayerPagesTests: XCTestCase {
    func testEdoPlayersRecordsMatchAnIndependentTally() throws {
        let folder = GameTestFiles.corpus.appending(path: "games/historical-edo")
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { throw XCTSkip(GameTestFiles.missingMessage) }
        let paths = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".sgf") }.sorted()
        guard paths.count > 900 else { throw XCTSkip(GameTestFiles.missingMessage) }

        var summaries: [GameSummary] = []
        // name -> (wins, losses, others, games), tallied from the raw text with regular expressions.
        var tally: [String: [Int]] = [:]
        for path in paths {
            let data = try Data(contentsOf: folder.appending(path: path))
            let text = String(decoding: data, as: UTF8.self)
            func value(_ identifier: String) -> String? {
                guard let match = text.firstMatch(of: try! Regex("\(identifier)\\[([^\\]]*)\\]")) else { return nil }
                let raw = match.output[1].substring.map(String.init) ?? ""
                let words = raw.split(whereSeparator: \.isWhitespace)
                return words.isEmpty ? nil : words.joined(separator: " ")
            }
            let black = value("PB"), white = value("PW"), result = value("RE")?.uppercased() ?? ""
            for (name, letter) in [(black, "B"), (white, "W")] {
                guard let name else { continue }
                var record = tally[name] ?? [0, 0, 0, 0]
                if result.hasPrefix("\(letter)+") { record[0] += 1 }
                else if result.hasPrefix("B+") || result.hasPrefix("W+") { record[1] += 1 }
                else { record[2] += 1 }
                record[3] += 1
                tally[name] = record
            }
            let game = try XCTUnwrap(SGFParser.parse(bytes: [UInt8](data), path: path).games.first)
            let description = GameDescription(game.gameInfo)
            summaries.append(GameSummary(title: description.title ?? path, black: description.blackName, white: description.whiteName,
                                         blackText: description.player(.black), whiteText: description.player(.white),
                                         resultText: description.resultText, winner: description.winner, date: game.gameInfo.date,
                                         event: nil, moveCount: 0, pagePath: "games/\(path.replacingOccurrences(of: ".sgf", with: ".html"))",
                                         thumbnailPath: "", folder: "games", sourcePath: path, gameNumber: 1))
        }
        XCTAssertEqual(summaries.count, 923)
        let content = PlayerPages(folder: "games", games: summaries).read()
        let playerPages = content.pages.filter { $0.outputPath != "games/players/index.html" }
        XCTAssertEqual(playerPages.count, tally.count, "one page per player name")
        for page in playerPages {
            let record = try XCTUnwrap(tally[page.title], "a page for a name no file has: \(page.title)")
            let expected = "\(record[3]) game\(record[3] == 1 ? "" : "s"): \(record[0]) win\(record[0] == 1 ? "" : "s"), "
                + "\(record[1]) loss\(record[1] == 1 ? "" : "es")" + (record[2] > 0 ? ", \(record[2]) without a winner" : "") + "."
            XCTAssertTrue(page.contentHTML.contains(expected), "\(page.title): expected '\(expected)'")
            XCTAssertEqual(page.contentHTML.components(separatedBy: "<tr><td>").count - 1, record[3], page.title)
        }
        let shusaku = try XCTUnwrap(playerPages.first { $0.title == "Yasuda Shusaku" })
        XCTAssertTrue(shusaku.contentHTML.contains("Inoue Gennan Inseki"))
    }
}
