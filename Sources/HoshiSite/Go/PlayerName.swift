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
        if let split = Self.split(Array(words)) {
            name = split.name
            rank = split.rank
        } else {
            name = words
            rank = nil
        }
    }

    /// Units, longest first where one is the start of another (`pro` before `p`).
    private static let units = ["pro", "p", "dan", "d", "kyū", "kyu", "k", "段", "級", "급", "단"].map(Array.init)
    /// Words that may follow the unit and belong to the rank.
    private static let kinds = ["professional", "amateur", "pro", "ama"].map(Array.init)

    /// The name and the rank, read from the end (a scan, not a `Regex`: every game's players go through it).
    private static func split(_ characters: [Character]) -> (name: String, rank: String)? {
        var end = characters.count
        if let last = characters.last, last == ")" || last == "]" { end -= 1 }
        // Where the unit may end: before a kind word (`9 dan pro`), else at the end (`7 pro`).
        var unitEnds: [Int] = []
        for kind in kinds where end > kind.count && characters[end - kind.count - 1] == " "
            && matches(characters[(end - kind.count)..<end], kind) {
            unitEnds.append(end - kind.count - 1)
        }
        unitEnds.append(end)
        for unitEnd in unitEnds {
            guard let start = numberStart(characters, unitEnd: unitEnd) else { continue }
            var before = start
            if before > 0, characters[before - 1] == "(" || characters[before - 1] == "[" { before -= 1 }
            guard before > 0, characters[before - 1] == " " || characters[before - 1] == "," else { continue }
            var nameEnd = before
            while nameEnd > 0, characters[nameEnd - 1] == " " || characters[nameEnd - 1] == "," { nameEnd -= 1 }
            guard nameEnd > 0 else { continue }
            return (String(characters[..<nameEnd]), String(characters[start..<end]))
        }
        return nil
    }

    /// The start of `1`-`99`, an optional space or hyphen, and a unit, ending at `unitEnd`.
    private static func numberStart(_ characters: [Character], unitEnd: Int) -> Int? {
        for unit in units where unitEnd > unit.count && matches(characters[(unitEnd - unit.count)..<unitEnd], unit) {
            var index = unitEnd - unit.count
            if index > 0, characters[index - 1] == " " || characters[index - 1] == "-" { index -= 1 }
            var digits = 0
            while index > 0, digits < 3, let last = characters[index - 1].asciiValue, (48...57).contains(last) {
                index -= 1
                digits += 1
            }
            if (1...2).contains(digits) { return index }
        }
        return nil
    }

    private static func matches(_ characters: ArraySlice<Character>, _ word: [Character]) -> Bool {
        characters.count == word.count && zip(characters, word).allSatisfy { $0.lowercased() == String($1) }
    }
}
