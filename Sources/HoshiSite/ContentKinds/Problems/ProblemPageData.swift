import Foundation
import HoshiCore

/// The JSON a problem page embeds for templates/assets/problem.js, in
/// `<script type="application/json" id="problem-data">`: the solution tree as `ProblemAnalysis` judged it,
/// with the stones each node adds and removes as the core's replay computed them, so the script only
/// applies diffs and never works out captures.
///
/// ```
/// {"set": "problems", "id": "problems/corner.sgf#1", "player": "B", "size": [19, 19], "area": [0, 0, 8, 6],
///  "nodes": [{"a": "BcbBdc…"}, {"p": 0, "m": "Bbb", "a": "Bbb", "o": "w", "y": 2, "c": "Wrong…"}, …]}
/// ```
/// `area` is first column, first row, last column, last row (inclusive). Node 0 is the start; its `a` is
/// every stone of the starting position. Keys of a node: `p` parent's index, `m` move (colour and point,
/// colour alone for a pass), `a`/`r` stones added/removed (colour+point units), `o` outcome (`r` right,
/// `w` wrong), `y` the child the opponent plays by itself, `c` the comment as plain text (the script sets
/// it with `textContent`). Nodes are in file order, parents before children.
struct ProblemPageData {
    let problem: PublishedProblem

    /// The script element. Text goes through `ScriptJSON.string`, so `<` is `\u003c` and no comment can
    /// close the element.
    func scriptElement() -> String {
        "<script type=\"application/json\" id=\"problem-data\">\(json())</script>"
    }

    func json() -> String {
        let analysis = problem.analysis
        let area = analysis.area
        var json = "{\"set\":\(ScriptJSON.string(problem.setID)),\"id\":\(ScriptJSON.string(problem.storageKey)),"
            + "\"player\":\"\(analysis.player.sgfLetter)\",\"size\":[\(problem.game.boardSize.columns),\(problem.game.boardSize.rows)],"
            + "\"area\":[\(area.columns.lowerBound),\(area.rows.lowerBound),\(area.columns.upperBound),\(area.rows.upperBound)],\"nodes\":["
        for (index, step) in analysis.steps.enumerated() {
            if index > 0 { json += "," }
            var fields: [String] = []
            if let parent = step.parent { fields.append("\"p\":\(parent)") }
            if let move = step.move { fields.append("\"m\":\"\(move.stone.sgfLetter)\(move.point?.sgf ?? "")\"") }
            let added = index == 0 ? problem.startStones : problem.positions.change(at: step.node).added
            let removed = index == 0 ? [] : problem.positions.change(at: step.node).removed
            if !added.isEmpty { fields.append("\"a\":\"\(Self.units(added))\"") }
            if !removed.isEmpty { fields.append("\"r\":\"\(Self.units(removed))\"") }
            fields.append("\"o\":\"\(step.outcome == .right ? "r" : "w")\"")
            if let reply = step.reply { fields.append("\"y\":\(reply)") }
            if index > 0, let comment = problem.game[step.node].comment.map(GameText.clean)?.trimmingCharacters(in: .whitespacesAndNewlines),
               !comment.isEmpty {
                fields.append("\"c\":\(ScriptJSON.string(comment))")
            }
            json += "{" + fields.joined(separator: ",") + "}"
        }
        return json + "]}"
    }

    private static func units(_ stones: [PlacedStone]) -> String {
        stones.map { $0.stone.sgfLetter + $0.point.sgf }.joined()
    }
}
