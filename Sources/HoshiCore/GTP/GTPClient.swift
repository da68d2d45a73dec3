import Foundation

/// A GTP controller's end of one engine: runs the engine's command line as a subprocess and exchanges
/// commands and replies over its standard input and output, each command with a timeout.
///
/// The command line runs through `/bin/sh -c 'exec ...'`, so it is written as in a shell
/// (`/usr/games/gnugo --mode gtp --level 10`). Standard error is drained (and its last lines kept for error
/// messages) so a chatty engine such as Pachi never blocks on a full pipe.
///
/// Creating a client makes the process ignore SIGPIPE: writing to an engine that has died must be an
/// error (`engineDied`), not the end of the controller.
public final class GTPClient: @unchecked Sendable {
    /// Why a command did not get a successful reply.
    public enum Failure: Error, CustomStringConvertible, Equatable {
        case couldNotStart(commandLine: String, reason: String)
        /// No complete reply within the timeout.
        case timeout(command: String, seconds: Double)
        /// The engine exited (or closed its output) before replying.
        case engineDied(command: String, detail: String)
        /// The reply does not start with `=` or `?`.
        case garbage(command: String, reply: String)
        /// The engine answered `?` with this message.
        case refused(command: String, message: String)

        public var description: String {
            switch self {
            case .couldNotStart(let commandLine, let reason): return "cannot start engine '\(commandLine)': \(reason)"
            case .timeout(let command, let seconds): return "engine gave no reply to '\(command)' within \(seconds) s"
            case .engineDied(let command, let detail): return "engine died before answering '\(command)'\(detail)"
            case .garbage(let command, let reply): return "engine answered '\(command)' with garbage: \(reply.debugDescription)"
            case .refused(let command, let message): return "engine refused '\(command)': \(message)"
            }
        }
    }

    public let commandLine: String
    /// Seconds each command may take.
    public var timeout: Double
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var buffer: [UInt8] = []
    private var outputClosed = false
    private var errorTail: [UInt8] = []

    /// Starts the engine.
    public init(commandLine: String, timeout: Double = 60) throws(Failure) {
        self.commandLine = commandLine
        self.timeout = timeout
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec " + commandLine]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw .couldNotStart(commandLine: commandLine, reason: "\(error)")
        }
        startReading()
    }

    deinit {
        close()
    }

    /// Whether the engine process is still running.
    public var isRunning: Bool { process.isRunning }

    /// Sends one command and returns the reply's text (after `=` and the id, trimmed).
    ///
    /// - Throws: `Failure.refused` for a `?` reply, `.timeout`, `.engineDied` or `.garbage` otherwise.
    @discardableResult
    public func send(_ command: String) throws(Failure) -> String {
        guard process.isRunning else { throw .engineDied(command: command, detail: diedDetail()) }
        do {
            try input.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))
        } catch {
            throw .engineDied(command: command, detail: diedDetail())
        }
        let reply = try waitForReply(to: command)
        let text = String(decoding: reply, as: UTF8.self)
        guard let first = text.first, first == "=" || first == "?" else { throw .garbage(command: command, reply: text) }
        // Drop the status character and an id, keep the rest.
        var body = text.dropFirst()
        while let character = body.first, character.isNumber { body = body.dropFirst() }
        let message = body.trimmingCharacters(in: .whitespacesAndNewlines)
        if first == "?" { throw .refused(command: command, message: message) }
        return message
    }

    /// Runs a streaming command (`lz-analyze`, `kata-analyze`) for `seconds`, then stops it the way those
    /// commands define, by sending another command (`name`), and returns the streamed lines.
    ///
    /// - Throws: as `send(_:)`; `.refused` when the engine does not know the command.
    public func stream(_ command: String, for seconds: Double) throws(Failure) -> [String] {
        guard process.isRunning else { throw .engineDied(command: command, detail: diedDetail()) }
        do {
            try input.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))
            Thread.sleep(forTimeInterval: seconds)
            try input.fileHandleForWriting.write(contentsOf: Data("name\n".utf8))
        } catch {
            throw .engineDied(command: command, detail: diedDetail())
        }
        let streamed = String(decoding: try waitForReply(to: command), as: UTF8.self)
        _ = try waitForReply(to: "name")
        guard let first = streamed.first, first == "=" || first == "?" else { throw .garbage(command: command, reply: streamed) }
        if first == "?" { throw .refused(command: command, message: String(streamed.dropFirst()).trimmingCharacters(in: .whitespacesAndNewlines)) }
        return streamed.split(separator: "\n").dropFirst().map(String.init)
    }

    /// Sends `quit` (briefly) and ends the process.
    public func close() {
        if process.isRunning {
            let saved = timeout
            timeout = 2
            _ = try? send("quit")
            timeout = saved
        }
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
    }

    // MARK: - Reading

    /// Reads standard output and standard error on threads of their own into the buffers.
    private func startReading() {
        let outputHandle = output.fileHandleForReading
        let errorHandle = errors.fileHandleForReading
        Thread.detachNewThread { [weak self] in
            while true {
                let data = outputHandle.availableData
                guard let self else { return }
                self.condition.lock()
                if data.isEmpty { self.outputClosed = true } else { self.buffer.append(contentsOf: data) }
                self.condition.broadcast()
                self.condition.unlock()
                if data.isEmpty { return }
            }
        }
        Thread.detachNewThread { [weak self] in
            while true {
                let data = errorHandle.availableData
                guard !data.isEmpty, let self else { return }
                self.condition.lock()
                self.errorTail.append(contentsOf: data)
                if self.errorTail.count > 2_000 { self.errorTail.removeFirst(self.errorTail.count - 2_000) }
                self.condition.unlock()
            }
        }
    }

    /// Waits for a complete reply (up to two consecutive newlines, carriage returns ignored) and removes
    /// it from the buffer. Lines before the reply's `=` or `?` that are empty are skipped.
    private func waitForReply(to command: String) throws(Failure) -> [UInt8] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            buffer.removeAll { $0 == 13 }
            while buffer.first == 10 { buffer.removeFirst() }
            if let end = replyEnd() {
                let reply = Array(buffer[..<end])
                buffer.removeFirst(min(buffer.count, end + 2))
                return reply
            }
            if outputClosed {
                throw .engineDied(command: command, detail: diedDetail(locked: true))
            }
            if !condition.wait(until: deadline) {
                throw .timeout(command: command, seconds: timeout)
            }
        }
    }

    /// The index of the first "\n\n" in the buffer.
    private func replyEnd() -> Int? {
        guard buffer.count >= 2 else { return nil }
        for index in 0..<(buffer.count - 1) where buffer[index] == 10 && buffer[index + 1] == 10 { return index }
        return nil
    }

    private func diedDetail(locked: Bool = false) -> String {
        if !locked { condition.lock() }
        let tail = String(decoding: errorTail, as: UTF8.self).split(separator: "\n").suffix(3).joined(separator: " | ")
        if !locked { condition.unlock() }
        var detail = ""
        if !process.isRunning { detail += " (exit status \(process.terminationStatus))" }
        if !tail.isEmpty { detail += "; its last error output: \(tail)" }
        return detail
    }
}
