import Foundation

/// The script the dev server adds to every HTML page it serves (never written to disk): it keeps a
/// WebSocket to the server, reloads when a rebuild changed this page (`reload:` and the changed output
/// paths, one a line) or every page (`reload`), and shows build errors over the page. While the socket is
/// open, the root element carries `data-hoshi-live-reload="connected"`.
enum LiveReloadScript {
    static let path = "/__hoshi/live"

    static let html = """
    <script>
    (() => {
      "use strict";
      let overlay = null;
      const showError = (text) => {
        if (!overlay) {
          overlay = document.createElement("div");
          overlay.className = "hoshi-error-overlay";
          overlay.setAttribute("role", "alert");
          overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:2rem;background:rgba(20,8,8,.94);color:#fde2e2;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap";
          document.body.appendChild(overlay);
        }
        overlay.textContent = "Build failed. The last good version of the site is shown underneath.\\n\\n" + text;
      };
      // The output path of this page: the server serves the site at its root, and a folder means its index.html.
      const shownPath = () => {
        const path = decodeURIComponent(location.pathname).replace(/^\\/+/, "");
        return path === "" || path.endsWith("/") ? path + "index.html" : path;
      };
      const connect = (wasDisconnected) => {
        const socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "\(path)");
        // The attribute says the page will follow rebuilds from now on (browser tests wait for it).
        socket.onopen = () => {
          document.documentElement.dataset.hoshiLiveReload = "connected";
          if (wasDisconnected) location.reload();
        };
        socket.onmessage = (event) => {
          if (event.data === "reload") location.reload();
          else if (typeof event.data === "string" && event.data.startsWith("reload:")) {
            if (event.data.slice(7).split("\\n").includes(shownPath())) location.reload();
          }
          else if (typeof event.data === "string" && event.data.startsWith("error:")) showError(event.data.slice(6));
        };
        socket.onclose = () => {
          delete document.documentElement.dataset.hoshiLiveReload;
          setTimeout(() => connect(true), 1000);
        };
      };
      connect(false);
    })();
    </script>
    """

    /// Inserts the script before `</body>`, or appends it when the page has none.
    static func inject(into page: String) -> String {
        guard let range = page.range(of: "</body>", options: [.backwards, .caseInsensitive]) else { return page + html }
        return page.replacingCharacters(in: range, with: html + "\n</body>")
    }
}
