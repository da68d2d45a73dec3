import Foundation
import HoshiCore
@testable import HoshiSite
import XCTest

/// The hint cache's files and the shard split, on a temporary folder.
final class HintCacheTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "hoshi-hint-cache-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func key(_ number: Int) -> HintKey {
        let position = HintPosition(size: 2, cells: [UInt8(number % 3), 0, 0, 0], toMove: .black, koPoint: nil)
        return HintKey(position: position, komi: Double(number), rules: "", settingsIdentity: "test")
    }

    private let hint = PositionHint(candidates: [.init(point: Point(column: 1, row: 1), visits: 5, winRate: 0.6, principalVariation: [Point(column: 1, row: 1)])],
                                    visits: 10, winRate: 0.6)

    func testStoredEntriesAreFoundAndEveryKindOfDamageIsDetected() throws {
        let cache = HintCache(directory: folder)
        let first = key(1)
        guard case .miss = cache.lookup(first) else { return XCTFail("empty cache") }
        try cache.store(hint, for: first)
        guard case .hit(let found) = cache.lookup(first) else { return XCTFail("stored entry not found") }
        XCTAssertEqual(found, hint)
        XCTAssertTrue(cache.temporaryFiles().isEmpty)

        let url = cache.url(for: first.digest)
        let original = try String(contentsOf: url, encoding: .utf8)
        for damaged in [String(original.dropLast(5)), original.replacingOccurrences(of: "0.6000", with: "0.9000"), ""] {
            try damaged.write(to: url, atomically: true, encoding: .utf8)
            guard case .corrupt = cache.lookup(first) else { return XCTFail("damage not detected: \(damaged)") }
        }
        // A whole, valid entry stored under another key's name.
        let second = key(2)
        try cache.store(hint, for: second)
        try FileManager.default.copyItem(at: cache.url(for: second.digest), to: url.deletingLastPathComponent().appending(path: "moved"))
        try FileManager.default.removeItem(at: url)
        try FileManager.default.moveItem(at: url.deletingLastPathComponent().appending(path: "moved"), to: url)
        guard case .corrupt = cache.lookup(first) else { return XCTFail("an entry under the wrong name was trusted") }
        XCTAssertEqual(cache.statistics().corrupt, [first.digest])
    }

    func testMergeCopiesValidEntriesAndPruneKeepsOnlyUsedOnes() throws {
        let target = HintCache(directory: folder.appending(path: "target/hints"))
        let source = HintCache(directory: folder.appending(path: "source/hints"))
        try source.store(hint, for: key(1))
        try source.store(hint, for: key(2))
        try target.store(hint, for: key(2))
        let report = try target.merge(from: HintCache.locate(folder.appending(path: "source")))
        XCTAssertEqual(report.added, 1)
        XCTAssertEqual(report.alreadyPresent, 1)
        XCTAssertEqual(Set(target.digests()), [key(1).digest, key(2).digest])
        XCTAssertEqual(target.prune(keeping: [key(2).digest]), 1)
        XCTAssertEqual(target.digests(), [key(2).digest])
    }

    func testShardsCoverEveryPositionOnceAndEvenly() throws {
        let position = HintPosition(size: 2, cells: [0, 0, 0, 0], toMove: .black, koPoint: nil)
        let jobs = (0..<23).map {
            HintJob(GameHintPlan.Request(node: 0, position: position, key: key($0), moveNumber: 0), komi: 0, settings: HintSettings(),
                    sourcePath: "x", gameNumber: nil)
        }
        let shares = try (0..<4).map { try HintShard(index: $0, count: 4).share(of: jobs + jobs.prefix(5), digest: \.key.digest).map(\.key.digest) }
        XCTAssertEqual(shares.flatMap { $0 }.sorted(), jobs.map(\.key.digest).sorted(), "each position in exactly one shard, duplicates once")
        XCTAssertLessThanOrEqual(shares.map(\.count).max()! - shares.map(\.count).min()!, 1)
    }

    func testShardIsReadFromTheOptionSlurmOrKubernetes() throws {
        XCTAssertEqual(try HintShard.resolve(option: "2/5", count: nil, environment: [:]), try HintShard(index: 2, count: 5))
        XCTAssertEqual(try HintShard.resolve(option: nil, count: nil,
                                             environment: ["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"]),
                       try HintShard(index: 3, count: 4))
        XCTAssertEqual(try HintShard.resolve(option: nil, count: 3, environment: ["JOB_COMPLETION_INDEX": "0"]), try HintShard(index: 0, count: 3))
        XCTAssertNil(try HintShard.resolve(option: nil, count: nil, environment: [:]))
        for (option, count, environment) in [("5/5", nil, [:]), ("a/b", nil, [:]), (nil, nil, ["JOB_COMPLETION_INDEX": "1"]),
                                             (nil, Optional(2), [String: String]())] as [(String?, Int?, [String: String])] {
            XCTAssertThrowsError(try HintShard.resolve(option: option, count: count, environment: environment), "\(String(describing: option))")
        }
    }
}
