/// Why compressed bytes could not be decoded: one sentence, for a warning beside the value that held them.
public struct DecompressionError: Error, Hashable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
