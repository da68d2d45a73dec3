/// What a reader may consult while the build hands out the content files (`ContentKindReader.claims(_:in:)`,
/// `linkTarget(for:in:)`), before anything is read: the files' contents, parsed once for every kind.
struct ClaimingContext: Sendable {
    /// The site's SGF files, parsed once per build: the parses claiming makes are the ones reading uses.
    let sgfFiles: ParsedSGFFiles
}
