import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HoshiCore

/// Writes a complete site into a temporary folder beside the output, then swaps it in. Files whose bytes
/// the previous output already holds are hard-linked from it rather than written again (`PreviousOutput`).
///
/// A build that fails or is killed part way leaves the previous output exactly as it was: the temporary
/// folder is the only thing touched until the swap, and the swap is one `rename(2)` exchange on Linux
/// (two renames elsewhere, with the old folder restored on the next run if the process died in between).
public struct OutputWriter: Sendable {
    public let outputDirectory: URL
    public let sourceDirectory: URL

    /// Written into every output folder; a non-empty folder without it is not Hoshi's to replace.
    public static let markerName = ".hoshi-output"

    public struct Failure: Error {
        public var diagnostic: Diagnostic
    }

    public init(outputDirectory: URL, sourceDirectory: URL) {
        self.outputDirectory = outputDirectory.standardizedFileURL
        self.sourceDirectory = sourceDirectory.standardizedFileURL
    }

    private var parent: URL { outputDirectory.deletingLastPathComponent() }
    private var name: String { outputDirectory.lastPathComponent }
    private var temporaryPrefix: String { ".\(name).hoshi-new-" }
    private var previousPrefix: String { ".\(name).hoshi-old-" }

    public func write(_ files: [OutputFile]) throws {
        try validateDestination()
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        recoverInterruptedSwap()
        let temporary = parent.appending(path: "\(temporaryPrefix)\(ProcessInfo.processInfo.processIdentifier)")
        try? fileManager.removeItem(at: temporary)
        try fileManager.createDirectory(at: temporary, withIntermediateDirectories: true)
        do {
            let marker = temporary.appending(path: Self.markerName).path
            try Self.writeFile(Data("Built by Hoshi. This folder is replaced as a whole by every build.\n".utf8), to: marker)
            var status = stat()
            let mode = stat(marker, &status) == 0 ? status.st_mode & 0o7777 : 0o644
            try writeFiles(files, into: temporary, mode: mode)
            try swapIn(temporary)
        } catch {
            try? fileManager.removeItem(at: temporary)
            throw error
        }
    }

    /// Refuses outputs that would destroy sources or someone else's folder.
    private func validateDestination() throws {
        let output = outputDirectory.resolvingSymlinksInPath().path
        let source = sourceDirectory.resolvingSymlinksInPath().path
        func isInside(_ path: String, _ folder: String) -> Bool { path == folder || path.hasPrefix(folder + "/") }
        if isInside(source, output) {
            throw Failure(diagnostic: .error("the output folder \(outputDirectory.path) contains the site's sources; choose another --output"))
        }
        for protected in ["content", "templates"] where isInside(output, source + "/" + protected) {
            throw Failure(diagnostic: .error("the output folder \(outputDirectory.path) is inside the site's \(protected)/ folder; choose another --output"))
        }
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: outputDirectory.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw Failure(diagnostic: .error("\(outputDirectory.path) exists and is not a folder; remove it or choose another --output"))
        }
        let entries = (try? fileManager.contentsOfDirectory(atPath: outputDirectory.path)) ?? []
        if !entries.isEmpty, !entries.contains(Self.markerName) {
            throw Failure(diagnostic: .error("\(outputDirectory.path) is not empty and was not written by Hoshi; refusing to replace it (remove it or choose another --output)"))
        }
    }

    /// Writes `files` into the new output `root`, linking those whose bytes the previous output already holds
    /// (`PreviousOutput`); `mode` is the permission bits of a file this build created.
    private func writeFiles(_ files: [OutputFile], into root: URL, mode: mode_t) throws {
        let fileManager = FileManager.default
        var folders: Set<String> = [""]
        for file in files {
            let folder = SitePath.folder(of: file.path)
            if folders.insert(folder).inserted {
                try fileManager.createDirectory(at: root.appending(path: folder), withIntermediateDirectories: true)
            }
        }
        let previous = PreviousOutput(root: outputDirectory, folders: folders)
        let failures = LockedValue<[String]>([])
        let shared = UnsafeSendable(files)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = shared.value[index]
            let destination = root.appending(path: file.path)
            do {
                switch file.contents {
                case let .data(data):
                    if previous?.reuse(file.path, contents: data, mode: mode, at: destination.path) != true {
                        try Self.writeFile(data, to: destination.path)
                    }
                case let .copy(source):
                    if previous?.reuse(file.path, copyOf: source, at: destination.path) != true {
                        try FileManager.default.copyItem(at: source, to: destination)
                    }
                }
            } catch {
                failures.withLock { $0.append("\(file.path): \(error.localizedDescription)") }
            }
        }
        if let first = failures.value.first {
            throw Failure(diagnostic: .error("cannot write \(first)", at: SourceLocation(path: outputDirectory.path)))
        }
    }

    /// A new file with these bytes. Plain `open`/`write` rather than `Data.write(to:)`, which costs about
    /// 60% more per file on Linux: a thousand-page site writes two thousand files.
    static func writeFile(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
                offset += written
            }
        }
    }

    private func swapIn(_ temporary: URL) throws {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: outputDirectory.path) else {
            try fileManager.moveItem(at: temporary, to: outputDirectory)
            return
        }
        if AtomicExchange.exchange(temporary.path, outputDirectory.path) {
            try? fileManager.removeItem(at: temporary)
            return
        }
        let previous = parent.appending(path: "\(previousPrefix)\(ProcessInfo.processInfo.processIdentifier)")
        try? fileManager.removeItem(at: previous)
        try fileManager.moveItem(at: outputDirectory, to: previous)
        do {
            try fileManager.moveItem(at: temporary, to: outputDirectory)
        } catch {
            try? fileManager.moveItem(at: previous, to: outputDirectory)
            throw error
        }
        try? fileManager.removeItem(at: previous)
    }

    /// Removes leftovers of killed builds and restores an output folder a killed swap had moved aside.
    private func recoverInterruptedSwap() {
        let fileManager = FileManager.default
        let entries = (try? fileManager.contentsOfDirectory(atPath: parent.path)) ?? []
        for entry in entries where entry.hasPrefix(previousPrefix) {
            let url = parent.appending(path: entry)
            if !fileManager.fileExists(atPath: outputDirectory.path) {
                try? fileManager.moveItem(at: url, to: outputDirectory)
            } else {
                try? fileManager.removeItem(at: url)
            }
        }
        for entry in entries where entry.hasPrefix(temporaryPrefix) {
            let pid = Int32(entry.dropFirst(temporaryPrefix.count)) ?? 0
            // Another build of the same output may be running (a dev server); leave its folder alone.
            if pid > 0, pid != ProcessInfo.processInfo.processIdentifier, kill(pid, 0) == 0 { continue }
            try? fileManager.removeItem(at: parent.appending(path: entry))
        }
    }
}
