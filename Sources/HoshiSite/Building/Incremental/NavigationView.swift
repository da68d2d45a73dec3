/// Everything of the navigation one page's rendering reads (`PageRenderer.context(for:)` and
/// `NavigationRenderer`): its breadcrumbs, its previous and next pages, and the sidebar entries it shows
/// (the top entries, and the entries under each open one), each with the page it opens.
///
/// A page whose view is unchanged renders the same navigation, so a title edit re-renders only the pages
/// that show that title: the pages whose sidebar lists it, and its neighbours.
struct NavigationView: Sendable {
    struct Entry: Equatable {
        var item: NavigationItem
        var landingPage: String?
    }

    var ancestry: [Entry]
    var previous: NavigationItem?
    var next: NavigationItem?
    /// In sidebar order; nesting follows from each item's parent and the open entries (the ancestry).
    /// Shared by every page showing the same sidebar (the pages of a folder).
    var sidebar: Sidebar

    final class Sidebar: Sendable {
        let entries: [Entry]

        init(entries: [Entry]) {
            self.entries = entries
        }
    }

    /// The sidebars made so far from one navigation, by the open entries that have children: pages that
    /// open the same entries show the same sidebar, so a thousand pages need a dozen sidebars.
    struct Sidebars {
        let navigation: NavigationTree
        private var made: [[NavigationID]: Sidebar] = [:]

        init(navigation: NavigationTree) {
            self.navigation = navigation
        }

        mutating func sidebar(opening ancestry: [NavigationItem]) -> Sidebar {
            let open = ancestry.map(\.id).filter(navigation.hasListedChildren(of:))
            if let sidebar = made[open] { return sidebar }
            let openSet = Set(open)
            var entries: [Entry] = []
            func visit(_ parent: NavigationID) {
                for item in navigation.listedChildren(of: parent) {
                    entries.append(Entry(item: item, landingPage: navigation.landingPage(of: item.id)))
                    if openSet.contains(item.id) { visit(item.id) }
                }
            }
            visit(.root)
            let sidebar = Sidebar(entries: entries)
            made[open] = sidebar
            return sidebar
        }
    }

    /// Compares views, each pair of distinct sidebars once: the views of one folder's pages share theirs.
    struct Comparisons {
        private var sidebars: [Pair: Bool] = [:]

        private struct Pair: Hashable {
            var first: ObjectIdentifier
            var second: ObjectIdentifier
        }

        mutating func same(_ first: NavigationView, _ second: NavigationView) -> Bool {
            guard first.ancestry == second.ancestry, first.previous == second.previous, first.next == second.next else {
                return false
            }
            if first.sidebar === second.sidebar { return true }
            let pair = Pair(first: ObjectIdentifier(first.sidebar), second: ObjectIdentifier(second.sidebar))
            if let known = sidebars[pair] { return known }
            let same = first.sidebar.entries == second.sidebar.entries
            sidebars[pair] = same
            return same
        }
    }

    init(of navigationID: NavigationID, in navigation: NavigationTree, sidebars: inout Sidebars) {
        let ancestry = navigation.ancestry(of: navigationID)
        self.ancestry = ancestry.map { Entry(item: $0, landingPage: navigation.landingPage(of: $0.id)) }
        previous = navigation.previous(of: navigationID)
        next = navigation.next(of: navigationID)
        sidebar = sidebars.sidebar(opening: ancestry)
    }
}
