import Foundation
import HoshiCore

/// Collects the diagnostics of one run from every phase (and every thread) of the build.
///
/// Readers return their findings; the builder appends them here, so the command decides the exit status and
/// prints once, in a stable order, whatever order parallel work finished in.
public final class DiagnosticLog: Sendable {
    private let entries = LockedValue<[Diagnostic]>([])
    /// When set, warnings count as errors (`--strict`).
    public let treatsWarningsAsErrors: Bool

    public init(treatsWarningsAsErrors: Bool = false) {
        self.treatsWarningsAsErrors = treatsWarningsAsErrors
    }

    public func append(_ diagnostic: Diagnostic) {
        var diagnostic = diagnostic
        if treatsWarningsAsErrors, diagnostic.severity == .warning {
            diagnostic.severity = .error
        }
        entries.withLock { $0.append(diagnostic) }
    }

    public func append(contentsOf diagnostics: some Sequence<Diagnostic>) {
        for diagnostic in diagnostics { append(diagnostic) }
    }

    /// All diagnostics sorted by file, line and column, so output is the same on every run.
    public var diagnostics: [Diagnostic] {
        entries.value.sorted(by: Self.readingOrder)
    }

    public var errorCount: Int { entries.withLock { $0.count { $0.severity == .error } } }
    public var warningCount: Int { entries.withLock { $0.count { $0.severity == .warning } } }
    public var hasErrors: Bool { errorCount > 0 }

    static func readingOrder(_ first: Diagnostic, _ second: Diagnostic) -> Bool {
        let a = first.location
        let b = second.location
        let keyA = (a?.path ?? "", a?.line ?? 0, a?.column ?? 0, first.message)
        let keyB = (b?.path ?? "", b?.line ?? 0, b?.column ?? 0, second.message)
        return keyA < keyB
    }
}
