import HoshiCore

extension Diagnostic {
    /// The same finding as a warning. SGF findings do not stop a site build: game and problem pages show what
    /// could be read, and `--strict` still fails on them.
    var asWarning: Diagnostic {
        var warning = self
        warning.severity = .warning
        return warning
    }
}
