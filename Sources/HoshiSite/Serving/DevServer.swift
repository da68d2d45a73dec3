import FlyingFox
import Foundation
import HoshiCore

/// `hoshi serve`: builds the site, serves the output on 127.0.0.1 only, rebuilds when sources change and
/// makes open pages reload (or show the build's errors over the last good page).
public final class DevServer: @unchecked Sendable {
    public let options: BuildOptions
    public let port: UInt16
    private let hub = LiveReloadHub()
    private let printer = DiagnosticPrinter.standardError
    private let resolver: SitePathResolver
    /// Diagnostics of the last build when it failed, for pages requested before any good build exists.
    private let lastFailure = LockedValue<String?>(nil)
    /// What the previous build made, so a rebuild redoes only what an edit reaches.
    private let memory = BuildMemory()
    /// Prints how long each phase of every build took.
    public var printsTimings = false
    /// Watches the sources by polling even where the kernel's events are available: the kernel does not
    /// report changes made through a network file system (a mount's source on a shared drive) by another machine.
    public var polls = false
    /// How long the sources must stay unchanged after an edit before the rebuild starts: long enough for an
    /// editor's write-then-rename or a save of several files to count as one edit, short enough not to be felt.
    static let settleTime = Duration.milliseconds(5)

    public init(options: BuildOptions, port: UInt16) {
        self.options = options
        self.port = port
        resolver = SitePathResolver(root: options.outputDirectory)
    }

    /// Builds once, then serves until the process is stopped.
    public func run(announce: @Sendable (String) -> Void) async throws {
        // Watching starts before the first build, so an edit saved while it runs is not missed.
        let sources = watchedSources()
        let events = polls ? nil : SourceEventWatcher(sources: sources)
        let snapshot = SourceWatcher(sources: sources).snapshot()
        rebuild(isInitial: true)
        // IPv4 loopback explicitly: never reachable from another machine.
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: port), logger: .disabled)
        await server.appendRoute(HTTPRoute(method: .GET, path: LiveReloadScript.path),
                                 to: WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: hub)))
        await server.appendRoute("*") { [self] request in
            response(for: request)
        }
        let watcher = Task.detached { [self] in await watch(events: events, snapshot: snapshot) }
        defer { watcher.cancel() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            try await server.waitUntilListening()
            if let address = await server.listeningAddress, case let .ip4(host, actualPort) = address {
                announce("serving \(options.outputDirectory.path) at http://\(host):\(actualPort)/ (Ctrl-C to stop)")
            }
            try await group.next()
        }
    }

    func response(for request: HTTPRequest) -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else {
            return HTTPResponse(statusCode: .methodNotAllowed)
        }
        switch resolver.resolve(request.target.path()) {
        case .forbidden:
            return HTTPResponse(statusCode: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                                body: Data("Forbidden: outside the site\n".utf8))
        case let .redirect(location):
            return HTTPResponse(statusCode: .movedPermanently, headers: HTTPHeaders([.location: location]))
        case .notFound:
            if let failure = lastFailure.value {
                return page(status: .notFound, html: Self.failurePage(failure))
            }
            if case let .file(notFound) = resolver.resolve("/404.html"), let data = FileManager.default.contents(atPath: notFound.path) {
                return page(status: .notFound, html: String(decoding: data, as: UTF8.self))
            }
            return HTTPResponse(statusCode: .notFound, body: Data("Not found\n".utf8))
        case let .file(url):
            guard let data = FileManager.default.contents(atPath: url.path) else {
                return HTTPResponse(statusCode: .notFound)
            }
            let type = MediaType.forExtension(url.pathExtension)
            if type.hasPrefix("text/html") {
                return page(status: .ok, html: String(decoding: data, as: UTF8.self))
            }
            return HTTPResponse(statusCode: .ok, headers: HTTPHeaders([.contentType: type, .cacheControl: "no-store"]), body: data)
        }
    }

    private func page(status: HTTPStatusCode, html: String) -> HTTPResponse {
        HTTPResponse(statusCode: status,
                     headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                     body: Data(LiveReloadScript.inject(into: html).utf8))
    }

    private static func failurePage(_ diagnostics: String) -> String {
        "<!doctype html><meta charset=utf-8><title>Build failed</title><body><h1>Build failed</h1><pre>\(HTMLText.escape(diagnostics))</pre></body>"
    }

    /// Builds into the output folder; prints the outcome and tells open pages.
    private func rebuild(isInitial: Bool) {
        let log = DiagnosticLog(treatsWarningsAsErrors: options.isStrict)
        let builder = SiteBuilder(options: options, log: log, progress: BuildProgress(), memory: memory)
        let report = builder.build()
        let diagnostics = log.diagnostics
        printer.print(diagnostics)
        if let report {
            let recovered = lastFailure.value != nil
            lastFailure.value = nil
            if printsTimings {
                let phases = report.phases.map { "\($0.name) \(String(format: "%.1f", $0.seconds * 1000))" }
                FileHandle.standardError.write(Data("hoshi: phases (ms): \(phases.joined(separator: ", "))\n".utf8))
            }
            let milliseconds = String(format: "%.0f", report.totalSeconds * 1000)
            let changed = memory.changedPages
            FileHandle.standardError.write(Data(("hoshi: built \(report.pageCount) pages in \(milliseconds) ms "
                + "(\(memory.renderedPageCount) rendered, \(changed.count) changed)\n").utf8))
            // After a failure every open page shows the overlay, so all reload; otherwise only changed pages.
            if recovered {
                hub.reload()
            } else if !isInitial, !changed.isEmpty {
                hub.reload(pages: changed)
            }
        } else {
            let text = diagnostics.map(\.description).joined(separator: "\n")
            lastFailure.value = text
            FileHandle.standardError.write(Data("hoshi: build failed; still serving the last good site\n".utf8))
            hub.showError(text)
        }
    }

    /// What the watchers watch: the site's sources and the sources of the mounts hoshi.yml names now.
    private func watchedSources() -> [WatchedSource] {
        WatchedSource.sources(siteDirectory: options.sourceDirectory, mounts: WatchedSource.mounts(ofSite: options.sourceDirectory))
    }

    /// Rebuilds after each change `events` reports; polls with `SourceWatcher` from `snapshot` where the
    /// kernel's events are unavailable or not wanted (`polls`), or if they stop.
    ///
    /// Before each rebuild the watchers take up the mounts of hoshi.yml as it is then, so an edit of hoshi.yml
    /// moves the watches before the build that reads it, and what is saved in a new mount meanwhile is seen.
    private func watch(events: SourceEventWatcher?, snapshot: [String: String]) async {
        if let events {
            // A thread of its own: waiting for the kernel blocks, which the server's task pool must not do.
            let finished = LockedValue(false)
            let thread = Thread { [self] in
                while events.waitForChange(quiet: Self.settleTime), events.follow(watchedSources()) {
                    rebuild(isInitial: false)
                }
                finished.value = true
            }
            thread.start()
            while !Task.isCancelled, !finished.value { try? await Task.sleep(for: .milliseconds(500)) }
            if !finished.value { return }
        }
        await poll(from: snapshot)
    }

    /// Watching by polling, where the kernel's events are unavailable or not wanted.
    private func poll(from snapshot: [String: String]) async {
        var watcher = SourceWatcher(sources: watchedSources())
        var previous = snapshot
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(300))
            let current = watcher.snapshot()
            guard current != previous else { continue }
            // Let an editor finish writing (several files, or write-then-rename) before building.
            try? await Task.sleep(for: .milliseconds(100))
            watcher = SourceWatcher(sources: watchedSources())
            previous = watcher.snapshot()
            rebuild(isInitial: false)
        }
    }
}
