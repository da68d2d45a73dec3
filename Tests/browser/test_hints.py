"""Move hints (issue #12): the demo's 9x9 game with hints in headless Chromium, and the hint cache as a user
meets it through the CLI: rebuilds with zero engine calls, one edited game recomputed alone, an interrupted
build keeping its finished positions, concurrent builds, reproducible hints with a seed, shards merged.

Independent expectations: positions come from `hoshi sgf show` (the core's CLI, not the page), and the
engine's answers are read straight from the cache files, whose format is documented in HintCache.swift (the
key moments are recomputed from them in test_analysis.py). Engine calls are counted by the build's own summary
line (`hints: N positions, C from the cache, K computed`), which counts analyses, not cache reads.
"""
import hashlib
import json
import math
import os
import pathlib
import re
import shlex
import shutil
import signal
import subprocess
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPOSITORY
from test_games import core_position, file_url, open_game, viewer_state, wait_for_move

DEMO_RECORD = REPOSITORY / "content/games/analysed/hoshi-self-play-9x9.sgf"
DEMO_PAGE = "games/analysed/hoshi-self-play-9x9.html"
SUMMARY = re.compile(r"hints: (\d+) positions?, (\d+) from the cache, (\d+) computed")


# MARK: - The cache as files

def cache_entries(cache_folder: pathlib.Path):
    """Every entry of a hint cache: {position line: (key text, [(point, visits, win rate)], position win rate)}."""
    entries = {}
    for path in sorted((cache_folder / "hints").glob("??/*")):
        if path.name.endswith(".tmp"):
            continue
        lines = path.read_text().splitlines()
        separator = lines.index("---")
        key = lines[1:separator]
        moves = [(words[1], int(words[2]), float(words[3])) for words in (line.split() for line in lines[separator + 1:]) if words[0] == "move"]
        rate = next(float(line.split()[1]) for line in lines[separator + 1:] if line.startswith("winrate "))
        entries.setdefault(key[1], []).append(("\n".join(key), moves, rate))
    return entries


def first_continuation(cache_folder: pathlib.Path, key: str):
    """The continuation of the first candidate of the entry whose key text is `key`, as SGF points (`--` a pass)."""
    digest = hashlib.sha256(key.encode()).hexdigest()
    lines = (cache_folder / "hints" / digest[:2] / digest).read_text().splitlines()
    words = next(line.split() for line in lines[lines.index("---") + 1:] if line.startswith("move "))
    return [] if words[4] == "-" else [words[4][offset:offset + 2] for offset in range(0, len(words[4]), 2)]


def position_line(hoshi, record, move, size=9):
    """The cache's text for the position after main-line `move` (black moves first, no handicap)."""
    stones, _ = core_position(hoshi, record, move)
    cells = ["."] * (size * size)
    for point, colour in stones:
        column, row = ord(point[0]) - ord("a"), ord(point[1]) - ord("a")
        cells[row * size + column] = "X" if colour == "B" else "O"
    return f"{size} {'B' if move % 2 == 0 else 'W'} ko:", "".join(cells)


def entry_for(entries, hoshi, record, move, settings):
    prefix, cells = position_line(hoshi, record, move)
    found = [entry for line, items in entries.items() if line.startswith(prefix) and line.endswith(cells)
             for entry in items if all(setting in entry[0] for setting in settings)]
    assert len(found) == 1, f"expected one cache entry for move {move}, found {len(found)}"
    return found[0]


def demo_settings():
    text = (REPOSITORY / "hoshi.yml").read_text()
    playouts = re.search(r"^\s+playouts: (\d+)", text, re.M).group(1)
    seed = re.search(r"^\s+seed: (\d+)", text, re.M).group(1)
    return [f"playouts={playouts}", f"seed={seed}"]


def hint_entries(html):
    """The hint entries of a game page's viewer data (GameViewerData.swift), one per node: Black's win rate in
    tenths of a percent, then the candidates `point.share.winrate.variation`, each after a space; "" for a node
    without hints, and none at all on a page without."""
    data = html[html.index('id="game-data">') + len('id="game-data">'):]
    return json.loads(data[:data.index("</script>")]).get("hints", [])


def summary(result):
    match = SUMMARY.search(result.stderr)
    assert match, result.stderr
    positions, cached, computed = map(int, match.groups())
    return positions, cached, computed


def shown_percent(rate):
    """The whole percent the page shows for a win rate (0...1) that the viewer data carries in tenths."""
    tenths = math.floor(min(1.0, max(0.0, rate)) * 1000 + 0.5)
    return (tenths + 5) // 10


# MARK: - The page in a browser

def test_hint_toggle_shows_the_engine_candidates_of_the_cache(hoshi, demo_site, browser):
    entries = cache_entries(REPOSITORY / ".hoshi-cache")
    page = demo_site / DEMO_PAGE
    for move in (0, 7, 20):
        open_game(browser, page, f"#move-{move}")
        wait_for_move(browser, move)
        if browser.find_element(By.CSS_SELECTOR, 'button[data-action="hints"]').get_attribute("aria-pressed") != "true":
            browser.find_element(By.CSS_SELECTOR, 'button[data-action="hints"]').click()
        _, moves, _ = entry_for(entries, hoshi, DEMO_RECORD, move, demo_settings())
        expected = [point for point, _, _ in moves if point != "pass"]
        shown = browser.execute_script(
            "return Array.from(document.querySelectorAll('[data-board=\"viewer\"] .go-hint')).map(e => e.getAttribute('data-point'));")
        assert shown == expected, f"move {move}: ghost stones {shown}, cache {expected}"
        rates = browser.execute_script(
            "return Array.from(document.querySelectorAll('[data-board=\"viewer\"] .go-hint .go-hint-rate')).map(e => e.textContent);")
        # The page gets each win rate in tenths of a percent (rounded half away from zero) and shows the whole
        # percent, rounded half up: Python's round() rounds half to even, and 48.5 showed as 49 against 48.
        assert rates == [str(shown_percent(rate)) for point, _, rate in moves if point != "pass"]
        # The continuation of the first candidate appears on hover, numbered from 1: the cache's, up to six moves
        # (a pass is counted, not drawn).
        ActionChains(browser).move_to_element(browser.find_element(By.CSS_SELECTOR, ".game-hint-box button[data-hint='0']")).perform()
        WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".go-hint-variation text"))
        first = browser.find_element(By.CSS_SELECTOR, ".go-hint-variation text")
        assert first.text == "1"
        key, _, _ = entry_for(entries, hoshi, DEMO_RECORD, move, demo_settings())
        continuation = first_continuation(REPOSITORY / ".hoshi-cache", key)[:6]
        numbered = browser.execute_script(
            "return Array.from(document.querySelectorAll('.go-hint-variation text')).map(t => [t.textContent, "
            "String.fromCharCode(97 + Number(t.getAttribute('x'))) + String.fromCharCode(97 + Number(t.getAttribute('y')))]);")
        assert numbered == [[str(step + 1), point] for step, point in enumerate(continuation) if point != "--"], (move, continuation)
        assert move == 0 or browser.find_elements(By.CSS_SELECTOR, "[data-board='viewer'] [data-stone]"), "real stones stay"
    # The choice is remembered: another page load starts with hints on.
    open_game(browser, page, "#move-3")
    assert browser.find_elements(By.CSS_SELECTOR, "[data-board='viewer'] .go-hint")


def test_played_move_is_marked_among_the_candidates(hoshi, demo_site, browser):
    entries = cache_entries(REPOSITORY / ".hoshi-cache")
    record = DEMO_RECORD.read_text()
    played = re.findall(r";[BW]\[([a-s]{2})\]", record)
    page = demo_site / DEMO_PAGE
    checked = 0
    for move in range(0, len(played)):
        _, moves, _ = entry_for(entries, hoshi, DEMO_RECORD, move, demo_settings())
        if played[move] not in [point for point, _, _ in moves]:
            continue
        open_game(browser, page, f"#move-{move}")
        if browser.find_element(By.CSS_SELECTOR, 'button[data-action="hints"]').get_attribute("aria-pressed") != "true":
            browser.find_element(By.CSS_SELECTOR, 'button[data-action="hints"]').click()
        marked = browser.execute_script(
            "return Array.from(document.querySelectorAll('.go-hint-played')).map(e => e.getAttribute('data-point'));")
        assert marked == [played[move]]
        checked += 1
        if checked == 2:
            break
    assert checked > 0, "the engine never proposed the move played; the demo cannot show the mark"


def test_graph_click_and_keys_go_to_moves(demo_site, browser):
    open_game(browser, demo_site / DEMO_PAGE)
    graph = browser.find_element(By.CSS_SELECTOR, "svg[data-win-rate-graph]")
    moves = int(graph.get_attribute("data-moves"))
    box = browser.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.width, r.height];", graph)
    target = 10
    ActionChains(browser).move_to_element_with_offset(graph, box[0] * target / moves - box[0] / 2, 0).click().perform()
    wait_for_move(browser, target)
    cursor = browser.find_element(By.CSS_SELECTOR, ".win-rate-cursor")
    assert cursor.get_attribute("x1") == str(target) and cursor.get_attribute("visibility") == "visible"
    graph.send_keys("\ue014")  # ArrowRight
    wait_for_move(browser, target + 1)
    graph.send_keys("\ue010")  # End
    wait_for_move(browser, moves)


def test_analysis_reads_without_javascript(demo_site):
    html = (demo_site / DEMO_PAGE).read_text()
    section = html[html.index('<section class="game-hints"'):]
    section = section[:section.index("</section>")]
    assert "Hoshi built-in engine" in section and "playouts per position" in section
    assert "<svg class=\"win-rate-graph\"" in section and 'class="win-rate-line" d="M0 ' in section
    # A page without hints carries none of it.
    other = (demo_site / "games/famous-games/1846-ear-reddening-game.html").read_text()
    assert "game-hints" not in other and '"hints":' not in other


# MARK: - The cache through the CLI

def small_site(root: pathlib.Path, games=2, playouts=60):
    """A site with `games` short 9x9 games under content/games and hints on, seed 3."""
    (root / "content/games").mkdir(parents=True)
    (root / "hoshi.yml").write_text(f"title: Hints\nhints:\n  paths: [games]\n  playouts: {playouts}\n  seed: 3\n")
    record = DEMO_RECORD.read_text()
    moves = re.findall(r";[BW]\[[a-s]{2}\]", record)
    for number in range(games):
        # Each game its own opening, so the games share no position after the start.
        text = "(;FF[4]SZ[9]KM[7]" + "".join(moves[number * 2: number * 2 + 12]).replace(";B[", ";B[", 1) + ")"
        text = fix_colours(text)
        (root / f"content/games/game-{number}.sgf").write_text(text)
    return root


def fix_colours(record):
    """Alternates the colours from black, whatever the slice of the demo game started with."""
    moves = re.findall(r";[BW]\[([a-s]{2})\]", record)
    return "(;FF[4]SZ[9]KM[7]" + "".join(f";{'BW'[index % 2]}[{point}]" for index, point in enumerate(moves)) + ")"


def build(hoshi, site, output, *extra):
    return subprocess.run([str(hoshi), "build", str(site), "--output", str(output), *extra], capture_output=True, text=True, timeout=600)


def test_rebuild_makes_no_engine_call_and_an_edit_recomputes_only_its_game(hoshi, tmp_path):
    site = small_site(tmp_path / "site")
    first = build(hoshi, site, tmp_path / "out")
    assert first.returncode == 0, first.stderr
    positions, cached, computed = summary(first)
    assert cached == 0 and computed == positions and positions > 10
    again = build(hoshi, site, tmp_path / "out")
    assert summary(again) == (positions, positions, 0), again.stderr
    # Two moves more at the end of one game: exactly those two new positions are analysed.
    game = site / "content/games/game-1.sgf"
    text = game.read_text()
    game.write_text(text[:-1] + ";B[aa];W[ia])")
    edited = build(hoshi, site, tmp_path / "out")
    assert summary(edited) == (positions + 2, positions, 2), edited.stderr


def test_corrupt_entry_is_found_by_cache_stats_and_recomputed_when_read(hoshi, tmp_path):
    """A whole hint index answers for its game on its own, so a damaged entry changes nothing on the pages;
    `hoshi cache stats` reports it, and a build that reads the entry (here: with the indexes removed)
    reports it and computes it again."""
    site = small_site(tmp_path / "site", games=1)
    assert build(hoshi, site, tmp_path / "out").returncode == 0
    pages = lambda out: {path.relative_to(out): path.read_bytes() for path in out.rglob("*.html")}
    before = pages(tmp_path / "out")
    entry = sorted((site / ".hoshi-cache/hints").glob("??/*"))[0]
    entry.write_text(entry.read_text().replace("visits", "visits 1", 1))
    indexed = build(hoshi, site, tmp_path / "out")
    assert indexed.returncode == 0, indexed.stderr
    assert "is corrupt" not in indexed.stderr and summary(indexed)[2] == 0
    assert pages(tmp_path / "out") == before
    stats = subprocess.run([str(hoshi), "cache", "stats", str(site)], capture_output=True, text=True, timeout=60)
    assert "corrupt" in stats.stdout and entry.name in stats.stdout, stats.stdout

    shutil.rmtree(site / ".hoshi-cache/hint-index")
    result = build(hoshi, site, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert f"{entry.name} is corrupt" in result.stderr
    positions, cached, computed = summary(result)
    assert computed == 1 and cached == positions - 1
    assert pages(tmp_path / "out") == before, "the seeded engine answers the same again"
    assert summary(build(hoshi, site, tmp_path / "out"))[2] == 0


def test_interrupted_build_keeps_its_finished_positions(hoshi, tmp_path):
    site = small_site(tmp_path / "site", games=3, playouts=3000)
    process = subprocess.Popen([str(hoshi), "build", str(site), "--output", str(tmp_path / "out")],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    hints = site / ".hoshi-cache/hints"

    def finished_entries():
        # An entry being written is a hidden temporary file until its rename; only renamed ones count.
        return [path for path in hints.glob("??/*") if not path.name.endswith(".tmp")]

    deadline = time.time() + 120
    while time.time() < deadline and len(finished_entries()) < 3:
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    kept = finished_entries()
    assert len(kept) >= 3
    assert not (tmp_path / "out").exists(), "a killed build wrote no site"
    result = build(hoshi, site, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    positions, cached, computed = summary(result)
    assert cached >= len(kept) and computed == positions - cached, "every finished position was kept and reused"


def test_concurrent_builds_share_the_cache(hoshi, tmp_path):
    site = small_site(tmp_path / "site")
    processes = [subprocess.Popen([str(hoshi), "build", str(site), "--output", str(tmp_path / f"out-{index}")],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) for index in range(2)]
    for process in processes:
        _, error = process.communicate(timeout=600)
        assert process.returncode == 0, error
    stats = subprocess.run([str(hoshi), "cache", "stats", str(site)], capture_output=True, text=True, timeout=60)
    assert "corrupt" not in stats.stdout and "unfinished" not in stats.stdout, stats.stdout
    result = build(hoshi, site, tmp_path / "out-3")
    assert summary(result)[2] == 0
    pages = lambda out: {path.relative_to(out): path.read_bytes() for path in out.rglob("*.html")}
    assert pages(tmp_path / "out-0") == pages(tmp_path / "out-1") == pages(tmp_path / "out-3")


def test_hints_are_reproducible_with_a_seed(hoshi, tmp_path):
    first = small_site(tmp_path / "one", games=1)
    second = small_site(tmp_path / "two", games=1)
    assert build(hoshi, first, tmp_path / "out-one").returncode == 0
    assert build(hoshi, second, tmp_path / "out-two").returncode == 0
    page = "games/game-0.html"
    assert (tmp_path / "out-one" / page).read_text() == (tmp_path / "out-two" / page).read_text()
    # Another seed is another question: its answers are computed, not taken from the cache.
    (second / "hoshi.yml").write_text((second / "hoshi.yml").read_text().replace("seed: 3", "seed: 4"))
    positions, cached, computed = summary(build(hoshi, second, tmp_path / "out-two"))
    assert cached == 0 and computed == positions


def test_shards_split_the_work_and_merge_into_a_build_without_engine_calls(hoshi, tmp_path):
    site = small_site(tmp_path / "site", games=3)
    reference = small_site(tmp_path / "reference", games=3)
    assert build(hoshi, reference, tmp_path / "reference-out").returncode == 0
    counts = []
    for index in range(4):
        copy = tmp_path / f"machine-{index}"
        shutil.copytree(site, copy)
        environment = dict(os.environ, SLURM_ARRAY_TASK_ID=str(index + 1), SLURM_ARRAY_TASK_MIN="1", SLURM_ARRAY_TASK_COUNT="4")
        result = subprocess.run([str(hoshi), "hints", str(copy)], capture_output=True, text=True, timeout=600, env=environment)
        assert result.returncode == 0, result.stderr
        assert f"shard {index} of 4" in result.stderr
        counts.append(summary(result)[2])
        assert not (copy / "site").exists(), "hoshi hints builds nothing"
    total = summary(build(hoshi, reference, tmp_path / "reference-out"))[0]
    assert sum(counts) == total and max(counts) - min(counts) <= 1, counts
    merge = subprocess.run([str(hoshi), "cache", "merge", *[str(tmp_path / f"machine-{index}") for index in range(4)], "--into", str(site)],
                           capture_output=True, text=True, timeout=60)
    assert merge.returncode == 0, merge.stderr
    result = build(hoshi, site, tmp_path / "out")
    assert summary(result) == (total, total, 0), result.stderr
    pages = lambda out: {path.relative_to(out): path.read_bytes() for path in out.rglob("*.html")}
    assert pages(tmp_path / "out") == pages(tmp_path / "reference-out")


def test_shard_options_are_checked(hoshi, tmp_path):
    site = small_site(tmp_path / "site", games=1)
    bad = subprocess.run([str(hoshi), "hints", str(site), "--shard", "4/4"], capture_output=True, text=True, timeout=60)
    assert bad.returncode != 0 and "outside 0...3" in bad.stderr
    environment = dict(os.environ, JOB_COMPLETION_INDEX="1")
    missing = subprocess.run([str(hoshi), "hints", str(site)], capture_output=True, text=True, timeout=60, env=environment)
    assert missing.returncode != 0 and "--shard-count" in missing.stderr
    given = subprocess.run([str(hoshi), "hints", str(site), "--shard-count", "2"], capture_output=True, text=True, timeout=600, env=environment)
    assert given.returncode == 0 and "shard 1 of 2" in given.stderr, given.stderr


def test_prune_removes_entries_no_page_uses(hoshi, tmp_path):
    site = small_site(tmp_path / "site", games=2)
    positions = summary(build(hoshi, site, tmp_path / "out"))[0]
    (site / "content/games/game-1.sgf").unlink()
    remaining = summary(build(hoshi, site, tmp_path / "out"))[0]
    prune = subprocess.run([str(hoshi), "cache", "prune", str(site)], capture_output=True, text=True, timeout=60)
    assert prune.returncode == 0, prune.stderr
    assert f"removed {positions - remaining} entr" in prune.stderr
    assert summary(build(hoshi, site, tmp_path / "out")) == (remaining, remaining, 0)


# MARK: - External GTP engines

GNUGO = pathlib.Path("/usr/games/gnugo")


def gtp_site(root, engine_line):
    (root / "content/games").mkdir(parents=True)
    shutil.copy(DEMO_RECORD, root / "content/games/game.sgf")
    (root / "hoshi.yml").write_text(f"title: GTP hints\nhints:\n  paths: [games]\n  engine: {engine_line}\n  seconds: 0.2\n")
    return root


@pytest.mark.skipif(not GNUGO.exists(), reason="GNU Go is not installed (Debian package gnugo)")
def test_gnu_go_hints_are_its_genmove_answers(hoshi, tmp_path):
    site = gtp_site(tmp_path / "site", f"{GNUGO} --mode gtp --level 1")
    (site / "hoshi.yml").write_text((site / "hoshi.yml").read_text().replace("  seconds: 0.2\n", ""))
    result = build(hoshi, site, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert summary(result)[2] > 0
    html = (tmp_path / "out/games/game.html").read_text()
    assert "GNU Go 3" in html
    # GNU Go itself, asked on the record loaded up to move 6 (GTP's loadsgf), must name the same move.
    session = subprocess.run([str(GNUGO), "--mode", "gtp", "--level", "1"], input=f"loadsgf {DEMO_RECORD} 7\ngenmove B\nquit\n",
                             capture_output=True, text=True, timeout=60)
    vertex = [line for line in session.stdout.splitlines() if line.startswith("= ") and line[2:].strip()][-1][2:].strip()
    column = "ABCDEFGHJ".index(vertex[0])
    row = 9 - int(vertex[1:])
    point = chr(ord("a") + column) + chr(ord("a") + row)
    entry = hint_entries(html)[6]
    assert entry.split(" ")[1].startswith(point + "."), (entry, vertex)
    assert summary(build(hoshi, site, tmp_path / "out"))[2] == 0, "the engine's answers are cached"


def test_lz_analyze_engine_hints_come_from_its_analysis(hoshi, tmp_path):
    site = gtp_site(tmp_path / "site", f"{hoshi} gtp --playouts 100")
    result = build(hoshi, site, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "out/games/game.html").read_text()
    data = html[html.index('id="game-data">') + len('id="game-data">'):]
    nodes = json.loads(data[:data.index("</script>")])["nodes"]
    analysed = [entry.split(" ", 1)[1] for entry in hint_entries(html) if " " in entry]
    assert len(analysed) == len(nodes)
    # Analysis reports several candidates with their share of the visits and a continuation that starts with the
    # candidate (the entry writes the moves after it; `=` would give one that does not start with it, or none).
    assert any(len(h.split(" ")) > 1 for h in analysed)
    assert all(not candidate.split(".")[3].startswith("=") for h in analysed for candidate in h.split(" ") if candidate.split(".")[0])


def test_all_nodes_setting_analyses_variations_too(hoshi, tmp_path):
    site = tmp_path / "site"
    (site / "content/games").mkdir(parents=True)
    # Main line B ee, W cc, B gg; a variation W gc instead of W cc, then B cg.
    (site / "content/games/game.sgf").write_text("(;FF[4]SZ[9]KM[7];B[ee](;W[cc];B[gg])(;W[gc];B[cg]))")
    (site / "hoshi.yml").write_text("title: All\nhints:\n  paths: [games/game.sgf]\n  playouts: 50\n  nodes: all\n")
    result = build(hoshi, site, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert summary(result)[0] == 6, "six nodes, six positions"
    html = (tmp_path / "out/games/game.html").read_text()
    data = html[html.index('id="game-data">') + len('id="game-data">'):]
    nodes = json.loads(data[:data.index("</script>")])["nodes"]
    entries = hint_entries(html)
    assert len(entries) == len(nodes) and all(re.fullmatch(r"\d+ .+", entry) for entry in entries), entries
    (site / "hoshi.yml").write_text("title: All\nhints:\n  paths: [games/game.sgf]\n  playouts: 50\n")
    main_line = build(hoshi, site, tmp_path / "out")
    assert summary(main_line) == (4, 4, 0), "the main line's positions are the same questions, answered from the cache"


def test_a_folder_can_have_its_own_budget(hoshi, tmp_path):
    site = tmp_path / "site"
    for folder in ("club", "pro"):
        (site / "content/games" / folder).mkdir(parents=True)
        shutil.copy(DEMO_RECORD, site / "content/games" / folder / "game.sgf")
    (site / "hoshi.yml").write_text("title: Two budgets\nhints:\n  paths:\n    - games/club\n    - path: games/pro\n      playouts: 90\n  playouts: 40\n")
    result = build(hoshi, site, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    positions = summary(result)[0]
    # The same positions under two budgets are two questions each.
    assert positions == 2 * len(re.findall(r";[BW]\[", DEMO_RECORD.read_text())) + 2
    assert "40 playouts per position" in (tmp_path / "out/games/club/game.html").read_text()
    assert "90 playouts per position" in (tmp_path / "out/games/pro/game.html").read_text()
    keys = [entry[0] for items in cache_entries(site / ".hoshi-cache").values() for entry in items]
    assert sum("playouts=40" in key for key in keys) == sum("playouts=90" in key for key in keys) == positions // 2


# MARK: - Engines that answer nonsense

NONSENSE_ENGINE = pathlib.Path(__file__).resolve().parent / "nonsense_engine.py"

SHORT_RECORD = "(;FF[4]SZ[9]KM[7];B[ee];W[cc];B[gg])"
WARNING = re.compile(r'^content/games/game\.sgf: warning: GTP engine "Nonsense 0\.1" answered \'(genmove [BW]|lz-analyze [BW] 10)\' '
                     r'with "(.*)" \((.*)\) (at the start|after move (\d+)); that position gets no hint and is not cached$', re.M)


def nonsense_site(root, genmove="pass", analysis=None):
    """A site with one short game whose hints come from the misbehaving engine above (python3)."""
    (root / "content/games").mkdir(parents=True)
    (root / "content/games/game.sgf").write_text(SHORT_RECORD)
    command = f"/usr/bin/python3 {NONSENSE_ENGINE} {shlex.quote(genmove)}" + (f" {shlex.quote(json.dumps(analysis))}" if analysis else "")
    (root / "hoshi.yml").write_text(f"title: Nonsense\nhints:\n  paths: [games]\n  engine: {json.dumps(command)}\n"
                                    "  seconds: 0.05\n  playouts: 20\n")
    return root


def cached_files(site):
    return [path for path in (site / ".hoshi-cache/hints").glob("??/*") if not path.name.endswith(".tmp")]


def test_an_engine_answering_garbage_is_warned_about_and_nothing_is_cached(hoshi, tmp_path):
    site = nonsense_site(tmp_path / "site", genmove="<b>Z99</b>")
    result = build(hoshi, site, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    warnings = WARNING.findall(result.stderr)
    # Four positions (the start and after each of three moves), each named with the reply, escaped.
    assert sorted(int(number or 0) for *_, number in warnings) == [0, 1, 2, 3], result.stderr
    assert all(reply == "<b>Z99</b>" and reason == "not a vertex" for _, reply, reason, _, _ in warnings)
    assert [command for command, *_, number in sorted(warnings, key=lambda w: int(w[4] or 0))] == ["genmove B", "genmove W", "genmove B", "genmove W"]
    assert cached_files(site) == [], "no position is cached as analysed"
    assert summary(result) == (4, 0, 0)
    assert "4 unusable engine replies (not cached)" in result.stderr
    assert '"hints":' not in (tmp_path / "out/games/game.html").read_text(), "no empty hint is published"
    strict = build(hoshi, site, tmp_path / "strict-out", "--strict")
    assert strict.returncode != 0 and "build failed" in strict.stderr, strict.stderr
    assert not (tmp_path / "strict-out").exists()


def test_an_engine_answering_an_occupied_point_is_warned_about_for_those_positions(hoshi, tmp_path):
    # The engine answers the first stone it was told to set up: on the board by construction; on the empty
    # start it passes, the one legal answer it gives.
    site = nonsense_site(tmp_path / "site", genmove="FIRST_STONE")
    result = build(hoshi, site, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    warnings = WARNING.findall(result.stderr)
    assert sorted(int(number) for *_, number in warnings) == [1, 2, 3], result.stderr
    # Stones set up row by row from the top: after move 1 only E5, then C7 comes first.
    assert [(reply, reason) for _, reply, reason, _, _ in sorted(warnings, key=lambda w: int(w[4]))] == [
        ("E5", "illegal: the point is occupied"), ("C7", "illegal: the point is occupied"), ("C7", "illegal: the point is occupied")]
    assert len(cached_files(site)) == 1, "only the start, answered with a legal pass, is cached"
    assert summary(result) == (4, 0, 1)
    assert "3 unusable engine replies" in result.stderr
    again = build(hoshi, site, tmp_path / "out")
    assert summary(again) == (4, 1, 0), "unusable answers are asked again, never taken from the cache"


def test_an_engine_streaming_half_an_analysis_line_is_warned_about(hoshi, tmp_path):
    site = nonsense_site(tmp_path / "site", analysis=["info move E5 visits 12 winrate 5100 pv E5 D4 info move D4 visits 3 winr"])
    result = build(hoshi, site, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    warnings = WARNING.findall(result.stderr)
    warnings.sort(key=lambda warning: int(warning[4] or 0))
    assert [number for *_, number in warnings] == ["", "1", "2", "3"], result.stderr
    assert all(reply.endswith("info move D4 visits 3 winr") for _, reply, _, _, _ in warnings)
    # The start reads up to the half report; E5 is occupied after move 1, which is refused before it.
    assert [reason for _, _, reason, _, _ in warnings] == ["a report without winrate"] + ["move E5 is illegal: the point is occupied"] * 3
    assert summary(result) == (4, 0, 0) and cached_files(site) == []
    assert build(hoshi, site, tmp_path / "out", "--strict").returncode != 0
