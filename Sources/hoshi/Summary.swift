import Foundation
import HoshiSite

/// The closing line of a command, on standard error beside the diagnostics.
enum Summary {
    static func print(_ line: String) {
        FileHandle.standardError.write(Data("hoshi: \(line)\n".utf8))
    }

    static func built(_ report: BuildReport, output: URL, log: DiagnosticLog) -> String {
        let seconds = String(format: "%.2f", report.totalSeconds)
        let kilobytes = report.htmlBytes / 1024
        var parts = ["built \(report.pageCount) pages and \(report.assetCount) other files (\(kilobytes) KB of HTML) into \(output.path) in \(seconds) s"]
        parts += report.notes
        if log.warningCount > 0 { parts.append(DiagnosticPrinter.counts(errors: 0, warnings: log.warningCount)) }
        return parts.joined(separator: "; ")
    }
}
