extension NavigationID {
    /// The entry of a problem set, a file or a folder of them (`problems:tsumego/easy.sgf`); its problems are
    /// its members. A folder's set without an `index.md` opens the folder's entry instead.
    static func problemSet(_ contentPath: String) -> NavigationID {
        NavigationID(kind: "problems", path: contentPath)
    }
}
