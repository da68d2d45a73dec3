/// Where a line of a problem's solution tree ends for the side to play.
public enum ProblemOutcome: Hashable, Sendable {
    case right
    case wrong
}
