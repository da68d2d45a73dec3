import Foundation
import HoshiCore

/// The one place that prints diagnostics, GCC style (`path:line:col: error: message`), so editors and CI logs
/// can jump to each finding. Colour only when the stream is a terminal and `NO_COLOR` is unset.
public struct DiagnosticPrinter: Sendable {
    public let usesColour: Bool

    public init(usesColour: Bool) {
        self.usesColour = usesColour
    }

    /// A printer for standard error that colours only on a terminal.
    public static var standardError: DiagnosticPrinter {
        DiagnosticPrinter(usesColour: Terminal.isTerminal(STDERR_FILENO) && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)
    }

    public func format(_ diagnostic: Diagnostic) -> String {
        let location = diagnostic.location.map { "\($0): " } ?? ""
        let label = diagnostic.severity.rawValue
        guard usesColour else { return "\(location)\(label): \(diagnostic.message)" }
        let colour = diagnostic.severity == .error ? "\u{1B}[1;31m" : "\u{1B}[1;35m"
        return "\u{1B}[1m\(location)\u{1B}[0m\(colour)\(label):\u{1B}[0m \(diagnostic.message)"
    }

    public func print(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        let text = diagnostics.map(format).joined(separator: "\n") + "\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// `2 errors, 1 warning` style counts for the summary line.
    public static func counts(errors: Int, warnings: Int) -> String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        return "\(plural(errors, "error")), \(plural(warnings, "warning"))"
    }
}

/// Terminal detection, kept in one place so tests and pipes get plain text.
public enum Terminal {
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }
}
