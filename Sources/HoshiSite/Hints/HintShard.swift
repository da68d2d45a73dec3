/// Which share of the engine work (move hints and the solver's problems) one process computes: `index`
/// (0-based) of `count`.
///
/// Read from `--shard K/N`, or from the batch system that started the process, so one command line works
/// unchanged in every task of an array job:
/// - Slurm array jobs: `SLURM_ARRAY_TASK_ID` less `SLURM_ARRAY_TASK_MIN` (so `--array=1-4` and
///   `--array=0-3` both work) of `SLURM_ARRAY_TASK_COUNT`;
/// - Kubernetes indexed Jobs: `JOB_COMPLETION_INDEX`, with the count given by `--shard-count N` (the Job's
///   `completions`), since Kubernetes does not pass it.
public struct HintShard: Hashable, Sendable {
    public let index: Int
    public let count: Int

    public init(index: Int, count: Int) throws(HintShardError) {
        guard count >= 1 else { throw HintShardError("the shard count must be at least 1, got \(count)") }
        guard (0..<count).contains(index) else {
            throw HintShardError("shard \(index) is outside 0...\(count - 1) (shards are numbered from 0)")
        }
        self.index = index
        self.count = count
    }

    /// The shard from `--shard` (`K/N`), `--shard-count` and the environment; nil when none of them says
    /// anything (the whole work, one process).
    public static func resolve(option: String?, count countOption: Int?, environment: [String: String]) throws(HintShardError) -> HintShard? {
        if let option {
            let parts = option.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
                throw HintShardError("--shard must be K/N, the shard K (from 0) of N, such as 0/4; got '\(option)'")
            }
            return try HintShard(index: index, count: count)
        }
        if let task = environment["SLURM_ARRAY_TASK_ID"] {
            guard let id = Int(task) else { throw HintShardError("SLURM_ARRAY_TASK_ID is not a number: '\(task)'") }
            let minimum = environment["SLURM_ARRAY_TASK_MIN"].flatMap { Int($0) } ?? 0
            guard let count = countOption ?? environment["SLURM_ARRAY_TASK_COUNT"].flatMap({ Int($0) }) else {
                throw HintShardError("SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not; give --shard-count N")
            }
            return try HintShard(index: id - minimum, count: count)
        }
        if let completion = environment["JOB_COMPLETION_INDEX"] {
            guard let index = Int(completion) else { throw HintShardError("JOB_COMPLETION_INDEX is not a number: '\(completion)'") }
            guard let count = countOption else {
                throw HintShardError("JOB_COMPLETION_INDEX is set; give the Job's completions as --shard-count N")
            }
            return try HintShard(index: index, count: count)
        }
        if let countOption { throw HintShardError("--shard-count \(countOption) needs a shard index (--shard, SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX)") }
        return nil
    }

    /// This shard's share of `jobs`: the distinct jobs (by cache digest) sorted by digest, every `count`-th
    /// from `index`. Every machine that sees the same site computes the same split, so shards need no
    /// coordinator, and their shares differ by at most one job. Hints and the solver's problems are split alike.
    func share<Job>(of jobs: [Job], digest: (Job) -> String) -> [Job] {
        var seen = Set<String>()
        return jobs.filter { seen.insert(digest($0)).inserted }
            .sorted { digest($0) < digest($1) }
            .enumerated().filter { $0.offset % count == index }.map(\.element)
    }
}

/// A shard setting that cannot be used, with the message that says how to fix it.
public struct HintShardError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
