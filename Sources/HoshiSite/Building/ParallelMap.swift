import Foundation
import HoshiCore

/// Maps on every core, keeping order, reporting progress under `phase`: reading and rendering are
/// independent per file or per page.
func parallelMap<Input: Sendable, Output>(_ inputs: [Input], phase: String, progress: BuildProgress,
                                          _ transform: (Input) -> Output) -> [Output] {
    let results = UnsafeMutableBufferPointer<Output?>.allocate(capacity: inputs.count)
    results.initialize(repeating: nil)
    defer { results.deallocate() }
    let store = UnsafeSendable(results)
    let counter = LockedValue(0)
    let total = inputs.count
    withoutActuallyEscaping(transform) { transform in
        let shared = UnsafeSendable(transform)
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            store.value[index] = shared.value(inputs[index])
            progress.update(phase, done: counter.increment(), total: total)
        }
    }
    return results.compactMap { $0 }
}

