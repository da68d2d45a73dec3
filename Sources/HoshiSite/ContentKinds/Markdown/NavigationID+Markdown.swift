extension NavigationID {
    /// The entry of a Markdown page other than a folder's `index.md`, which opens its folder's entry instead
    /// (`page:docs/guide.md`).
    static func page(_ contentPath: String) -> NavigationID {
        NavigationID(kind: "page", path: contentPath)
    }
}
