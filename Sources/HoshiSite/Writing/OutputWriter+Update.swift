import Foundation
import HoshiCore
#if canImport(Glibc)
import Glibc
#endif

/// What the output folder holds, file by file, as a ``BuildMemory`` last wrote it.
struct WrittenSite {
    enum Contents: Equatable {
        case data(Data)
        /// A content file copied as it is, by the hash of its bytes.
        case copy(hash: UInt64)

        static func == (left: Contents, right: Contents) -> Bool {
            switch (left, right) {
            case let (.data(a), .data(b)):
                // Kept pages are the very same bytes as last time: no need to compare them byte by byte.
                let same = a.withUnsafeBytes { first in
                    b.withUnsafeBytes { second in first.baseAddress == second.baseAddress && first.count == second.count }
                }
                return same || a == b
            case let (.copy(a), .copy(b)): return a == b
            default: return false
            }
        }
    }

    var files: [String: Contents] = [:]
}

extension OutputWriter {
    /// Brings an output folder this memory wrote up to `files`, writing only the files whose bytes changed
    /// (each into a temporary file renamed over the old one, so a page is never seen half written) and
    /// removing files no longer made. Without a previous write to compare with, writes the whole site with
    /// ``write(_:)``.
    func update(_ files: [OutputFile], memory: BuildMemory) throws {
        func contents(of file: OutputFile) -> WrittenSite.Contents {
            switch file.contents {
            case let .data(data): return .data(data)
            case let .copy(url): return .copy(hash: memory.sources.hash(ofFileAt: url.path))
            }
        }
        let marker = outputDirectory.appending(path: Self.markerName).path
        // Taken out of the memory (so updating it does not copy it), and unknown until this update
        // completes: a failure part way makes the next build write everything.
        guard var written = memory.written, FileManager.default.fileExists(atPath: marker) else {
            memory.written = nil
            try write(files)
            var written = WrittenSite()
            for file in files { written.files[file.path] = contents(of: file) }
            memory.written = written
            return
        }
        memory.written = nil
        var changed: [OutputFile] = []
        for file in files {
            let new = contents(of: file)
            if written.files.updateValue(new, forKey: file.path) != new { changed.append(file) }
        }
        var removed: [String] = []
        if written.files.count != files.count {
            let paths = Set(files.map(\.path))
            removed = written.files.keys.filter { !paths.contains($0) }.sorted()
            for path in removed { written.files[path] = nil }
        }
        let fileManager = FileManager.default
        var folders: Set<String> = []
        for file in changed where folders.insert(SitePath.folder(of: file.path)).inserted {
            try fileManager.createDirectory(at: outputDirectory.appending(path: SitePath.folder(of: file.path)),
                                            withIntermediateDirectories: true)
        }
        let failures = LockedValue<[String]>([])
        let shared = UnsafeSendable(changed)
        let root = outputDirectory.path
        DispatchQueue.concurrentPerform(iterations: changed.count) { index in
            let file = shared.value[index]
            let destination = "\(root)/\(file.path)"
            let folder = SitePath.folder(of: file.path)
            let name = folder.isEmpty ? file.path : String(file.path.dropFirst(folder.count + 1))
            let temporary = folder.isEmpty ? "\(root)/.\(name).hoshi-new" : "\(root)/\(folder)/.\(name).hoshi-new"
            do {
                unlink(temporary)  // left by an interrupted write, if any
                switch file.contents {
                case let .data(data): try Self.writeFile(data, to: temporary)
                case let .copy(source): try FileManager.default.copyItem(atPath: source.path, toPath: temporary)
                }
                guard rename(temporary, destination) == 0 else {
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
            } catch {
                failures.withLock { $0.append("\(file.path): \(error.localizedDescription)") }
            }
        }
        if let first = failures.value.first {
            throw Failure(diagnostic: .error("cannot write \(first)", at: SourceLocation(path: outputDirectory.path)))
        }
        var emptied: Set<String> = []
        for path in removed {
            try? fileManager.removeItem(at: outputDirectory.appending(path: path))
            var folder = SitePath.folder(of: path)
            while !folder.isEmpty, emptied.insert(folder).inserted { folder = SitePath.folder(of: folder) }
        }
        // Deepest first, so a folder whose sub-folders all went is removed too; only empty ones go.
        for folder in emptied.sorted(by: { $0.count > $1.count }) {
            let url = outputDirectory.appending(path: folder)
            if (try? fileManager.contentsOfDirectory(atPath: url.path))?.isEmpty == true {
                try? fileManager.removeItem(at: url)
            }
        }
        memory.written = written
    }
}
