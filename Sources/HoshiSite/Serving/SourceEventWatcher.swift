import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Learns of edits to a site's sources from the kernel (Linux inotify) the moment they happen, where
/// ``SourceWatcher`` polls: a writer sees an edit in the browser a few milliseconds after saving instead
/// of up to a polling interval later.
///
/// Watches each ``WatchedSource`` (`hoshi.yml`, `content/`, `templates/`, every mount's source): the folder
/// holding it, for events on its name only (an editor's write-then-rename replaces a file, so watching the
/// file itself would lose it), and, when it is a folder, every folder below it (new folders are watched as
/// they appear). A source that does not exist yet is watched from its nearest existing ancestor, for the
/// name on the way to it, and fully once it appears. When a source appears, vanishes or is replaced, all
/// watches are set up again before the rebuild that event causes, so nothing saved meanwhile is missed.
///
/// It only says *that* something changed: the build then compares every source with what it remembers, so
/// a missed or extra event never makes a wrong site, at worst a late or needless rebuild. Hidden files
/// (editors' swap and backup files among them) are not sources and cause no rebuild. One thread uses a
/// watcher at a time.
final class SourceEventWatcher: @unchecked Sendable {
    /// The sources watched now.
    private(set) var sources: [WatchedSource]
    /// The watches broke (the kernel's limit on watches was reached): the caller polls instead.
    private(set) var isBroken = false
    #if canImport(Glibc)
    private var descriptor: Int32 = -1
    /// Where each source was when its watches were set up.
    private var locations: [WatchedSource.Location] = []
    /// Watch descriptor to the folder it watches.
    private var folders: [Int32: WatchedFolder] = [:]
    /// Watch descriptor to the names of the entries in its folder that are (or lead to) sources, with the
    /// indices of those sources.
    private var entries: [Int32: [String: [Int]]] = [:]
    private var needsRewatch = false
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_CREATE | IN_DELETE
                                     | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF)

    private struct WatchedFolder {
        var path: String
        /// Set for a folder of a watched tree: every event in it counts, and its new sub-folders are watched
        /// if their real path stays inside `scope` (nil: anywhere).
        var isTree = false
        var scope: String?
    }

    /// The kernel refused another watch (its limit is reached) or an inotify instance.
    private struct WatchFailure: Error {}

    /// Nil when inotify is unavailable or the watch limit is reached: the caller polls instead.
    init?(sources: [WatchedSource]) {
        self.sources = sources
        guard rewatch() else { return nil }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Watches `sources` instead (hoshi.yml changed its mounts); nothing is set up again when they are the
    /// same. Returns false when the watch broke.
    func follow(_ sources: [WatchedSource]) -> Bool {
        guard sources != self.sources else { return !isBroken }
        self.sources = sources
        return rewatch()
    }

    /// Blocks until a source changes, then until `quiet` passes without another change (an editor saving
    /// several files, or writing then renaming, is one edit). Returns false when the watch broke.
    func waitForChange(quiet: Duration) -> Bool {
        var changed = false
        while !changed {
            guard !isBroken, wait(milliseconds: -1) else { return false }
            changed = takeChanges()
        }
        let quietMilliseconds = Int32(quiet.components.seconds * 1000 + quiet.components.attoseconds / 1_000_000_000_000_000)
        while !isBroken, wait(milliseconds: quietMilliseconds) { _ = takeChanges() }
        return !isBroken
    }

    /// Reads the events waiting (without blocking), watches new folders, sets the watches up again when a
    /// source moved, and tells whether any event concerned a source.
    func takeChanges() -> Bool {
        var relevant = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !isBroken {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let nameBytes = buffer[nameStart..<min(count, nameStart + Int(event.len))].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset = nameStart + Int(event.len)
                if handle(event, name: name) { relevant = true }
            }
        }
        if needsRewatch, !isBroken { _ = rewatch() }
        return relevant
    }

    /// Whether `event` concerns a source; watches what it brings.
    private func handle(_ event: inotify_event, name: String) -> Bool {
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost: a folder may have appeared unseen.
            needsRewatch = true
            return true
        }
        guard let folder = folders[event.wd] else { return false }
        if event.mask & UInt32(IN_IGNORED) != 0 {
            // The folder is gone: if a source was watched from it, it must be found again.
            folders[event.wd] = nil
            let heldSources = entries.removeValue(forKey: event.wd) != nil
            if heldSources { needsRewatch = true }
            return folder.isTree || heldSources
        }
        if event.mask & UInt32(IN_MOVE_SELF | IN_DELETE_SELF) != 0, entries[event.wd] != nil {
            // The folder holding a source moved away (its watch follows it) or is being deleted.
            needsRewatch = true
            return true
        }
        var relevant = false
        if let indices = entries[event.wd]?[name] {
            relevant = true
            if indices.contains(where: { sources[$0].locate() != locations[$0] }) { needsRewatch = true }
        }
        if folder.isTree, !name.hasPrefix(".") {
            relevant = true
            if event.mask & UInt32(IN_ISDIR) != 0, event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                var visited: Set<String> = []
                do {
                    try watchTree("\(folder.path)/\(name)", scope: folder.scope, visited: &visited)
                } catch {
                    isBroken = true
                }
            }
        }
        return relevant
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

    /// Sets every watch up from scratch on a new inotify instance. Changes made while this runs are seen
    /// by the rebuild that follows; those after it, by the new watches.
    private func rewatch() -> Bool {
        needsRewatch = false
        if descriptor >= 0 { close(descriptor) }
        folders = [:]
        entries = [:]
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        isBroken = descriptor < 0
        locations = sources.map { $0.locate() }
        do {
            for index in sources.indices where !isBroken { try watch(source: index) }
        } catch {
            isBroken = true
        }
        return !isBroken
    }

    private func watch(source index: Int) throws(WatchFailure) {
        let location = locations[index]
        for entry in location.entries {
            // A folder that vanished since `locate` is noticed by the event of its own disappearance.
            guard let watchDescriptor = try watch(entry.folder, isTree: false, scope: nil) else { continue }
            entries[watchDescriptor, default: [:]][entry.name, default: []].append(index)
        }
        if let folder = location.folder {
            var visited: Set<String> = []
            try watchTree(folder, scope: location.folderScope, visited: &visited)
        }
    }

    /// Watches `path` and every folder below it that the build reads (see ``WatchedSource/forEachFolder``).
    private func watchTree(_ path: String, scope: String?, visited: inout Set<String>) throws(WatchFailure) {
        try WatchedSource.forEachFolder(from: path, scope: scope, visited: &visited) { (folder) throws(WatchFailure) in
            _ = try watch(folder, isTree: true, scope: scope)
        }
    }

    /// Adds a watch on the folder at `path`; nil when it no longer exists.
    private func watch(_ path: String, isTree: Bool, scope: String?) throws(WatchFailure) -> Int32? {
        let watchDescriptor = inotify_add_watch(descriptor, path, Self.mask)
        guard watchDescriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw WatchFailure()
        }
        // The same folder reached twice (a mount inside content/, or the folder holding a source) is one
        // watch: it keeps the widest role. A folder of a tree renamed inside it keeps its watch, under the new path.
        if isTree {
            folders[watchDescriptor] = WatchedFolder(path: path, isTree: true, scope: scope)
        } else if folders[watchDescriptor] == nil {
            folders[watchDescriptor] = WatchedFolder(path: path)
        }
        return watchDescriptor
    }
    #else
    /// Nil: other systems poll.
    init?(sources: [WatchedSource]) { nil }

    func follow(_ sources: [WatchedSource]) -> Bool { false }

    func waitForChange(quiet: Duration) -> Bool { false }
    #endif
}
