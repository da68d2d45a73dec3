import Foundation
import HoshiCore

/// What every content kind reader may consult: the site's settings, every discovered file (so a reader can
/// see what else shares a folder) and where links to each file lead.
struct ReadingContext: Sendable {
    let configuration: SiteConfiguration
    /// Every file under `content/`, sorted by path, whichever reader claimed it.
    let files: [ContentFile]
    /// Content path (`docs/guide.md`) to the output page a link to it opens, for every file whose reader
    /// gave one (`ContentKindReader.linkTarget(for:in:)`).
    let linkTargets: [String: String]
    /// Content paths of the files whose pages have an anchor per move (`ContentKindReader.pagesHaveMoveAnchors`).
    let filesWithMoveAnchors: Set<String>
    /// The site's SGF files, parsed once per build for every kind (and for claiming, which parsed some already).
    let sgfFiles: ParsedSGFFiles
    /// The results this reader's steps made in the last build with the same memory (none in `hoshi build`),
    /// and where this build's are kept.
    let readSteps: ReadStepMemory
    var progress: BuildProgress
    /// What the engine answered for the work the kinds asked for (`RequestsEngineWork`): empty while that
    /// work is planned, filled for reading.
    var engineResults = EngineResults()

    /// Maps on every core, keeping order and reporting progress under `phase`: readers use it for work that
    /// is independent per file or per game.
    func parallelMap<Input: Sendable, Output>(_ inputs: [Input], phase: String, _ transform: (Input) -> Output) -> [Output] {
        HoshiSite.parallelMap(inputs, phase: phase, progress: progress, transform)
    }

    /// The result of a reader's per-file `step` on `file`: kept from the last build when the file's bytes and
    /// `inputs` (everything else the step reads) are unchanged, otherwise `run()`'s.
    func result<Inputs, Result>(of step: ReadStep<Inputs, Result>, for file: ContentFile, inputs: Inputs,
                                _ run: () -> Result) -> Result {
        readSteps.result(of: step, for: file, inputs: inputs, run)
    }

    /// The result of a reader's `step` over several files, named `name` (unique within the step): kept from
    /// the last build when `inputs` (everything the step reads) are unchanged, otherwise `run()`'s.
    func result<Inputs, Result>(of step: ReadStep<Inputs, Result>, named name: String, inputs: Inputs,
                                _ run: () -> Result) -> Result {
        readSteps.result(of: step, named: name, inputs: inputs, run)
    }

    /// This context with the engine's answers.
    func with(_ results: EngineResults) -> ReadingContext {
        var context = self
        context.engineResults = results
        return context
    }

    /// A content file as UTF-8 text, or an error diagnostic naming the file.
    static func readText(_ file: ContentFile) -> Result<String, UnreadableFile> {
        guard let data = FileManager.default.contents(atPath: file.url.path) else {
            return .failure(UnreadableFile(diagnostic: .error("cannot read file", at: SourceLocation(path: file.displayPath))))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(UnreadableFile(diagnostic: .error("file is not UTF-8 text; save it as UTF-8",
                                                              at: SourceLocation(path: file.displayPath))))
        }
        return .success(text)
    }
}

/// A content file that could not be read as text.
struct UnreadableFile: Error {
    var diagnostic: Diagnostic
}
