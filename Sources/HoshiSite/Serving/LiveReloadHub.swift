import FlyingFox
import Foundation
import HoshiCore

/// The open pages of a dev-server session: each holds a WebSocket; a rebuild tells them all to reload,
/// a failed build tells them to show its diagnostics over the page.
public final class LiveReloadHub: WSMessageHandler, Sendable {
    private struct State {
        var clients: [UUID: AsyncStream<WSMessage>.Continuation] = [:]
        /// The diagnostics of the last failed build, sent to pages that connect while it stands.
        var currentError: String?
    }

    private let state = LockedValue(State())

    public init() {}

    public func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<WSMessage>.makeStream()
        let error = state.withLock { state -> String? in
            state.clients[id] = continuation
            return state.currentError
        }
        if let error { continuation.yield(.text(Self.errorMessage(error))) }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.state.withLock { $0.clients.removeValue(forKey: id) }
        }
        // Drain what the page sends (nothing but pings) so the connection stays healthy.
        Task {
            for await _ in client {}
            continuation.finish()
        }
        return stream
    }

    public var clientCount: Int { state.withLock { $0.clients.count } }

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
        let targets = state.withLock { state -> [AsyncStream<WSMessage>.Continuation] in
            state.currentError = error
            return Array(state.clients.values)
        }
        for client in targets { client.yield(.text(text)) }
    }

    private static func errorMessage(_ diagnostics: String) -> String {
        "error:" + diagnostics
    }
}
