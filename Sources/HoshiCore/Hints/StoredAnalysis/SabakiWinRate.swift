import Foundation

/// Sabaki's `SBKV` property: the win rate an engine gave Black in the position of the node (after its
/// move), in percent with up to two decimals (`SBKV[45.61]`). Sabaki writes it on every node it analysed;
/// its author describes it as "the winrate of black" on that node (SabakiHQ/Sabaki issue 479). It holds
/// no candidates, visits or continuation.
public enum SabakiWinRate {
    /// The property's identifier.
    public static let identifier = "SBKV"

    /// Black's win rate (0...1) written in `value`, or why it cannot be read.
    public static func blackWinRate(_ value: String) -> Result<Double, StoredAnalysisProblem> {
        let text = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let percent = Double(text), percent.isFinite else {
            return .failure(StoredAnalysisProblem("SBKV[\(text)] is not a number (Sabaki writes Black's win rate in percent)"))
        }
        guard (0...100).contains(percent) else {
            return .failure(StoredAnalysisProblem("SBKV[\(text)] is outside 0 to 100 percent"))
        }
        return .success(percent / 100)
    }
}
