/// Each indexed term's ascending target numbers, with its encoding for the index, kept between the
/// rebuilds of `hoshi serve` and updated for the pages that changed.
///
/// Targets are numbered through the pages in order. When every page keeps its place and its number of
/// targets, an edit moves no number: the changed pages' old targets leave their terms' lists and the new
/// ones join them, and only those terms are encoded again. Otherwise the lists are gathered again from
/// every page (and a term is encoded again only if its list differs).
struct SearchPostings {
    private var lists: [[Int]] = []
    private var encodings: [String?] = []
    /// The analyses the lists hold, in page order.
    private var pages: [SearchIndexBuilder.PageAnalysis] = []
    private(set) var targetCount = 0

    /// Whether any target holds `term`.
    func holds(_ term: Int) -> Bool {
        term < lists.count && !lists[term].isEmpty
    }

    /// `CompactEncoding.postings` of the term's list, made again only when the list changed.
    mutating func encoded(_ term: Int) -> String {
        if let text = encodings[term] { return text }
        let text = CompactEncoding.postings(lists[term])
        encodings[term] = text
        return text
    }

    /// Makes the lists those of `analyses` (every page's, in order), whose term numbers are below `termCount`.
    mutating func update(_ analyses: [SearchIndexBuilder.PageAnalysis], termCount: Int) {
        if lists.count < termCount {
            lists += Array(repeating: [], count: termCount - lists.count)
            encodings += Array(repeating: nil, count: termCount - encodings.count)
        }
        let samePlaces = analyses.count == pages.count && zip(analyses, pages).allSatisfy { new, old in
            new === old || new.targetTermNumbers.count == old.targetTermNumbers.count
        }
        guard samePlaces else { return gather(analyses) }
        var first = 0
        for (new, old) in zip(analyses, pages) {
            defer { first += new.targetTermNumbers.count }
            guard new !== old else { continue }
            for (offset, terms) in old.targetTermNumbers.enumerated() {
                for term in terms { remove(first + offset, from: term) }
            }
            for (offset, terms) in new.targetTermNumbers.enumerated() {
                for term in terms { insert(first + offset, into: term) }
            }
        }
        pages = analyses
    }

    private mutating func gather(_ analyses: [SearchIndexBuilder.PageAnalysis]) {
        var fresh = [[Int]](repeating: [], count: lists.count)
        var target = 0
        for analysis in analyses {
            for terms in analysis.targetTermNumbers {
                for term in terms { fresh[term].append(target) }
                target += 1
            }
        }
        for term in fresh.indices where fresh[term] != lists[term] { encodings[term] = nil }
        lists = fresh
        pages = analyses
        targetCount = target
    }

    private mutating func remove(_ target: Int, from term: Int) {
        let position = insertionPoint(of: target, in: lists[term])
        guard position < lists[term].count, lists[term][position] == target else { return }
        lists[term].remove(at: position)
        encodings[term] = nil
    }

    private mutating func insert(_ target: Int, into term: Int) {
        let position = insertionPoint(of: target, in: lists[term])
        guard position == lists[term].count || lists[term][position] != target else { return }
        lists[term].insert(target, at: position)
        encodings[term] = nil
    }

    /// The first position in the ascending `list` whose number is not below `target`.
    private func insertionPoint(of target: Int, in list: [Int]) -> Int {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
