extension NavigationID {
    /// The entry of a game file: its game's page, or the index of its games (`game:games/a.sgf`).
    static func gameFile(_ contentPath: String) -> NavigationID {
        NavigationID(kind: "game", path: contentPath)
    }

    /// The entry of a folder's collection index when the folder has an `index.md` of its own (`games:edo`);
    /// otherwise the index opens the folder's entry.
    static func gameCollection(_ folder: String) -> NavigationID {
        NavigationID(kind: "games", path: folder)
    }

    /// The entry of the players' index under the folder holding every game (`players:games`).
    static func players(_ folder: String) -> NavigationID {
        NavigationID(kind: "players", path: folder)
    }
}
