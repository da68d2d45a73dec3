import HoshiCore

/// How a content kind joins the site builder: its name, the `hoshi.yml` keys it reads, which kind gets a file
/// that two claim, the theme files its pages use, and how its reader is made from the configuration.
///
/// Each kind declares its registration in its own folder (`GameSiteReader.registration`) and `ContentKinds.all`
/// lists it in one line; nothing else in the builder names a kind.
struct ContentKindRegistration: Sendable {
    /// The kind's name in messages and docs (`games`, `lights`).
    let name: String
    /// The keys of hoshi.yml this kind reads; the configuration hands each its YAML.
    let sections: [AnySettingsSection]
    /// Readers claim files (and read them, their pages joining the site) from the highest priority down.
    let claimPriority: ClaimPriority
    /// The theme files the kind's pages are rendered with.
    let pageAssets: PageAssets
    /// The kind's reader for one build's configuration.
    let makeReader: @Sendable (SiteConfiguration) -> any ContentKindReader
}

/// Which kind gets a file that several kinds claim: the one of highest priority. Kinds whose claims never
/// overlap may share a priority; the builder then orders them by name, so registration order decides nothing.
struct ClaimPriority: Comparable, Sendable {
    let value: Int

    init(_ value: Int) {
        self.value = value
    }

    static func < (left: ClaimPriority, right: ClaimPriority) -> Bool { left.value < right.value }
}

/// The theme files a kind's pages use, by their paths under `templates/`: the default theme holds them and a
/// site may override any file by file (`Theme`). Every theme asset is published; naming them here says which
/// kind owns them, and lets a test check that the theme has them.
struct PageAssets: Sendable {
    /// Layouts under `templates/layouts/`, without `.mustache` (`game`): what the kind's pages set as `Page.layout`.
    var layouts: [String]
    /// Scripts under `templates/assets/` its layouts load (`assets/game.js`).
    var scripts: [String] = []
    /// Style sheets under `templates/assets/` its layouts load, besides the theme's `assets/hoshi.css`.
    var styles: [String] = []
}
