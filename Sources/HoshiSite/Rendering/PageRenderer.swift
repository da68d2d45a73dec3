import Foundation
import HoshiCore

/// Wraps pages in the theme's layout: builds each page's template context (navigation as seen from that
/// page, breadcrumbs, table of contents, relative asset URLs) and renders it.
public struct PageRenderer: Sendable {
    public let configuration: SiteConfiguration
    public let navigation: NavigationTree
    public let templates: TemplateRenderer
    /// Theme asset keys (`hoshi_css`) to their fingerprinted output paths.
    public let assetPaths: [String: String]
    /// Output path of the home page.
    public let homePath: String
    private let sidebar: NavigationRenderer
    /// The URLs that depend only on a page's folder, worked out for the first page of each folder.
    private let folderURLs = LockedValue<[String: FolderURLs]>([:])

    /// The theme's assets and the home page as linked from the pages of one folder.
    private struct FolderURLs {
        var assets: [String: String]
        var home: String
    }

    public init(configuration: SiteConfiguration, navigation: NavigationTree, templates: TemplateRenderer,
                assetPaths: [String: String], homePath: String) {
        self.init(configuration: configuration, navigation: navigation, templates: templates, assetPaths: assetPaths,
                  homePath: homePath, closedEntries: NavigationRenderer.ClosedEntries())
    }

    /// - Parameter closedEntries: sidebar entries rendered earlier with the same templates (`hoshi serve`).
    init(configuration: SiteConfiguration, navigation: NavigationTree, templates: TemplateRenderer,
         assetPaths: [String: String], homePath: String, closedEntries: NavigationRenderer.ClosedEntries) {
        self.configuration = configuration
        self.navigation = navigation
        self.templates = templates
        self.assetPaths = assetPaths
        self.homePath = homePath
        sidebar = NavigationRenderer(navigation: navigation, templates: templates, closedEntries: closedEntries)
    }

    /// The rendered page, or a diagnostic when its layout does not exist.
    public func render(_ page: Page) -> Result<String, PageRenderError> {
        let layout = "layouts.\(page.layout)"
        guard templates.hasTemplate(layout), let html = templates.render(context(for: page), template: layout) else {
            return .failure(PageRenderError(diagnostic: .error("the theme has no template layouts/\(page.layout).mustache",
                                                               at: SourceLocation(path: page.sourcePath))))
        }
        return .success(html)
    }

    /// The context every template sees. Keys are documented in the README's theme section.
    public func context(for page: Page) -> [String: Any] {
        let from = page.outputPath
        func url(_ target: String) -> String { SitePath.relativeURL(from: from, to: target) }
        var pageContext: [String: Any] = [
            "title": page.title,
            "content": page.contentHTML,
            "showsTitle": page.showsTitle,
            "path": page.outputPath,
        ]
        if let description = page.description ?? (configuration.description.isEmpty ? nil : configuration.description) {
            pageContext["description"] = description
        }
        let toc = page.headings.filter { $0.level == 2 || $0.level == 3 }.map {
            ["level": $0.level, "title": $0.title, "id": $0.id] as [String: Any]
        }
        let ancestry = navigation.ancestry(of: page.navigationID)
        // The page's own entry as the breadcrumbs end ("Problem 4" under "Problems", whose <title> says both).
        pageContext["navigationTitle"] = ancestry.last.map(\.title) ?? page.title
        let openIDs = Set(ancestry.map(\.id))
        let breadcrumbs: [[String: Any]] = ancestry.dropLast().map { item in
            var entry: [String: Any] = ["title": item.title]
            if let target = navigation.landingPage(of: item.id), target != from { entry["url"] = url(target) }
            return entry
        }
        func link(_ item: NavigationItem?) -> [String: Any]? {
            guard let item, let target = item.outputPath else { return nil }
            return ["title": item.title, "url": url(target)]
        }
        let previous = link(navigation.previous(of: page.navigationID))
        let next = link(navigation.next(of: page.navigationID))
        let folderURLs = urls(from: page.outputPath)
        var context: [String: Any] = [
            "site": [
                "title": configuration.title,
                "description": configuration.description,
                "language": configuration.language,
            ] as [String: Any],
            "page": pageContext,
            "root": SitePath.rootPrefix(from: from),
            "home": folderURLs.home,
            "assets": folderURLs.assets,
            "navigationItems": sidebar.items(current: page.navigationID, open: openIDs, from: from),
            "toc": toc,
            "hasToc": toc.count > 1,
            "breadcrumbs": breadcrumbs,
            "hasBreadcrumbs": !breadcrumbs.isEmpty,
            "hasPager": previous != nil || next != nil,
        ]
        if let previous { context["previous"] = previous }
        if let next { context["next"] = next }
        if let base = configuration.baseURL {
            context["canonical"] = base.appending(path: page.outputPath).absoluteString
            // Hosts serve 404.html at whatever path was missing; a <base> keeps its relative links working.
            context["siteURL"] = base.absoluteString.hasSuffix("/") ? base.absoluteString : base.absoluteString + "/"
        }
        return context
    }

    /// The URLs every page of the folder of `page` shares (relative URLs depend on the folder alone).
    private func urls(from page: String) -> FolderURLs {
        let folder = SitePath.folder(of: page)
        if let urls = folderURLs.withLock({ $0[folder] }) { return urls }
        var assets: [String: String] = [:]
        for (key, path) in assetPaths { assets[key] = SitePath.relativeURL(from: page, to: path) }
        let urls = FolderURLs(assets: assets, home: SitePath.relativeURL(from: page, to: homePath))
        folderURLs.withLock { $0[folder] = urls }
        return urls
    }
}

/// A page whose layout could not be rendered.
public struct PageRenderError: Error {
    public var diagnostic: Diagnostic
}
