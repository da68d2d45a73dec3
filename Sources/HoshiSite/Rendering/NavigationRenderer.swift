import Foundation
import HoshiCore

/// Renders the sidebar for each page from the theme's `partials/navigation-item` template, bottom up.
///
/// Every page of a folder shows the same closed entries with the same relative URLs, so each closed entry
/// is rendered once per folder and reused; only the open path (ancestors and the current page) is rendered
/// per page. On a 1,000-page site this turns a hundred thousand template evaluations into a few thousand.
final class NavigationRenderer: @unchecked Sendable {
    static let itemTemplate = "partials.navigation-item"

    private let navigation: NavigationTree
    private let templates: TemplateRenderer
    private let closedEntries: ClosedEntries
    /// Per folder and parent entry, the listed children and the closed HTML of each: a page's sidebar takes
    /// all of a list from here but its open and current entries, instead of looking up each entry by its key.
    private let closedLists = LockedValue<[ClosedListKey: ClosedList]>([:])

    /// A closed list depends on the entry it lists under and on the folder its links are relative to.
    private struct ClosedListKey: Hashable {
        var folder: String
        var parent: NavigationID
    }

    private struct ClosedList {
        var children: [NavigationItem]
        var html: [String]
    }

    /// - Parameter closedEntries: entries rendered by earlier builds with the same templates (`hoshi serve`).
    init(navigation: NavigationTree, templates: TemplateRenderer, closedEntries: ClosedEntries = ClosedEntries()) {
        self.navigation = navigation
        self.templates = templates
        self.closedEntries = closedEntries
    }

    /// Rendered closed entries, keyed by everything their HTML depends on besides the templates: the page
    /// folder (relative URLs), the entry's id, title and landing page. Shared by the pages of a build, and
    /// kept between builds with the same templates, so a rebuild renders one page's sidebar mostly from it.
    final class ClosedEntries: Sendable {
        /// More entries than any site needs: past it, entries of titles since edited are dropped.
        private static let limit = 200_000
        private let entries = LockedValue<[String: String]>([:])

        init() {}

        func entry(for key: String) -> String? {
            entries.withLock { $0[key] }
        }

        func keep(_ html: String, for key: String) {
            entries.withLock { entries in
                if entries.count >= Self.limit { entries = [:] }
                entries[key] = html
            }
        }
    }

    /// The list items of the sidebar as seen from the page at `from` whose entry is `current`.
    func items(current: NavigationID, open: Set<NavigationID>, from: String) -> String {
        entries(under: .root, current: current, open: open, from: from, folder: SitePath.folder(of: from))
    }

    private func entries(under parent: NavigationID, current: NavigationID, open: Set<NavigationID>, from: String, folder: String) -> String {
        let list = closedList(under: parent, from: from, folder: folder)
        var html = ""
        for (item, closed) in zip(list.children, list.html) {
            html += open.contains(item.id) || item.id == current
                ? entry(item, current: current, open: open, from: from, folder: folder) : closed
        }
        return html
    }

    /// The children listed under `parent` and their closed entries as seen from `folder`, made on first use.
    private func closedList(under parent: NavigationID, from: String, folder: String) -> ClosedList {
        let key = ClosedListKey(folder: folder, parent: parent)
        if let list = closedLists.withLock({ $0[key] }) { return list }
        let children = navigation.listedChildren(of: parent)
        let list = ClosedList(children: children, html: children.map {
            entry($0, current: .notInNavigation, open: [], from: from, folder: folder)
        })
        closedLists.withLock { $0[key] = list }
        return list
    }

    /// - Parameter folder: the folder of `from`, the page the sidebar is rendered for.
    private func entry(_ item: NavigationItem, current: NavigationID, open: Set<NavigationID>, from: String, folder: String) -> String {
        let isOpen = open.contains(item.id)
        let isCurrent = item.id == current
        let target = navigation.landingPage(of: item.id)
        let key = "\(folder)\u{0}\(item.id)\u{0}\(item.title)\u{0}\(target ?? "\u{0}")"
        if !isOpen, !isCurrent, let kept = closedEntries.entry(for: key) {
            return kept
        }
        var context: [String: Any] = ["title": item.title, "isCurrent": isCurrent, "isOpen": isOpen]
        if let target {
            context["url"] = SitePath.relativeURL(from: from, to: target)
        }
        if isOpen {
            let children = entries(under: item.id, current: current, open: open, from: from, folder: folder)
            context["children"] = children
            context["hasChildren"] = !children.isEmpty
        }
        let html = templates.render(context, template: Self.itemTemplate) ?? ""
        if !isOpen, !isCurrent {
            closedEntries.keep(html, for: key)
        }
        return html
    }
}
