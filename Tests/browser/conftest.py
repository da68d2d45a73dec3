"""Shared fixtures: the hoshi binary, built sites, and a headless Chromium driven by Selenium."""
import filecmp
import os
import pathlib
import queue
import re
import shutil
import subprocess
import threading
import time

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def hoshi():
    binary = pathlib.Path(os.environ.get("HOSHI", REPOSITORY / ".build/debug/hoshi")).resolve()
    if not binary.exists():
        pytest.fail(f"hoshi binary not found at {binary}; run 'swift build' first or set HOSHI")
    return binary


def run_hoshi(hoshi, *arguments, cwd=None):
    return subprocess.run([str(hoshi), *map(str, arguments)], cwd=cwd, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="session")
def demo_site(hoshi, tmp_path_factory):
    """This repository's own site, built into a temporary folder."""
    output = tmp_path_factory.mktemp("demo") / "site"
    result = run_hoshi(hoshi, "build", REPOSITORY, "--output", output)
    assert result.returncode == 0, result.stderr
    return output


@pytest.fixture(scope="session")
def moved_demo_site(demo_site, tmp_path_factory):
    """A copy of the built site in another folder, as a user or an app bundle would move it."""
    target = tmp_path_factory.mktemp("moved") / "elsewhere" / "help"
    shutil.copytree(demo_site, target)
    return target


def make_driver(width=1280, height=900, arguments=()):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", "--allow-file-access-from-files", *arguments):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(options=options, service=service)


@pytest.fixture
def browser():
    driver = make_driver()
    yield driver
    driver.quit()


@pytest.fixture
def phone_browser():
    driver = make_driver(390, 800)
    yield driver
    driver.quit()


CORPUS_PLIST = REPOSITORY.parent / "shared/corpus/lightsoff/puzzles.plist"


@pytest.fixture(scope="session")
def puzzle_site(hoshi, tmp_path_factory):
    """The original game's puzzles.plist published with `lights.unsolvable: publish` (skips without the corpus)."""
    if not CORPUS_PLIST.exists():
        pytest.skip(f"{CORPUS_PLIST} is absent; skipping the puzzle page tests")
    source = tmp_path_factory.mktemp("puzzles")
    (source / "content").mkdir()
    (source / "hoshi.yml").write_text("title: Puzzles\nlights:\n  unsolvable: publish\n")
    (source / "content/index.md").write_text("# Puzzles\n\nThe [original set](original.plist).\n")
    shutil.copy(CORPUS_PLIST, source / "content/original.plist")
    output = source / "site"
    result = run_hoshi(hoshi, "build", source, "--output", output)
    assert result.returncode == 0, result.stderr
    return output


CORPUS = REPOSITORY.parent / "shared/corpus"
CORPUS_GAMES = {
    # file in the corpus -> where the game tests publish it
    "sgf/games/historical-edo/shusaku/126.sgf": "games/edo/shusaku-126.sgf",
    "sgf/games/historical-edo/jowa/276.sgf": "games/edo/jowa-276.sgf",
    "sgf/games/historical-edo/dosaku/022.sgf": "games/edo/dosaku-022.sgf",
    "sgf/tests/spec/ff4_ex.sgf": "games/spec/ff4-example.sgf",
}


@pytest.fixture(scope="session")
def corpus_game_site(hoshi, tmp_path_factory):
    """Real game records from ../shared/corpus published as game pages (skips without the corpus).

    Returns (site folder, content folder): tests read the records from the content folder."""
    if not CORPUS.exists():
        pytest.skip(f"{CORPUS} is absent; skipping the game page tests on corpus records")
    source = tmp_path_factory.mktemp("corpus-games")
    (source / "hoshi.yml").write_text("title: Corpus games\n")
    (source / "content").mkdir()
    (source / "content/index.md").write_text("# Corpus games\n\nGame records from the shared corpus.\n")
    for corpus_path, target in CORPUS_GAMES.items():
        destination = source / "content" / target
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(CORPUS / corpus_path, destination)
    output = source / "site"
    result = run_hoshi(hoshi, "build", source, "--output", output)
    assert result.returncode == 0, result.stderr
    return output, source / "content"


class Server:
    """`hoshi serve` on a site folder, with its standard error read line by line."""

    def __init__(self, hoshi, folder, output, *options):
        self.process = subprocess.Popen([str(hoshi), "serve", str(folder), "--port", "0", "--output", str(output), *options],
                                        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        announced = self.next_line(r"at http://127\.0\.0\.1:(\d+)/")
        self.port = int(re.search(r":(\d+)/", announced).group(1))

    def _read(self):
        for line in self.process.stderr:
            self.lines.put(line)

    def next_line(self, pattern, timeout=60):
        deadline = time.time() + timeout
        seen = []
        while time.time() < deadline:
            try:
                line = self.lines.get(timeout=max(0.1, deadline - time.time()))
            except queue.Empty:
                break
            seen.append(line)
            if re.search(pattern, line):
                return line
        pytest.fail(f"no line matching {pattern!r} from hoshi serve; it printed:\n{''.join(seen)}")

    def rebuilt(self):
        """The outcome line of the next rebuild."""
        return self.next_line(r"hoshi: (built|build failed)")

    def drain(self, quiet=0.5):
        """Discards what the server printed until `quiet` seconds pass without a line: a save the watcher saw
        as two changes (a write that took longer than the server's settle time, on a loaded machine) gives a
        second rebuild that changes nothing, whose line must not be read as the next edit's outcome."""
        while True:
            try:
                self.lines.get(timeout=quiet)
            except queue.Empty:
                return

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def wait_for_live_reload(browser, timeout=30):
    """Waits until the page `hoshi serve` served has its live-reload socket open, so that it follows rebuilds."""
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, timeout).until(
        lambda driver: driver.execute_script("return document.documentElement.dataset.hoshiLiveReload") == "connected")


def differences(expected: pathlib.Path, actual: pathlib.Path):
    """Paths (files and folders) present in one tree only or with different bytes."""
    found = []
    comparison = filecmp.dircmp(expected, actual)

    def walk(comparison, prefix):
        found.extend(f"only in clean build: {prefix}{name}" for name in comparison.left_only)
        found.extend(f"only in served site: {prefix}{name}" for name in comparison.right_only)
        _, mismatched, errors = filecmp.cmpfiles(comparison.left, comparison.right, comparison.common_files, shallow=False)
        found.extend(f"different bytes: {prefix}{name}" for name in mismatched + errors)
        for name, sub in comparison.subdirs.items():
            walk(sub, f"{prefix}{name}/")

    walk(comparison, "")
    return found


def edit(path: pathlib.Path, old: str, new: str):
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    # A new modification time even on file systems with coarse timestamps, as an editor's save would give.
    path.write_text(text.replace(old, new, 1))


def assert_same_as_clean_build(hoshi, source, served, tmp_path, what):
    clean = tmp_path / "clean"
    if clean.exists():
        shutil.rmtree(clean)
    result = run_hoshi(hoshi, "build", source, "--output", clean)
    assert result.returncode == 0, f"after {what}: the clean build failed: {result.stderr}"
    assert differences(clean, served) == [], f"after {what}"


def rebuild_after(hoshi, server, source, served, tmp_path, what, change, outcome="built"):
    """Makes `change` to a site a running `server` serves, waits for the rebuild, checks its outcome and, when it
    built, that the served folder is byte for byte a clean build of the same sources. Returns the outcome line."""
    server.drain()
    change()
    line = server.rebuilt()
    assert f"hoshi: {outcome}" in line, f"{what}: {line}"
    if outcome == "built":
        assert_same_as_clean_build(hoshi, source, served, tmp_path, what)
    return line
