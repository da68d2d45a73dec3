import Foundation

/// How long one named phase of a build took: what `hoshi build --timings`, `hoshi serve --timings` and the
/// benchmarks print, in the order the phases ran.
public struct PhaseTiming: Sendable, Equatable {
    public var name: String
    public var seconds: Double

    public init(name: String, seconds: Double) {
        self.name = name
        self.seconds = seconds
    }

    /// Runs `work` and returns its result with the time it took under `name`.
    static func measure<Value, Failure: Error>(_ name: String, _ work: () throws(Failure) -> Value) throws(Failure)
        -> (value: Value, timing: PhaseTiming) {
        let start = DispatchTime.now().uptimeNanoseconds
        let value = try work()
        return (value, PhaseTiming(name: name, seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9))
    }
}
