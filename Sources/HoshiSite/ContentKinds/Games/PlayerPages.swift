import HoshiCore

/// The players' index: one page per player named in `PB`/`PW` (names told apart after collapsing whitespace
/// and setting apart a rank written into them, see `PlayerName`; the names `games: players:` declares as one
/// player's aliases are that player), listing their games with colour, opponent, result and date, and their
/// record; and an index of all players with their records, sortable as the game tables are.
struct PlayerPages: Equatable {
    /// The content folder holding every game: the index goes to `<folder>/players/`.
    let folder: String
    let games: [GameSummary]
    var aliases = PlayerAliases()

    struct Record {
        var wins = 0
        var losses = 0
        /// Draws, unfinished and unknown results.
        var others = 0
        var text: String {
            var parts = ["\(wins) win\(wins == 1 ? "" : "s")", "\(losses) loss\(losses == 1 ? "" : "es")"]
            if others > 0 { parts.append("\(others) without a winner") }
            return parts.joined(separator: ", ")
        }
    }

    private var indexPath: String { folder.isEmpty ? "players/index.html" : "\(folder)/players/index.html" }
    private var navigationID: NavigationID { .players(folder) }

    func read() -> ReadContent {
        var content = ReadContent()
        var gamesByPlayer: [String: [(game: GameSummary, colour: Stone)]] = [:]
        // The other names each player's games give, in order of first appearance.
        var otherNames: [String: [String]] = [:]
        for game in games {
            for (recorded, colour) in [(game.black, Stone.black), (game.white, Stone.white)] {
                guard let recorded else { continue }
                let player = aliases.player(named: recorded)
                gamesByPlayer[player, default: []].append((game, colour))
                if recorded != player && !(otherNames[player] ?? []).contains(recorded) { otherNames[player, default: []].append(recorded) }
            }
        }
        guard !gamesByPlayer.isEmpty else { return content }
        let names = gamesByPlayer.keys.sorted { $0.lowercased() != $1.lowercased() ? $0.lowercased() < $1.lowercased() : $0 < $1 }
        var slugs = IdentifierSet(reserved: ["index"])
        var paths: [String: String] = [:]
        let playersFolder = String(indexPath.dropLast("index.html".count))
        for name in names { paths[name] = "\(playersFolder)\(slugs.claim(AnchorIdentifier.slug(name, fallback: "player"))).html" }

        var records: [String: Record] = [:]
        for name in names {
            var record = Record()
            for (game, colour) in gamesByPlayer[name] ?? [] {
                switch game.winner {
                case colour?: record.wins += 1
                case nil: record.others += 1
                default: record.losses += 1
                }
            }
            records[name] = record
        }

        // The index.
        var html = "<h1>Players</h1>\n<p>\(names.count) player\(names.count == 1 ? "" : "s") in \(games.count) game"
            + "\(games.count == 1 ? "" : "s").</p>\n<p class=\"game-filter\"><label>Filter by name <input type=\"search\" "
            + "data-game-filter placeholder=\"Name\"></label></p>\n"
        let showsOthers = records.values.contains { $0.others > 0 }
        var columns = [("players", "Player"), ("games", "Games"), ("wins", "Wins"), ("losses", "Losses")]
        if showsOthers { columns.append(("others", "No winner")) }
        html += "<table class=\"game-list player-list\" data-game-list>\n<thead><tr>"
        for (key, label) in columns {
            html += "<th scope=\"col\" aria-sort=\"none\"><button type=\"button\" data-sort=\"\(key)\">\(label)</button></th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for name in names {
            let url = HTMLText.escape(SitePath.relativeURL(from: indexPath, to: paths[name] ?? indexPath))
            let record = records[name] ?? Record()
            let others = otherNames[name] ?? []
            let count = gamesByPlayer[name]?.count ?? 0
            // The filter finds a player by any of their names.
            html += "<tr data-players=\"\(HTMLText.escape(([name] + others).joined(separator: " · ")))\" data-event=\"\" "
                + "data-games=\"\(count)\" data-wins=\"\(record.wins)\" data-losses=\"\(record.losses)\" data-others=\"\(record.others)\">"
                + "<td><a href=\"\(url)\">\(HTMLText.escape(name))</a>"
            if !others.isEmpty {
                html += "<br><span class=\"game-list-detail\">also \(others.map(HTMLText.escape).joined(separator: ", "))</span>"
            }
            html += "</td><td>\(count)</td><td>\(record.wins)</td><td>\(record.losses)</td>"
            if showsOthers { html += "<td>\(record.others)</td>" }
            html += "</tr>\n"
        }
        html += "</tbody></table>\n"
        var index = Page(sourcePath: "content/\(folder)", outputPath: indexPath, title: "Players", contentHTML: html,
                         navigationID: navigationID)
        index.layout = "game"
        index.showsTitle = false
        index.searchSections = [SearchSection(id: nil, title: "Players", text: "players index records")]
        content.pages.append(index)
        content.navigationItems.append(NavigationItem(id: navigationID, parentID: .folder(folder), title: "Players",
                                                      outputPath: indexPath, order: Int.max - 1))

        // One page per player.
        for name in names {
            guard let path = paths[name] else { continue }
            func url(_ target: String) -> String { HTMLText.escape(SitePath.relativeURL(from: path, to: target)) }
            let played = (gamesByPlayer[name] ?? []).sorted {
                ($0.game.date ?? "", $0.game.sourcePath, $0.game.gameNumber) < ($1.game.date ?? "", $1.game.sourcePath, $1.game.gameNumber)
            }
            let record = records[name] ?? Record()
            var html = "<h1>\(HTMLText.escape(name))</h1>\n"
            if let others = otherNames[name], !others.isEmpty {
                html += "<p class=\"player-aliases\">Also recorded as \(others.map(HTMLText.escape).joined(separator: ", ")).</p>\n"
            }
            html += "<p class=\"player-record\">\(played.count) game\(played.count == 1 ? "" : "s"): \(record.text).</p>\n"
            html += "<table class=\"game-list\">\n<thead><tr><th scope=\"col\">Date</th><th scope=\"col\">Colour</th>"
                + "<th scope=\"col\">Opponent</th><th scope=\"col\">Result</th><th scope=\"col\">Game</th></tr></thead>\n<tbody>\n"
            for (game, colour) in played {
                let opponent = (colour == .black ? game.white : game.black).map(aliases.player(named:))
                let opponentText = colour == .black ? game.whiteText : game.blackText
                let outcome: String
                switch game.winner {
                case colour?: outcome = "Win"
                case nil: outcome = game.resultText ?? "–"
                default: outcome = "Loss"
                }
                html += "<tr><td>\(HTMLText.escape(game.date ?? "–"))</td><td>\(colour == .black ? "Black" : "White")</td><td>"
                if let opponent, let opponentPath = paths[opponent] {
                    html += "<a href=\"\(url(opponentPath))\">\(HTMLText.escape(opponentText))</a>"
                } else {
                    html += HTMLText.escape(opponentText)
                }
                html += "</td><td>\(HTMLText.escape(outcome))"
                if let resultText = game.resultText, outcome == "Win" || outcome == "Loss" {
                    html += " <span class=\"game-list-detail\">(\(HTMLText.escape(resultText)))</span>"
                }
                html += "</td><td><a href=\"\(url(game.pagePath))\">\(HTMLText.escape(game.title))</a></td></tr>\n"
            }
            html += "</tbody></table>\n"
            var page = Page(sourcePath: "content/\(folder)", outputPath: path, title: name, contentHTML: html,
                            navigationID: navigationID.member(path))
            page.layout = "game"
            page.showsTitle = false
            page.description = "\(name): \(played.count) games, \(record.text)"
            let searchNames = ([name] + (otherNames[name] ?? [])).joined(separator: " ")
            page.searchSections = [SearchSection(id: nil, title: name, text: "\(searchNames) player \(record.text)")]
            content.pages.append(page)
            content.navigationItems.append(NavigationItem(id: page.navigationID, parentID: navigationID, title: name,
                                                          outputPath: path, isListed: false))
        }
        return content
    }
}
