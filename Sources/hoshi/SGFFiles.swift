import Foundation
import HoshiCore

/// The files `hoshi sgf check` reads: its arguments with folders replaced by the `.sgf` files under them,
/// read with POSIX calls.
///
/// Why not `FileManager`: checking a game takes about 30 microseconds, and Foundation's per-file costs
/// (`Data`, its copy into an array, path bridging) were a large share of that. Everything that goes
/// wrong is a diagnostic about the path, in the order of the arguments, never a thrown error.
enum SGFFiles {
    /// One argument, or one file found under a folder argument.
    enum Entry: Sendable, Equatable {
        /// A file to read (named as the user wrote it, or as the folder's path plus the file's place in it).
        case file(String)
        /// A path with nothing to read: missing, an unreadable folder, a folder without `.sgf` files.
        case finding(Diagnostic)
    }

    /// The entries for the arguments, in order: a file as it is (whatever its extension), a folder as the
    /// `.sgf` files under it (any letter case, hidden names skipped), sorted by their path below the folder
    /// byte by byte, so a run's output order never depends on the file system.
    static func entries(for arguments: [String]) -> [Entry] {
        var entries: [Entry] = []
        for argument in arguments {
            var status = stat()
            guard stat(argument, &status) == 0 else {
                entries.append(.finding(.error(reason(errno, doing: "cannot read"), at: SourceLocation(path: argument))))
                continue
            }
            guard status.st_mode & S_IFMT == S_IFDIR else {
                entries.append(.file(argument))
                continue
            }
            var files: [String] = []
            var visited: Set<FolderIdentity> = []
            var findings: [Entry] = []
            collect(folder: argument, relative: "", status: status, into: &files, findings: &findings, visited: &visited)
            let prefix = argument.hasSuffix("/") ? argument : argument + "/"
            entries += findings
            entries += files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { .file(prefix + $0) }
            if files.isEmpty && findings.isEmpty {
                entries.append(.finding(.warning("no .sgf files in this folder", at: SourceLocation(path: argument))))
            }
        }
        return entries
    }

    /// A folder's device and inode: a link back to a folder being walked is not walked again.
    private struct FolderIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// Adds the `.sgf` files under `folder` (paths relative to the argument) to `files`.
    private static func collect(folder: String, relative: String, status: stat, into files: inout [String],
                                findings: inout [Entry], visited: inout Set<FolderIdentity>) {
        guard visited.insert(FolderIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))).inserted else { return }
        guard let directory = opendir(folder) else {
            findings.append(.finding(.error(reason(errno, doing: "cannot read folder"), at: SourceLocation(path: folder))))
            return
        }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { String(cString: $0) }
            }
            guard !name.hasPrefix(".") else { continue }
            let path = folder + "/" + name
            let relativePath = relative + name
            // The entry's type comes with its name; only links (followed, to files and folders alike) and
            // file systems that do not say need a `stat`. A link that leads nowhere is skipped.
            let type = Int32(entry.pointee.d_type)
            if type == DT_REG {
                if isSGFName(name) { files.append(relativePath) }
                continue
            }
            guard type == DT_DIR || type == DT_LNK || type == DT_UNKNOWN else { continue }
            var childStatus = stat()
            guard stat(path, &childStatus) == 0 else { continue }
            if childStatus.st_mode & S_IFMT == S_IFDIR {
                collect(folder: path, relative: relativePath + "/", status: childStatus, into: &files, findings: &findings, visited: &visited)
            } else if isSGFName(name) {
                files.append(relativePath)
            }
        }
    }

    /// `*.sgf` in any letter case.
    private static func isSGFName(_ name: String) -> Bool {
        name.utf8.count > 4 && name.lowercased().hasSuffix(".sgf")
    }

    /// What `SGFTool.check(count:input:emit:)` checks for an entry: the file's bytes, or a finding.
    static func input(for entry: Entry) -> SGFTool.CheckInput {
        switch entry {
        case .finding(let diagnostic): return .finding(diagnostic)
        case .file(let path):
            do {
                return .file(path: path, bytes: try contents(of: path))
            } catch {
                return .finding(.error(error.description, at: SourceLocation(path: path)))
            }
        }
    }

    /// Why a file could not be read, as a diagnostic's message.
    struct ReadFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// The bytes of a file, read with `open` and `read` into the array that is returned.
    static func contents(of path: String) throws(ReadFailure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadFailure(description: reason(errno, doing: "cannot read")) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw ReadFailure(description: reason(errno, doing: "cannot read")) }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw ReadFailure(description: "cannot read: is a folder") }
        // The size is a hint: one byte more is asked for, so a file read whole ends in the first read
        // loop; one that grew while it was read is read on to its end.
        var (bytes, ended) = try read(descriptor, upTo: max(Int(status.st_size), 0) + 1)
        while !ended {
            let more: [UInt8]
            (more, ended) = try read(descriptor, upTo: 1 << 16)
            bytes += more
        }
        return bytes
    }

    /// Up to `capacity` bytes from a file, and whether its end came first.
    private static func read(_ descriptor: Int32, upTo capacity: Int) throws(ReadFailure) -> (bytes: [UInt8], ended: Bool) {
        var failure: Int32 = 0
        var ended = false
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            while count < buffer.count {
                let read = Glibc.read(descriptor, base + count, buffer.count - count)
                if read > 0 {
                    count += read
                } else if read == 0 {
                    ended = true
                    return
                } else if errno != EINTR {
                    failure = errno
                    return
                }
            }
        }
        if failure != 0 { throw ReadFailure(description: reason(failure, doing: "cannot read")) }
        return (bytes, ended)
    }

    /// `cannot read: no such file or folder`: the C library's words, lower-case, with "folder" for
    /// "directory" as the rest of Hoshi says.
    private static func reason(_ code: Int32, doing action: String) -> String {
        guard code != ENOENT else { return "\(action): no such file or folder" }
        let text = String(cString: strerror(code))
        return "\(action): \(text.prefix(1).lowercased())\(text.dropFirst())"
    }
}
