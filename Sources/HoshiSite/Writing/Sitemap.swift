import Foundation

/// `sitemap.xml` for search engines; written only when `base_url` is known, as sitemaps need absolute URLs.
public struct Sitemap: Sendable {
    public var baseURL: URL
    public var paths: [String]

    public var xml: String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in paths.sorted() {
            let location = baseURL.appending(path: path).absoluteString
            text += "  <url><loc>\(HTMLText.escape(location))</loc></url>\n"
        }
        return text + "</urlset>\n"
    }
}
