import FlyingFox
import Foundation

/// The open pages of a dev-server session: each holds a WebSocket; a rebuild tells them all to reload,
/// a failed build tells them to show its diagnostics over the page.
public final class LiveReloadHub: WSMessageHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var clients: [UUID: AsyncStream<WSMessage>.Continuation] = [:]
    /// The diagnostics of the last failed build, sent to pages that connect while it stands.
    private var currentError: String?

    public init() {}

    public func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<WSMessage>.makeStream()
        let error = lock.withLock { () -> String? in
            clients[id] = continuation
            return currentError
        }
        if let error { continuation.yield(.text(Self.errorMessage(error))) }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.withLock { self.clients.removeValue(forKey: id) }
        }
        // Drain what the page sends (nothing but pings) so the connection stays healthy.
        Task {
            for await _ in client {}
            continuation.finish()
        }
        return stream
    }

    public var clientCount: Int { lock.withLock { clients.count } }

    /// After a successful rebuild that may have changed any page (or cleared a failure's overlay).
    public func reload() {
        broadcast("reload", error: nil)
    }

    /// After a successful rebuild that changed these pages (output paths): only pages showing one reload.
    public func reload(pages: [String]) {
        broadcast("reload:" + pages.joined(separator: "\n"), error: nil)
    }

    /// After a failed rebuild: the page keeps showing the last good site under an overlay.
    public func showError(_ diagnostics: String) {
        broadcast(Self.errorMessage(diagnostics), error: diagnostics)
    }

    private func broadcast(_ text: String, error: String?) {
        let targets = lock.withLock { () -> [AsyncStream<WSMessage>.Continuation] in
            currentError = error
            return Array(clients.values)
        }
        for client in targets { client.yield(.text(text)) }
    }

    private static func errorMessage(_ diagnostics: String) -> String {
        "error:" + diagnostics
    }
}
