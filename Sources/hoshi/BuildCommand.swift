import ArgumentParser
import Foundation
import HoshiSite

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site into the output folder.",
        discussion: "The site is written into a temporary folder and swapped in only when the whole build succeeded: a failed build leaves the previous output untouched. Files whose bytes did not change are the previous output's files (hard links), with their modification times."
    )

    @OptionGroup var site: SiteFolderArgument

    @Option(name: .shortAndLong, help: "The output folder (default: site/ inside the site folder).")
    var output: String?

    @Option(name: .customLong("base-url"), help: "Absolute URL the site is deployed at, for sitemap.xml and canonical links; overrides base_url in hoshi.yml.")
    var baseURL: String?

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Flag(name: .customLong("no-hints"), help: "Do not compute missing move hints: pages show only the hints already in the cache.")
    var noHints = false

    @Flag(help: "Print how long each phase of the build took.")
    var timings = false

    func run() throws {
        var options = try BuildOptions(
            sourceDirectory: site.url,
            outputDirectory: output.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? site.url.appending(path: "site"),
            baseURL: parsedBaseURL(baseURL),
            isStrict: strict
        )
        options.computesHints = !noHints
        let log = DiagnosticLog(treatsWarningsAsErrors: options.isStrict)
        let builder = SiteBuilder(options: options, log: log, progress: BuildProgress(), hintProgress: HintProgress())
        let report = builder.build()
        let printer = DiagnosticPrinter.standardError
        printer.print(log.diagnostics)
        guard let report else {
            Summary.print("build failed: \(DiagnosticPrinter.counts(errors: log.errorCount, warnings: log.warningCount)); \(options.outputDirectory.path) was left as it was")
            throw ExitCode.failure
        }
        if timings {
            for phase in report.phases {
                let name = phase.name.padding(toLength: 14, withPad: " ", startingAt: 0)
                Summary.print("\(name)\(String(format: "%8.1f", phase.seconds * 1000)) ms")
            }
        }
        Summary.print(Summary.built(report, output: options.outputDirectory, log: log))
    }
}

/// Validates `--base-url`.
func parsedBaseURL(_ text: String?) throws -> URL? {
    guard let text else { return nil }
    guard let url = BaseURL.parse(text) else { throw ValidationError("--base-url \(BaseURL.problem(with: text))") }
    return url
}
