import HoshiCore

/// Every content kind Hoshi has, one line each, in no particular order: which reader gets a file is each
/// kind's `ClaimPriority`. A new kind is a folder under `ContentKinds/` with its reader and settings, its
/// theme files under `templates/`, and one line here.
enum ContentKinds {
    static let all: [ContentKindRegistration] = [
        GameSiteReader.registration,
        LightsSiteReader.registration,
        ManualSiteReader.registration,
        MarkdownSiteReader.registration,
        ProblemSiteReader.registration,
        WordSiteReader.registration,
    ]

    /// Every kind's keys of hoshi.yml.
    static var settingsSections: [AnySettingsSection] { all.flatMap(\.sections) }

    /// `kinds` from the highest claim priority down (by name among equals): the order readers claim files in
    /// and read them, their pages joining the site (the sitemap, the search index) in that order.
    static func byClaimPriority(_ kinds: [ContentKindRegistration]) -> [ContentKindRegistration] {
        kinds.sorted { ($1.claimPriority, $0.name) < ($0.claimPriority, $1.name) }
    }

    /// The readers of one build, in claim order.
    static func readers(for configuration: SiteConfiguration) -> [any ContentKindReader] {
        byClaimPriority(all).map { $0.makeReader(configuration) }
    }
}
