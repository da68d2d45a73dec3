import Foundation
import HoshiCore

/// Turns one published Lights Off set into pages: an index page with a thumbnail, number and par of each
/// puzzle (and the reader's solved marks, filled in by lights.js), and one page per puzzle.
///
/// `content/puzzles/classic.lights` becomes `puzzles/classic/index.html` and `puzzles/classic/1.html`, ...;
/// pages keep the file's numbering, so a puzzle left out by `lights.unsolvable: skip` leaves a gap instead
/// of renumbering (and breaking links to) the puzzles after it.
///
/// A puzzle page works without JavaScript: the board is an SVG picture with the solution behind a
/// `<details>` element. lights.js replaces the picture with a grid of buttons when it runs.
struct LightsSetPages {
    let published: LightsPublishedSet
    var parameters = LightsPageParameters()

    init(set published: LightsPublishedSet) {
        self.published = published
    }

    /// The set's pages and navigation entries: the set is listed in the sidebar, its puzzles are not (a
    /// set of 200 would drown it) but sit under it for breadcrumbs.
    func pages() -> (pages: [Page], navigation: [NavigationItem]) {
        var navigation = [NavigationItem(id: published.navigationID, parentID: published.parentNavigationID, title: published.title,
                                         outputPath: published.indexPath)]
        var pages = [indexPage()]
        for (position, entry) in published.entries.enumerated() {
            let previous = position > 0 ? published.entries[position - 1] : nil
            let next = position + 1 < published.entries.count ? published.entries[position + 1] : nil
            let page = puzzlePage(entry, previous: previous, next: next)
            navigation.append(NavigationItem(id: page.navigationID, parentID: published.navigationID, title: Self.name(of: entry),
                                             outputPath: page.outputPath, order: entry.index, isListed: false))
            pages.append(page)
        }
        return (pages, navigation)
    }

    // MARK: - Names

    static func name(of entry: LightsSetReport.Entry) -> String {
        "Puzzle \(entry.index)"
    }

    /// The title from the file, unless it only repeats the number (generated sets title every puzzle
    /// `Puzzle N (par P)`).
    static func subtitle(of entry: LightsSetReport.Entry) -> String? {
        guard let title = entry.puzzle.title?.trimmingCharacters(in: .whitespaces), !title.isEmpty,
              !title.hasPrefix("Puzzle \(entry.index)") else { return nil }
        return title
    }

    private var ruleSentence: String {
        published.rule.wraps
            ? "A press toggles the light and its four neighbours; the board wraps, so edges touch the opposite edge."
            : "A press toggles the light and its neighbours above, below, left and right."
    }

    private var sizeText: String {
        let sizes = Set(published.entries.map { "\($0.puzzle.board.width) × \($0.puzzle.board.height)" })
        return sizes.count == 1 ? sizes.first ?? "" : "mixed sizes"
    }

    // MARK: - Index page

    private func indexPage() -> Page {
        let from = published.indexPath
        let count = published.entries.count
        var html = "<div class=\"lights-set\" data-lights-set=\"\(HTMLText.escape(published.storageID))\">\n"
        html += "<p class=\"lights-set-summary\">\(count) puzzle\(count == 1 ? "" : "s")"
        if count > 0 { html += ", \(sizeText)" }
        html += published.rule.wraps ? ", wrapping edges." : "." 
        html += " Turn every light off in as few presses as you can; par is the fewest possible. \(ruleSentence)"
        if published.isMirrored {
            html += " Boards are drawn as in the original game, with the file’s first row at the bottom."
        }
        html += "</p>\n"
        if let download = published.downloadPath {
            let name = download.split(separator: "/").last.map(String.init) ?? download
            html += "<p class=\"lights-download\"><a href=\"\(HTMLText.escape(SitePath.relativeURL(from: from, to: download)))\" "
                + "download>Download the set (\(HTMLText.escape(name)))</a></p>\n"
        }
        html += "<div class=\"lights-progress\" hidden><p><span class=\"lights-solved-count\">0</span> of \(count) solved "
            + "in this browser.</p><button type=\"button\" class=\"lights-button lights-reset-marks\">Reset solved marks</button></div>\n"
        html += "<ol class=\"lights-cards\">\n"
        for entry in published.entries {
            let url = SitePath.relativeURL(from: from, to: published.pagePath(number: entry.index))
            let name = Self.name(of: entry)
            let subtitle = Self.subtitle(of: entry)
            let parText = entry.par.map { "par \($0)" } ?? "unsolvable"
            let label = [name, subtitle].compactMap { $0 }.joined(separator: ": ")
            html += "<li class=\"lights-card\(entry.par == nil ? " lights-card-unsolvable" : "")\" "
                + "data-puzzle=\"\(LightsPublishedSet.fingerprint(entry.puzzle.board))\">"
            html += "<a href=\"\(HTMLText.escape(url))\">"
            html += LightsBoardPicture(board: entry.puzzle.board).svg(label: "\(label), \(parText)", className: "lights-thumbnail")
            html += "<span class=\"lights-card-text\"><span class=\"lights-card-number\">\(entry.index)</span>"
            if let subtitle { html += " <span class=\"lights-card-title\">\(HTMLText.escape(subtitle))</span>" }
            html += " <span class=\"lights-card-par\">\(parText)</span>"
            html += "<span class=\"lights-solved-mark\" hidden> ✓<span class=\"lights-visually-hidden\"> solved</span></span>"
            html += "</span></a></li>\n"
        }
        html += "</ol>\n</div>\n"
        var page = Page(sourcePath: published.sourcePath, outputPath: from, title: published.title, contentHTML: html,
                        navigationID: published.navigationID)
        page.layout = "puzzle-set"
        page.description = "\(count) Lights Off puzzles: \(published.title)"
        page.searchSections = [SearchSection(id: nil, title: page.title, text: "Lights Off puzzles \(published.title) \(count) puzzles")]
        return page
    }

    // MARK: - Puzzle page

    private func puzzlePage(_ entry: LightsSetReport.Entry, previous: LightsSetReport.Entry?,
                            next: LightsSetReport.Entry?) -> Page {
        let path = published.pagePath(number: entry.index)
        let board = entry.puzzle.board
        let name = Self.name(of: entry)
        let subtitle = Self.subtitle(of: entry)
        let indexURL = SitePath.relativeURL(from: path, to: published.indexPath)
        var html = "<div class=\"lights-puzzle\">\n"
        html += "<h1>\(name)\(subtitle.map { " <span class=\"lights-subtitle\">\(HTMLText.escape($0))</span>" } ?? "")</h1>\n"
        html += "<p class=\"lights-meta\"><a href=\"\(HTMLText.escape(indexURL))\">\(HTMLText.escape(published.title))</a>"
            + " · \(board.width) × \(board.height)"
        if let par = entry.par {
            html += " · par <strong class=\"lights-par\">\(par)</strong></p>\n"
        } else {
            html += " · <strong>unsolvable</strong></p>\n"
        }
        let label = "\(name), \(board.width) by \(board.height), \(board.litCount) lit"
        switch entry.outcome {
        case .solved(let solution):
            html += "<p class=\"lights-goal\">Turn every light off. \(ruleSentence)</p>\n"
            html += "<figure class=\"lights-static\">"
            html += LightsBoardPicture(board: board).svg(label: label, className: "lights-board-picture")
            html += "</figure>\n"
            if board.cellCount <= parameters.playableCellLimit {
                html += "<div class=\"lights-play\" hidden></div>\n"
            }
            html += solutionHTML(solution, board: board)
            if board.cellCount <= parameters.playableCellLimit {
                let data = LightsPageData(set: published.storageID, puzzle: LightsPublishedSet.fingerprint(board), number: entry.index,
                                          width: board.width, height: board.height, rule: published.rule, par: solution.pressCount,
                                          board: LightsHintTable.bitRows(board),
                                          hints: published.hintTables[LightsPublishedSet.sizeKey(width: board.width, height: board.height)])
                html += data.scriptElement() + "\n"
            }
        case .unsolvable(let reason):
            html += unsolvableHTML(reason, board: board, label: label)
        }
        html += "</div>\n"
        html += pagerHTML(from: path, previous: previous, next: next)
        var page = Page(sourcePath: published.sourcePath, outputPath: path, title: "\(name) · \(published.title)",
                        contentHTML: html, navigationID: published.navigationID.member("\(entry.index)"))
        page.layout = "puzzle"
        page.showsTitle = false
        page.searchSections = [SearchSection(id: nil, title: page.title, text: subtitle ?? "")]
        return page
    }

    private func solutionHTML(_ solution: LightsSolution, board: LightsBoard) -> String {
        let presses = solution.presses.litCells.map { LightsCell(row: $0.row, column: $0.column) }
        var marks: [LightsCell: LightsBoardPicture.Mark] = [:]
        for cell in presses { marks[cell] = .press }
        var html = "<details class=\"lights-solution\"><summary>Show the solution (\(presses.count) "
            + "press\(presses.count == 1 ? "" : "es"))</summary>\n"
        html += "<p>Press each marked cell once, in any order (presses commute). Rows are counted from the top, "
            + "columns from the left.</p>\n"
        html += LightsBoardPicture(board: board, marks: marks).svg(label: "The solution: \(presses.count) marked presses",
                                                                   className: "lights-board-picture lights-solution-picture")
        html += "\n<ol class=\"lights-press-list\">"
        html += presses.map { "<li>\($0)</li>" }.joined()
        html += "</ol>\n</details>\n"
        return html
    }

    private func unsolvableHTML(_ reason: LightsUnsolvability, board: LightsBoard, label: String) -> String {
        var marks: [LightsCell: LightsBoardPicture.Mark] = [:]
        for cell in reason.repair ?? [] { marks[cell] = .toggle }
        var html = "<div class=\"lights-notice\" role=\"note\"><p><strong>This puzzle cannot be solved.</strong> "
            + "No sequence of presses turns every light off: \(HTMLText.escape(Self.reasonText(reason))).</p>"
        if let repair = reason.repair, !repair.isEmpty {
            html += "<p>The ringed cell\(repair.count == 1 ? " shows" : "s show") the smallest repair (rows counted from the top "
                + "as drawn).</p>"
        }
        html += "</div>\n<figure class=\"lights-static\">"
        html += LightsBoardPicture(board: board, marks: marks).svg(label: label + ", cannot be solved",
                                                                   className: "lights-board-picture")
        html += "</figure>\n"
        return html
    }

    /// The reason without the leading "unsolvable: " (the notice already says so).
    static func reasonText(_ reason: LightsUnsolvability) -> String {
        let message = reason.message
        return message.hasPrefix("unsolvable: ") ? String(message.dropFirst("unsolvable: ".count)) : message
    }

    private func pagerHTML(from path: String, previous: LightsSetReport.Entry?, next: LightsSetReport.Entry?) -> String {
        guard previous != nil || next != nil else { return "" }
        var html = "<nav class=\"pager lights-pager\" aria-label=\"Previous and next puzzle\">\n"
        if let previous {
            let url = SitePath.relativeURL(from: path, to: published.pagePath(number: previous.index))
            html += "<a class=\"pager-previous\" rel=\"prev\" href=\"\(HTMLText.escape(url))\"><span>Previous</span>\(Self.name(of: previous))</a>\n"
        }
        if let next {
            let url = SitePath.relativeURL(from: path, to: published.pagePath(number: next.index))
            html += "<a class=\"pager-next\" rel=\"next\" href=\"\(HTMLText.escape(url))\"><span>Next</span>\(Self.name(of: next))</a>\n"
        }
        return html + "</nav>\n"
    }
}
