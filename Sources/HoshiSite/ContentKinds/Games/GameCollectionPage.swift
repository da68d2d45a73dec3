import HoshiCore

/// The index of a folder of games or of a file holding several: one row per game with a thumbnail of the
/// final position, players, result, date, moves and event. Rows carry their values as data attributes so
/// game.js sorts them (by date, players, result, moves) and filters them (by player or event) without a
/// server; without JavaScript the table reads in file order.
struct GameCollectionPage: Equatable {
    let title: String
    let outputPath: String
    let games: [GameSummary]
    let navigationID: NavigationID
    let sourcePath: String
    /// The SGF file to offer for download (a multi-game file's index).
    var downloadPath: String?

    func page() -> Page {
        func url(_ target: String) -> String { HTMLText.escape(SitePath.relativeURL(from: outputPath, to: target)) }
        let count = games.count
        var html = "<h1>\(HTMLText.escape(title))</h1>\n<div class=\"game-collection\">\n"
        html += "<p class=\"game-collection-summary\">\(count) game\(count == 1 ? "" : "s")"
        if let first = games.compactMap(\.date).min(), let last = games.compactMap(\.date).max() {
            html += first == last ? ", \(HTMLText.escape(first))" : ", \(HTMLText.escape(first)) to \(HTMLText.escape(last))"
        }
        html += ".</p>\n"
        if let downloadPath {
            html += "<p class=\"game-downloads\"><a href=\"\(url(downloadPath))\" download>Download the SGF file</a></p>\n"
        }
        html += "<p class=\"game-filter\"><label>Filter by player or event <input type=\"search\" data-game-filter "
            + "placeholder=\"Name or event\"></label></p>\n"
        // The Event column only when some game names its event.
        let showsEvents = games.contains { $0.event != nil }
        html += "<table class=\"game-list\" data-game-list>\n<thead><tr><th scope=\"col\"><span class=\"visually-hidden\">Final position</span></th>"
        for (key, label) in [("players", "Players"), ("result", "Result"), ("date", "Date"), ("moves", "Moves")] {
            html += "<th scope=\"col\" aria-sort=\"none\"><button type=\"button\" data-sort=\"\(key)\">\(label)</button></th>"
        }
        html += showsEvents ? "<th scope=\"col\">Event</th></tr></thead>\n<tbody>\n" : "</tr></thead>\n<tbody>\n"
        for game in games {
            let players = "\(game.blackText) vs \(game.whiteText)"
            html += "<tr data-date=\"\(HTMLText.escape(game.date ?? ""))\" data-players=\"\(HTMLText.escape(players))\" "
                + "data-result=\"\(HTMLText.escape(game.resultText ?? ""))\" data-moves=\"\(game.moveCount)\" "
                + "data-event=\"\(HTMLText.escape(game.event ?? ""))\">"
            html += "<td><a href=\"\(url(game.pagePath))\" tabindex=\"-1\" aria-hidden=\"true\"><img class=\"game-thumbnail\" "
                + "src=\"\(url(game.thumbnailPath))\" alt=\"\" width=\"120\" height=\"120\" loading=\"lazy\"></a></td>"
            html += "<td>" + Self.playersCell(game, players: players, link: url(game.pagePath)) + "</td>"
            html += "<td>\(HTMLText.escape(game.resultText ?? "–"))</td><td class=\"game-list-date\">\(HTMLText.escape(game.date ?? "–"))</td>"
            html += "<td>\(game.moveCount)</td>"
            if showsEvents { html += "<td>\(HTMLText.escape(game.event ?? ""))</td>" }
            html += "</tr>\n"
        }
        html += "</tbody></table>\n</div>\n"
        var page = Page(sourcePath: sourcePath, outputPath: outputPath, title: title, contentHTML: html, navigationID: navigationID)
        page.layout = "game"
        page.showsTitle = false
        page.description = "\(count) Go game records: \(title)"
        page.searchSections = [SearchSection(id: nil, title: title, text: "\(title) \(count) games")]
        return page
    }

    /// The link to the game and its players, each named once: a title made of the players (and the date, which
    /// has its own column) links as the players; a game's own name (`GN`) links with the players under it.
    static func playersCell(_ game: GameSummary, players: String, link: String) -> String {
        let titleIsThePlayers = game.title == players || game.title.hasPrefix(players + ", ")
        let named = game.black != nil || game.white != nil
        var html = "<a href=\"\(link)\">\(HTMLText.escape(titleIsThePlayers ? players : game.title))</a>"
        if !titleIsThePlayers && named { html += "<br><span class=\"game-list-players\">\(HTMLText.escape(players))</span>" }
        return html
    }
}
