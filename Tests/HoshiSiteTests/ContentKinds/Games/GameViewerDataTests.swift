import Foundation
import HoshiCore
@testable import HoshiSite
import Testing

/// The data a game page embeds, decoded as the script decodes it and replayed by the test's own diff
/// applier: at every node of every tree the stones must be the core's (`GamePositions.board(at:in:)`).
struct GameViewerDataTests {
    /// One node of the JSON, with the documented defaults applied.
    struct DecodedNode {
        var parent: Int?
        var added: [(String, Character)]
        var removed: [(String, Character)]
        var moveNumber: Int
        var prisoners: [Int]
    }

    static func decode(_ json: String) throws -> (size: [Int], nodes: [DecodedNode]) {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let size = try #require(object["size"] as? [Int])
        // A bare string is a node with nothing but its move.
        let raw = try #require(object["nodes"] as? [Any]).map { item in (item as? String).map { ["m": $0] } ?? item as? [String: Any] ?? [:] }
        var nodes: [DecodedNode] = []
        func units(_ text: String?) -> [(String, Character)] {
            guard let text else { return [] }
            let characters = Array(text)
            return stride(from: 0, to: characters.count, by: 3).map { (String(characters[$0 + 1...$0 + 2]), characters[$0]) }
        }
        for (index, node) in raw.enumerated() {
            let parent = index == 0 ? nil : (node["p"] as? Int ?? index - 1)
            let hasMove = node["m"] != nil
            let parentNumber = parent.map { nodes[$0].moveNumber } ?? 0
            let number = node["n"] as? Int ?? parentNumber + (hasMove ? 1 : 0)
            let prisoners = node["k"] as? [Int] ?? (parent.map { nodes[$0].prisoners } ?? [0, 0])
            // Without `a`, a move on a point (`Bpd`, not the pass `B`) adds its own stone.
            let move = node["m"] as? String
            let added = node["a"] as? String ?? (move?.count == 3 ? move : nil)
            nodes.append(DecodedNode(parent: parent, added: units(added), removed: units(node["r"] as? String),
                                     moveNumber: number, prisoners: prisoners))
        }
        return (size, nodes)
    }

    /// The stones at `index`: remove then add, along the path from the root.
    static func stones(at index: Int, in nodes: [DecodedNode]) -> [String: Character] {
        var path: [Int] = []
        var current: Int? = index
        while let node = current {
            path.append(node)
            current = nodes[node].parent
        }
        var board: [String: Character] = [:]
        for node in path.reversed() {
            for (point, _) in nodes[node].removed { board[point] = nil }
            for (point, colour) in nodes[node].added { board[point] = colour }
        }
        return board
    }

    static func check(_ text: String, path: String) throws {
        let parsed = SGFParser.parse(text: text, path: path)
        for game in parsed.games {
            let positions = GamePositions(game: game)
            let json = GameViewerData(game: game, positions: positions, commentedNodes: []).json()
            let (size, nodes) = try decode(json)
            #expect(size == [game.boardSize.columns, game.boardSize.rows])
            #expect(nodes.count == game.nodes.count)
            // Rebuilding a board costs its depth, so deep trees are checked at every 50th node (and the last).
            let step = game.nodes.count > 1_000 ? 50 : 1
            for id in Set(Swift.stride(from: 0, to: game.nodes.count, by: step)).union([game.nodes.count - 1]).sorted() {
                let board = positions.board(at: id, in: game)
                var expected: [String: Character] = [:]
                for stone in board.stones { expected[stone.point.sgf] = stone.stone == .black ? "B" : "W" }
                #expect(stones(at: id, in: nodes) == expected, "\(path) node \(id)")
                #expect(nodes[id].parent == game[id].parent)
                #expect(nodes[id].moveNumber == positions.change(at: id).moveNumber)
                #expect(nodes[id].prisoners == [board.capturedByBlack, board.capturedByWhite])
            }
        }
    }

    @Test func handMadeTreeWithCaptureSetupAndVariations() throws {
        // A capture in the corner, an AE removing a stone, and a variation that captures differently.
        try Self.check("(;SZ[5];B[ba];W[aa];B[ab](;W[cc];B[aa]C[retake])(;AE[ba]AW[ca];W[dd]))", path: "tree.sgf")
    }

    @Test func aPlainMoveIsItsStringAndAMoveAddsItsOwnStoneByDefault() throws {
        // W aa is captured by B ab: that node removes a stone, so it is an object, still without `a`.
        let parsed = SGFParser.parse(text: "(;SZ[5];B[ba];W[aa];B[ab])", path: "plain.sgf")
        let game = try #require(parsed.games.first)
        let json = GameViewerData(game: game, positions: GamePositions(game: game), commentedNodes: []).json()
        #expect(json.hasSuffix("\"nodes\":[{},\"Bba\",\"Waa\",{\"m\":\"Bab\",\"r\":\"Waa\",\"k\":[1,0]}]}"), "\(json)")
    }

    @Test func moveNumbersFromMNAndPassesKeepTheirDefaults() throws {
        let parsed = SGFParser.parse(text: "(;SZ[9];B[ee];W[];B[dd]MN[50];W[cc])", path: "mn.sgf")
        let game = try #require(parsed.games.first)
        let json = GameViewerData(game: game, positions: GamePositions(game: game), commentedNodes: [2]).json()
        #expect(json.contains("{\"m\":\"W\",\"c\":1}"), "a pass is the colour alone")
        #expect(json.contains("\"n\":50"))
        #expect(!json.contains("\"n\":51"), "the number after MN follows by default")
        #expect(json.contains("\"c\":1"))
        let (_, nodes) = try Self.decode(json)
        #expect(nodes.map(\.moveNumber) == [0, 1, 2, 50, 51])
    }

    @Test func textIsSafeInsideTheScriptElement() throws {
        let parsed = SGFParser.parse(text: "(;N[</script><script>alert(1)</script><!--]LB[aa:</script>];B[bb])", path: "x.sgf")
        let game = try #require(parsed.games.first)
        let element = GameViewerData(game: game, positions: GamePositions(game: game), commentedNodes: []).scriptElement()
        let body = element.dropFirst("<script type=\"application/json\" id=\"game-data\">".count).dropLast("</script>".count)
        #expect(!body.contains("<"), "no < at all inside the element")
        let (_, nodes) = try Self.decode(String(body))
        #expect(nodes.count == 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        let first = try #require((object["nodes"] as? [Any])?.first as? [String: Any])
        #expect(first["N"] as? String == "</script><script>alert(1)</script><!--", "the name survives as text")
    }

    /// Hints leave the nodes as they are without them (a move with hints is still its bare string) and come as
    /// `hints`, one entry per node in node order, `""` where a node has none.
    @Test func hintEntriesFollowTheNodesOnePerNode() throws {
        let parsed = SGFParser.parse(text: "(;SZ[9];B[ee];W[cc](;B[gg])(;B[gc]))", path: "x.sgf")
        let game = try #require(parsed.games.first)
        var data = GameViewerData(game: game, positions: GamePositions(game: game), commentedNodes: [])
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(data.json().utf8)) as? [String: Any])
        #expect(plain["hints"] == nil, "no hints, no entries")
        data.hints = RenderedGameHints(viewerEntries: ["500 ee.60.512.eecc", "488", nil, "520 gg.40.530.", nil], sectionHTML: "")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(data.json().utf8)) as? [String: Any])
        #expect(object["hints"] as? [String] == ["500 ee.60.512.eecc", "488", "", "520 gg.40.530.", ""])
        #expect(object["nodes"] as? NSArray == plain["nodes"] as? NSArray)
        #expect((object["nodes"] as? [Any])?[1] as? String == "Bee")
        data.hints = RenderedGameHints(viewerEntries: [nil, nil, nil, nil, nil], sectionHTML: "")
        #expect(data.json() == GameViewerData(game: game, positions: GamePositions(game: game), commentedNodes: []).json(),
                "no entry, no empty hints")
    }

    @Test func specExampleAndRealRecordsReplayToTheCorePositions() throws {
        let files = ["tests/spec/ff4_ex.sgf", "games/historical-edo/shusaku/126.sgf", "games/historical-edo/jowa/213.sgf",
                     "tests/libsgfcplusplus/deep-game-tree.sgf"]
        let texts = files.compactMap { path in GameTestFiles.corpusText(path).map { (path, $0) } }
        guard !texts.isEmpty else {
            print(GameTestFiles.missingMessage)
            return
        }
        for (path, text) in texts { try Self.check(text, path: path) }
    }
}
