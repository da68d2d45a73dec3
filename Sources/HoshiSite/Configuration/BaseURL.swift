import Foundation

/// The one check of a site's deployment URL, for `base_url` in hoshi.yml and `--base-url` alike: an absolute
/// http or https URL with a host, since it only ever prefixes `sitemap.xml` entries and canonical links.
public enum BaseURL {
    /// The URL `text` names, or nil when it is not an absolute http or https URL.
    public static func parse(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            return nil
        }
        return url
    }

    /// The message for a rejected value, after the name of the setting (`base_url`, `--base-url`).
    public static func problem(with text: String) -> String {
        "must be an absolute http or https URL, got '\(text)'"
    }
}
