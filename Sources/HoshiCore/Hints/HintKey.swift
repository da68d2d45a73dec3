/// The content address of one analysis: the SHA-256 of the position, the rules, komi and every engine
/// setting (`HintSettings.identity`). Equal keys mean the engine would be asked the same question.
public struct HintKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The text the digest is taken of; cache entries store it, so a reader can check the entry answers
    /// the question it was looked up for.
    public let text: String
    /// 64 lowercase hexadecimal digits.
    public let digest: String

    /// Keys of cached answers of this format; raised when the stored form changes.
    public static let formatVersion = "hoshi-hint-1"

    public init(position: HintPosition, komi: Double, rules: String, settingsIdentity: String) {
        text = [Self.formatVersion, position.canonicalText, "komi=\(komi)", "rules=\(rules)", settingsIdentity].joined(separator: "\n")
        digest = SHA256.hexDigest(text)
    }

    /// Rebuilds a key from stored text (checked by comparing the digest with the file's name).
    public init(storedText: String) {
        text = storedText
        digest = SHA256.hexDigest(storedText)
    }

    public static func < (lhs: HintKey, rhs: HintKey) -> Bool { lhs.digest < rhs.digest }
    public var description: String { digest }
}
