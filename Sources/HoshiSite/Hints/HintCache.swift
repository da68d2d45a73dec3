import Foundation
import HoshiCore

/// The content-addressed store of computed hints: `.hoshi-cache/hints/` beside `hoshi.yml`, one file per
/// `HintKey`, at `hints/<first two digits>/<digest>`.
///
/// An entry holds a checksum line (SHA-256 of the rest; another kind of answer may choose another checksum,
/// `EntryChecksum`), the key's text and the hint:
/// ```
/// hoshi-hint-cache 1 <SHA-256 of everything after this line>
/// hoshi-hint-1
/// 19 B ko:- ....X...
/// komi=6.5
/// …settings…
/// ---
/// visits 400
/// winrate 0.5312
/// move pd 212 0.5401 pdqcdd
/// ```
/// Entries are written to a temporary file in the same folder and renamed into place, so a killed build
/// leaves either the whole entry or none, and two builds writing the same entry at once both leave a whole
/// one (the contents are equal). A reader checks the checksum and that the key's text hashes to the file's
/// name; anything else is reported as corrupt and computed again.
///
/// The store knows nothing of hints but their stored text (`CachedAnswer`), so the solver's answers to
/// problems use the same entries, checks and maintenance (`SolutionCache`, in its own folder).
public typealias HintCache = AnswerCache<HintKey, PositionHint>

/// A key of `AnswerCache`: the text it is the digest of, stored in the entry.
public protocol CacheKey: Sendable {
    var text: String { get }
    /// 64 lowercase hexadecimal digits: the SHA-256 of `text`.
    var digest: String { get }
    init(storedText: String)
}

/// What an `AnswerCache` stores: an answer that writes itself as text and reads itself back.
public protocol CachedAnswer: Sendable {
    var storedText: String { get }
    /// Nil when the text cannot be read (a corrupt entry).
    init?(storedText: String)
    /// Reads `storedText` from its UTF-8 bytes as the entry holds them; by default through a `String`.
    init?(storedBytes: UnsafeBufferPointer<UInt8>)
    /// Reads `storedText` from the entry file's bytes as read, which an answer that keeps its stored text
    /// can keep without a copy (they are not changed again); by default as `init(storedBytes:)` reads a buffer.
    init?(storedBytes: ArraySlice<UInt8>)
    /// How its entries are checked; SHA-256 unless the kind says otherwise (see `EntryChecksum`).
    static var entryChecksum: EntryChecksum { get }
}

extension CachedAnswer {
    public static var entryChecksum: EntryChecksum { .sha256 }

    public init?(storedBytes: UnsafeBufferPointer<UInt8>) {
        self.init(storedText: String(decoding: storedBytes, as: UTF8.self))
    }

    public init?(storedBytes: ArraySlice<UInt8>) {
        guard let answer = storedBytes.withUnsafeBufferPointer({ Self(storedBytes: $0) }) else { return nil }
        self = answer
    }
}

extension HintKey: CacheKey {}
extension PositionHint: CachedAnswer {}

/// The content-addressed store behind `HintCache` (see there for the entry format and its promises).
public struct AnswerCache<Key: CacheKey, Answer: CachedAnswer>: Sendable {
    /// The folder of entries (`hints` for move hints).
    public let directory: URL
    /// `directory.path`, worked out once: a rebuild of an archive names thousands of entries.
    private let directoryPath: String

    public init(directory: URL) {
        self.directory = directory.standardizedFileURL
        directoryPath = self.directory.path
    }
}

extension AnswerCache where Key == HintKey, Answer == PositionHint {

    /// The cache of the site whose `hoshi.yml` is in `siteDirectory`.
    public static func forSite(_ siteDirectory: URL) -> HintCache {
        HintCache(directory: siteDirectory.appending(path: ".hoshi-cache").appending(path: "hints"))
    }

    /// Accepts a site folder, a `.hoshi-cache` folder or a `hints` folder (what `hoshi cache merge` is given).
    public static func locate(_ url: URL) -> HintCache {
        let fileManager = FileManager.default
        for candidate in [url.appending(path: ".hoshi-cache").appending(path: "hints"), url.appending(path: "hints")] {
            if fileManager.fileExists(atPath: candidate.path) { return HintCache(directory: candidate) }
        }
        return HintCache(directory: url)
    }
}

extension AnswerCache {

    /// What a lookup found.
    public enum Lookup: Sendable {
        case hit(Answer)
        case miss
        /// The entry exists but cannot be trusted; the reason says why.
        case corrupt(String)
    }

    static var header: String { "hoshi-hint-cache 1" }
    private static var separator: String { "---" }

    public func url(for digest: String) -> URL {
        directory.appending(path: String(digest.prefix(2))).appending(path: digest)
    }

    /// The path of `url(for:)`, without building a URL.
    public func path(for digest: String) -> String {
        "\(directoryPath)/\(digest.prefix(2))/\(digest)"
    }

    /// Looks `key` up: reads its entry and checks it.
    public func lookup(_ key: Key) -> Lookup {
        lookupWithChecksum(key).lookup
    }

    /// Looks `key` up as `lookup(_:)` does, and gives a hit's checksum as its header holds it
    /// (`EntryChecksum.text(of:)`): a digest of what the entry answered, for what is derived from it.
    public func lookupWithChecksum(_ key: Key) -> (lookup: Lookup, checksum: String?) {
        guard let bytes = Self.readEntryFile(path(for: key.digest)) else { return (.miss, nil) }
        // The key's text hashes to the file's name, so an entry holding that very text is stored where it belongs.
        let keyBytes = Array(key.text.utf8)
        let decoded = Self.decode(bytes) { stored in
            stored.elementsEqual(keyBytes) ? nil : Problem(reason: "the entry answers another question than its name says")
        }
        switch decoded {
        case .success(let entry): return (.hit(entry.hint), entry.checksum)
        case .failure(let problem): return (.corrupt(problem.reason), nil)
        }
    }

    /// Looks every key up, on every core (each one a file read and a checksum), in the keys' order.
    public func lookup(all keys: [Key]) -> [Lookup] {
        let lookups = LockedValue([Lookup](repeating: .miss, count: keys.count))
        DispatchQueue.concurrentPerform(iterations: keys.count) { index in
            let lookup = lookup(keys[index])
            lookups.withLock { $0[index] = lookup }
        }
        return lookups.value
    }

    /// The bytes of the file at `path`, read through one descriptor at the size it has when opened; nil
    /// when the file cannot be opened (no entry).
    static func readEntryFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        // Entries are renamed into place whole, never written in place: a short read is a file cut short,
        // which the checksum reports. The buffer is not cleared first: only the bytes read are kept.
        return [UInt8](unsafeUninitializedCapacity: max(0, Int(status.st_size))) { buffer, count in
            count = 0
            while count < buffer.count, let base = buffer.baseAddress {
                let chunk = read(descriptor, base + count, buffer.count - count)
                if chunk > 0 { count += chunk } else if chunk < 0 && errno == EINTR { continue } else { break }
            }
        }
    }

    /// Stores `hint` under `key`: written beside its final place and renamed there in one step.
    public func store(_ hint: Answer, for key: Key) throws {
        let url = url(for: key.digest)
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.markAsCache(directory.deletingLastPathComponent())
        let body = key.text + "\n" + Self.separator + "\n" + hint.storedText
        let contents = "\(Self.header) \(Answer.entryChecksum.text(of: body.utf8))\n\(body)"
        let temporary = folder.appending(path: ".\(key.digest).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString).tmp")
        try Data(contents.utf8).write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot rename \(temporary.path): \(reason)"])
        }
    }

    /// Removes an entry (no error when it is gone already).
    public func remove(digest: String) {
        try? FileManager.default.removeItem(at: url(for: digest))
    }

    /// The digests of every entry, sorted (temporary files of unfinished writes are not entries).
    public func digests() -> [String] {
        let fileManager = FileManager.default
        guard let folders = try? fileManager.contentsOfDirectory(atPath: directory.path) else { return [] }
        var digests: [String] = []
        for folder in folders where folder.count == 2 {
            let names = (try? fileManager.contentsOfDirectory(atPath: directory.appending(path: folder).path)) ?? []
            digests += names.filter { $0.count == 64 && $0.hasPrefix(folder) && !$0.hasPrefix(".") }
        }
        return digests.sorted()
    }

    /// Leftover temporary files of writes a kill interrupted.
    public func temporaryFiles() -> [URL] {
        let fileManager = FileManager.default
        guard let folders = try? fileManager.contentsOfDirectory(atPath: directory.path) else { return [] }
        return folders.flatMap { folder -> [URL] in
            let names = (try? fileManager.contentsOfDirectory(atPath: directory.appending(path: folder).path)) ?? []
            return names.filter { $0.hasSuffix(".tmp") }.map { directory.appending(path: folder).appending(path: $0) }
        }
    }

    // MARK: - Entries

    struct Entry {
        var keyText: String
        var hint: Answer
        /// The header's checksum of the entry's body.
        var checksum: String
    }

    struct Problem: Error {
        var reason: String
    }

    /// Reads and checks an entry's bytes against the digest it is stored under.
    static func decode(_ data: [UInt8], digest: String) -> Result<Entry, Problem> {
        decode(data) { keyText in
            SHA256.hexDigest(keyText) == digest ? nil : Problem(reason: "the entry is stored under another key's name")
        }
    }

    /// Reads an entry's bytes: the checksum in the header must be the body's, `checksKey` must accept the
    /// key's text (nil when it does) and the hint must read. Works on the bytes as read, since a no-change
    /// rebuild of an archive checks thousands of entries.
    private static func decode(_ bytes: [UInt8], checksKey: (ArraySlice<UInt8>) -> Problem?) -> Result<Entry, Problem> {
        guard let headerEnd = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
            return .failure(Problem(reason: "not a cache entry (unreadable or empty)"))
        }
        let headerLine = bytes[..<headerEnd]
        let body = bytes[(headerEnd + 1)...]
        let prefix = Array((header + " ").utf8)
        guard headerLine.starts(with: prefix) else { return .failure(Problem(reason: "unknown entry format")) }
        let checksum = Answer.entryChecksum.text(of: body)
        guard headerLine.dropFirst(prefix.count).elementsEqual(checksum.utf8) else {
            return .failure(Problem(reason: "checksum mismatch (the entry was changed or cut short)"))
        }
        guard let split = range(of: Array(("\n" + separator + "\n").utf8), in: body) else {
            return .failure(Problem(reason: "no key in the entry"))
        }
        let keyBytes = body[..<split.lowerBound]
        if let problem = checksKey(keyBytes) { return .failure(problem) }
        guard let hint = Answer(storedBytes: body[split.upperBound...]) else {
            return .failure(Problem(reason: "the answer in the entry cannot be read"))
        }
        return .success(Entry(keyText: String(decoding: keyBytes, as: UTF8.self), hint: hint, checksum: checksum))
    }

    /// The first occurrence of `pattern` in `bytes`.
    private static func range(of pattern: [UInt8], in bytes: ArraySlice<UInt8>) -> Range<Int>? {
        guard bytes.count >= pattern.count else { return nil }
        var start = bytes.startIndex
        while start <= bytes.endIndex - pattern.count {
            if bytes[start] == pattern[0] && bytes[start..<start + pattern.count].elementsEqual(pattern) {
                return start..<start + pattern.count
            }
            start += 1
        }
        return nil
    }

    /// Reads the entry stored under `digest` whatever its key, checking it.
    func entry(digest: String) -> Result<Entry, Problem> {
        guard let bytes = Self.readEntryFile(path(for: digest)) else {
            return .failure(Problem(reason: "cannot read the entry"))
        }
        return Self.decode(bytes, digest: digest)
    }

    /// Writes a `.gitignore` and a `CACHEDIR.TAG` into the `.hoshi-cache` folder once, so neither git nor
    /// backup tools pick the cache up (a cache elsewhere, `hoshi hints --cache DIR`, is left unmarked).
    private static func markAsCache(_ cacheFolder: URL) throws {
        guard cacheFolder.lastPathComponent == ".hoshi-cache" else { return }
        let ignore = cacheFolder.appending(path: ".gitignore")
        guard !FileManager.default.fileExists(atPath: ignore.path) else { return }
        try? Data("# Hoshi's cache of computed hints; safe to delete.\n*\n".utf8).write(to: ignore, options: .atomic)
        try? Data("Signature: 8a477f597d28d172789f06886806bc55\n# Hoshi's hint cache (hoshi cache stats)\n".utf8)
            .write(to: cacheFolder.appending(path: "CACHEDIR.TAG"), options: .atomic)
    }
}

// MARK: - Maintenance (hoshi cache)

extension AnswerCache {
    public typealias Statistics = CacheStatistics

    /// Counts and checks every entry.
    public func statistics() -> Statistics {
        var statistics = Statistics()
        for digest in digests() {
            statistics.entries += 1
            let path = url(for: digest).path
            statistics.bytes += ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
            if case .failure = entry(digest: digest) { statistics.corrupt.append(digest) }
        }
        statistics.temporaryFiles = temporaryFiles().count
        return statistics
    }

    /// Removes every entry whose digest is not in `used`, corrupt entries and leftover temporary files.
    /// Returns the number of entries removed.
    @discardableResult
    public func prune(keeping used: Set<String>) -> Int {
        var removed = 0
        for digest in digests() {
            let isCorrupt = if case .failure = entry(digest: digest) { true } else { false }
            if !used.contains(digest) || isCorrupt {
                remove(digest: digest)
                removed += 1
            }
        }
        for file in temporaryFiles() { try? FileManager.default.removeItem(at: file) }
        return removed
    }

    public typealias MergeReport = CacheMergeReport

    /// Copies every valid entry of `source` this cache lacks (or holds corrupt), each written atomically.
    public func merge(from source: AnswerCache) throws -> MergeReport {
        var report = MergeReport()
        for digest in source.digests() {
            guard case .success(let incoming) = source.entry(digest: digest) else {
                report.corrupt.append(digest)
                continue
            }
            if case .success = entry(digest: digest) {
                report.alreadyPresent += 1
                continue
            }
            try store(incoming.hint, for: Key(storedText: incoming.keyText))
            report.added += 1
        }
        return report
    }
}

/// What `hoshi cache stats` prints about one store.
public struct CacheStatistics: Sendable {
    public var entries = 0
    public var bytes = 0
    public var corrupt: [String] = []
    public var temporaryFiles = 0
}

/// What a merge of one store into another did.
public struct CacheMergeReport: Sendable {
    public var added = 0
    public var alreadyPresent = 0
    /// Entries of the source that failed their checks and were not copied.
    public var corrupt: [String] = []
}
