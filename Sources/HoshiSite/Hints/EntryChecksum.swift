import HoshiCore

/// How an `AnswerCache` entry's header line checks the bytes after it: the kind of answer chooses
/// (`CachedAnswer.entryChecksum`), and the header names the choice where it is not SHA-256, so an entry
/// read as the other kind fails its check instead of being misread.
///
/// Both detect damage (an entry cut short, a flipped bit, an edit) and neither forgery: the checksum lies
/// beside the bytes it covers. SHA-256 is the format of every entry written before there was a choice
/// (hints, solutions, word analyses), kept so those caches stay valid; XXH64 is for entries large and read
/// on every build (`HintIndex`), where a no-change rebuild of an archive would spend more time on SHA-256
/// than the index saves.
public enum EntryChecksum: Sendable {
    /// 64 hexadecimal digits of SHA-256.
    case sha256
    /// `xxh64-` and 16 hexadecimal digits of `XXHash64`.
    case xxHash64

    /// The header's text after `hoshi-hint-cache 1 ` for an entry whose body is `body`.
    func text(of body: some Collection<UInt8>) -> String {
        switch self {
        case .sha256: SHA256.hexDigest(body)
        case .xxHash64: "xxh64-" + XXHash64.hexDigest(body)
        }
    }
}
