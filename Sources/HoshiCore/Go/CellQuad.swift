/// Four cell indices to loop over: a value with its own iterator, so the hot loops of the engine's and the
/// solver's boards allocate nothing (an array literal there costs a heap allocation per loop).
struct CellQuad: Sequence, IteratorProtocol {
    private let cells: SIMD4<Int>
    private var position = 0

    @inline(__always)
    init(_ first: Int, _ second: Int, _ third: Int, _ fourth: Int) {
        cells = SIMD4(first, second, third, fourth)
    }

    @inline(__always)
    mutating func next() -> Int? {
        guard position < 4 else { return nil }
        defer { position += 1 }
        return cells[position]
    }
}
