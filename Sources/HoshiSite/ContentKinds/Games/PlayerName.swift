/// A player's name as a record writes it in `PB` or `PW`, read apart from a rank written into it:
/// `Yasui Chitetsu 7p`, `Lee Sedol 9 dan`, `Go Seigen (9-dan)`, `Hikaru, 1 kyu` are the players `Yasui Chitetsu`,
/// `Lee Sedol`, `Go Seigen` and `Hikaru` with a rank, so the players' index lists each once whether or not a
/// record wrote the rank into the name.
///
/// A rank is a number from 1 to 99 then a unit, at the very end of the name, after a space or comma and
/// optionally in parentheses or brackets: `p`, `pro`, `d`, `dan`, `k`, `kyu` (`kyū`) and the CJK `段` `級` `급`
/// `단`, in any case, the number and unit apart or joined by a space or hyphen, and one more word saying what
/// kind (`9 dan pro`, `4d ama`). A name that is only a rank stays a name.
struct PlayerName: Equatable {
    /// The name without the rank, whitespace runs collapsed.
    var name: String
    /// The rank as written (`7p`, `9 dan`), without parentheses.
    var rank: String?

    init(recorded text: String) {
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard let match = words.firstMatch(of: Self.trailingRank) else {
            name = words
            rank = nil
            return
        }
        let rest = words[..<match.range.lowerBound].trimmingCharacters(in: ", ")
        guard !rest.isEmpty else {
            name = words
            rank = nil
            return
        }
        name = rest
        rank = String(match.output.rank)
    }

    /// Separator, optional opening bracket, the rank, optional closing bracket, the end. (A `Regex` is not
    /// `Sendable`, so each use builds it; the literal is checked at compile time.)
    private static var trailingRank: Regex<(Substring, rank: Substring)> {
        #/
        [\s,]+ [(\[]?
        (?<rank> \d{1,2} [\s\-]? (?i:pro|p|dan|d|kyū|kyu|k|段|級|급|단) (?: \s (?i:pro|professional|ama|amateur) )? )
        [)\]]? $
        /#
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var text = self
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}
