import Foundation
import HoshiCore
@testable import HoshiSite
import Testing

/// The build-time board picture: the test contract of stones, coordinates and star points.
struct GoBoardPictureTests {
    @Test func everyStoneIsOneElementWithItsPointAndColour() throws {
        let size = try #require(BoardSize(columns: 19, rows: 19))
        var picture = GoBoardPicture(size: size)
        picture.stones = [PlacedStone(point: Point(column: 15, row: 3), stone: .black),
                          PlacedStone(point: Point(column: 2, row: 16), stone: .white),
                          PlacedStone(point: Point(column: 3, row: 3), stone: .black)]
        picture.numbers = [(Point(column: 15, row: 3), 1)]
        let svg = picture.svg(title: "<Title>", description: "A & B")
        let stones = svg.matches(of: /<circle[^>]*data-point=(\w\w)[^>]*data-stone=([BW])/).map { "\($0.1)\($0.2)" }
        #expect(stones.sorted() == ["cqW", "ddB", "pdB"])
        #expect(svg.matches(of: /data-stone=/).count == 3, "nothing else carries data-stone")
        #expect(svg.contains("<title>&lt;Title&gt;</title><desc>A &amp; B</desc>"))
        #expect(svg.contains(">1</text>"))
    }

    @Test func columnLettersSkipI() {
        #expect((0..<9).map(GoBoardPicture.columnLabel).joined() == "ABCDEFGHJ")
        #expect(GoBoardPicture.columnLabel(24) == "Z")
        #expect(GoBoardPicture.columnLabel(25) == "AA")
        #expect(GoBoardPicture.columnLabel(51) == "BB")
    }

    @Test func pointNamesCountRowsFromTheBottom() throws {
        let size = try #require(BoardSize(columns: 19, rows: 19))
        #expect(GoBoardPicture.pointName(Point(column: 15, row: 3), on: size) == "Q16")
        #expect(GoBoardPicture.pointName(Point(column: 0, row: 18), on: size) == "A1")
    }

    @Test func starPointsOfTheStandardSizes() throws {
        func stars(_ side: Int) throws -> Set<String> {
            Set(GoBoardPicture.starPoints(try #require(BoardSize(columns: side, rows: side))).map(\.sgf))
        }
        #expect(try stars(19) == ["dd", "jd", "pd", "dj", "jj", "pj", "dp", "jp", "pp"])
        #expect(try stars(13) == ["dd", "jd", "dj", "jj", "gg"])
        #expect(try stars(9) == ["cc", "gc", "cg", "gg", "ee"])
        #expect(try stars(5).isEmpty)
    }

    @Test func rectangularAndLargestBoardsDraw() throws {
        let wide = try #require(BoardSize(columns: 19, rows: 13))
        #expect(GoBoardPicture(size: wide).svg(title: "t", description: "d").contains("viewBox=\"-1.5 -1.5 21 15\""))
        let largest = try #require(BoardSize(columns: 52, rows: 52))
        var picture = GoBoardPicture(size: largest)
        picture.stones = [PlacedStone(point: Point(column: 51, row: 51), stone: .white)]
        let svg = picture.svg(title: "t", description: "d")
        #expect(svg.contains("data-point=ZZ data-stone=W "))
        #expect(svg.contains(">BB</text>"))
    }
}
