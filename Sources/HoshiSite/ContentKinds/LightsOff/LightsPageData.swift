import Foundation
import HoshiCore

/// The JSON a puzzle page embeds for templates/assets/lights.js, in
/// `<script type="application/json" id="lights-data">`:
/// ```
/// {"set": "puzzles/classic", "puzzle": "5x5-…", "number": 3, "width": 5, "height": 5, "rule": "plain",
///  "par": 4, "board": [[w], …], "hints": {LightsHintTable} or null}
/// ```
/// `board` holds the starting lights as drawn, in the hint table's bit-row form (`LightsHintTable.bitRows`).
/// `hints` is null for boards above `LightsPageParameters.hintTableCellLimit`: the page then offers no hints.
struct LightsPageData: Encodable {
    var set: String
    var puzzle: String
    var number: Int
    var width: Int
    var height: Int
    var rule: LightsRule
    var par: Int
    var board: [[UInt32]]
    var hints: LightsHintTable?

    /// The script element, with `<` escaped so no title or value can close it early.
    func scriptElement() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data("null".utf8)
        let json = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
        return "<script type=\"application/json\" id=\"lights-data\">\(json)</script>"
    }

    enum CodingKeys: String, CodingKey {
        case set, puzzle, number, width, height, rule, par, board, hints
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(set, forKey: .set)
        try container.encode(puzzle, forKey: .puzzle)
        try container.encode(number, forKey: .number)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(rule, forKey: .rule)
        try container.encode(par, forKey: .par)
        try container.encode(board, forKey: .board)
        if let hints { try container.encode(hints, forKey: .hints) } else { try container.encodeNil(forKey: .hints) }
    }
}
