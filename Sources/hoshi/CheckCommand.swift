import ArgumentParser
import Foundation
import HoshiSite

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Read and validate the whole site, write nothing, print every diagnostic."
    )

    @OptionGroup var site: SiteFolderArgument

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    func run() throws {
        var options = BuildOptions(sourceDirectory: site.url, outputDirectory: site.url.appending(path: "site"), isStrict: strict)
        // Checking reads the cached hints but never waits for the engine.
        options.computesHints = false
        let log = DiagnosticLog(treatsWarningsAsErrors: options.isStrict)
        let report = SiteBuilder(options: options, log: log, progress: BuildProgress()).check()
        DiagnosticPrinter.standardError.print(log.diagnostics)
        let counts = DiagnosticPrinter.counts(errors: log.errorCount, warnings: log.warningCount)
        guard let report else {
            Summary.print("check failed: \(counts)")
            throw ExitCode.failure
        }
        Summary.print("checked \(report.pageCount) pages: \(counts)")
    }
}
