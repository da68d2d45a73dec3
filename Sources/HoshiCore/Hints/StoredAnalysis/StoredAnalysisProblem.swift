/// Why a stored analysis value could not be read: one sentence for a warning at the property's place.
public struct StoredAnalysisProblem: Error, Hashable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
