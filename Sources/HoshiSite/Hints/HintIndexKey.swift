import Foundation
import HoshiCore

/// The content address of one file's hint index (`HintIndex`): the SHA-256 of the file's bytes, the hint
/// settings its positions are asked with (engine, budget, candidates, seed, which nodes, and `prefer`, since
/// under `prefer: file` the positions whose analysis the file stores are not asked), the format of the hints'
/// keys and of the index, and the program that planned the positions.
///
/// Which positions a file plans, and the key each asks, follow from these alone: the file's path is not
/// part of them (two copies of a game share an index; diagnostics name the file being built).
public struct HintIndexKey: CacheKey, Hashable {
    public let text: String
    public let digest: String

    /// Raised when the index's stored form changes.
    public static let formatVersion = "hoshi-hint-index-3"

    /// The key of the index of a file holding `fileBytes` whose positions are asked with `settings`; nil
    /// when the program cannot name itself (then nothing is indexed).
    public init?(fileBytes: some Collection<UInt8>, settings: HintSettings) {
        guard let settingsText = Self.settingsText(settings) else { return nil }
        self.init(fileBytes: fileBytes, settingsText: settingsText)
    }

    /// The key of the index of a file holding `fileBytes`, with `settingsText` the `settingsText(_:)` of
    /// its settings, worked out once for the files that share them.
    init(fileBytes: some Collection<UInt8>, settingsText: SettingsText) {
        self.init(storedText: settingsText.before + SHA256.hexDigest(fileBytes) + settingsText.after)
    }

    /// A key's text around the file's digest: what follows from the settings and the program alone.
    struct SettingsText: Sendable {
        var before: String
        var after: String
    }

    /// The text of every key with these settings, the file's digest left out; nil when the program cannot
    /// name itself. Spelling out the engine's parameters takes longer than hashing a game file, and an
    /// archive's files share their settings: a rebuild works this out once per settings, not per file.
    static func settingsText(_ settings: HintSettings) -> SettingsText? {
        guard let program = Self.program else { return nil }
        return SettingsText(before: [Self.formatVersion, "keys=\(HintKey.formatVersion)", "program=\(program)", "file="].joined(separator: "\n"),
                            after: "\n" + ["nodes=\(settings.nodes.rawValue)", "prefer=\(settings.prefer.rawValue)", settings.identity]
                                .joined(separator: "\n"))
    }

    public init(storedText: String) {
        text = storedText
        digest = SHA256.hexDigest(storedText)
    }

    /// The running program, by its executable file's stamp. A plan follows from how this program reads SGF,
    /// replays games and plans their positions, which any new build of Hoshi may change without a format
    /// version saying so: an index is trusted only by the program that wrote it, and a new one derives its
    /// indexes anew on its first build.
    static let program: String? = {
        var status = stat()
        guard let path = Bundle.main.executablePath, stat(path, &status) == 0 else { return nil }
        // Size, modification and status-change times to the nanosecond, and inode: a new build of the
        // program changes them, and no program can set the status-change time back.
        return "\(status.st_size) \(FileClock.nanoseconds(status.st_mtim)) \(FileClock.nanoseconds(status.st_ctim)) \(status.st_ino)"
    }()
}
