import HoshiCore

/// Turns one MANUAL-format document into pages: a contents page listing its groups and sections (like the
/// app's table of contents) and one page per section whose subsections are anchored headings.
///
/// `content/MANUAL` becomes `manual/index.html` and `manual/<section-slug>.html`.
struct ManualPages {
    let file: ContentFile
    let document: ManualDocument

    /// `MANUAL` -> `manual`, `help/Rules.manual` -> `help/rules`.
    static func outputFolder(for file: ContentFile) -> String {
        let name = AnchorIdentifier.slug(file.stem, fallback: "manual")
        return file.folder.isEmpty ? name : "\(file.folder)/\(name)"
    }

    static func contentsPath(for file: ContentFile) -> String {
        "\(outputFolder(for: file))/index.html"
    }

    /// The manual's title in navigation: `MANUAL` reads "Manual".
    static func title(for file: ContentFile) -> String {
        file.stem == "MANUAL" ? "Manual" : PageTitle.fromFileName(file.stem)
    }

    var manualID: NavigationID { .manual(file.relativePath) }
    var folder: String { Self.outputFolder(for: file) }

    func sectionPath(_ section: ManualSection) -> String {
        // A section slugged "index" would overwrite the contents page.
        let name = section.slug == "index" ? "index-section" : section.slug
        return "\(folder)/\(name).html"
    }

    func pages() -> (pages: [Page], navigation: [NavigationItem]) {
        var pages: [Page] = []
        var navigation: [NavigationItem] = [
            NavigationItem(id: manualID, parentID: .folder(file.folder), title: Self.title(for: file),
                           outputPath: Self.contentsPath(for: file)),
        ]
        var order = 0
        for (groupIndex, group) in document.groups.enumerated() {
            var parent = manualID
            if let title = group.title {
                parent = manualID.member("group-\(groupIndex)")
                navigation.append(NavigationItem(id: parent, parentID: manualID, title: title, outputPath: nil, order: groupIndex))
            }
            for section in group.sections {
                order += 1
                let id = manualID.member(section.slug)
                navigation.append(NavigationItem(id: id, parentID: parent, title: section.title,
                                                 outputPath: sectionPath(section), order: order))
                pages.append(sectionPage(section, navigationID: id))
            }
        }
        pages.insert(contentsPage(), at: 0)
        return (pages, navigation)
    }

    private func contentsPage() -> Page {
        var html = ""
        var identifiers = IdentifierSet(reserved: AnchorIdentifier.reservedByTheme)
        var headings: [DocumentHeading] = []
        for group in document.groups {
            if let title = group.title, let titleHTML = group.titleHTML {
                let id = identifiers.claim(AnchorIdentifier.slug(title))
                html += "<h2 id=\"\(id)\">\(titleHTML)</h2>\n"
                headings.append(DocumentHeading(level: 2, title: title, id: id, line: group.line))
            }
            html += "<ul class=\"manual-contents\">\n"
            for section in group.sections {
                let url = SitePath.relativeURL(from: Self.contentsPath(for: file), to: sectionPath(section))
                html += "<li><a href=\"\(HTMLText.escape(url))\">\(section.titleHTML)</a></li>\n"
            }
            html += "</ul>\n"
        }
        var page = Page(sourcePath: file.displayPath, outputPath: Self.contentsPath(for: file), title: Self.title(for: file),
                        contentHTML: html, navigationID: manualID)
        page.headings = headings
        // Found by its title only: every section title it lists is better found on its own page.
        page.searchSections = [SearchSection(id: nil, title: page.title, text: "")]
        return page
    }

    private func sectionPage(_ section: ManualSection, navigationID: NavigationID) -> Page {
        var html = section.introductionHTML
        var reserved = IdentifierSet(reserved: AnchorIdentifier.reservedByTheme)
        var headings: [DocumentHeading] = []
        var searchSections = [SearchSection(id: nil, title: section.title, text: section.introductionText)]
        for subsection in section.subsections {
            let id = reserved.claim(subsection.id)
            html += "<section class=\"manual-subsection\" aria-labelledby=\"\(id)\">\n<h2 id=\"\(id)\">\(subsection.titleHTML)</h2>\n\(subsection.html)</section>\n"
            headings.append(DocumentHeading(level: 2, title: subsection.title, id: id, line: subsection.line))
            searchSections.append(SearchSection(id: id, title: subsection.title, text: subsection.plainText))
        }
        var page = Page(sourcePath: file.displayPath, outputPath: sectionPath(section), title: section.title,
                        contentHTML: html, navigationID: navigationID)
        page.headings = headings
        page.searchSections = searchSections
        return page
    }
}
