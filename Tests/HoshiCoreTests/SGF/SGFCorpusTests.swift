import Foundation
import XCTest
@testable import HoshiCore
import HoshiTestSupport

/// Every file of `../shared/corpus/sgf/`: no crash, games or a clear error, and a faithful round trip.
final class SGFCorpusTests: XCTestCase {
    func testEveryFileParsesToGamesOrAnError() throws {
        let folder = try TestPaths.requireCorpus("sgf")
        let files = SGFCorpus.files(under: folder)
        XCTAssertGreaterThan(files.count, 1000)
        for file in files {
            let result = SGFParser.parse(bytes: try SGFCorpus.bytes(file), path: file.lastPathComponent)
            let hasError = result.diagnostics.contains { $0.severity == .error }
            XCTAssertTrue(!result.games.isEmpty || hasError, "\(file.path): no games and no error")
            for game in result.games { _ = GamePositions(game: game) }
        }
    }

    /// Files that are not SGF (GIB, NGF, a text file) get the one clear error and no games.
    func testNonSGFFilesGetAClearError() throws {
        let folder = try TestPaths.requireCorpus("sgf/tests")
        for name in ["rooklift-sgf/3handicap.gib", "katrain/handicap2.ngf", "littlego/Illegal games/not-an-sgf-file.sgf"] {
            let result = SGFParser.parse(bytes: try SGFCorpus.bytes(folder.appendingPathComponent(name)), path: name)
            XCTAssertTrue(result.games.isEmpty, name)
            XCTAssertEqual(result.diagnostics.map(\.description),
                           ["\(name): error: not an SGF file: no game tree found (an SGF game starts with '(;')"])
        }
    }

    /// parse -> write -> parse gives the same games (property order and unknown properties kept), apart
    /// from the root's FF and CA, which the writer sets; writing again gives the same text.
    func testRoundTripOnWholeCorpus() throws {
        let folder = try TestPaths.requireCorpus("sgf")
        var checked = 0
        for file in SGFCorpus.files(under: folder) {
            let first = SGFParser.parse(bytes: try SGFCorpus.bytes(file), path: file.lastPathComponent)
            guard !first.games.isEmpty else { continue }
            let text = SGFWriter.write(first.collection)
            let second = SGFParser.parse(text: text, path: "written")
            if !first.diagnostics.contains(where: { $0.severity == .error }) {
                XCTAssertEqual(second.diagnostics.filter { $0.severity == .error }, [], "\(file.path): written text has errors")
            }
            XCTAssertEqual(second.games.count, first.games.count, file.path)
            for (original, reread) in zip(first.games, second.games) {
                XCTAssertEqual(Self.comparable(original), Self.comparable(reread), file.path)
            }
            XCTAssertEqual(SGFWriter.write(second.collection), text, "\(file.path): writing is not idempotent")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 1000)
    }

    /// A game with FF and CA dropped from the root, and each value in its canonical (escaped) spelling.
    static func comparable(_ game: GameTree) -> [[String]] {
        game.nodes.enumerated().map { id, node in
            let properties = id == 0 ? node.properties.filter { $0.identifier != "FF" && $0.identifier != "CA" } : node.properties
            return ["parent \(node.parent.map(String.init) ?? "-")"]
                + properties.map { $0.identifier + $0.values.map { "[\(SGFValue.canonicalRaw($0.raw))]" }.joined() }
        }
    }

    func testCharsetsOfTheCorpusDecode() throws {
        let folder = try TestPaths.requireCorpus("sgf/tests")
        let expectations: [(file: String, property: String, text: String)] = [
            ("sabaki-sgf/chinese.sgf", "PB", "古力"),                     // GB2312, PB before CA
            ("sabaki-sgf/japanese.sgf", "PB", "井山 裕太"),                // Shift_JIS
            ("sabaki-sgf/korean.sgf", "PB", "이세돌"),                     // EUC-KR
            ("sabaki-sgf/utf16le.sgf", "PW", "Go Seigen"),               // UTF-16LE with BOM
            ("sabaki-sgf/utf8bom.sgf", "PB", "Kitani Minoru"),
            ("sabaki-sgf/encoding/nihon-kiin.sgf", "PB", "申眞ソ"),    // no CA: guessed Shift_JIS, 0x5C trail bytes
            ("rooklift-sgf/unicode.sgf", "PB", "播放機"),
        ]
        for expectation in expectations {
            let result = SGFParser.parse(bytes: try SGFCorpus.bytes(folder.appendingPathComponent(expectation.file)), path: expectation.file)
            XCTAssertEqual(result.games.first?.root.property(expectation.property)?.values.first?.simpleText, expectation.text, expectation.file)
        }
    }

    func testEncodingFilesOfLibsgfcplusplusAllDecodeToTheSameComment() throws {
        let folder = try TestPaths.requireCorpus("sgf/tests/libsgfcplusplus")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("encoding-") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 19)
        for name in files {
            let result = SGFParser.parse(bytes: try SGFCorpus.bytes(folder.appendingPathComponent(name)), path: name)
            XCTAssertFalse(result.games.isEmpty, name)
            XCTAssertFalse(result.diagnostics.contains { $0.message.contains("U+FFFD") }, "\(name): \(result.diagnostics)")
            let text = result.games.flatMap(\.nodes).compactMap(\.comment).joined()
            XCTAssertFalse(text.contains("\u{FFFD}"), name)
        }
    }
}
