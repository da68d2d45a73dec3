import Foundation

/// What the per-file steps of one reader made last time, so that `hoshi serve` redoes a step only for the
/// files whose inputs changed, while the reader still reads all its files together (games make collections
/// and players' pages from every file). A plain `hoshi build` has none (`ReadingContext.fileReads` is nil).
///
/// A step's result is kept with the file's content hash and every other input the step reads, given by the
/// reader as one `Equatable` value; it is reused only when both compare equal, so a reader that names all
/// its step's inputs gets exactly what running the step again would give.
final class FileReadMemo: @unchecked Sendable {
    private struct Key: Hashable {
        var step: String
        var path: String
    }

    private struct Entry {
        var hash: UInt64
        var inputs: Any
        var result: Any
    }

    private let lock = NSLock()
    /// This build's content hashes, by content path.
    private var hashes: [String: UInt64] = [:]
    private var entries: [Key: Entry] = [:]
    private var runs: [String: Int] = [:]

    /// Readies the memo for a build of files with these content hashes: forgets the files that are gone and
    /// the count of steps run.
    func prepare(hashes: [String: UInt64]) {
        lock.withLock {
            self.hashes = hashes
            entries = entries.filter { hashes[$0.key.path] != nil }
            runs = [:]
        }
    }

    /// The result of `step` on `file`: the kept one when the file's content hash and `inputs` equal those it
    /// was made with, otherwise `run()`'s, kept for the next build. Safe to call from several threads.
    func result<Inputs: Equatable, Result>(of step: String, for file: ContentFile, inputs: Inputs,
                                           _ run: () -> Result) -> Result {
        let key = Key(step: step, path: file.relativePath)
        let (hash, kept) = lock.withLock { (hashes[file.relativePath], entries[key]) }
        if let hash, let kept, kept.hash == hash, let keptInputs = kept.inputs as? Inputs, keptInputs == inputs,
           let result = kept.result as? Result {
            return result
        }
        let result = run()
        lock.withLock {
            // A file the build gave no hash for is not one the memo can vouch for: its result is not kept.
            entries[key] = hash.map { Entry(hash: $0, inputs: inputs, result: result) }
            runs[step, default: 0] += 1
        }
        return result
    }

    /// How many times `step` ran since the memo was last readied (the others were kept).
    func runCount(of step: String) -> Int {
        lock.withLock { runs[step] ?? 0 }
    }
}
