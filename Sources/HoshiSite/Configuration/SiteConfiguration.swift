import Foundation
import HoshiCore
import Yams

/// The settings of one site, read from its `hoshi.yml`.
///
/// Every key is optional: a site folder with an empty `hoshi.yml` builds. Unknown keys are reported as
/// warnings with their line, because a misspelt key silently ignored is a setting the author believes is in
/// force.
public struct SiteConfiguration: Sendable, Equatable {
    /// Shown in the header, the browser tab and search results.
    public var title = "Untitled site"
    /// The `<meta name="description">` of pages that give none of their own.
    public var description = ""
    /// The `lang` attribute of every page (BCP 47).
    public var language = "en"
    /// Absolute URL the site is deployed at, used only for `sitemap.xml` and canonical links: pages always
    /// link to each other relatively so the same output works from a sub-path and from `file://`.
    public var baseURL: URL?
    /// Top-level entries of the sidebar in this order (content paths such as `MANUAL` or `docs`);
    /// entries not named follow in their natural order.
    public var navigation: [String] = []
    /// Files and folders from outside `content/` published inside it.
    public var mounts: [ContentMount] = []
    /// The content kinds' own keys (`games:`, `lights:`), parsed by the sections the kinds registered; read
    /// with `configuration[section]`.
    private var sections: [String: SettingsValue] = [:]

    public init() {}

    /// The keys every site has, whatever its kinds; the kinds' keys come from their sections.
    static let sharedKeys: Set<String> = ["title", "description", "language", "base_url", "navigation", "mounts"]

    /// A kind's settings: the value `hoshi.yml` gave its section's key, or the section's default.
    subscript<Value>(section: SettingsSection<Value>) -> Value {
        get { sections[section.key]?.value as? Value ?? section.defaultValue }
        set { sections[section.key] = SettingsValue(newValue) }
    }
}

extension SiteConfiguration {
    /// Reads `hoshi.yml` text. Problems are reported against `path`; a file that is not valid YAML or not a
    /// mapping yields the defaults and an error.
    public static func parse(_ text: String, path: String) -> (SiteConfiguration, [Diagnostic]) {
        parse(text, path: path, sections: ContentKinds.settingsSections)
    }

    /// Reads `hoshi.yml` text: the shared keys here, each of `sections` by its own parser; any other key is
    /// a warning at its line, with the nearest known key when it looks like a typo.
    static func parse(_ text: String, path: String, sections: [AnySettingsSection]) -> (SiteConfiguration, [Diagnostic]) {
        var configuration = SiteConfiguration()
        let sectionsByKey = Dictionary(sections.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let knownKeys = sharedKeys.union(sectionsByKey.keys)
        var (mapping, diagnostics) = YAMLMappingReader.read(text, path: path, lineOffset: 0,
                                                            expectation: "hoshi.yml must be a mapping of settings (key: value)")
        guard let mapping else { return (configuration, diagnostics) }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let location = keyNode.location(in: path)
            switch key {
            case "title":
                configuration.title = value.scalarText(named: key, at: location, into: &diagnostics) ?? configuration.title
            case "description":
                configuration.description = value.scalarText(named: key, at: location, into: &diagnostics) ?? ""
            case "language":
                configuration.language = value.scalarText(named: key, at: location, into: &diagnostics) ?? "en"
            case "base_url":
                guard let text = value.scalarText(named: key, at: location, into: &diagnostics) else { continue }
                if let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil {
                    configuration.baseURL = url
                } else {
                    diagnostics.append(.error("base_url must be an absolute http or https URL, got '\(text)'",
                                              at: value.location(in: path)))
                }
            case "navigation":
                configuration.navigation = value.stringList(named: key, path: path, into: &diagnostics)
            case "mounts":
                configuration.mounts = ContentMount.parseList(value, path: path, into: &diagnostics)
            default:
                if let section = sectionsByKey[key] {
                    configuration.sections[key] = section.parse(value, key, path, &diagnostics)
                    continue
                }
                let suggestion = knownKeys.didYouMean(key)
                diagnostics.append(.warning("unknown key '\(key)' in hoshi.yml is ignored\(suggestion)", at: location))
            }
        }
        return (configuration, diagnostics)
    }
}

extension Yams.Node {
    func scalarText(named key: String, at location: SourceLocation, into diagnostics: inout [Diagnostic]) -> String? {
        if let scalar { return scalar.string }
        diagnostics.append(.error("'\(key)' must be a single value, not a list or mapping", at: location))
        return nil
    }

    func stringList(named key: String, path: String, into diagnostics: inout [Diagnostic]) -> [String] {
        if let scalar { return [scalar.string] }
        guard let sequence else {
            diagnostics.append(.error("'\(key)' must be a list of paths", at: location(in: path)))
            return []
        }
        var items: [String] = []
        for item in sequence {
            if let text = item.scalar?.string { items.append(text) } else {
                diagnostics.append(.error("each entry of '\(key)' must be a path", at: item.location(in: path)))
            }
        }
        return items
    }
}

extension Set<String> {
    /// The member nearest to `word` by edit distance, when it is close enough to be a plausible typo.
    func closestMatch(to word: String) -> String? {
        let ranked = map { ($0, EditDistance.between($0, word)) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        guard let best = ranked.first, best.1 <= Swift.max(2, word.count / 3) else { return nil }
        return best.0
    }
}
