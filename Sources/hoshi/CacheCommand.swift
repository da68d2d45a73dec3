import ArgumentParser
import Foundation
import HoshiSite

/// `hoshi cache`: looks after the hint cache (`.hoshi-cache/hints` beside hoshi.yml).
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Inspect, prune and merge the hint cache.",
        subcommands: [Stats.self, Prune.self, Merge.self]
    )

    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Count and check the cached hints.")

        @OptionGroup var site: SiteFolderArgument

        func run() throws {
            let cache = HintCache.forSite(site.url)
            let statistics = cache.statistics()
            print("\(cache.directory.path): \(statistics.entries) entr\(statistics.entries == 1 ? "y" : "ies"), \(statistics.bytes / 1024) KB")
            if statistics.temporaryFiles > 0 {
                print("\(statistics.temporaryFiles) unfinished write\(statistics.temporaryFiles == 1 ? "" : "s") of interrupted runs ('hoshi cache prune' removes them)")
            }
            for digest in statistics.corrupt {
                print("corrupt: \(cache.url(for: digest).path) ('hoshi cache prune' removes it; the next build computes it again)")
            }
            // The indexes are derived from the entries: reported apart, never counted as hints.
            let indexes = HintIndexCache.beside(cache)
            let indexStatistics = indexes.statistics()
            guard indexStatistics.entries > 0 || indexStatistics.temporaryFiles > 0 else { return }
            print("\(indexes.directory.path): \(indexStatistics.entries) hint index entr\(indexStatistics.entries == 1 ? "y" : "ies") "
                  + "(one per game file and settings), \(indexStatistics.bytes / 1024) KB")
            for digest in indexStatistics.corrupt {
                print("corrupt: \(indexes.url(for: digest).path) ('hoshi cache prune' removes it; the next build writes it again)")
            }
        }
    }

    struct Prune: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove cached hints no page of the site uses, corrupt entries and unfinished writes.")

        @OptionGroup var site: SiteFolderArgument

        func run() throws {
            let options = BuildOptions(sourceDirectory: site.url, outputDirectory: site.url.appending(path: "site"))
            let log = DiagnosticLog()
            let builder = SiteBuilder(options: options, log: log)
            guard let used = builder.usedHintCacheEntries() else {
                DiagnosticPrinter.standardError.print(log.diagnostics)
                Summary.print("prune failed: the site's configuration has errors, nothing was removed")
                throw ExitCode.failure
            }
            let removed = builder.hintCache.prune(keeping: used.positions)
            let indexes = builder.hintIndexes.prune(keeping: used.indexes)
            Summary.print("removed \(removed) entr\(removed == 1 ? "y" : "ies"); \(builder.hintCache.digests().count) in use remain"
                          + (indexes > 0 ? "; removed \(indexes) hint index entr\(indexes == 1 ? "y" : "ies") of older files or settings" : ""))
        }
    }

    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy the entries of other caches (shards' .hoshi-cache folders) into the site's cache.")

        @Argument(help: "Caches to merge: site folders, .hoshi-cache folders or their hints folders.", completion: .directory)
        var directories: [String]

        @Option(help: "The site folder whose cache receives the entries.", completion: .directory)
        var into: String = "."

        func run() throws {
            let target = HintCache.forSite(URL(fileURLWithPath: into, isDirectory: true))
            var added = 0, present = 0, corrupt = 0
            for directory in directories {
                let source = HintCache.locate(URL(fileURLWithPath: directory, isDirectory: true))
                guard FileManager.default.fileExists(atPath: source.directory.path) else {
                    throw ValidationError("\(directory): no hint cache there")
                }
                let report = try target.merge(from: source)
                added += report.added
                present += report.alreadyPresent
                corrupt += report.corrupt.count
                for digest in report.corrupt {
                    FileHandle.standardError.write(Data("\(source.url(for: digest).path): warning: corrupt entry not merged\n".utf8))
                }
            }
            Summary.print("merged \(directories.count) cache\(directories.count == 1 ? "" : "s"): \(added) added, \(present) already present"
                          + (corrupt > 0 ? ", \(corrupt) corrupt skipped" : ""))
        }
    }
}
