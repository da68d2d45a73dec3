/// What a life-and-death problem asks for.
public enum SolverGoal: String, Hashable, Sendable, CaseIterable {
    /// The side to play kills the target.
    case kill
    /// The side to play makes the target live.
    case live
}

/// The goal a problem's comment states, in the usual phrasings: "Black to kill", "White to live", "black
/// to play and live", "Black to play. Kill white.", "Can white live?", "White to play and capture",
/// "Black lives", "kill the white group".
struct GoalPhrase: Hashable {
    /// The side the comment says plays first, when it says so ("black to play").
    var toPlay: Stone?
    /// The side that must live (the defender), when the comment says who lives or who is killed.
    var defender: Stone?

    init(comment: String) {
        let words = comment.lowercased().split { !$0.isLetter }.map(String.init)
        func colour(_ word: String) -> Stone? {
            switch word {
            case "black", "b": return .black
            case "white", "w": return .white
            default: return nil
            }
        }
        let killWords: Set<String> = ["kill", "kills", "killing", "capture", "captures", "capturing"]
        let liveWords: Set<String> = ["live", "lives", "living", "alive", "life", "survive", "survives"]
        let dieWords: Set<String> = ["die", "dies", "dead"]
        for (index, word) in words.enumerated() {
            let isKill = killWords.contains(word)
            let isLive = liveWords.contains(word)
            let isDie = dieWords.contains(word)
            // "black to play", "white to move", and "black to kill", "white to live": the side to play.
            if let stone = colour(word), index + 2 < words.count, words[index + 1] == "to",
               ["play", "move"].contains(words[index + 2]) || killWords.contains(words[index + 2]) || liveWords.contains(words[index + 2]) {
                toPlay = toPlay ?? stone
            }
            guard isKill || isLive || isDie, defender == nil else { continue }
            // The colour named just before the verb is its subject ("black to kill", "can white live");
            // after a killing verb, its object ("kill white", "capture the white stones").
            let before = words[max(0, index - 4)..<index].reversed().compactMap(colour).first
            let after = words[(index + 1)..<min(words.count, index + 4)].compactMap(colour).first
            if isKill {
                if let after { defender = after } else if let before { defender = before.opponent }
            } else if isLive {
                if let before { defender = before } else if let after { defender = after }
            } else if let before {
                defender = before
            }
        }
    }
}
