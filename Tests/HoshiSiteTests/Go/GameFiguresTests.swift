import Foundation
import HoshiCore
@testable import HoshiSite
import Testing

/// Figures of the main line in the printed-book convention, on hand-made records with the expected pictures and
/// notes written out, and on every game of the shared corpus against a second reading in the test.
struct GameFiguresTests {
    private func figures(_ record: String, movesPerFigure: Int = 50, numbering: GamePageParameters.Numbering = .game) throws
        -> [GameFigures.Figure] {
        let game = try #require(SGFParser.parse(text: record, path: "f.sgf").games.first)
        let positions = GamePositions(game: game)
        var parameters = GamePageParameters()
        parameters.movesPerFigure = movesPerFigure
        parameters.numbering = numbering
        return GameFigures(game: game, positions: positions, fragments: GameFragments(game: game, positions: positions),
                           parameters: parameters).figures()
    }

    private func numbers(_ figure: GameFigures.Figure) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: figure.picture.numbers.map { ($0.point.sgf, $0.number) })
    }

    /// 5x5: B B5 (ba), W A5 (aa), B A4 (ab) captures it; W C3 (cc); B A5 (aa) on the captured stone's point; W passes.
    static let retake = "(;SZ[5];B[ba];W[aa];B[ab];W[cc];B[aa];W[])"

    @Test func capturedStonesKeepTheirNumbersAndLaterMovesOnThemAreListed() throws {
        let figure = try #require(try figures(Self.retake).first)
        #expect(figure.firstMove == 1 && figure.lastMove == 6)
        #expect(numbers(figure) == ["ba": 1, "aa": 2, "ab": 3, "cc": 4])
        #expect(Set(figure.picture.stones.map { "\($0.point.sgf)\($0.stone.sgfLetter)" }) == ["baB", "aaW", "abB", "ccW"])
        #expect(figure.notes == ["5 at 2", "6: pass"])
    }

    @Test func aMoveOnAStoneFromAnEarlierFigureIsAtTheMarkedStone() throws {
        // Figure 2 starts with W A5 standing; B A4 captures it and B plays A5 again.
        let all = try figures("(;SZ[5];B[ba];W[aa];B[cc];B[ab];W[dd];B[aa])", movesPerFigure: 3)
        #expect(all.map(\.firstMove) == [1, 4])
        let second = all[1]
        #expect(numbers(second) == ["ab": 4, "dd": 5])
        #expect(Set(second.picture.stones.map { "\($0.point.sgf)\($0.stone.sgfLetter)" }) == ["baB", "aaW", "ccB", "abB", "ddW"])
        #expect(second.notes == ["6 at the marked stone"])
        #expect(second.picture.markup.triangles.map(\.sgf) == ["aa"])
    }

    @Test func figureNumberingCountsFromOneAndFGStartsANamedFigure() throws {
        let renumbered = try figures(Self.retake, movesPerFigure: 3, numbering: .figure)
        #expect(renumbered.count == 2)
        #expect(numbers(renumbered[1]) == ["cc": 1, "aa": 2], "the second figure's moves 4 and 5 print as 1 and 2")
        #expect(renumbered[1].notes == ["3: pass"])
        let named = try figures("(;SZ[5];B[aa];W[bb]FG[257:The fight];B[cc];W[dd])")
        #expect(named.map(\.firstMove) == [1, 2])
        #expect(named.map(\.caption) == [nil, "The fight"])
    }

    /// The notes of every figure of the corpus's historical games, against the rule read once more here: per
    /// figure, a move is noted when its point held a stone when the figure began or was played on before in it.
    @Test func notesOfEveryCorpusFigureMatchASecondReading() throws {
        let folder = GameTestFiles.corpus.appending(path: "games/historical-edo")
        guard let names = FileManager.default.enumerator(atPath: folder.path)?.compactMap({ $0 as? String }).filter({ $0.hasSuffix(".sgf") }),
              names.count > 900 else {
            print(GameTestFiles.missingMessage)
            return
        }
        var checked = 0
        for name in names.sorted() {
            let data = try Data(contentsOf: folder.appending(path: name))
            let game = try #require(SGFParser.parse(bytes: [UInt8](data), path: name).games.first)
            let positions = GamePositions(game: game)
            let fragments = GameFragments(game: game, positions: positions)
            var parameters = GamePageParameters()
            parameters.movesPerFigure = 50
            let rendered = GameFigures(game: game, positions: positions, fragments: fragments, parameters: parameters).figures()
            // The second reading: the main line's moves from the core's replay, 50 to a figure.
            var board: [String: Bool] = [:]
            var moves: [(number: Int, point: String?, changes: PositionChange)] = []
            var before: [PositionChange] = []
            for id in game.mainLine {
                let change = positions.change(at: id)
                if let move = change.move { moves.append((change.moveNumber, move.point?.sgf, change)) } else if moves.isEmpty { before.append(change) }
            }
            for change in before {
                for stone in change.removed { board[stone.point.sgf] = nil }
                for stone in change.added { board[stone.point.sgf] = true }
            }
            var expected: [[String]] = []
            for start in stride(from: 0, to: moves.count, by: 50) {
                let chunk = moves[start..<min(start + 50, moves.count)]
                let standing = board
                var first: [String: Int] = [:]
                var lines: [String] = []
                var byPoint: [String: Int] = [:]
                var marked: [String] = []
                for move in chunk {
                    defer {
                        for stone in move.changes.removed { board[stone.point.sgf] = nil }
                        for stone in move.changes.added { board[stone.point.sgf] = true }
                    }
                    guard let point = move.point else { lines.append("\(move.number): pass"); continue }
                    if standing[point] == nil, first[point] == nil { first[point] = move.number; continue }
                    if standing[point] != nil, first[point] == nil, !marked.contains(point) { marked.append(point) }
                    if let index = byPoint[point] {
                        lines[index] = lines[index].replacingOccurrences(of: " at ", with: ", \(move.number) at ")
                    } else {
                        byPoint[point] = lines.count
                        lines.append("\(move.number) at \(first[point].map(String.init) ?? "#\(point)")")
                    }
                }
                expected.append(lines.map { line in
                    guard let hash = line.range(of: "#") else { return line }
                    let point = String(line[hash.upperBound...])
                    let label = marked.count > 1 ? FigureSheet.letter(marked.firstIndex(of: point) ?? 0) : "the marked stone"
                    return line[..<hash.lowerBound] + label
                })
            }
            #expect(rendered.map(\.notes) == expected, "\(name)")
            checked += rendered.count
        }
        #expect(checked > 3_000)
    }
}
