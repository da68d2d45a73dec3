import Foundation
import HoshiCore

/// Shows progress of long phases: a redrawn bar on a terminal, a line every few seconds otherwise (CI logs),
/// and nothing for work that finishes quickly.
public final class BuildProgress: Sendable {
    private let isTerminal: Bool
    private let isEnabled: Bool
    private let start = Date()
    /// When the bar was last drawn, and whether it is on screen.
    private let display = LockedValue((lastReport: Date.distantPast, drewBar: false))

    public init(isEnabled: Bool = true, isTerminal: Bool = Terminal.isTerminal(STDERR_FILENO)) {
        self.isEnabled = isEnabled
        self.isTerminal = isTerminal
    }

    /// Reports that `done` of `total` items of `phase` are finished; safe to call from any thread.
    public func update(_ phase: String, done: Int, total: Int) {
        guard isEnabled, total > 0 else { return }
        display.withLock { display in
            let now = Date()
            // Quiet for the first half second: small sites should not flicker a bar.
            guard now.timeIntervalSince(start) > 0.5 else { return }
            let interval = isTerminal ? 0.1 : 5.0
            guard now.timeIntervalSince(display.lastReport) >= interval || done == total else { return }
            display.lastReport = now
            if isTerminal {
                let width = 30
                let filled = width * done / total
                let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
                write("\r\u{1B}[K\(phase) \(bar) \(done)/\(total)")
                display.drewBar = true
            } else {
                write("hoshi: \(phase) \(done)/\(total)\n")
            }
        }
    }

    /// Clears the bar before other output is printed.
    public func finish() {
        display.withLock { display in
            if display.drewBar { write("\r\u{1B}[K") }
            display.drewBar = false
        }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
