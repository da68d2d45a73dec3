import HoshiCore

/// Splits lines into titled blocks at one separator level: groups (`***`), sections (`---`) or
/// subsections (`===`). The same state machine serves all three, as it does in Little Go.
///
/// Grammar, per level (`SEP` is a line starting with the level's three characters):
///
///     blocks  = preamble ( SEP+ title [ SEP* ] body )*
///     title   = the next line (groups, sections) or the next non-blank line (subsections)
///     body    = lines up to the next SEP that follows a body line
///
/// Separators right after a title are its closing separators and are skipped, any number of them, because
/// Little Go skips them until it sees a body line. That is how an empty block swallows the next title: in
/// `===, A, ===, ===, B, ===` Little Go skips the fourth line and shows "B" as text. Hoshi instead reads
/// such a separator as opening a new block, with a warning, when the line after it looks like a title (it is
/// followed by a separator); otherwise it skips it as Little Go does.
///
/// For groups and sections a blank line counts as a body line (Little Go compares whole lines); for
/// subsections blank lines are skipped while looking for the title and its closing separator.
struct ManualSeparatorScanner {
    /// One block: its title line and the lines of its body.
    struct Block: Sendable {
        var title: ManualSourceLine
        var body: [ManualSourceLine]
    }

    /// The lines before the first separator, the blocks, and warnings.
    struct Scan: Sendable {
        var preamble: [ManualSourceLine] = []
        var blocks: [Block] = []
        var diagnostics: [Diagnostic] = []
    }

    let level: ManualReaderMessage.Level
    let path: String

    private var blankLinesAreBody: Bool {
        level != .subsection
    }

    private func isSeparator(_ line: ManualSourceLine) -> Bool {
        line.text.hasPrefix(level.separator)
    }

    private enum State {
        case body
        case awaitingTitle
        case afterTitle
    }

    func scan(_ lines: [ManualSourceLine]) -> Scan {
        var result = Scan()
        var state = State.body
        for (index, line) in lines.enumerated() {
            if isSeparator(line) {
                switch state {
                case .body:
                    state = .awaitingTitle
                case .awaitingTitle:
                    break
                case .afterTitle:
                    if let warning = emptyBlockWarning(lines, separatorIndex: index, current: result.blocks.last) {
                        result.diagnostics.append(warning)
                        state = .awaitingTitle
                    }
                }
                continue
            }
            if line.isBlank, !blankLinesAreBody, state != .body {
                continue
            }
            switch state {
            case .awaitingTitle:
                if line.isBlank {
                    let location = SourceLocation(path: path, line: line.number, column: 1)
                    result.diagnostics.append(.warning(ManualReaderMessage.emptyTitle(level), at: location))
                }
                result.blocks.append(Block(title: line, body: []))
                state = .afterTitle
            case .afterTitle, .body:
                state = .body
                if result.blocks.isEmpty {
                    result.preamble.append(line)
                } else {
                    result.blocks[result.blocks.count - 1].body.append(line)
                }
            }
        }
        return result
    }

    /// The warning for a separator after a title's closing separator, if it opens a new block: the next line
    /// (non-blank for subsections) is not a separator and is itself followed by one.
    private func emptyBlockWarning(_ lines: [ManualSourceLine], separatorIndex: Int, current: Block?) -> Diagnostic? {
        guard let current, !isAfterClosingSeparatorOnly(lines, separatorIndex: separatorIndex, current: current),
              let titleIndex = nextRelevantIndex(lines, after: separatorIndex), !isSeparator(lines[titleIndex]),
              let followerIndex = nextRelevantIndex(lines, after: titleIndex), isSeparator(lines[followerIndex])
        else { return nil }
        let message = ManualReaderMessage.emptyBlock(
            level, title: current.title.trimmedText, nextTitle: lines[titleIndex].trimmedText)
        return .warning(message, at: SourceLocation(path: path, line: lines[separatorIndex].number, column: 1))
    }

    /// Whether this separator is the first one after the title: then it is the closing separator.
    private func isAfterClosingSeparatorOnly(_ lines: [ManualSourceLine], separatorIndex: Int, current: Block) -> Bool {
        guard let titleIndex = lines.firstIndex(where: { $0.number == current.title.number }) else { return true }
        let between = lines[(titleIndex + 1)..<separatorIndex]
        return !between.contains(where: isSeparator)
    }

    /// The index of the next line after `index` that the state machine looks at (skipping blank lines for
    /// subsections), or nil at the end.
    private func nextRelevantIndex(_ lines: [ManualSourceLine], after index: Int) -> Int? {
        var next = index + 1
        while next < lines.count {
            if blankLinesAreBody || !lines[next].isBlank { return next }
            next += 1
        }
        return nil
    }
}
