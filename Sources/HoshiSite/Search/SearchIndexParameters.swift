/// The knobs that trade index size against result quality, together so tests can pass their own.
public struct SearchIndexParameters: Sendable {
    /// Characters of each section's text kept for result snippets (cut back to a word boundary). The full
    /// text would make the index as large as the pages; matches beyond the excerpt are still found, and
    /// their snippet shows the excerpt with the section title.
    public var excerptLength = 50
    /// Words too common to narrow a search, left out of the index. They are written into the index so the
    /// page script drops them from queries too, instead of finding nothing.
    public var stopWords: Set<String> = [
        "about", "after", "all", "also", "an", "and", "any", "are", "as", "at", "be", "because", "been", "but",
        "by", "can", "do", "does", "each", "for", "from", "has", "have", "how", "if", "in", "into", "is", "it",
        "its", "may", "more", "no", "not", "of", "on", "one", "only", "or", "other", "so", "some", "such", "than",
        "that", "the", "their", "them", "then", "there", "these", "they", "this", "to", "very", "was", "were",
        "what", "when", "where", "which", "while", "will", "with", "would", "you", "your",
    ]

    public init() {}
}
