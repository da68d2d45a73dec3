import Foundation
import HoshiCore

/// The game information of a record in words, as a page header and index rows show it. All SGF text is
/// cleaned of control characters here; callers escape it for where it lands.
struct GameDescription {
    let info: GameInfo

    init(_ info: GameInfo) {
        self.info = info
    }

    /// A player's name with whitespace runs collapsed (how the players' index tells players apart), nil
    /// when absent or blank.
    static func normalizedName(_ name: String?) -> String? {
        guard let name else { return nil }
        let words = GameText.clean(name).split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// The players' names without a rank written into them (`PlayerName`).
    var blackName: String? { recordedName(.black)?.name }
    var whiteName: String? { recordedName(.white)?.name }

    private func recordedName(_ stone: Stone) -> PlayerName? {
        Self.normalizedName(stone == .black ? info.blackPlayer : info.whitePlayer).map(PlayerName.init(recorded:))
    }

    /// The rank: `BR`/`WR`, else one written into the name.
    func rank(_ stone: Stone) -> String? {
        Self.normalizedName(stone == .black ? info.blackRank : info.whiteRank) ?? recordedName(stone)?.rank
    }

    /// `Honinbo Shusaku 7d` or `Black`.
    func player(_ stone: Stone) -> String {
        let name = (stone == .black ? blackName : whiteName) ?? (stone == .black ? "Black" : "White")
        return rank(stone).map { "\(name) \($0)" } ?? name
    }

    /// The game's name, or `Black vs White, date` from the players, or nil when the record names neither.
    /// The date tells apart the many games of a rivalry in a sidebar.
    var title: String? {
        if let name = Self.normalizedName(info.gameName) { return name }
        guard blackName != nil || whiteName != nil else { return nil }
        let players = "\(player(.black)) vs \(player(.white))"
        return Self.normalizedName(info.date).map { "\(players), \($0)" } ?? players
    }

    /// Who won, from `RE`: nil when there is no winner (draw, void, unknown, unfinished).
    var winner: Stone? {
        guard let result = Self.normalizedName(info.result)?.uppercased() else { return nil }
        if result.hasPrefix("B+") { return .black }
        if result.hasPrefix("W+") { return .white }
        return nil
    }

    /// `RE` in words: "White wins by 3.5 points", "Black wins by resignation", "Draw (jigo)"; values outside
    /// the FF[4] forms are shown as written.
    var resultText: String? {
        guard let raw = Self.normalizedName(info.result) else { return nil }
        let upper = raw.uppercased()
        switch upper {
        case "0", "DRAW", "JIGO": return "Draw (jigo)"
        case "VOID": return "No result (void)"
        case "?": return "Result unknown"
        case "UNFINISHED": return "Unfinished"
        default: break
        }
        guard upper.hasPrefix("B+") || upper.hasPrefix("W+") else { return raw }
        let side = upper.hasPrefix("B") ? "Black" : "White"
        let how = String(raw.dropFirst(2))
        switch how.uppercased() {
        case "": return "\(side) wins"
        case "R", "RESIGN": return "\(side) wins by resignation"
        case "T", "TIME": return "\(side) wins on time"
        case "F", "FORFEIT": return "\(side) wins by forfeit"
        default:
            if let points = Double(how), points >= 0 {
                let text = points == points.rounded() ? String(Int(points)) : String(points)
                return "\(side) wins by \(text) point\(points == 1 ? "" : "s")"
            }
            return "\(side) wins (\(how))"
        }
    }

    /// `3.5 points` style komi text.
    static func komiText(_ komi: Double) -> String {
        komi == komi.rounded() ? String(Int(komi)) : String(komi)
    }

    /// `TM` in words.
    static func timeText(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        if total == 0 { return "no time limit given" }
        let hours = total / 3600, minutes = total % 3600 / 60, rest = total % 60
        var parts: [String] = []
        if hours > 0 { parts.append("\(hours) hour\(hours == 1 ? "" : "s")") }
        if minutes > 0 { parts.append("\(minutes) minute\(minutes == 1 ? "" : "s")") }
        if rest > 0 { parts.append("\(rest) second\(rest == 1 ? "" : "s")") }
        return parts.joined(separator: " ") + " each"
    }

    /// The header's facts that the record gives, in reading order, as (label, plain text).
    var facts: [(label: String, value: String)] {
        var facts: [(String, String)] = []
        func add(_ label: String, _ value: String?) {
            if let value = Self.normalizedName(value) { facts.append((label, value)) }
        }
        add("Black", blackName == nil && rank(.black) == nil ? nil : player(.black))
        add("White", whiteName == nil && rank(.white) == nil ? nil : player(.white))
        add("Result", resultText)
        add("Date", info.date)
        add("Event", info.event)
        add("Round", info.round)
        add("Place", info.place)
        add("Rules", info.rules)
        if let komi = info.komi { add("Komi", Self.komiText(komi)) }
        if let handicap = info.handicap, handicap > 0 { add("Handicap", "\(handicap) stones") }
        if let time = info.timeLimit { add("Time", Self.timeText(time) + (info.overtime.map { ", then \($0)" } ?? "")) }
        add("Opening", info.opening)
        add("Annotator", info.annotator)
        add("Source", info.source)
        add("Copyright", info.copyright)
        return facts
    }
}
