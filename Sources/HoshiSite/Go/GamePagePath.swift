/// Where a game record's pages are: written by the Games kind, linked to by the diagrams documents embed
/// (`GoDiagramRenderer`), so both follow this one rule.
enum GamePagePath {
    /// `games/a.sgf` -> `games/a.html`: the game's page, or the index of a file with several games.
    static func file(_ file: ContentFile) -> String {
        let name = AnchorIdentifier.slug(file.stem, fallback: "game")
        return file.folder.isEmpty ? "\(name).html" : "\(file.folder)/\(name).html"
    }

    /// The page of game `number` (from 1) of a file holding `count` games.
    static func game(_ file: ContentFile, game number: Int, of count: Int) -> String {
        let filePage = self.file(file)
        return count == 1 ? filePage : "\(String(filePage.dropLast(".html".count)))/\(number).html"
    }
}
