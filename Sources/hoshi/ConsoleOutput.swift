import Foundation
import HoshiCore

/// Standard output and standard error through one buffer, written with one `write` call per run of
/// text for the same stream (or per 64 KB).
///
/// Why: `hoshi sgf check` over a folder prints a line per file, and a `FileHandle` write per line cost
/// more than checking the file. The order of the two streams is kept: text for the other stream first
/// writes what is pending, so a file's diagnostics still come before its summary line on a terminal.
struct ConsoleOutput {
    enum Stream {
        case output
        case error
    }

    /// The file descriptors written: the process's own by default, a pipe's in tests.
    private let outputDescriptor: Int32
    private let errorDescriptor: Int32
    private var pending: [UInt8] = []
    private var pendingStream = Stream.output
    /// Written when reached, so a long run's output appears as it goes and its memory stays small.
    private static let flushSize = 1 << 16

    init(outputDescriptor: Int32 = STDOUT_FILENO, errorDescriptor: Int32 = STDERR_FILENO) {
        self.outputDescriptor = outputDescriptor
        self.errorDescriptor = errorDescriptor
    }

    mutating func write(_ text: String, to stream: Stream) {
        if stream != pendingStream {
            flush()
            pendingStream = stream
        }
        pending.append(contentsOf: text.utf8)
        if pending.count >= ConsoleOutput.flushSize { flush() }
    }

    /// A tool's output: its diagnostics (standard error), then its text (standard output).
    mutating func write(_ output: SGFTool.Output) {
        for diagnostic in output.diagnostics { write(diagnostic.description + "\n", to: .error) }
        if !output.text.isEmpty { write(output.text, to: .output) }
    }

    /// Writes everything pending. A stream that cannot be written (a closed pipe) loses the text, as
    /// `print` would.
    mutating func flush() {
        let descriptor = pendingStream == .output ? outputDescriptor : errorDescriptor
        pending.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var written = 0
            while written < bytes.count {
                let result = Glibc.write(descriptor, base + written, bytes.count - written)
                if result > 0 {
                    written += result
                } else if result < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
        pending.removeAll(keepingCapacity: true)
    }
}
