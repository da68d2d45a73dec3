#!/usr/bin/env python3
"""`make bench`: runs Hoshi's benchmarks and their peers in the same run and prints one table.

Each row names what was measured, Hoshi's figure, the peer's figure on the same input when the peer is
installed, their ratio, and the target the issue set. Inputs are generated deterministically
(generate_docs.py) or read from ../shared/corpus when present.
"""
import json
import os
import pathlib
import re
import resource
import shutil
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import generate_docs  # noqa: E402
import hugo_site  # noqa: E402
import page_load  # noqa: E402
import serve_latency  # noqa: E402
import word_puzzles  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
WORK = ROOT / "Benchmarks/work"
# BENCH_HOSHI and BENCH_HOSHI_BENCH measure other builds of hoshi and hoshi-bench (an older commit's, for a
# before-and-after in one sitting); a group the older hoshi-bench lacks gives a "not available" row.
HOSHI = pathlib.Path(os.environ.get("BENCH_HOSHI", ROOT / ".build/release/hoshi"))
HOSHI_BENCH = pathlib.Path(os.environ.get("BENCH_HOSHI_BENCH", ROOT / ".build/release/hoshi-bench"))
CORPUS = ROOT.parent / "shared/corpus"
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
# Peers `make bench` installs when missing (Makefile, bench-peers): sgfmill in a virtual environment of
# Debian's python3, and Pachi built from ../shared/peers, whose path make passes in PACHI.
BENCH_VENV_PYTHON = ROOT / ".build/bench-venv/bin/python"
PACHI = os.environ.get("PACHI", "")
EDO_GAMES = CORPUS / "sgf/games/historical-edo"


def best_time(command, cwd=None):
    """Fastest of RUNS timed runs after one warm-up run (file cache, page cache)."""
    return timed_runs(command, cwd)[0]


def timed_runs(command, cwd=None, allowed_statuses=(0,), runs=None):
    """(fastest seconds, standard error of the last run) of `runs` (default RUNS). A status outside
    `allowed_statuses` fails the run (`hoshi sgf check` exits 1 on warnings)."""
    def run():
        result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
        if result.returncode not in allowed_statuses:
            raise subprocess.CalledProcessError(result.returncode, command, result.stdout, result.stderr)
        return result
    run()
    times = []
    stderr = ""
    for _ in range(runs or RUNS):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
        stderr = result.stderr
    return min(times), stderr


def index_share(summary):
    """`search index 31 KB (13% of HTML)` from a build's summary line."""
    match = re.search(r"search index (\d+) KB \((\d+)% of HTML\)", summary)
    return (f"{match.group(1)} KB", f"{match.group(2)}% of HTML") if match else ("?", "?")


def edited_build_seconds(site, command, cwd=None):
    """Fastest of RUNS builds, each right after a different edit to one page's body: what a writer waits for
    running a build by hand, with the previous output in place."""
    page = site / "content/section3/section3-7.md"
    original = page.read_text()
    times = []
    try:
        for run in range(RUNS):
            page.write_text(original + f"\nEdited for run {run}.\n")
            start = time.perf_counter()
            subprocess.run(command, cwd=cwd, capture_output=True, check=True)
            times.append(time.perf_counter() - start)
    finally:
        page.write_text(original)
    return min(times)


def docs_build_rows():
    corpus = WORK / "docs"
    generate_docs.generate(corpus, pages=1000)
    rows = []
    hoshi_seconds, summary = timed_runs([str(HOSHI), "build", str(corpus), "--output", str(WORK / "docs-site")])
    html_bytes = sum(path.stat().st_size for path in (WORK / "docs-site").rglob("*.html"))
    hugo = shutil.which("hugo")
    hugo_seconds = None
    if hugo:
        hugo_folder = hugo_site.prepare(corpus, WORK / "docs-hugo")
        hugo_seconds = best_time([hugo, "--quiet", "-d", str(WORK / "docs-hugo-public")], cwd=hugo_folder)
    rows.append(("docs: full build, 1,000 Markdown pages", f"{hoshi_seconds:.2f} s",
                 f"{hugo_seconds:.2f} s (Hugo)" if hugo_seconds else "Hugo not installed",
                 f"{hugo_seconds / hoshi_seconds:.2f}x faster" if hugo_seconds else "-",
                 "within 2x of Hugo; goal faster"))
    edited_hoshi = edited_build_seconds(corpus, [str(HOSHI), "build", str(corpus), "--output", str(WORK / "docs-site")])
    edited_hugo = None
    if hugo:
        edited_hugo = edited_build_seconds(hugo_folder, [hugo, "--quiet", "-d", str(WORK / "docs-hugo-public")], cwd=hugo_folder)
    rows.append(("docs: build again after a one-page edit (new process)", f"{edited_hoshi:.2f} s",
                 f"{edited_hugo:.2f} s (Hugo)" if edited_hugo else "Hugo not installed",
                 f"{edited_hugo / edited_hoshi:.2f}x faster" if edited_hugo else "-",
                 "faster than Hugo"))
    rows.append(("docs: HTML written", f"{html_bytes / 1e6:.1f} MB", "", "", ""))
    size, share = index_share(summary)
    rows.append(("docs: search index", f"{size}, {share}", "", "", "under 15% of HTML"))
    rows += link_scan_rows(WORK / "docs-site", html_bytes)
    return rows


def link_scan_rows(site, html_bytes):
    """The walk link checking makes over every page written (`hoshi-bench link-scan`: start tags, ids and link
    URLs), on one core, best of 5 passes."""
    values = {}
    for measurement in swift_benchmark_rows("link-scan", site, 5):
        if isinstance(measurement, tuple):
            return [measurement]
        values[measurement["metric"]] = measurement["value"]
    return [(f"docs: link scan of the {html_bytes / 1e6:.1f} MB of HTML (1 core)",
             f"{values.get('milliseconds', 0):.0f} ms, {values.get('megabytes_per_second', 0):.0f} MB/s", "", "", "")]


def tmpfs_folder():
    """A folder on a tmpfs writable without root: BENCH_TMPFS when set, else /dev/shm when /proc/mounts says
    it is a tmpfs. None when neither is available."""
    candidate = os.environ.get("BENCH_TMPFS", "/dev/shm")
    try:
        mounts = [line.split() for line in pathlib.Path("/proc/mounts").read_text().splitlines()]
    except OSError:
        return None
    path = str(pathlib.Path(candidate).resolve())
    covering = [fields for fields in mounts if len(fields) > 2 and (path == fields[1] or path.startswith(fields[1].rstrip("/") + "/"))]
    if not covering or max(covering, key=lambda fields: len(fields[1]))[2] != "tmpfs" or not os.access(path, os.W_OK):
        return None
    return pathlib.Path(path)


def fastest_with_output(command, cwd=None):
    """(fastest seconds of RUNS after a warm-up, standard error of that fastest run)."""
    subprocess.run(command, cwd=cwd, capture_output=True, check=True)
    best = None
    for _ in range(RUNS):
        start = time.perf_counter()
        result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=True)
        seconds = time.perf_counter() - start
        if best is None or seconds < best[0]:
            best = (seconds, result.stderr)
    return best


def phase_timings(stderr):
    """`read 351 ms, search index 300 ms, ...` from `hoshi build --timings` output, phases over 5 ms."""
    phases = re.findall(r"hoshi: ([a-z ]+?) +([0-9.]+) ms", stderr)
    return ", ".join(f"{name} {float(ms):.0f} ms" for name, ms in phases if float(ms) >= 5)


def docs_tmpfs_rows():
    """The docs row on a tmpfs, where no disk decides anything: the same 1,000-page corpus, Hoshi and Hugo
    built one after the other in the same run and the same folder, plus Hoshi's own phase timings."""
    base = tmpfs_folder()
    if base is None:
        return [("docs on tmpfs: full build", "no tmpfs (set BENCH_TMPFS)", "", "", "")]
    folder = base / f"hoshi-bench-{os.getpid()}"
    try:
        corpus = folder / "docs"
        generate_docs.generate(corpus, pages=1000)
        hoshi_seconds, stderr = fastest_with_output([str(HOSHI), "build", str(corpus), "--output", str(folder / "site"),
                                                     "--timings"])
        hugo = shutil.which("hugo")
        hugo_seconds = None
        if hugo:
            hugo_folder = hugo_site.prepare(corpus, folder / "hugo")
            hugo_seconds = best_time([hugo, "--quiet", "-d", str(folder / "hugo-public")], cwd=hugo_folder)
        return [
            (f"docs on tmpfs ({base}): full build, 1,000 Markdown pages", f"{hoshi_seconds:.2f} s",
             f"{hugo_seconds:.2f} s (Hugo)" if hugo_seconds else "Hugo not installed",
             f"{hoshi_seconds / hugo_seconds:.2f}x Hugo's time" if hugo_seconds else "-",
             "0.33x Hugo's time or less"),
            ("docs on tmpfs: Hoshi's phases (fastest run)", phase_timings(stderr), "", "", ""),
        ]
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def page_load_rows():
    """A docs page of the 1,000-page corpus loaded in headless Chromium from file://, the search index loaded
    on first use of the box (the theme) beside the same site loading it with every page (page_load.py)."""
    lazy_corpus = WORK / "docs-pageload"
    generate_docs.generate(lazy_corpus, pages=1000)
    eager_corpus = WORK / "docs-pageload-eager"
    generate_docs.generate(eager_corpus, pages=1000)
    page_load.write_eager_theme(ROOT, eager_corpus)
    sites = {"lazy": page_load.build(HOSHI, lazy_corpus, WORK / "docs-pageload-site"),
             "eager": page_load.build(HOSHI, eager_corpus, WORK / "docs-pageload-eager-site")}
    runs = max(RUNS, 9)
    figures = page_load.measure(sites, runs)
    lazy, eager = figures["lazy"], figures["eager"]
    return [
        (f"pageload: docs page load (loadEventEnd, median of {runs}) / bytes loaded, file://",
         f"{lazy['load']:.0f} ms / {lazy['bytes'] / 1024:.0f} KB (index on first use)",
         f"{eager['load']:.0f} ms / {eager['bytes'] / 1024:.0f} KB (index with the page)",
         f"{eager['load'] / lazy['load']:.1f}x faster, {eager['bytes'] / lazy['bytes']:.1f}x fewer bytes",
         "faster than loading the index eagerly"),
        (f"pageload: first search, focus and type to results shown (median of {runs})",
         f"{lazy['search']:.0f} ms (loads the index)", f"{eager['search']:.0f} ms (index already loaded)",
         f"{lazy['search'] / eager['search']:.1f}x the eager time", ""),
    ]


def serve_rows():
    """Edit-to-browser latency of the dev servers on the 1,000-page corpus (serve_latency.py)."""
    corpus = WORK / "docs-serve"
    generate_docs.generate(corpus, pages=1000)
    page = pathlib.Path("section3/section3-7.md")
    runs = max(RUNS, 5)
    ours = serve_latency.hoshi_latencies(HOSHI, corpus, WORK / "docs-serve-site", page, runs)
    hugo = shutil.which("hugo")
    peer = None
    if hugo:
        folder = hugo_site.prepare(corpus, WORK / "docs-serve-hugo")
        peer = serve_latency.hugo_latencies(hugo, folder, WORK / "docs-serve-hugo-public", page, runs)
    rows = []
    for kind, target in (("body", "under 50 ms; faster than Hugo"), ("title", "faster than Hugo")):
        disk, reload = ours[kind]
        rows.append((f"serve: {kind} edit to page on disk / reload message (median of {runs})",
                     f"{disk * 1000:.0f} ms / {reload * 1000:.0f} ms",
                     f"{peer[kind] * 1000:.0f} ms (hugo server --renderToDisk)" if peer else "Hugo not installed",
                     f"{peer[kind] / disk:.1f}x faster" if peer else "-", target))
    return rows + serve_game_rows(runs)


def serve_game_rows(runs):
    """The dev server on a site of the 923 Edo games: a comment added to one game (no peer serves SGF)."""
    if not EDO_GAMES.exists():
        return [("serve: game edit, 923 Edo games", "skipped: ../shared/corpus absent", "", "", "")]
    site = edo_games_site(WORK / "games-serve")
    # A game without variations, so the edit can end its main line.
    source = next(path for path in sorted((site / "content/games").glob("*/*.sgf"))
                  if path.read_text(errors="replace").count("(") == 1)
    page = source.relative_to(site / "content")
    ours = serve_latency.hoshi_latencies(HOSHI, site, WORK / "games-serve-site", page, runs,
                                         {"game": serve_latency.edit_game_comment})
    disk, reload = ours["game"]
    return [(f"serve: game comment edit, 923 Edo games, page on disk / reload message (median of {runs})",
             f"{disk * 1000:.0f} ms / {reload * 1000:.0f} ms", "", "", "")]


def manual_rows():
    manual = CORPUS / "littlego/MANUAL"
    if not manual.exists():
        return [("manual: real Little Go MANUAL", "skipped: ../shared/corpus absent", "", "", "")]
    site = WORK / "manual"
    if site.exists():
        shutil.rmtree(site)
    (site / "content").mkdir(parents=True)
    shutil.copy(manual, site / "content/MANUAL")
    (site / "hoshi.yml").write_text("title: Little Go\n")
    seconds, summary = timed_runs([str(HOSHI), "build", str(site)])
    size, share = index_share(summary)
    return [("manual: build of the real MANUAL (23 pages)", f"{seconds * 1000:.0f} ms", "", "", ""),
            ("manual: search index", f"{size}, {share}", "", "", "under 15% of HTML")]


def swift_benchmark_rows(name, *arguments, environment=None):
    """Rows from `hoshi-bench NAME ...`, which prints one JSON measurement per line. Its sgf peer runs
    with the python of the benchmark's virtual environment, which has sgfmill, when there is one."""
    peer_python = {"HOSHI_BENCH_PYTHON": str(BENCH_VENV_PYTHON)} if BENCH_VENV_PYTHON.exists() else {}
    result = subprocess.run([str(HOSHI_BENCH), name, *map(str, arguments)], capture_output=True, text=True,
                            env={**os.environ, **peer_python, **(environment or {})})
    if result.returncode != 0:
        return [(f"{name}: not available", result.stderr.strip().splitlines()[-1] if result.stderr else "", "", "", "")]
    return [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]


def sgf_measurements(*arguments, environment=None):
    """{metric: value} from `hoshi-bench sgf`, or a row saying why there is none."""
    values = {}
    for measurement in swift_benchmark_rows("sgf", *arguments, environment=environment):
        if isinstance(measurement, tuple):
            return measurement
        values[measurement["metric"]] = measurement["value"]
    return values


# Hoshi reads the corpus in about 20 ms, so one pass is at the mercy of the scheduler: its best of 20 passes
# (under half a second in all) is set against sgfmill's best of 3 passes (about 2 s each).
SGF_PASSES = 20


def sgf_rows():
    """The SGF reader as `hoshi` runs it, against sgfmill; then the same with glibc's allocator defaults
    (see Sources/HoshiSite/Building/AllocatorSettings.swift), against the same sgfmill figure."""
    folder = CORPUS / "sgf"
    if not folder.exists():
        return [("sgf: parse + decode + replay", "skipped: ../shared/corpus absent", "", "", "")]
    values = sgf_measurements(folder, SGF_PASSES)
    if isinstance(values, tuple):
        return [values]
    defaults = sgf_measurements(folder, SGF_PASSES, "--without-peer", environment={"HOSHI_DEFAULT_ALLOCATOR": "1"})
    peer = values.get("sgfmill_megabytes_per_second")
    rows = [
        (f"sgf: parse + decode + replay, {int(values.get('files', 0))} files, {values.get('bytes', 0) / 1e6:.2f} MB (1 core)",
         f"{values.get('megabytes_per_second', 0):.1f} MB/s",
         f"{peer:.2f} MB/s (sgfmill)" if peer else "sgfmill not installed (make bench installs it)",
         f"{values['megabytes_per_second'] / peer:.0f}x faster" if peer else "-", "at least 100x sgfmill"),
        ("sgf: nodes replayed", f"{values.get('nodes_per_second', 0) / 1e6:.2f} million nodes/s", "", "", ""),
    ]
    if not isinstance(defaults, tuple):
        rows.append(("sgf: same, glibc allocator defaults", f"{defaults.get('megabytes_per_second', 0):.1f} MB/s",
                     f"{peer:.2f} MB/s (sgfmill)" if peer else "-",
                     f"{defaults['megabytes_per_second'] / peer:.0f}x faster" if peer else "-", ""))
    return rows


def sgf_check_rows():
    """`hoshi sgf check` on the 923 Edo games as a user runs it (process start, argument parsing, reading,
    both cores, output), against the core's in-process time for the same files on one core."""
    if not EDO_GAMES.exists():
        return [("sgf check: 923 Edo games, whole process", "skipped: ../shared/corpus absent", "", "", "")]
    # Exit status 1: the corpus has a file with an unknown property, a warning. Best of as many runs as
    # the core's passes, so that both sides get the same chances against the machine's load.
    process_seconds, _ = timed_runs([str(HOSHI), "sgf", "check", str(EDO_GAMES)], allowed_statuses=(0, 1), runs=SGF_PASSES)
    values = sgf_measurements(EDO_GAMES, SGF_PASSES, "--without-peer")
    if isinstance(values, tuple):
        return [values]
    core_seconds = values["bytes"] / (values["megabytes_per_second"] * 1e6)
    files = int(values.get("files", 0))
    return [(f"sgf check: {files} Edo games, whole process vs core in-process", f"{process_seconds * 1000:.0f} ms",
             f"{core_seconds * 1000:.0f} ms (core, in-process, 1 core)",
             f"{process_seconds / core_seconds:.2f}x the core's time", "within 2x")]


def game_page_paths(site_output, sources):
    """The game pages of a build: games/<folder>/<stem>.html for each content/games/<folder>/<stem>.sgf."""
    pages = {}
    for source in sources:
        page = site_output / "games" / source.parent.name / (source.stem + ".html")
        if page.exists():
            pages[source] = page
    return pages


def main_line_moves(folder):
    """{path: main-line moves} of every game file under folder, from `hoshi sgf check`'s summary lines."""
    result = subprocess.run([str(HOSHI), "sgf", "check", str(folder)], capture_output=True, text=True)
    moves = {}
    for line in result.stdout.splitlines():
        match = re.match(r"(?P<path>.+): game 1: .*, (?P<moves>\d+) moves$", line)
        if match:
            moves[pathlib.Path(match["path"])] = int(match["moves"])
    return moves


def sgf2dg_seconds_per_game(sources):
    """sgf2dg converting each game to an ASCII diagram (`sgf2dg -converter ASCII file.sgf` writes
    file.ascii), in a copy of the games, one process after another. One pass: it takes minutes, not the
    milliseconds that a best-of-runs would steady; the first game is converted once before, to warm up."""
    sgf2dg = shutil.which("sgf2dg")
    if not sgf2dg:
        return None
    folder = WORK / "sgf2dg"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    copies = []
    for source in sources:
        copy = folder / f"{source.parent.name}-{source.name}"
        shutil.copy(source, copy)
        copies.append(copy)
    subprocess.run([sgf2dg, "-converter", "ASCII", copies[0].name], cwd=folder, capture_output=True)
    start = time.perf_counter()
    for copy in copies:
        subprocess.run([sgf2dg, "-converter", "ASCII", copy.name], cwd=folder, capture_output=True)
    return (time.perf_counter() - start) / len(copies)


def edo_games_site(site):
    """A fresh site at `site` holding the Edo games under content/games/<player>/, as a publisher has them.
    Copied, not linked: a site's links must stay inside its folder."""
    if site.exists():
        shutil.rmtree(site)
    (site / "content/games").mkdir(parents=True)
    for folder in sorted(path for path in EDO_GAMES.iterdir() if path.is_dir()):
        shutil.copytree(folder, site / "content/games" / folder.name)
    (site / "hoshi.yml").write_text("title: Edo games\n")
    return site


def game_rows():
    """Game pages: a site of the 923 Edo games built as the docs are (best of RUNS after a warm-up), per
    page against sgf2dg's ASCII diagrams of the same games; the page of a 250-move game; the viewer scripts."""
    if not EDO_GAMES.exists():
        return [("games: 923 Edo game pages", "skipped: ../shared/corpus absent", "", "", "")]
    site = edo_games_site(WORK / "games")
    sources = sorted((site / "content/games").glob("*/*.sgf"))
    seconds, _ = timed_runs([str(HOSHI), "build", str(site)], allowed_statuses=(0, 1))
    pages = game_page_paths(site / "site", sources)
    # What a game page loads to play: its own script and the helpers the page scripts share.
    scripts = [ROOT / "templates/assets/game.js", ROOT / "templates/assets/shared.js"]
    script_row = ("games: viewer scripts (templates/assets/game.js + shared.js)",
                  " + ".join(f"{script.stat().st_size / 1024:.1f} KB" for script in scripts)
                  if all(script.exists() for script in scripts) else "skipped: no viewer script yet", "", "", "")
    if not pages:
        return [(f"games: {len(sources)} Edo game pages", "skipped: no game pages in this build", "", "", ""), script_row]
    per_page = seconds / len(pages)
    average_bytes = sum(page.stat().st_size for page in pages.values()) / len(pages)
    peer = sgf2dg_seconds_per_game(sources)
    rows = [(f"games: build of {len(pages)} Edo game pages, per page", f"{per_page * 1000:.2f} ms",
             f"{peer * 1000:.1f} ms (sgf2dg ASCII)" if peer else "sgf2dg not installed (make bench installs it)",
             f"{peer / per_page:.1f}x faster" if peer else "-", "at least 10x faster per game than sgf2dg"),
            ("games: average game page", f"{average_bytes / 1024:.1f} KB", "", "", "")]
    rows.append(figure_row(EDO_GAMES, len(sources), peer))
    moves = main_line_moves(site / "content/games")
    if moves:
        # Closest to 250 moves, the first in path order on a tie.
        source = min(sorted(moves), key=lambda path: abs(moves[path] - 250))
        page = pages.get(source)
        rows.append((f"games: page of a {moves[source]}-move game ({source.parent.name}/{source.name})",
                     f"{page.stat().st_size / 1024:.1f} KB" if page else "no page", "", "", "under 64 KB"))
    rows.append(script_row)
    return rows


def figure_row(folder, games, sgf2dg_seconds):
    """Printed figures (SVG and captions, 50 moves a figure) of every game, in process on one core, beside
    sgf2dg's diagrams of the same games (its time from the game pages row: one process per game)."""
    values = {}
    for measurement in swift_benchmark_rows("figures", folder, 5):
        if isinstance(measurement, tuple):
            return measurement
        values[measurement["metric"]] = measurement["value"]
    milliseconds = values.get("milliseconds_per_game")
    if milliseconds is None:
        return ("figures: not measured", "", "", "", "")
    peer = sgf2dg_seconds * 1000 if sgf2dg_seconds else None
    return (f"figures: {games} Edo games, {int(values.get('figures', 0))} figures (SVG + captions), per game",
            f"{milliseconds:.2f} ms", f"{peer:.1f} ms (sgf2dg ASCII)" if peer else "sgf2dg not installed",
            f"{peer / milliseconds:.1f}x faster" if peer else "-", "at least 10x faster per game than sgf2dg")


def peers_line():
    """Which peers this run measured against, and where they are."""
    sgfmill = "sgfmill in .build/bench-venv" if BENCH_VENV_PYTHON.exists() else "sgfmill missing"
    found = [f"{name} {shutil.which(name)}" if shutil.which(name) else f"{name} missing" for name in ("hugo", "sgf2dg")]
    pachi = f"Pachi {PACHI}" if PACHI and os.path.exists(PACHI) else "Pachi not built (../shared/peers absent)"
    return "peers: " + ", ".join([*found, sgfmill, pachi])


LIGHTS_TARGETS = {
    "5x5 solves": "at least 100 million per second",
    "chase 1000x1000": "under 20 ms",
    "chase 10000x10000": "under 15 s (fastest public solver: about 18 s)",
}


def lights_rows():
    rows = []
    for measurement in swift_benchmark_rows("lights"):
        if isinstance(measurement, tuple):
            rows.append(measurement)
            continue
        value, unit = measurement["value"], measurement["unit"]
        figure = f"{value / 1e6:.0f} million {unit}" if unit == "per second" else f"{value:.1f} {unit}"
        rows.append((f"lights: {measurement['metric']} (verified)", figure, "", "",
                     LIGHTS_TARGETS.get(measurement["metric"], "")))
    return rows


PEERS = ROOT.parent / "shared/peers"
# Playouts of one search: enough for a steady rate (about 1-2 s at Pachi's one-core speed on 9x9).
ENGINE_PLAYOUTS = {9: 20000, 19: 5000}


def pachi_binary():
    """Pachi as `make bench-peers` built it (its path in PACHI), or None with the reason."""
    if not (PEERS / "build-pachi").exists():
        return None, "skipped: ../shared/peers absent"
    if not PACHI or not os.path.exists(PACHI):
        return None, "Pachi not built (run make bench, which builds it)"
    return PACHI, None


def pachi_playouts_per_second(pachi, size, playouts, threads):
    """Pachi's own games/s for one genmove of `playouts` playouts from the empty board (best of RUNS)."""
    best = 0
    for _ in range(RUNS):
        commands = f"boardsize {size}\nclear_board\nkomi 7.5\ngenmove b\nquit\n"
        result = subprocess.run([pachi, "-t", f"={playouts}", f"threads={threads},pondering=0"], input=commands,
                                capture_output=True, text=True)
        match = re.search(r"\((\d+) games/s", result.stderr)
        if match:
            best = max(best, int(match.group(1)))
    return best or None


def engine_rows():
    """The built-in engine's playouts per second (whole search) on 9x9 and 19x19, one thread and all
    threads, beside Pachi's in the same run."""
    pachi, reason = pachi_binary()
    threads_all = os.cpu_count() or 1
    rows = []
    for size in (9, 19):
        for threads in sorted({1, threads_all}):
            playouts = ENGINE_PLAYOUTS[size]
            measured = swift_benchmark_rows("engine", size, playouts, threads)
            if measured and isinstance(measured[0], tuple):
                rows.append(measured[0])
                continue
            ours = measured[0]["value"]
            peer = pachi_playouts_per_second(pachi, size, playouts, threads) if pachi else None
            label = f"engine: playouts/s, {size}x{size}, {threads} thread{'s' if threads > 1 else ''}"
            target = "at least Pachi's one-thread speed" if size == 9 and threads == 1 else ""
            rows.append((label, f"{ours:,.0f}/s",
                         f"{peer:,}/s (Pachi)" if peer else (reason or "Pachi did not report"),
                         f"{ours / peer:.2f}x" if peer else "-", target))
    return rows


def hint_rows():
    """Move hints: positions analysed per second by the built-in engine at the default budget
    on the ear-reddening game (19x19, every main-line position), on one core (taskset) and on all cores, each
    into an empty cache; a no-change rebuild of this repository's site with its hints cached, against the
    same site with the `hints:` setting removed (both without the word puzzles); and a no-change rebuild of
    the site as it is, word puzzles included (their analysis cached in .hoshi-cache/word-analyses by a first
    build, each build a new process), against the same site without the word puzzles."""
    rows = []
    site = WORK / "hints"
    if site.exists():
        shutil.rmtree(site)
    (site / "content/games").mkdir(parents=True)
    shutil.copy(ROOT / "content/games/famous-games/1846-ear-reddening-game.sgf", site / "content/games/game.sgf")
    (site / "hoshi.yml").write_text("title: Hints\nhints:\n  paths: [games]\n")
    cores = os.cpu_count() or 1
    for label, prefix in [("1 core", ["taskset", "-c", "0"]), (f"{cores} cores", [])]:
        if prefix and not shutil.which("taskset"):
            rows.append((f"hints: positions/s, 19x19, default budget, {label}", "skipped: no taskset", "", "", ""))
            continue
        cache = WORK / "hints-cache"
        if cache.exists():
            shutil.rmtree(cache)
        start = time.perf_counter()
        result = subprocess.run([*prefix, str(HOSHI), "hints", str(site), "--cache", str(cache)], capture_output=True, text=True)
        seconds = time.perf_counter() - start
        match = re.search(r"(\d+) computed", result.stderr)
        if result.returncode != 0 or not match:
            rows.append((f"hints: positions/s, 19x19, default budget, {label}", "failed", "", "", ""))
            continue
        rows.append((f"hints: positions/s, 19x19, default budget, {label}", f"{int(match.group(1)) / seconds:.1f}/s", "", "", ""))
    # The repository's site, copied three times: as it is, without the word puzzles (hints cached by a first
    # build), and without either.
    with_words = WORK / "demo-words"
    with_hints = WORK / "demo-hints"
    without = WORK / "demo-no-hints"
    for copy in (with_words, with_hints, without):
        if copy.exists():
            shutil.rmtree(copy)
        shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".build", "Benchmarks", "site", ".git", "Tests", "Sources", "Fuzz"))
    # The hints' two copies leave out the word puzzles, whose list is read and paged on every build (its
    # analysis cached, the rest a few hundred milliseconds) and would drown the hints' few milliseconds in noise.
    for copy in (with_hints, without):
        text = (copy / "hoshi.yml").read_text()
        (copy / "hoshi.yml").write_text(re.sub(r"(?m)^words:\n(?:  .*\n)+", "", text))
    text = (without / "hoshi.yml").read_text()
    (without / "hoshi.yml").write_text(re.sub(r"(?m)^hints:\n(?:  .*\n)+", "", text))
    subprocess.run([str(HOSHI), "build", str(with_hints)], capture_output=True, check=True)
    cached, _ = timed_runs([str(HOSHI), "build", str(with_hints)])
    plain, _ = timed_runs([str(HOSHI), "build", str(without)])
    rows.append(("hints: no-change rebuild of the demo site", f"{cached:.2f} s", f"{plain:.2f} s (without hints)",
                 f"{cached / plain:.2f}x", "within 10% of the build without hints"))
    subprocess.run([str(HOSHI), "build", str(with_words)], capture_output=True, check=True)
    words, _ = timed_runs([str(HOSHI), "build", str(with_words)])
    rows.append(("words: no-change rebuild of the demo site, new process", f"{words:.2f} s", f"{cached:.2f} s (without words)",
                 f"{words / cached:.2f}x", "analyses read from the cache: within 0.3 s of the build without words"))
    return rows


def hint_quality_rows():
    """The `hint-quality` group: the built-in engine's hints at the default budget on every main-line
    position of BENCH_QUALITY_GAMES Edo games (default 12, spread evenly over the 923), on all cores
    (`hoshi-bench hint-quality`): how far the win rate moves after the engine's own first choice is played
    (issue #19: 90% of such steps under 5 points), and how often the professional's move was the engine's
    first candidate or among its first three."""
    if not EDO_GAMES.exists():
        return [("hints: quality on Edo games", "skipped: ../shared/corpus absent", "", "", "")]
    games = int(os.environ.get("BENCH_QUALITY_GAMES", "12"))
    measured = swift_benchmark_rows("hint-quality", EDO_GAMES, games)
    if measured and isinstance(measured[0], tuple):
        return measured
    value = {entry["metric"]: entry["value"] for entry in measured}
    budget = f"{value['playouts']:.0f} playouts, {value['games']:.0f} Edo games, {value['positions']:,.0f} positions"
    return [
        (f"hints: win-rate step after the engine's first choice, as the page shows it ({value['steps']:.0f} steps; {budget})",
         f"median {value['jump_median']:.1f} / 90th percentile {value['jump_90th_percentile']:.1f} points, "
         f"{value['steps_under_5_points']:.0f}% under 5",
         f"the next search alone: {value['own_search_jump_median']:.1f} / {value['own_search_jump_90th_percentile']:.1f} points, "
         f"{value['own_search_steps_under_5_points']:.0f}% under 5", "-", "90% under 5 points"),
        (f"hints: the professional's move as first / among first three candidates ({value['moves']:,.0f} moves)",
         f"{value['first_candidate']:.1f}% / {value['first_three_candidates']:.1f}%",
         f"{value['positions_per_second']:.1f} positions/s", "-", ""),
    ]


def words_rows():
    """Evil Hangman: the bytes of a page at its largest length and a guess's time in Chromium (word_puzzles.py)."""
    return word_puzzles.rows(HOSHI, WORK)


def archive_hint_rows():
    """The `hints-archive` group: a no-change rebuild of Edo game sites with hints at every main-line position,
    all cached, against the same site without the `hints:` setting, runs alternating (best wall time and
    median CPU time of each, BENCH_RUNS runs): the first 10 games of each player (30 games), and all 923
    unless BENCH_ARCHIVE=30. The cache is filled at 8 playouts a position, which keeps the fill short on a
    shared machine; a rebuild reads the entries whatever budget computed them (up to 3 candidates each, as at
    the default budget). The first rebuild after the fill writes the hint indexes; the timed ones read them."""
    if not EDO_GAMES.exists():
        return [("hints: no-change rebuild, Edo games", "skipped: ../shared/corpus absent", "", "", "")]
    sizes = [("30 Edo games", 10), ("923 Edo games", None)]
    if os.environ.get("BENCH_ARCHIVE") == "30":
        sizes = sizes[:1]
    rows = []
    for label, per_player in sizes:
        with_hints = WORK / "archive-hints"
        without = WORK / "archive-no-hints"
        for copy in (with_hints, without):
            if copy.exists():
                shutil.rmtree(copy)
            (copy / "content/games").mkdir(parents=True)
            for folder in sorted(path for path in EDO_GAMES.iterdir() if path.is_dir()):
                (copy / "content/games" / folder.name).mkdir()
                for game in sorted(folder.glob("*.sgf"))[:per_player]:
                    shutil.copy(game, copy / "content/games" / folder.name / game.name)
        (without / "hoshi.yml").write_text("title: Edo games\n")
        (with_hints / "hoshi.yml").write_text("title: Edo games\nhints:\n  paths: [games]\n  playouts: 8\n")
        fill = subprocess.run([str(HOSHI), "build", str(with_hints)], capture_output=True, text=True)
        if fill.returncode not in (0, 1) or not SUMMARY_OF_HINTS.search(fill.stderr):
            rows.append((f"hints: no-change rebuild, {label}", "failed", "", "", ""))
            continue
        timings = alternating_builds([with_hints, without])
        again = SUMMARY_OF_HINTS.search(timings[with_hints]["stderr"])
        assert again and again.group(1) == again.group(2), f"not every position was cached: {timings[with_hints]['stderr']}"
        cached, plain = timings[with_hints], timings[without]
        rows.append((f"hints: no-change rebuild, {label} ({again.group(1)} positions cached), wall", f"{cached['wall']:.2f} s",
                     f"{plain['wall']:.2f} s (without hints)", f"{cached['wall'] / plain['wall']:.2f}x",
                     "within 10% of the build without hints"))
        rows.append((f"hints: no-change rebuild, {label}, CPU (median)", f"{cached['cpu']:.2f} s",
                     f"{plain['cpu']:.2f} s (without hints)", f"{cached['cpu'] / plain['cpu']:.2f}x",
                     "within 10% of the build without hints"))
    return rows


def alternating_builds(sites):
    """Per site: the best wall time and the median CPU time (user and system) of RUNS builds, the sites taking
    turns after a warm-up build each, so a busy moment of a shared machine falls on both alike."""
    for site in sites:
        subprocess.run([str(HOSHI), "build", str(site)], capture_output=True)
    results = {site: {"walls": [], "cpus": [], "stderr": ""} for site in sites}
    for _ in range(max(RUNS, 5)):
        for site in sites:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            result = subprocess.run([str(HOSHI), "build", str(site)], capture_output=True, text=True)
            results[site]["walls"].append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            results[site]["cpus"].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            results[site]["stderr"] = result.stderr
    return {site: {"wall": min(value["walls"]), "cpu": sorted(value["cpus"])[len(value["cpus"]) // 2], "stderr": value["stderr"]}
            for site, value in results.items()}


SUMMARY_OF_HINTS = re.compile(r"hints: (\d+) positions?, (\d+) from the cache")




# The solver group: `hoshi solve` on enclosed problems written here (the dead and living eye shapes, a ko,
# a seki, each with both colours to play), then on a sample of each classical collection within a small
# budget, beside GNU Go's owl reading of the same positions in the same run.
GNUGO = shutil.which("gnugo") or ("/usr/games/gnugo" if os.path.exists("/usr/games/gnugo") else None)
# Every SOLVER_SAMPLE_STEP-th problem of each collection, each within SOLVER_SECONDS: the full collections
# at the default budget (10 s) would take hours on the shared 2-core machine.
SOLVER_SAMPLE_STEP = int(os.environ.get("SOLVER_SAMPLE_STEP", "10"))
SOLVER_SECONDS = float(os.environ.get("SOLVER_SECONDS", "2"))


def solver_enclosed_problems():
    """(name, SGF) of problems whose answers the theory of eye shapes gives: a white group walled in
    by black, with no liberty outside its eye space, on the top edge of a 19x19 board."""
    shapes = {
        "straight-three": [(3, 0), (4, 0), (5, 0)], "bent-three": [(3, 0), (4, 0), (4, 1)],
        "pyramid-four": [(3, 0), (4, 0), (5, 0), (4, 1)], "square-four": [(3, 0), (4, 0), (3, 1), (4, 1)],
        "straight-four": [(3, 0), (4, 0), (5, 0), (6, 0)], "bulky-five": [(3, 0), (4, 0), (5, 0), (3, 1), (4, 1)],
        "crossed-five": [(4, 0), (3, 1), (4, 1), (5, 1), (4, 2)],
        "rabbitty-six": [(4, 0), (3, 1), (4, 1), (5, 1), (4, 2), (5, 2)],
        "bent-four-side": [(3, 0), (4, 0), (5, 0), (5, 1)], "l-five": [(3, 0), (4, 0), (5, 0), (6, 0), (6, 1)],
    }
    def letter(value):
        return "abcdefghijklmnopqrs"[value]
    problems = []
    for name, space in shapes.items():
        space = set(space)
        def around(points):
            return {(c + dc, r + dr) for c, r in points for dc in (-1, 0, 1) for dr in (-1, 0, 1)
                    if 0 <= c + dc < 19 and 0 <= r + dr < 19 and (c + dc, r + dr) not in points}
        white = around(space)
        black = around(space | white)
        stones = "AB" + "".join(f"[{letter(c)}{letter(r)}]" for c, r in sorted(black))
        stones += "AW" + "".join(f"[{letter(c)}{letter(r)}]" for c, r in sorted(white))
        for player, goal in (("B", "Black to kill"), ("W", "White to live")):
            problems.append((f"{name}-{player}", f"(;GM[1]FF[4]SZ[19]PL[{player}]C[{goal}]{stones})"))
    ko = "AB[ca][ea][db][eb][ac][bc][cc][dc][ec]AW[ba][ab][bb][cb]"
    seki = "AB[ba][ca][da][ga][gb][ac][bc][cc][dc][ec][fc][gc]AW[fa][ab][bb][cb][db][eb][fb]"
    for name, stones in (("ko", ko), ("seki", seki)):
        for player, goal in (("B", "Black to kill"), ("W", "White to live")):
            problems.append((f"{name}-{player}", f"(;GM[1]FF[4]SZ[19]PL[{player}]C[{goal}]{stones})"))
    return problems


def run_solve(paths, *options):
    """(JSON lines, wall seconds, peak resident MB of the largest child so far) of one `hoshi solve --json` run."""
    start = time.perf_counter()
    result = subprocess.run([str(HOSHI), "solve", "--json", *options, *map(str, paths)], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if result.returncode not in (0, 1):
        raise subprocess.CalledProcessError(result.returncode, "hoshi solve", result.stdout, result.stderr)
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    return lines, seconds, peak / 1024


class GnuGoOwl:
    """GNU Go over GTP, asked `owl_attack` (the side to play kills) or `owl_defend` (it lives) on the
    problem's target in the problem's own position (no frame)."""
    def __init__(self):
        self.process = subprocess.Popen([GNUGO, "--mode", "gtp", "--level", "10"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)

    def send(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.strip())
        return lines[0]

    def answer(self, sgf, target, goal):
        """(reaches the goal, GNU Go's first move or None, seconds)."""
        self.send("boardsize 19")
        self.send("clear_board")
        for colour, points in re.findall(r"A([BW])((?:\[[a-s]{2}\])+)", sgf):
            for point in re.findall(r"\[([a-s]{2})\]", points):
                column, row = ord(point[0]) - 97, ord(point[1]) - 97
                self.send(f"play {colour} {'ABCDEFGHJKLMNOPQRST'[column]}{19 - row}")
        start = time.perf_counter()
        reply = self.send(f"{'owl_attack' if goal == 'kill' else 'owl_defend'} {target}")
        seconds = time.perf_counter() - start
        parts = reply.lstrip("= ").split()
        code = int(parts[0]) if parts and parts[0].isdigit() else 0
        return code != 0, (parts[1] if len(parts) > 1 else None), seconds

    def close(self):
        self.process.stdin.write("quit\n")
        self.process.stdin.flush()
        self.process.wait()


def reaches_goal(line):
    """Whether hoshi proved the side to play reaches its goal (unconditionally, by ko, or in seki to live)."""
    if line["status"] != "proven":
        return None
    return line["result"] == line["goal"] or line["result"] == "ko" or (line["goal"] == "live" and line["result"] == "seki")


def owl_agreement(owl, lines, sgf_of):
    """(agreeing, compared, owl seconds) over the proven problems."""
    agreeing = compared = 0
    owl_seconds = 0.0
    for line in lines:
        ours = reaches_goal(line)
        if ours is None or line["target"] is None:
            continue
        theirs, _, seconds = owl.answer(sgf_of(line), line["target"], line["goal"])
        owl_seconds += seconds
        compared += 1
        agreeing += ours == theirs
    return agreeing, compared, owl_seconds


def solver_rows():
    folder = WORK / "solver-enclosed"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    problems = solver_enclosed_problems()
    for name, sgf in problems:
        (folder / f"{name}.sgf").write_text(sgf)
    # 20,000 nodes each: the root of every one is proven within a few hundred; the rest classifies first moves.
    lines, seconds, peak = run_solve([folder], "--nodes", "20000")
    proven = sum(line["status"] == "proven" for line in lines)
    rows = [(f"solver: enclosed problems written here ({len(lines)}: eye shapes, ko, seki; both colours)",
             f"{proven / seconds:.1f} proven/s ({proven} of {len(lines)})", "", "", ""),
            ("solver: peak memory on them (whole process)", f"{peak:.0f} MB", "", "", "")]
    owl = GnuGoOwl() if GNUGO else None
    if owl:
        by_file = {pathlib.Path(line["file"]).name: (folder / pathlib.Path(line["file"]).name).read_text() for line in lines}
        agreeing, compared, owl_seconds = owl_agreement(owl, lines, lambda line: by_file[pathlib.Path(line["file"]).name])
        rows.append(("solver: agreement with GNU Go owl on them", f"{agreeing} of {compared}", f"{owl_seconds:.2f} s (GNU Go owl)", "", ""))
    collections = CORPUS / "sgf/problems-classical"
    if not collections.exists():
        rows.append(("solver: classical collections", "skipped: ../shared/corpus absent", "", "", ""))
        return rows
    for source in sorted(collections.glob("*.sgf")):
        text = source.read_text(encoding="utf-8", errors="replace")
        branches = re.findall(r"\(;[^()]*\)", text[text.index("(;", 1):])
        sample = branches[::SOLVER_SAMPLE_STEP]
        sample_file = WORK / f"solver-sample-{source.stem}.sgf"
        sample_file.write_text("(;GM[1]FF[4]SZ[19]" + "".join(sample) + ")")
        lines, seconds, peak = run_solve([sample_file], "--seconds", str(SOLVER_SECONDS))
        times = sorted(line["milliseconds"] for line in lines)
        proven = sum(line["status"] == "proven" for line in lines)
        median = times[len(times) // 2] if times else 0
        peer = ""
        ratio = ""
        if owl:
            agreeing, compared, owl_seconds = owl_agreement(owl, lines, lambda line: sample[line["problem"] - 1])
            peer = f"GNU Go owl {owl_seconds / max(compared, 1) * 1000:.0f} ms/problem on the proven ones"
            ratio = f"agree on {agreeing} of {compared} proven"
        rows.append((f"solver: {source.stem}, every {SOLVER_SAMPLE_STEP}th problem ({len(lines)}), {SOLVER_SECONDS:g} s each",
                     f"{proven} proven ({100 * proven / max(len(lines), 1):.0f}%), median {median} ms, slowest {times[-1] if times else 0} ms",
                     peer, ratio, "elementary 95% (median < 50 ms)"))
    if owl:
        owl.close()
    return rows


def print_table(rows):
    headers = ("benchmark", "Hoshi", "peer (same run)", "ratio", "target")
    widths = [max(len(str(row[index])) for row in [headers, *rows]) for index in range(len(headers))]
    line = lambda row: "| " + " | ".join(str(cell).ljust(width) for cell, width in zip(row, widths)) + " |"
    print(line(headers))
    print("|" + "|".join("-" * (width + 2) for width in widths) + "|")
    for row in rows:
        print(line(row))


# Row groups in table order; `run.py serve docs` runs only those (`make bench ROWS="serve docs"`).
GROUPS = {
    "docs": docs_build_rows,
    "docs-tmpfs": docs_tmpfs_rows,
    "serve": serve_rows,
    "pageload": page_load_rows,
    "manual": manual_rows,
    "sgf": sgf_rows,
    "sgf-check": sgf_check_rows,
    "games": game_rows,
    "lights": lights_rows,
    "engine": engine_rows,
    "hints": hint_rows,
    "hints-archive": archive_hint_rows,
    "hint-quality": hint_quality_rows,
    "words": words_rows,
    "solver": solver_rows,
}


def main():
    if not HOSHI.exists():
        sys.exit(f"{HOSHI} is missing: run 'make bench', which builds it")
    unknown = [name for name in sys.argv[1:] if name not in GROUPS]
    if unknown:
        sys.exit(f"unknown row group {', '.join(unknown)}; the groups are {', '.join(GROUPS)}")
    WORK.mkdir(parents=True, exist_ok=True)
    rows = []
    for name, make_rows in GROUPS.items():
        if not sys.argv[1:] or name in sys.argv[1:]:
            rows += make_rows()
    print_table(rows)
    print(peers_line())


if __name__ == "__main__":
    main()
