/// One finding about an input: a warning the build survives or an error that stops it.
///
/// Every reader in Hoshi reports through this type so that the command line prints all findings the same
/// way (`path:line:col: error: message`) and decides the exit status in one place.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable, Comparable {
        case warning
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    public var severity: Severity
    /// Where the problem is; nil for findings about the run as a whole.
    public var location: SourceLocation?
    /// One sentence, lower-case start, no trailing period, naming the fix where there is one.
    public var message: String

    public init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    public static func error(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.error, message, at: location)
    }

    public static func warning(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.warning, message, at: location)
    }

    /// GCC style, without colour: `path:line:col: error: message`.
    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return "\(prefix)\(severity.rawValue): \(message)"
    }
}
