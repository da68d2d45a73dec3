import XCTest
@testable import HoshiCore

final class SGFWriterTests: XCTestCase {
    func testCanonicalOutput() {
        let result = SGFParser.parse(text: "(;GM[1]FF[3]CA[latin1]AddBlack[aa]XY[keep me]US[a[b]];B[bb](;W[cc]C[x\\]y])(;W[dd]))")
        XCTAssertEqual(SGFWriter.write(result.collection), """
            (;FF[4]CA[UTF-8]GM[1]AB[aa]XY[keep me]US[a[b\\]]
            ;B[bb]
            (;W[cc]C[x\\]y]
            )
            (;W[dd]
            )
            )

            """)
    }

    func testTextRoundTripsThroughEscaping() {
        var tree = GameTree()
        tree.root.set("C", [PropertyValue(text: "a ] b \\ c")])
        tree.appendNode(Node(properties: [Property("LB", raw: "aa:" + SGFValue.escape("1:2", inComposedValue: true))]), to: tree.rootID)
        let reread = SGFParser.parse(text: SGFWriter.write(tree)).games[0]
        XCTAssertEqual(reread.root.comment, "a ] b \\ c")
        XCTAssertEqual(reread.nodes[1].markup(on: .standard).labels.first?.text, "1:2")
    }

    func testDeepLinesDoNotRecurse() {
        var tree = GameTree()
        var last = tree.rootID
        for index in 0..<20_000 {
            last = tree.appendNode(Node(properties: [Property(index % 2 == 0 ? "B" : "W", raw: "")]), to: last)
        }
        let reread = SGFParser.parse(text: SGFWriter.write(tree)).games[0]
        XCTAssertEqual(reread.mainLineMoves.count, 20_000)
    }
}
