import Foundation

/// Content hashes in asset file names (`hoshi.1a2b3c4d.css`), so browsers and CDNs fetch a changed
/// stylesheet at once while unchanged ones stay cached forever.
public enum AssetFingerprint {
    /// 64-bit FNV-1a: not cryptographic, only a change detector, and needs nothing beyond Foundation.
    public static func hash(_ data: Data) -> String {
        name(of: fnv1a(data))
    }

    /// The last ten hex digits of a hash, as file names carry it.
    static func name(of hash: UInt64) -> String {
        String(String(hash, radix: 16).suffix(10))
    }

    /// 64-bit FNV-1a of `data`, continuing from `hash` (so consecutive calls hash a concatenation).
    static func fnv1a(_ data: Data, continuing hash: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var hash = hash
        // Over the raw bytes: `Data`'s own iterator is several times slower.
        data.withUnsafeBytes { buffer in
            for byte in buffer {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01B3
            }
        }
        return hash
    }

    /// `assets/hoshi.css` with its hash: `assets/hoshi.<hash>.css`.
    public static func fingerprintedPath(_ path: String, data: Data) -> String {
        let folder = SitePath.folder(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let hashed: String
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            hashed = "\(name[..<dot]).\(hash(data))\(name[dot...])"
        } else {
            hashed = "\(name).\(hash(data))"
        }
        return folder.isEmpty ? hashed : "\(folder)/\(hashed)"
    }

    /// The template key for an asset: its path below `assets/` with every non-alphanumeric character an
    /// underscore (`assets/hoshi.css` -> `hoshi_css`), because Mustache reads dots as nesting.
    public static func templateKey(for path: String) -> String {
        let name = path.hasPrefix("assets/") ? String(path.dropFirst("assets/".count)) : path
        return String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
