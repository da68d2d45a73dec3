/// What analyses a position and how hard: everything besides the position that changes an engine's answer,
/// so all of it is part of the cache key (`HintKey`).
public struct HintSettings: Hashable, Sendable {
    /// Which engine computes hints.
    public enum Engine: Hashable, Sendable {
        /// Hoshi's own Monte Carlo engine (`MonteCarloSearch`), in process.
        case builtin
        /// A GTP engine started from this command line (`gnugo --mode gtp`, `katago gtp …`).
        case gtp(command: String)
    }

    /// Which nodes of a game get hints.
    public enum Nodes: String, Hashable, Sendable {
        /// Every position of the main line, from the start to the final position.
        case mainLine = "main_line"
        /// Every node of the tree, variations included.
        case all
    }

    /// Whose analysis a position shows when the game file carries some (`StoredAnalysis`) and the engine
    /// computed some too. Not part of `identity`: it changes which answer a page shows, not the engine's.
    public enum Preference: String, Hashable, Sendable {
        /// The file's analysis where it has one, the engine's elsewhere.
        case file
        /// The engine's where it has one, the file's elsewhere.
        case engine
        /// The engine's only: the file's analysis is not shown.
        case engineOnly = "engine_only"
    }

    public var engine: Engine = .builtin
    /// Playouts (visits) per position. The default is the smallest budget measured (`make bench
    /// ROWS=hint-quality`, 30 Edo games) at which, after the engine's own first choice, more than 90% of
    /// the next positions' win rates as pages show them stay within 5 points of what the choice promised:
    /// 800 playouts gave 89%, 1,000 gave 91%, 1,200 gave 92%, kept for a margin on other games. On 19x19 it
    /// costs about 0.23 s a position on one core (400 playouts: 0.08 s).
    public var playouts = 1_200
    /// Seconds per position instead of playouts; results then depend on the machine's speed and are not
    /// reproducible, though still cached.
    public var secondsPerPosition: Double?
    /// Candidate moves kept per position (the most visited).
    public var candidates = 3
    public var nodes = Nodes.mainLine
    /// Seed of the engine's random numbers: the same seed gives the same hints.
    public var seed: UInt64 = 1
    /// A GTP engine's `name` and `version` as it reported them (`GTPHintAnalyzer.identify`); empty for
    /// the built-in engine, whose version is `builtinEngineVersion`.
    public var engineVersion = ""
    public var prefer = Preference.file

    public init() {}

    /// The built-in engine's version: raised whenever its search changes what it answers, so cached hints
    /// of an older engine are not reused. 2: the playouts answer the last move by learned shape weight
    /// (c580b4d), which version 1 did not say.
    public static let builtinEngineVersion = "hoshi-mcts-2"

    /// The first 16 hexadecimal digits of the SHA-256 of the learned shape weights the built-in engine reads
    /// (`LearnedPatternTable`): weights learned again change what it answers with no code changing, so they
    /// are part of the cache key by their content, not by a version someone has to remember to raise.
    static let builtinShapeDigest = String(SHA256.hexDigest(LearnedPatternTable.encodedWeights).prefix(16))

    /// The engine's name and version as a page prints them.
    public var engineDescription: String {
        switch engine {
        case .builtin: return "Hoshi built-in engine (\(Self.builtinEngineVersion))"
        case .gtp(let command): return "GTP engine \(engineVersion.isEmpty ? command : "\(engineVersion) (\(command))")"
        }
    }

    /// The budget as a page prints it: `400 playouts per position`.
    public var budgetDescription: String {
        if let seconds = secondsPerPosition { return "\(Self.format(seconds)) s per position" }
        if case .gtp = engine {
            return "its own budget per move (analysis engines 1 s per position); win rates of engines without analysis "
                + "from the built-in engine at \(playouts) playouts"
        }
        return "\(playouts) playouts per position"
    }

    /// Every setting that changes an engine's answer, as text for the cache key. The built-in engine's
    /// parameters are all included, so tuning one invalidates the hints it computed; a GTP engine is
    /// named by its command line and the version it reported.
    public var identity: String {
        var parts: [String] = []
        switch engine {
        case .builtin:
            parts.append("engine=builtin \(Self.builtinEngineVersion) shapes=\(Self.builtinShapeDigest)")
            parts.append("parameters=\(String(describing: engineParameters))")
        case .gtp(let command):
            parts.append("engine=gtp \(command) \(engineVersion)")
        }
        parts.append(secondsPerPosition.map { "seconds=\(Self.format($0))" } ?? "playouts=\(playouts)")
        parts.append("candidates=\(candidates)")
        parts.append("seed=\(seed)")
        return parts.joined(separator: "\n")
    }

    /// `identity` for a position with a ko. A GTP engine learns the ko ban from a replayed capture
    /// (`GTPHintAnalyzer.setupCommands`); answers cached before it did were given without the ban, so
    /// with a GTP engine such positions ask their question anew. The built-in engine always knew the ban.
    public var identityWithKo: String {
        guard case .gtp = engine else { return identity }
        return identity + "\nko=replayed capture"
    }

    /// The built-in engine's parameters for one position: one thread (positions run in parallel instead,
    /// which keeps each one reproducible) and this budget and seed.
    public var engineParameters: EngineParameters {
        var parameters = EngineParameters()
        parameters.threads = 1
        parameters.seed = seed
        parameters.playouts = playouts
        parameters.secondsPerMove = secondsPerPosition
        return parameters
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
