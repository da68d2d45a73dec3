import Foundation

/// The site's content-addressed stores of engine work side by side in `.hoshi-cache/`: move hints (`hints/`),
/// the hint indexes derived from them (`hint-index/`) and the solver's answers (`solutions/`). `hoshi cache`
/// looks after all of them and `hoshi hints` fills hints and solutions, so a sharded run, its merge and its
/// pruning are one mechanism for every kind of engine work.
public struct EngineCaches: Sendable {
    public let hints: HintCache
    /// Derived from `hints`: never merged (a shard's would name entry files the receiving cache lacks).
    public let hintIndexes: HintIndexCache
    let solutions: SolutionCache

    /// The stores beside `hints` (the `hint-index` and `solutions` folders next to the `hints` folder).
    public init(hints: HintCache) {
        self.hints = hints
        hintIndexes = .beside(hints)
        solutions = .beside(hints)
    }

    /// The caches of the site whose `hoshi.yml` is in `siteDirectory`.
    public static func forSite(_ siteDirectory: URL) -> EngineCaches {
        EngineCaches(hints: .forSite(siteDirectory))
    }

    /// Accepts a site folder, a `.hoshi-cache` folder or its `hints` folder (what `hoshi cache merge` is given).
    public static func locate(_ url: URL) -> EngineCaches {
        EngineCaches(hints: .locate(url))
    }

    /// Whether either store exists on disk.
    public var exists: Bool {
        [hints.directory, solutions.directory].contains { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// One store as `hoshi cache stats` prints it.
    public struct StoreStatistics: Sendable {
        /// `hints`, `hint indexes` or `solutions`.
        public var name: String
        public var directory: URL
        public var statistics: CacheStatistics
        /// The files of the corrupt entries.
        public var corruptFiles: [URL]
    }

    /// Counts and checks every entry of each store that exists.
    public func statistics() -> [StoreStatistics] {
        var stores = [StoreStatistics(name: "hints", directory: hints.directory, statistics: hints.statistics(),
                                      corruptFiles: [])]
        stores[0].corruptFiles = stores[0].statistics.corrupt.map(hints.url(for:))
        if FileManager.default.fileExists(atPath: hintIndexes.directory.path) {
            let statistics = hintIndexes.statistics()
            stores.append(StoreStatistics(name: "hint indexes", directory: hintIndexes.directory, statistics: statistics,
                                          corruptFiles: statistics.corrupt.map(hintIndexes.url(for:))))
        }
        if FileManager.default.fileExists(atPath: solutions.directory.path) {
            let statistics = solutions.statistics()
            stores.append(StoreStatistics(name: "solutions", directory: solutions.directory, statistics: statistics,
                                          corruptFiles: statistics.corrupt.map(solutions.url(for:))))
        }
        return stores
    }

    /// What merging another site's or shard's caches did, over both stores.
    public struct Merge: Sendable {
        public var added = 0
        public var alreadyPresent = 0
        /// The source's entries that failed their checks and were not copied.
        public var corruptFiles: [URL] = []
    }

    /// Copies every valid entry of `source`'s stores these lack (or hold corrupt), each written atomically.
    public func merge(from source: EngineCaches) throws -> Merge {
        var merge = Merge()
        let hintReport = try hints.merge(from: source.hints)
        merge.corruptFiles += hintReport.corrupt.map(source.hints.url(for:))
        var solutionReport = CacheMergeReport()
        if FileManager.default.fileExists(atPath: source.solutions.directory.path) {
            solutionReport = try solutions.merge(from: source.solutions)
            merge.corruptFiles += solutionReport.corrupt.map(source.solutions.url(for:))
        }
        merge.added = hintReport.added + solutionReport.added
        merge.alreadyPresent = hintReport.alreadyPresent + solutionReport.alreadyPresent
        return merge
    }
}
