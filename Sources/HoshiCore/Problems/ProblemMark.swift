/// What a problem's author said of a node: the reader's line is right or wrong there.
///
/// Read from the conventions problem files use, in this order of precedence:
/// 1. The comment: a first word `Correct` or `Right` (any case) is right, `Wrong` or `Incorrect` is wrong;
///    otherwise the word `RIGHT` in capitals anywhere is right (goproblems.com's files put it at the end).
/// 2. The move's annotation, on a move of the side to play only: `TE` (tesuji) is right, `BM` (bad move)
///    is wrong. On the opponent's moves they judge the opponent's play, so they mark nothing.
/// 3. The position annotation: `GB`/`GW` good for the side to play is right, good for the other side wrong.
public enum ProblemMark: Hashable, Sendable {
    case right
    case wrong

    /// The mark of `node` in a problem where `player` is to play, or nil when the author marked nothing.
    public static func of(_ node: Node, player: Stone, on size: BoardSize) -> ProblemMark? {
        if let comment = node.comment, let mark = of(comment: comment) { return mark }
        if let move = node.move(on: size), move.stone == player {
            switch node.moveAnnotation {
            case .tesuji?: return .right
            case .bad?: return .wrong
            default: break
            }
        }
        for annotation in node.positionAnnotations {
            switch annotation {
            case .goodForBlack: return player == .black ? .right : .wrong
            case .goodForWhite: return player == .white ? .right : .wrong
            default: continue
            }
        }
        return nil
    }

    /// The mark a comment gives, or nil.
    public static func of(comment: String) -> ProblemMark? {
        let firstWord = comment.drop { !$0.isLetter }.prefix { $0.isLetter }.lowercased()
        switch firstWord {
        case "correct", "right": return .right
        case "wrong", "incorrect": return .wrong
        default: break
        }
        let words = comment.split { !$0.isLetter }
        return words.contains("RIGHT") ? .right : nil
    }
}
