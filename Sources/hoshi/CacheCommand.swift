import ArgumentParser
import Foundation
import HoshiSite

/// `hoshi cache`: looks after the caches of engine work beside hoshi.yml: hints (`.hoshi-cache/hints`), the
/// solver's answers (`.hoshi-cache/solutions`) and the word lists' analyses (`.hoshi-cache/word-analyses`).
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Inspect, prune and merge the hint, solution and word analysis caches.",
        subcommands: [Stats.self, Prune.self, Merge.self]
    )

    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Count and check the cached hints, solutions and word analyses.")

        @OptionGroup var site: SiteFolderArgument

        func run() throws {
            for store in EngineCaches.forSite(site.url).statistics() {
                let statistics = store.statistics
                print("\(store.directory.path): \(statistics.entries) entr\(statistics.entries == 1 ? "y" : "ies"), \(statistics.bytes / 1024) KB")
                if statistics.temporaryFiles > 0 {
                    print("\(statistics.temporaryFiles) unfinished write\(statistics.temporaryFiles == 1 ? "" : "s") of interrupted runs ('hoshi cache prune' removes them)")
                }
                for file in store.corruptFiles {
                    print("corrupt: \(file.path) ('hoshi cache prune' removes it; the next build computes it again)")
                }
            }
        }
    }

    struct Prune: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove cached hints, solutions and word analyses no page of the site uses, corrupt entries and unfinished writes.")

        @OptionGroup var site: SiteFolderArgument

        func run() throws {
            let options = BuildOptions(sourceDirectory: site.url, outputDirectory: site.url.appending(path: "site"))
            let log = DiagnosticLog()
            let builder = SiteBuilder(options: options, log: log)
            guard let pruned = builder.pruneEngineCaches() else {
                DiagnosticPrinter.standardError.print(log.diagnostics)
                Summary.print("prune failed: the site's configuration has errors, nothing was removed")
                throw ExitCode.failure
            }
            let indexes = pruned.removedIndexes
            let rendered = pruned.removedRenderedHints
            Summary.print("removed \(pruned.removed) entr\(pruned.removed == 1 ? "y" : "ies"); \(pruned.kept) in use remain"
                          + (indexes > 0 ? "; removed \(indexes) hint index entr\(indexes == 1 ? "y" : "ies") of older files or settings" : "")
                          + (rendered > 0 ? "; removed \(rendered) rendered hints entr\(rendered == 1 ? "y" : "ies") of older files or settings" : ""))
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
            let target = EngineCaches.forSite(URL(fileURLWithPath: into, isDirectory: true))
            var added = 0, present = 0, corrupt = 0
            for directory in directories {
                let source = EngineCaches.locate(URL(fileURLWithPath: directory, isDirectory: true))
                guard source.exists else {
                    throw ValidationError("\(directory): no hint, solution or word analysis cache there")
                }
                let merge = try target.merge(from: source)
                added += merge.added
                present += merge.alreadyPresent
                corrupt += merge.corruptFiles.count
                for file in merge.corruptFiles {
                    FileHandle.standardError.write(Data("\(file.path): warning: corrupt entry not merged\n".utf8))
                }
            }
            Summary.print("merged \(directories.count) cache\(directories.count == 1 ? "" : "s"): \(added) added, \(present) already present"
                          + (corrupt > 0 ? ", \(corrupt) corrupt skipped" : ""))
        }
    }
}
