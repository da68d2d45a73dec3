/// Content types for the files a site contains.
enum MediaType {
    static func forExtension(_ pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "html", "htm": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "ico": "image/x-icon"
        case "xml": "application/xml"
        case "txt", "manual": "text/plain; charset=utf-8"
        case "sgf": "application/x-go-sgf"
        case "woff2": "font/woff2"
        case "pdf": "application/pdf"
        default: "application/octet-stream"
        }
    }
}
