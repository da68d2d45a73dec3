/// Everything of the navigation one page's rendering reads (`PageRenderer.context(for:)` and
/// `NavigationRenderer`): its breadcrumbs, its previous and next pages, and the sidebar entries it shows
/// (the top entries, and the entries under each open one), each with the page it opens.
///
/// A page whose view is unchanged renders the same navigation, so a title edit re-renders only the pages
/// that show that title: the pages whose sidebar lists it, and its neighbours.
struct NavigationView: Equatable {
    struct Entry: Equatable {
        var item: NavigationItem
        var landingPage: String?
    }

    var ancestry: [Entry]
    var previous: NavigationItem?
    var next: NavigationItem?
    /// In sidebar order; nesting follows from each item's parent and the open entries (the ancestry).
    var sidebar: [Entry]

    init(of navigationID: String, in navigation: NavigationTree) {
        let ancestry = navigation.ancestry(of: navigationID)
        self.ancestry = ancestry.map { Entry(item: $0, landingPage: navigation.landingPage(of: $0.id)) }
        previous = navigation.previous(of: navigationID)
        next = navigation.next(of: navigationID)
        let open = Set(ancestry.map(\.id))
        var sidebar: [Entry] = []
        func visit(_ parent: String) {
            for item in navigation.listedChildren(of: parent) {
                sidebar.append(Entry(item: item, landingPage: navigation.landingPage(of: item.id)))
                if open.contains(item.id) { visit(item.id) }
            }
        }
        visit(NavigationTree.rootID)
        self.sidebar = sidebar
    }
}
