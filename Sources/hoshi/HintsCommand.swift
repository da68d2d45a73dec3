import ArgumentParser
import Foundation
import HoshiSite

/// `hoshi hints`: fills the hint and solution caches and builds nothing, optionally only one shard's share, so the work
/// of a large archive can run as an array job on a batch system (see content/docs/hints.md).
struct HintsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hints",
        abstract: "Compute the move hints and solver answers the site's pages need into the cache, without building.",
        discussion: """
            With --shard K/N (K from 0), or inside a Slurm array job (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT) or a \
            Kubernetes indexed Job (JOB_COMPLETION_INDEX with --shard-count N), only that shard's share of the positions and problems \
            is computed. Shards need no coordinator; combine their caches with 'hoshi cache merge'.
            """
    )

    @OptionGroup var site: SiteFolderArgument

    @Option(help: "Compute only shard K (from 0) of N: K/N.")
    var shard: String?

    @Option(name: .customLong("shard-count"), help: "The number of shards, for JOB_COMPLETION_INDEX (Kubernetes indexed Jobs).")
    var shardCount: Int?

    @Option(help: "The hint cache folder to fill; solutions go to the solutions folder beside it (default: .hoshi-cache/hints beside hoshi.yml).")
    var cache: String?

    func run() throws {
        let resolved: HintShard?
        do {
            resolved = try HintShard.resolve(option: shard, count: shardCount, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError(error.description)
        }
        var options = BuildOptions(sourceDirectory: site.url, outputDirectory: site.url.appending(path: "site"))
        options.hintCacheDirectory = cache.map { URL(fileURLWithPath: $0, isDirectory: true) }
        let log = DiagnosticLog()
        let builder = SiteBuilder(options: options, log: log, hintProgress: HintProgress())
        guard let fill = builder.fillEngineCaches(shard: resolved) else {
            DiagnosticPrinter.standardError.print(log.diagnostics)
            Summary.print("hints failed: \(DiagnosticPrinter.counts(errors: log.errorCount, warnings: log.warningCount))")
            throw ExitCode.failure
        }
        DiagnosticPrinter.standardError.print(log.diagnostics)
        let shardText = resolved.map { "shard \($0.index) of \($0.count): " } ?? ""
        let solverText = [fill.solverSummary, fill.wordAnalysisSummary].compactMap { $0.map { "; \($0)" } }.joined()
        Summary.print("\(shardText)\(fill.hints.summary)\(solverText); cache \(builder.hintCache.directory.path)")
        if log.hasErrors { throw ExitCode.failure }
    }
}
