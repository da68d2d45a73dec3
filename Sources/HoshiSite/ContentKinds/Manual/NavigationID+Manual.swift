extension NavigationID {
    /// The entry of a MANUAL document's contents page; its groups and sections are its members
    /// (`manual:MANUAL`, `manual:MANUAL#group-0`).
    static func manual(_ contentPath: String) -> NavigationID {
        NavigationID(kind: "manual", path: contentPath)
    }
}
