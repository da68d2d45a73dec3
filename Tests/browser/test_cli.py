"""The hoshi command end to end: failing builds report path:line:col and leave the previous output intact."""
import pathlib
import re
import shutil

import pytest

from conftest import run_hoshi

DIAGNOSTIC = re.compile(r"^(?P<path>[^:\n]+):(?P<line>\d+):(?P<column>\d+): error: .+$", re.M)


def snapshot(folder: pathlib.Path):
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.fixture
def site(hoshi, tmp_path):
    folder = tmp_path / "site-folder"
    result = run_hoshi(hoshi, "init", folder)
    assert result.returncode == 0, result.stderr
    build = run_hoshi(hoshi, "build", folder)
    assert build.returncode == 0, build.stderr
    return folder


BREAKAGES = {
    "broken link": ("content/guide/getting-started.md", "## Title\n\nText.\n\n[nowhere](nowhere.html)\n",
                    ("content/guide/getting-started.md", 5, 1)),
    "template syntax error": ("templates/partials/footer.mustache", "<footer>\n  {{#site}}\n</footer>\n",
                              ("templates/partials/footer.mustache", None, None)),
    "malformed front matter": ("content/guide/index.md", "---\ntitle: [unclosed\n---\nBody\n",
                               ("content/guide/index.md", None, None)),
}


@pytest.mark.parametrize("breakage", sorted(BREAKAGES))
def test_failed_build_reports_location_and_keeps_previous_site(hoshi, site, breakage):
    path, text, (expected_path, expected_line, expected_column) = BREAKAGES[breakage]
    before = snapshot(site / "site")
    (site / path).parent.mkdir(parents=True, exist_ok=True)
    (site / path).write_text(text)
    result = run_hoshi(hoshi, "build", site)
    assert result.returncode != 0
    matches = list(DIAGNOSTIC.finditer(result.stderr))
    assert matches, result.stderr
    assert matches[0]["path"] == expected_path, result.stderr
    if expected_line is not None:
        assert (int(matches[0]["line"]), int(matches[0]["column"])) == (expected_line, expected_column), result.stderr
    assert snapshot(site / "site") == before, "the previous site must be untouched byte for byte"
    assert not any(entry.name.startswith(".site.hoshi-") for entry in site.iterdir()), "no temporary folder is left"


def test_check_writes_nothing_and_reports_every_error(hoshi, site):
    shutil.rmtree(site / "site")
    (site / "content/a.md").write_text("[x](gone.html)\n")
    (site / "content/b.md").write_text("text\n\n[y](gone-too.md)\n")
    result = run_hoshi(hoshi, "check", site)
    assert result.returncode != 0
    assert "content/a.md:1:1: error:" in result.stderr
    assert "content/b.md:3:1: error:" in result.stderr
    assert not (site / "site").exists()


def test_warnings_pass_but_fail_with_strict(hoshi, site):
    (site / "hoshi.yml").write_text("title: Site\ncolour: blue\n")
    relaxed = run_hoshi(hoshi, "build", site)
    assert relaxed.returncode == 0
    assert "hoshi.yml:2:1: warning: unknown key 'colour'" in relaxed.stderr
    strict = run_hoshi(hoshi, "build", site, "--strict")
    assert strict.returncode != 0
    assert "hoshi.yml:2:1: error: unknown key 'colour'" in strict.stderr


def test_missing_configuration_is_a_clear_error(hoshi, tmp_path):
    result = run_hoshi(hoshi, "build", tmp_path)
    assert result.returncode != 0
    assert "no hoshi.yml" in result.stderr


def test_every_command_has_help(hoshi):
    for command in ("build", "serve", "check", "init"):
        result = run_hoshi(hoshi, command, "--help")
        assert result.returncode == 0
        assert "USAGE: hoshi " + command in result.stdout


def test_killed_build_leaves_previous_site_intact(hoshi, tmp_path):
    import signal
    import subprocess
    import sys
    import time

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "Benchmarks"))
    import generate_docs

    source = tmp_path / "big"
    generate_docs.generate(source, pages=400)
    first = run_hoshi(hoshi, "build", source)
    assert first.returncode == 0, first.stderr
    before = snapshot(source / "site")
    (source / "content/index.md").write_text("# Changed\n")
    killed = 0
    for delay in (0.15, 0.4, 0.8):
        process = subprocess.Popen([str(hoshi), "build", str(source)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.wait()
        if process.returncode == -signal.SIGKILL:
            killed += 1
            assert snapshot(source / "site") == before, f"killed after {delay} s"
    assert killed > 0, "every build finished before it could be killed; the corpus is too small to test this"
    # The next build cleans up what the killed ones left behind and succeeds.
    again = run_hoshi(hoshi, "build", source)
    assert again.returncode == 0, again.stderr
    assert "Changed" in (source / "site/index.html").read_text()
    assert not any(entry.name.startswith(".site.hoshi-") for entry in source.iterdir())
