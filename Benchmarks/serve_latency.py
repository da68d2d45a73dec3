"""Edit-to-browser latency of a running dev server: from saving a page to the rebuilt page on disk, and
to the live reload message, for `hoshi serve` and `hugo server --renderToDisk` on the same corpus.

The clock starts just before the edited source is written and stops when the output page holds the
edit's marker (polled every half millisecond) or when Hoshi's reload message naming the page arrives.
Each edit waits for the previous rebuild to finish; the first edit of each kind is a warm-up.
"""
import base64
import os
import pathlib
import queue
import re
import socket
import statistics
import struct
import subprocess
import threading
import time


class ReloadListener:
    """A WebSocket client of Hoshi's live reload endpoint that timestamps every message on arrival."""

    def __init__(self, port):
        self.socket = socket.create_connection(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.socket.sendall((f"GET /__hoshi/live HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                             f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self.socket.recv(4096)
        self.buffer = self.buffer.split(b"\r\n\r\n", 1)[1]
        self.messages = queue.Queue()
        threading.Thread(target=self._listen, daemon=True).start()

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.socket.recv(65536)
            if not chunk:
                raise EOFError
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def _listen(self):
        try:
            while True:
                first, second = self._read(2)
                length = second & 0x7F
                if length == 126:
                    length = struct.unpack(">H", self._read(2))[0]
                elif length == 127:
                    length = struct.unpack(">Q", self._read(8))[0]
                payload = self._read(length)
                if first & 0x0F == 1:
                    self.messages.put((time.perf_counter(), payload.decode()))
        except (EOFError, OSError):
            pass

    def reload_naming(self, page, timeout=30):
        """Arrival time of the next message that reloads `page` (an output path)."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            arrived, text = self.messages.get(timeout=deadline - time.time())
            if text == "reload" or (text.startswith("reload:") and page in text[7:].split("\n")):
                return arrived
        raise TimeoutError(f"no reload message for {page}")

    def drain(self):
        while not self.messages.empty():
            self.messages.get()


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_marker(output, marker, timeout=30):
    """perf_counter time at which `output` first holds `marker`."""
    deadline = time.time() + timeout
    last = None
    while time.time() < deadline:
        try:
            status = os.stat(output)
            stamp = (status.st_ino, status.st_mtime_ns, status.st_size)
            if stamp != last:
                last = stamp
                if marker in output.read_text(errors="replace"):
                    return time.perf_counter()
        except FileNotFoundError:
            pass
        time.sleep(0.0005)
    raise TimeoutError(f"{output} never showed {marker}")


def edit_body(text, marker):
    return text + f"\nAn edited paragraph {marker}.\n"


def edit_title(text, marker):
    return re.sub(r"^title: (.*)$", lambda match: f"title: {match.group(1).split(' edit')[0]} {marker}",
                  text, count=1, flags=re.MULTILINE)


EDITS = {"body": edit_body, "title": edit_title}


def edit_game_comment(text, marker):
    """A comment in a node of its own at the end of the main line (the file must hold no variations),
    replacing the previous edit's."""
    text = re.sub(r";C\[edit[^\]]*\]\)\s*$", ")", text.rstrip())
    return text[:-1] + f";C[{marker}])\n"


def measure(source, output, edit, runs, listener=None, page=None):
    """Median seconds from saving `source` to `output` holding the edit (and to the reload message)."""
    disk, reload = [], []
    for run in range(runs + 1):
        time.sleep(0.5)  # the previous rebuild is over
        if listener:
            listener.drain()
        marker = f"edit{run}x{time.time_ns() % 1_000_000}"
        text = edit(source.read_text(), marker)
        start = time.perf_counter()
        source.write_text(text)
        on_disk = wait_for_marker(output, marker)
        reloaded = listener.reload_naming(page) if listener else None
        if run == 0:
            continue
        disk.append(on_disk - start)
        if reloaded:
            reload.append(reloaded - start)
    return statistics.median(disk), (statistics.median(reload) if reload else None)


def hoshi_latencies(hoshi, corpus, output, page, runs, edits=EDITS):
    """Median latencies of `hoshi serve` for each of `edits` of `content/<page>`, by edit name."""
    process = subprocess.Popen([str(hoshi), "serve", str(corpus), "--port", "0", "--output", str(output)],
                               stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    try:
        port = None
        for line in process.stderr:
            match = re.search(r"at http://127\.0\.0\.1:(\d+)/", line)
            if match:
                port = int(match.group(1))
                break
        if port is None:
            raise RuntimeError("hoshi serve did not start")
        threading.Thread(target=lambda: [None for _ in process.stderr], daemon=True).start()
        listener = ReloadListener(port)
        html = page.with_suffix(".html")
        return {kind: measure(corpus / "content" / page, output / html, edit, runs, listener, str(html))
                for kind, edit in edits.items()}
    finally:
        process.terminate()
        process.wait(timeout=10)


def hugo_latencies(hugo, folder, output, page, runs):
    """`hugo server --renderToDisk` with its defaults (fast render mode, live reload)."""
    port = free_port()
    process = subprocess.Popen([hugo, "server", "--renderToDisk", "-d", str(output), "--bind", "127.0.0.1",
                                "--port", str(port)], cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        for line in process.stdout:
            if "Web Server is available" in line or "Press Ctrl+C" in line:
                break
        else:
            raise RuntimeError("hugo server did not start")
        threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
        html = page.with_suffix(".html")
        return {kind: measure(folder / "content" / page, output / html, edit, runs)[0] for kind, edit in EDITS.items()}
    finally:
        process.terminate()
        process.wait(timeout=10)
