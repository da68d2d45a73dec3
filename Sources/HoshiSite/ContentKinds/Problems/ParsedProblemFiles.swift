import Foundation
import HoshiCore

/// The problem files of one build, each read and parsed once: recognising a file as a problem (while files
/// are claimed), naming its link target and reading it into pages all need the parse, and a classical
/// collection holds hundreds of problems. Made anew with each build's readers, so it never outlives an edit.
final class ParsedProblemFiles: Sendable {
    private let parsed = LockedValue<[String: SGFParseResult]>([:])

    /// The parse of `file`, or nil when it cannot be read.
    func parse(_ file: ContentFile) -> SGFParseResult? {
        if let kept = parsed.withLock({ $0[file.relativePath] }) { return kept }
        guard let data = FileManager.default.contents(atPath: file.url.path) else { return nil }
        return keep(SGFParser.parse(bytes: [UInt8](data), path: file.displayPath), for: file)
    }

    /// Whether `file`'s first game looks like a problem (`ProblemFinder.looksLikeProblem`). Reads the file but
    /// parses it only when it mentions `PL` at all, so game collections cost a byte scan; keeps the parse of
    /// a file that is a problem.
    func looksLikeProblem(_ file: ContentFile) -> Bool {
        guard let data = FileManager.default.contents(atPath: file.url.path), data.range(of: Data("PL".utf8)) != nil else {
            return false
        }
        let result = SGFParser.parse(bytes: [UInt8](data), path: file.displayPath)
        guard let game = result.games.first, ProblemFinder.looksLikeProblem(game) else { return false }
        keep(result, for: file)
        return true
    }

    @discardableResult
    private func keep(_ result: SGFParseResult, for file: ContentFile) -> SGFParseResult {
        parsed.withLock { $0[file.relativePath] = result }
        return result
    }
}
