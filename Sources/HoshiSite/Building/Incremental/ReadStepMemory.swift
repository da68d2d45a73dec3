import Foundation
import HoshiCore

/// What the steps (`ReadStep`) of one reader made in the last build, so that a rebuild redoes a step only where
/// its inputs changed, while the reader still reads all its files together (games make collections and
/// players' pages from every file). Every build has one per reader, kept in the ``BuildMemory``: `hoshi build`
/// starts with an empty one, where every step runs.
///
/// A per-file step's result is kept with the file's content hash and the step's inputs (everything else the
/// step reads, one `Equatable` value of the type the step declares); a step over several files (a collection's
/// index) is kept with its inputs alone, under a name. A result is reused only when its inputs compare equal,
/// so a reader that names all its step's inputs gets exactly what running the step again would give.
final class ReadStepMemory: Sendable {
    /// One step, by its name and its types: two steps of one name but different types never share results.
    private struct StepID: Hashable {
        var name: String
        var type: ObjectIdentifier

        init<Inputs, Result>(_ step: ReadStep<Inputs, Result>) {
            name = step.name
            type = ObjectIdentifier(ReadStep<Inputs, Result>.self)
        }
    }

    private enum Subject: Hashable {
        /// A content path: the step reads that file's bytes.
        case file(String)
        /// A result the reader names (an output path), made from its inputs alone.
        case named(String)
    }

    private struct Key: Hashable {
        var step: StepID
        var subject: Subject
    }

    /// A kept result and what it was made from. The types are the step's (`Key.step` names them), so the
    /// casts back to them in `result(for:hash:keeps:inputs:_:)` always succeed.
    private struct Entry {
        /// The file's content hash; nil for a named result.
        var hash: UInt64?
        var inputs: any Sendable
        var result: Any
    }

    private struct State {
        /// This build's content hashes, by content path.
        var hashes: [String: UInt64] = [:]
        var entries: [Key: Entry] = [:]
        /// Named results asked for since the memory was readied, and whether any result was.
        var namedInUse: Set<Key> = []
        var consulted = false
        var runs: [StepID: Int] = [:]
    }

    private let state = LockedValue(State())

    /// Readies the memory for a build of files with these content hashes: forgets the files that are gone,
    /// the named results the last build that consulted the memory did not ask for, and the count of steps run.
    func prepare(hashes: [String: UInt64]) {
        state.withLock { state in
            state.hashes = hashes
            let wasConsulted = state.consulted
            let namedInUse = state.namedInUse
            state.entries = state.entries.filter { key, _ in
                switch key.subject {
                case let .file(path): hashes[path] != nil
                case .named: !wasConsulted || namedInUse.contains(key)
                }
            }
            if wasConsulted { state.namedInUse = [] }
            state.consulted = false
            state.runs = [:]
        }
    }

    /// The result of `step` on `file`: the kept one when the file's content hash and `inputs` equal those it
    /// was made with, otherwise `run()`'s, kept for the next build. Safe to call from several threads.
    func result<Inputs, Result>(of step: ReadStep<Inputs, Result>, for file: ContentFile, inputs: Inputs,
                                _ run: () -> Result) -> Result {
        let hash = state.withLock { $0.hashes[file.relativePath] }
        // A file the build gave no hash for is not one the memory can vouch for: its result is not kept.
        return result(for: Key(step: StepID(step), subject: .file(file.relativePath)), hash: hash, keeps: hash != nil,
                      inputs: inputs, run)
    }

    /// The result of `step` named `name` (unique within the step): the kept one when `inputs` equal those
    /// it was made with, otherwise `run()`'s, kept for the next build. Safe to call from several threads.
    func result<Inputs, Result>(of step: ReadStep<Inputs, Result>, named name: String, inputs: Inputs,
                                _ run: () -> Result) -> Result {
        result(for: Key(step: StepID(step), subject: .named(name)), hash: nil, keeps: true, inputs: inputs, run)
    }

    private func result<Inputs: Equatable & Sendable, Result>(for key: Key, hash: UInt64?, keeps: Bool, inputs: Inputs,
                                                              _ run: () -> Result) -> Result {
        let kept = state.withLock { state in
            state.consulted = true
            if case .named = key.subject { state.namedInUse.insert(key) }
            return state.entries[key]
        }
        if keeps, let kept, kept.hash == hash, let keptInputs = kept.inputs as? Inputs, keptInputs == inputs,
           let result = kept.result as? Result {
            return result
        }
        let result = run()
        state.withLock { state in
            state.entries[key] = keeps ? Entry(hash: hash, inputs: inputs, result: result) : nil
            state.runs[key.step, default: 0] += 1
        }
        return result
    }

    /// How many times `step` ran since the memory was last readied (the other results were kept).
    func runCount<Inputs, Result>(of step: ReadStep<Inputs, Result>) -> Int {
        state.withLock { $0.runs[StepID(step)] ?? 0 }
    }
}
