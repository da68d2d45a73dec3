import Foundation
import HoshiCore

/// Progress of hint computation, which can take hours: positions done, the rate and the time left, as a
/// redrawn line on a terminal and a plain line every ten seconds otherwise (batch logs).
public final class HintProgress: Sendable {
    private let isEnabled: Bool
    private let isTerminal: Bool
    private let start = Date()
    /// When the line was last drawn, and whether it is on screen.
    private let display = LockedValue((lastReport: Date.distantPast, drewLine: false))

    public init(isEnabled: Bool = true, isTerminal: Bool = Terminal.isTerminal(STDERR_FILENO)) {
        self.isEnabled = isEnabled
        self.isTerminal = isTerminal
    }

    /// Reports that `done` of `total` positions are analysed (or of other `work`, counted in `unit`: the
    /// solver's problems); safe from any thread.
    func update(done: Int, total: Int, work: String = "hints", unit: String = "positions") {
        guard isEnabled, total > 0 else { return }
        display.withLock { display in
            let now = Date()
            let interval = isTerminal ? 0.2 : 10.0
            guard now.timeIntervalSince(display.lastReport) >= interval || done == total else { return }
            display.lastReport = now
            let line = Self.line(done: done, total: total, seconds: now.timeIntervalSince(start), work: work, unit: unit)
            if isTerminal {
                write("\r\u{1B}[K\(line)")
                display.drewLine = true
            } else {
                write("hoshi: \(line)\n")
            }
        }
    }

    /// Ends the redrawn line.
    func finish() {
        display.withLock { display in
            if display.drewLine { write("\n") }
            display.drewLine = false
        }
    }

    /// `hints 120/400 positions · 35.2/s · 8 s left`.
    static func line(done: Int, total: Int, seconds: Double, work: String = "hints", unit: String = "positions") -> String {
        let rate = seconds > 0 ? Double(done) / seconds : 0
        var text = "\(work) \(done)/\(total) \(unit)"
        guard done > 0, rate > 0 else { return text }
        text += " · " + String(format: "%.1f/s", rate)
        if done < total { text += " · " + duration(Double(total - done) / rate) + " left" }
        return text
    }

    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(whole) s" }
        if whole < 3_600 { return "\(whole / 60) min \(whole % 60) s" }
        return "\(whole / 3_600) h \(whole % 3_600 / 60) min"
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
