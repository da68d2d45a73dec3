/// A step of a reader whose results the build memory keeps (`ReadStepMemory`), declared once by the reader as
/// a static (`GameSiteReader.fileStep`). Its declaration fixes the type of the step's inputs (everything the
/// step reads besides its file's bytes, one `Equatable` value) and of its result, so every call of the step
/// passes inputs of that type: a call keyed by another value does not compile, and a kept result is only ever
/// compared with inputs of the kind it was made from.
///
/// A step runs either on one file (`ReadingContext.result(of:for:inputs:_:)`, kept with the file's content hash
/// and its inputs) or on several, under a name (`ReadingContext.result(of:named:inputs:_:)`, kept with its inputs
/// alone).
struct ReadStep<Inputs: Equatable & Sendable, Result>: Sendable {
    /// Unique within its reader: the runs of a step are counted by it (`BuildMemory.readStepRuns`).
    let name: String

    init(_ name: String) {
        self.name = name
    }
}
