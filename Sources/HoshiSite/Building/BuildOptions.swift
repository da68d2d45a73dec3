import Foundation

/// What one build is asked to do.
public struct BuildOptions: Sendable {
    /// The site folder: `hoshi.yml`, `content/`, optionally `templates/`.
    public var sourceDirectory: URL
    /// Where the site is written (replaced as a whole when the build succeeds).
    public var outputDirectory: URL
    /// Overrides `base_url` from `hoshi.yml`.
    public var baseURL: URL?
    /// Treat warnings as errors: the commands make the build's `DiagnosticLog` with it (`--strict`).
    public var isStrict = false
    /// Whether missing move hints are computed (`true`) or pages show only the hints already cached
    /// (`--no-hints`: the build does not wait for the engine).
    public var computesHints = true
    /// The hint cache; nil for `.hoshi-cache/hints` beside `hoshi.yml`.
    public var hintCacheDirectory: URL?

    public init(sourceDirectory: URL, outputDirectory: URL, baseURL: URL? = nil, isStrict: Bool = false) {
        self.sourceDirectory = sourceDirectory.standardizedFileURL
        self.outputDirectory = outputDirectory.standardizedFileURL
        self.baseURL = baseURL
        self.isStrict = isStrict
    }
}
