import Foundation
import XCTest
@testable import HoshiCore
import HoshiTestSupport

/// For every game of `historical-edo/`, the final main-line position Hoshi computes equals an independent
/// replay written here: a dictionary board and a plain recursive flood fill, sharing no code with `Board`.
/// Move counts are checked against a count of `;B[`/`;W[` in the file text.
final class EdoReplayTests: XCTestCase {
    /// Deliberately simple: a dictionary of stones, neighbours by arithmetic, captures by flood fill.
    struct SimpleBoard {
        let size: Int
        var stones: [Int: Character] = [:]   // key row * 100 + column
        var captured: [Character: Int] = ["X": 0, "O": 0]

        func neighbours(_ key: Int) -> [Int] {
            let row = key / 100, column = key % 100
            var result: [Int] = []
            if row > 0 { result.append(key - 100) }
            if row < size - 1 { result.append(key + 100) }
            if column > 0 { result.append(key - 1) }
            if column < size - 1 { result.append(key + 1) }
            return result
        }

        func group(_ key: Int) -> (stones: Set<Int>, liberties: Int) {
            guard let colour = stones[key] else { return ([], 0) }
            var group: Set<Int> = [key]
            var liberties: Set<Int> = []
            var pending = [key]
            while let current = pending.popLast() {
                for neighbour in neighbours(current) {
                    if stones[neighbour] == nil { liberties.insert(neighbour) } else if stones[neighbour] == colour, !group.contains(neighbour) {
                        group.insert(neighbour)
                        pending.append(neighbour)
                    }
                }
            }
            return (group, liberties.count)
        }

        mutating func play(_ colour: Character, row: Int, column: Int) {
            let key = row * 100 + column
            stones[key] = colour
            let other: Character = colour == "X" ? "O" : "X"
            for neighbour in neighbours(key) where stones[neighbour] == other {
                let (group, liberties) = group(neighbour)
                if liberties == 0 {
                    for stone in group { stones[stone] = nil }
                    captured[colour, default: 0] += group.count
                }
            }
            let (own, liberties) = group(key)
            if liberties == 0 {
                for stone in own { stones[stone] = nil }
                captured[other, default: 0] += own.count
            }
        }

        var diagram: String {
            var lines: [String] = []
            for row in 0..<size {
                lines.append((0..<size).map { String(stones[row * 100 + $0] ?? ".") }.joined(separator: " "))
            }
            lines.append("captures: black \(captured["X"] ?? 0) white \(captured["O"] ?? 0)")
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// The main line's moves read straight from the text: values skipped, and after the first variation
    /// at a level has closed, its sibling variations are skipped. Handicap stones (`AB[..][..]`, only in the
    /// roots of these files) come first, as moves of colour "x" (placed, never capturing).
    static func moves(in text: String) -> [(colour: Character, letters: String)] {
        var result: [(Character, String)] = []
        var setup: [(Character, String)] = []
        var identifier = ""
        var lastWasValue = false
        let scalars = Array(text.unicodeScalars)
        var depth = 0
        var finishedAtDepth = Set<Int>()
        var skipDepth: Int?
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "[" {
                var end = index + 1
                var letters = ""
                while end < scalars.count, scalars[end] != "]" {
                    if scalars[end] == "\\" { end += 1 }
                    if end < scalars.count { letters.unicodeScalars.append(scalars[end]) }
                    end += 1
                }
                // A move is `;B[..]` or `;W[..]` (these files put nothing else before B or W).
                if skipDepth == nil, index >= 2, scalars[index - 2] == ";", scalars[index - 1] == "B" || scalars[index - 1] == "W" {
                    result.append((scalars[index - 1] == "B" ? "X" : "O", letters))
                }
                if identifier == "AB" { setup.append(("x", letters)) }
                lastWasValue = true
                index = end + 1
                continue
            }
            if scalar.properties.isUppercase {
                if lastWasValue { identifier = "" }
                identifier.unicodeScalars.append(scalar)
                lastWasValue = false
            } else if scalar != " " && scalar != "\n" && scalar != "\r" {
                identifier = ""
                lastWasValue = false
            }
            if scalar == "(" {
                depth += 1
                if skipDepth == nil, finishedAtDepth.contains(depth) { skipDepth = depth }
            } else if scalar == ")" {
                if skipDepth == depth { skipDepth = nil } else if skipDepth == nil { finishedAtDepth.insert(depth) }
                depth -= 1
            }
            index += 1
        }
        return setup + result
    }

    func testFinalPositionsMatchAnIndependentReplay() throws {
        let folder = try TestPaths.requireCorpus("sgf/games/historical-edo")
        let files = SGFCorpus.files(under: folder)
        XCTAssertEqual(files.count, 923)
        let letters = Array("abcdefghijklmnopqrs")
        for file in files {
            let bytes = try SGFCorpus.bytes(file)
            let text = String(decoding: bytes, as: UTF8.self)
            let result = SGFParser.parse(bytes: bytes, path: file.lastPathComponent)
            guard let game = result.games.first else {
                XCTFail("\(file.path): no game")
                continue
            }
            let expectedMoves = Self.moves(in: text)
            XCTAssertEqual(game.mainLineMoves.count, expectedMoves.filter { $0.colour != "x" }.count, file.lastPathComponent)

            var simple = SimpleBoard(size: 19)
            for move in expectedMoves where move.letters.count == 2 {
                let pair = Array(move.letters)
                guard let column = letters.firstIndex(of: pair[0]), let row = letters.firstIndex(of: pair[1]) else { continue }  // tt: pass
                if move.colour == "x" {
                    simple.stones[row * 100 + column] = "X"
                } else {
                    simple.play(move.colour, row: row, column: column)
                }
            }
            let positions = GamePositions(game: game)
            let last = game.mainLine[game.mainLine.count - 1]
            XCTAssertEqual(positions.board(at: last, in: game).diagram, simple.diagram, file.lastPathComponent)
        }
    }
}
