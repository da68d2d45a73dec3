import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Learns of edits to a site's sources from the kernel (Linux inotify) the moment they happen, where
/// ``SourceWatcher`` polls: a writer sees an edit in the browser a few milliseconds after saving instead
/// of up to a polling interval later.
///
/// Watches the site folder for `hoshi.yml`, `content/` and `templates/` appearing or changing, and every
/// folder below `content/` and `templates/` (new folders are watched as they appear). It only says *that*
/// something changed: the build then compares every source with what it remembers, so a missed or extra
/// event never makes a wrong site, at worst a late or needless rebuild. One thread uses a watcher at a time.
final class SourceEventWatcher: @unchecked Sendable {
    #if canImport(Glibc)
    private let descriptor: Int32
    private let directory: String
    /// Watch descriptor to the folder it watches, relative to the site folder ("" for the site folder).
    private var folders: [Int32: String] = [:]
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_CREATE | IN_DELETE
                                     | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF)
    private static let watchedNames: Set<String> = ["hoshi.yml", "content", "templates"]

    /// Nil when inotify is unavailable or the watch limit is reached: the caller polls instead.
    init?(directory: URL) {
        self.directory = directory.standardizedFileURL.path
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        var visited: Set<String> = []
        guard watch(""), watchTree("content", visited: &visited), watchTree("templates", visited: &visited) else {
            close(descriptor)
            return nil
        }
    }

    deinit { close(descriptor) }

    /// Blocks until a source changes, then until `quiet` passes without another change (an editor saving
    /// several files, or writing then renaming, is one edit). Returns false when the watch broke.
    func waitForChange(quiet: Duration) -> Bool {
        var changed = false
        while !changed {
            guard wait(milliseconds: -1) else { return false }
            changed = drain()
        }
        let quietMilliseconds = Int32(quiet.components.seconds * 1000 + quiet.components.attoseconds / 1_000_000_000_000_000)
        while wait(milliseconds: quietMilliseconds) { _ = drain() }
        return true
    }

    /// Whether events are waiting after at most `milliseconds` (-1: no limit).
    private func wait(milliseconds: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let result = poll(&request, 1, milliseconds)
            if result < 0, errno == EINTR { continue }
            return result > 0
        }
    }

    /// Reads the waiting events, watches new folders, and tells whether any concerned a source.
    private func drain() -> Bool {
        var relevant = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return relevant }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let nameBytes = buffer[nameStart..<min(count, nameStart + Int(event.len))].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset = nameStart + Int(event.len)
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    relevant = true
                    continue
                }
                guard let folder = folders[event.wd] else { continue }
                if event.mask & UInt32(IN_IGNORED) != 0 {
                    folders[event.wd] = nil
                    continue
                }
                if folder.isEmpty, !Self.watchedNames.contains(name) { continue }
                relevant = true
                let path = folder.isEmpty ? name : "\(folder)/\(name)"
                if event.mask & UInt32(IN_ISDIR) != 0, event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                    var visited: Set<String> = []
                    _ = watchTree(path, visited: &visited)
                }
            }
        }
    }

    private func watch(_ relative: String) -> Bool {
        let path = relative.isEmpty ? directory : "\(directory)/\(relative)"
        let watchDescriptor = inotify_add_watch(descriptor, path, Self.mask)
        guard watchDescriptor >= 0 else { return errno == ENOENT || errno == ENOTDIR }
        folders[watchDescriptor] = relative
        return true
    }

    /// Watches `relative` and every folder below it; a missing folder is not an error. `visited` holds the
    /// real paths seen, so a symbolic link to a parent folder cannot loop.
    private func watchTree(_ relative: String, visited: inout Set<String>) -> Bool {
        let path = "\(directory)/\(relative)"
        guard visited.insert(URL(fileURLWithPath: path).resolvingSymlinksInPath().path).inserted else { return true }
        guard watch(relative) else { return false }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return true }
        for name in names {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: "\(path)/\(name)", isDirectory: &isDirectory), isDirectory.boolValue else {
                continue
            }
            guard watchTree("\(relative)/\(name)", visited: &visited) else { return false }
        }
        return true
    }
    #else
    /// Nil: other systems poll.
    init?(directory: URL) { nil }

    func waitForChange(quiet: Duration) -> Bool { false }
    #endif
}
