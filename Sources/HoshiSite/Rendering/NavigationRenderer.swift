import Foundation

/// Renders the sidebar for each page from the theme's `partials/navigation-item` template, bottom up.
///
/// Every page of a folder shows the same closed entries with the same relative URLs, so each closed entry
/// is rendered once per folder and reused; only the open path (ancestors and the current page) is rendered
/// per page. On a 1,000-page site this turns a hundred thousand template evaluations into a few thousand.
final class NavigationRenderer: @unchecked Sendable {
    static let itemTemplate = "partials.navigation-item"

    private let navigation: NavigationTree
    private let templates: TemplateRenderer
    private let lock = NSLock()
    /// Rendered closed entries keyed by page folder and entry id.
    private var closedEntries: [String: String] = [:]

    init(navigation: NavigationTree, templates: TemplateRenderer) {
        self.navigation = navigation
        self.templates = templates
    }

    /// The list items of the sidebar as seen from the page at `from` whose entry is `current`.
    func items(current: String, open: Set<String>, from: String) -> String {
        entries(under: NavigationTree.rootID, current: current, open: open, from: from)
    }

    private func entries(under parent: String, current: String, open: Set<String>, from: String) -> String {
        var html = ""
        for item in navigation.listedChildren(of: parent) {
            html += entry(item, current: current, open: open, from: from)
        }
        return html
    }

    private func entry(_ item: NavigationItem, current: String, open: Set<String>, from: String) -> String {
        let isOpen = open.contains(item.id)
        let isCurrent = item.id == current
        let folder = SitePath.folder(of: from)
        let key = "\(folder)\u{0}\(item.id)"
        if !isOpen, !isCurrent, let cached = lock.withLock({ closedEntries[key] }) {
            return cached
        }
        var context: [String: Any] = ["title": item.title, "isCurrent": isCurrent, "isOpen": isOpen]
        if let target = navigation.landingPage(of: item.id) {
            context["url"] = SitePath.relativeURL(from: from, to: target)
        }
        if isOpen {
            let children = entries(under: item.id, current: current, open: open, from: from)
            context["children"] = children
            context["hasChildren"] = !children.isEmpty
        }
        let html = templates.render(context, template: Self.itemTemplate) ?? ""
        if !isOpen, !isCurrent {
            lock.withLock { closedEntries[key] = html }
        }
        return html
    }
}
