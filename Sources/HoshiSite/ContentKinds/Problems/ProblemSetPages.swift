import HoshiCore

/// Turns a problem set into pages: an index with a numbered thumbnail of each starting position (never
/// the answer) and the reader's solved and failed marks and score (kept by problem.js in `localStorage`),
/// and a page per problem.
///
/// A problem page works without JavaScript: the board shows the start and the first right line is written
/// out behind a `<details>`. problem.js makes the board playable (see `ProblemPageData`).
struct ProblemSetPages {
    let set: ProblemSet

    func navigationItems() -> [NavigationItem] {
        var items: [NavigationItem] = []
        if !set.isFolderLanding {
            items.append(NavigationItem(id: set.navigationID, parentID: set.parentNavigationID, title: set.title, outputPath: set.indexPath))
        }
        for problem in set.problems {
            items.append(NavigationItem(id: set.navigationID.member("\(problem.number)"), parentID: set.navigationID, title: problem.title,
                                        outputPath: problem.outputPath, order: problem.number, isListed: false))
        }
        return items
    }

    func pages() -> [Page] {
        var pages = [indexPage()]
        for (position, problem) in set.problems.enumerated() {
            let previous = position > 0 ? set.problems[position - 1] : nil
            let next = position + 1 < set.problems.count ? set.problems[position + 1] : nil
            pages.append(problemPage(problem, previous: previous, next: next))
        }
        return pages
    }

    // MARK: - Index

    private func indexPage() -> Page {
        let from = set.indexPath
        let count = set.problems.count
        let solvable = count - set.unsolvedCount
        var html = "<div class=\"problem-set\" data-problem-set=\"\(HTMLText.escape(set.id))\">\n"
        html += "<p class=\"problem-set-summary\">\(count) problem\(count == 1 ? "" : "s"). "
        html += solvable > 0 ? "Open one, play your answer on the board, and the page answers from the solution.</p>\n"
            : "Each page shows the position and whose turn it is.</p>\n"
        if set.unsolvedCount == count {
            html += "<p class=\"problem-notice\" role=\"note\"><strong>This set has no solutions yet.</strong> Its file gives the "
                + "positions only, so the pages show each position and whose turn it is, without saying whether an answer is "
                + "right or wrong.</p>\n"
        } else if set.unsolvedCount > 0 {
            html += "<p class=\"problem-notice\" role=\"note\">\(set.unsolvedCount) of these problems have no solution in their "
                + "files yet; their pages show the position only.</p>\n"
        }
        let asked = set.problems.filter { $0.answer != nil }.count
        if asked > 0 {
            html += "<p class=\"problem-computed\" role=\"note\">Hoshi's life-and-death solver proved the answers of \(set.computedCount) "
                + "of the \(asked) problem\(asked == 1 ? "" : "s") without a solution in the file; those pages answer from the computed "
                + "tree and say so.</p>\n"
        }
        if let introduction = set.introduction.map(GameText.paragraphsHTML), !introduction.isEmpty {
            html += "<div class=\"problem-set-introduction\">\(introduction)</div>\n"
        }
        if let download = set.downloadPath {
            let name = download.split(separator: "/").last.map(String.init) ?? download
            html += "<p class=\"problem-download\"><a href=\"\(HTMLText.escape(SitePath.relativeURL(from: from, to: download)))\" "
                + "download>Download the problems (\(HTMLText.escape(name)))</a></p>\n"
        }
        if solvable > 0 {
            html += "<div class=\"problem-score\" hidden><p><span data-score=\"solved\">0</span> solved, "
                + "<span data-score=\"failed\">0</span> failed, of \(solvable), in this browser.</p>"
                + "<button type=\"button\" class=\"problem-button\" data-action=\"reset-marks\">Reset the marks</button></div>\n"
        }
        html += "<ol class=\"problem-cards\">\n"
        for problem in set.problems {
            let url = SitePath.relativeURL(from: from, to: problem.outputPath)
            let key = problem.analysis.hasSolution ? " data-problem-key=\"\(HTMLText.escape(problem.storageKey))\"" : ""
            html += "<li class=\"problem-card\"\(key)><a href=\"\(HTMLText.escape(url))\">"
            let picture = ProblemBoardPicture(size: problem.game.boardSize, area: problem.analysis.area, stones: problem.startStones)
            html += picture.svg(title: "\(problem.title), \(problem.playerText.lowercased())",
                                description: "The starting position of \(problem.title.lowercased()).", className: "go-board problem-thumbnail")
            html += "<span class=\"problem-card-text\"><span class=\"problem-card-number\">\(problem.number)</span>"
            if let name = problem.name, !name.isEmpty { html += " <span class=\"problem-card-title\">\(HTMLText.escape(name))</span>" }
            html += " <span class=\"problem-card-turn\">\(problem.analysis.player == .black ? "Black" : "White")</span>"
            html += "<span class=\"problem-mark\" hidden></span></span></a></li>\n"
        }
        html += "</ol>\n</div>\n"
        var page = Page(sourcePath: set.sourcePath, outputPath: from, title: set.title, contentHTML: html, navigationID: set.navigationID)
        page.layout = "problem"
        page.description = "\(count) Go problems: \(set.title)"
        page.searchSections = [SearchSection(id: nil, title: set.title,
                                             text: "Go problems tsumego \(set.title) \(set.introduction.map(GameText.clean) ?? "")")]
        return page
    }

    // MARK: - Problem page

    private func problemPage(_ problem: PublishedProblem, previous: PublishedProblem?, next: PublishedProblem?) -> Page {
        let path = problem.outputPath
        let analysis = problem.analysis
        let size = problem.game.boardSize
        var html = "<div class=\"problem\" data-problem>\n<h1>\(problem.title)"
        if let name = problem.name, !name.isEmpty { html += " <span class=\"problem-subtitle\">\(HTMLText.escape(name))</span>" }
        html += "</h1>\n<p class=\"problem-meta\"><a href=\"\(HTMLText.escape(SitePath.relativeURL(from: path, to: set.indexPath)))\">"
            + "\(HTMLText.escape(set.title))</a> · <strong class=\"problem-to-play\" data-to-play=\"\(analysis.player.sgfLetter)\">"
            + "\(problem.playerText)</strong></p>\n"
        if let comment = problem.comment.map(GameText.paragraphsHTML), !comment.isEmpty {
            html += "<div class=\"problem-question\">\(comment)</div>\n"
        }
        let stones = problem.startStones
        var picture = ProblemBoardPicture(size: size, area: analysis.area, stones: stones)
        picture.showsCoordinates = true
        html += "<div class=\"problem-layout\">\n<div class=\"problem-board\" data-board=\"problem\">"
        html += picture.svg(title: "\(problem.title): \(problem.playerText.lowercased())",
                            description: "\(stones.filter { $0.stone == .black }.count) black and "
                                + "\(stones.filter { $0.stone == .white }.count) white stones.", className: "go-board problem-board-picture")
        html += "</div>\n<div class=\"problem-panel\">\n"
        if analysis.hasSolution {
            html += "<p class=\"problem-verdict\" data-verdict=\"\" aria-live=\"polite\"></p>\n"
            html += "<div class=\"problem-answer\" aria-live=\"polite\"></div>\n"
            // Offered once the reader has moved (problem.js shows them): before that there is nothing to retry, and
            // the solution would only spoil the problem.
            html += "<p class=\"problem-controls\" hidden><button type=\"button\" class=\"problem-button\" data-action=\"retry\">Retry</button> "
                + "<button type=\"button\" class=\"problem-button\" data-action=\"solution\">Show the solution</button></p>\n"
            html += "<details class=\"problem-solution-text\"><summary>Show the solution</summary><p>"
                + HTMLText.escape(Self.solutionText(analysis, size: size)) + "</p></details>\n"
            if let computed = problem.computedAnswer {
                html += "<p class=\"problem-computed\" role=\"note\" data-computed=\"\(computed.solved.outcome?.rawValue ?? "")\">"
                    + "The answers on this page were computed by Hoshi's life-and-death solver (proof-number search, budget "
                    + "\(HTMLText.escape(computed.budget))), not written by the author: proven, \(HTMLText.escape(computed.solved.resultText)).</p>\n"
            }
        } else {
            html += "<p class=\"problem-notice\" role=\"note\">This problem has no solution in its file yet: study the position.</p>\n"
            if let answer = problem.answer {
                let why: String
                switch answer {
                case .solved(let solved, let budget):
                    why = solved.isProven ? "it proves that \(solved.resultText)" : "it did not prove an answer within its budget (\(budget))"
                case .unsolved(let reason):
                    why = "it did not solve it: \(reason)"
                }
                html += "<p class=\"problem-computed\" role=\"note\">Hoshi's life-and-death solver gives no answer to play here: "
                    + "\(HTMLText.escape(why)).</p>\n"
            }
        }
        html += "</div>\n</div>\n</div>\n"
        if analysis.hasSolution { html += ProblemPageData(problem: problem).scriptElement() + "\n" }
        html += pagerHTML(from: path, previous: previous, next: next)
        var page = Page(sourcePath: set.sourcePath, outputPath: path, title: "\(problem.title) · \(set.title)", contentHTML: html,
                        navigationID: set.navigationID.member("\(problem.number)"))
        page.layout = "problem"
        page.showsTitle = false
        page.searchSections = [SearchSection(id: nil, title: page.title,
                                             text: [problem.name, problem.comment.map(GameText.clean)].compactMap { $0 }.joined(separator: " "))]
        return page
    }

    /// The first right line in words: `Black B18, White C17, Black A18.` At each of the reader's turns the
    /// first right move; at each of the opponent's, the reply the page plays.
    static func solutionText(_ analysis: ProblemAnalysis, size: BoardSize) -> String {
        var words: [String] = []
        var index = 0
        while true {
            let step = analysis.steps[index]
            let own = step.children.first { analysis.steps[$0].move?.stone == analysis.player && analysis.steps[$0].outcome == .right }
            guard let next = own ?? step.reply, let move = analysis.steps[next].move else { break }
            let colour = move.stone == .black ? "Black" : "White"
            words.append(move.point.map { "\(colour) \(GoBoardPicture.pointName($0, on: size))" } ?? "\(colour) passes")
            index = next
        }
        return words.isEmpty ? "The file gives no right answer." : words.joined(separator: ", ") + "."
    }

    private func pagerHTML(from path: String, previous: PublishedProblem?, next: PublishedProblem?) -> String {
        guard previous != nil || next != nil else { return "" }
        var html = "<nav class=\"pager problem-pager\" aria-label=\"Previous and next problem\">\n"
        if let previous {
            let url = SitePath.relativeURL(from: path, to: previous.outputPath)
            html += "<a class=\"pager-previous\" rel=\"prev\" href=\"\(HTMLText.escape(url))\"><span>Previous</span>\(previous.title)</a>\n"
        }
        if let next {
            let url = SitePath.relativeURL(from: path, to: next.outputPath)
            html += "<a class=\"pager-next\" rel=\"next\" href=\"\(HTMLText.escape(url))\"><span>Next</span>\(next.title)</a>\n"
        }
        return html + "</nav>\n"
    }
}
