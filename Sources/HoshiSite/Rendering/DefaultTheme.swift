import Foundation

/// The theme compiled into the `hoshi` binary from the repository's `templates/` folder (see
/// `Plugins/EmbedThemePlugin`), so `hoshi build` works on any site folder without installing files.
public enum DefaultTheme {
    /// Theme files by path relative to the theme folder (`layouts/page.mustache`, `assets/hoshi.css`).
    public static let files: [String: Data] = encodedFiles.compactMapValues { Data(base64Encoded: $0) }
}
