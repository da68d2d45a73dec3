import ArgumentParser
import Foundation
import HoshiSite

/// `hoshi hints`: fills the hint cache and builds nothing, optionally only one shard's share, so the work
/// of a large archive can run as an array job on a batch system (see content/docs/hints.md).
struct HintsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hints",
        abstract: "Compute the move hints the site's game pages need into the cache, without building.",
        discussion: """
            With --shard K/N (K from 0), or inside a Slurm array job (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT) or a \
            Kubernetes indexed Job (JOB_COMPLETION_INDEX with --shard-count N), only that shard's share of the positions is \
            computed. Shards need no coordinator; combine their caches with 'hoshi cache merge'.
            """
    )

    @OptionGroup var site: SiteFolderArgument

    @Option(help: "Compute only shard K (from 0) of N: K/N.")
    var shard: String?

    @Option(name: .customLong("shard-count"), help: "The number of shards, for JOB_COMPLETION_INDEX (Kubernetes indexed Jobs).")
    var shardCount: Int?

    @Option(help: "The cache folder to fill (default: .hoshi-cache/hints beside hoshi.yml).")
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
        let builder = SiteBuilder(options: options, log: log)
        guard let planned = builder.hintJobs() else {
            DiagnosticPrinter.standardError.print(log.diagnostics)
            Summary.print("hints failed: \(DiagnosticPrinter.counts(errors: log.errorCount, warnings: log.warningCount))")
            throw ExitCode.failure
        }
        let jobs = resolved.map { HintComputer.share(of: planned, shard: $0.index, of: $0.count) } ?? planned
        let computer = HintComputer(cache: builder.hintCache, progress: HintProgress())
        let run = computer.run(jobs)
        log.append(contentsOf: run.diagnostics)
        DiagnosticPrinter.standardError.print(log.diagnostics)
        var report = run.report
        report.skippedForOtherShards = Set(planned.map(\.key.digest)).count - report.positions
        let shardText = resolved.map { "shard \($0.index) of \($0.count): " } ?? ""
        Summary.print("\(shardText)\(report.summary); cache \(builder.hintCache.directory.path)")
        if log.hasErrors { throw ExitCode.failure }
    }
}
