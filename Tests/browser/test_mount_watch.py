"""`hoshi serve` watches the sources of the site's mounts (`mounts:` in hoshi.yml) as well as the site folder:
an edit to a mounted file or folder outside the site folder rebuilds the preview, and after every rebuild the
folder the server writes holds exactly the bytes a clean `hoshi build` writes. Run with the kernel's events
(inotify) and with polling (`--poll`), the fallback where they are unavailable."""
import functools
import os

import pytest

from conftest import Server, assert_same_as_clean_build, edit, rebuild_after

MOUNTS = """\
  - source: ../shared/notes
    target: notes
  - source: ../shared/licence.md
    target: about/licence.md
"""


@pytest.fixture(params=[[], ["--poll"]], ids=["events", "polling"])
def mounted_site(hoshi, tmp_path, request):
    """A site folder and, beside it, a folder of notes and a single page published by mounts."""
    shared = tmp_path / "shared"
    (shared / "notes/openings").mkdir(parents=True)
    (shared / "notes/index.md").write_text("---\ntitle: Notes\n---\nStudy notes kept outside the site.\n")
    (shared / "notes/openings/san-ren-sei.md").write_text(
        "---\ntitle: San-ren-sei\n---\nThree star points in a row.\n\nSee the [licence](../../about/licence.md).\n")
    (shared / "licence.md").write_text("---\ntitle: Licence\n---\nThe notes may be shared.\n")
    # Beside the mounted page but not mounted: never published.
    (shared / "draft.md").write_text("# Draft\n")
    source = tmp_path / "source"
    (source / "content").mkdir(parents=True)
    (source / "hoshi.yml").write_text("title: Mounted notes\nmounts:\n" + MOUNTS)
    (source / "content/index.md").write_text(
        "# Mounted notes\n\nThe [notes](notes/index.md) and their [licence](about/licence.md).\n")
    server = Server(hoshi, source, tmp_path / "served", *request.param)
    yield source, shared, tmp_path / "served", server
    server.stop()


def test_edits_to_mounted_sources_give_the_clean_build_byte_for_byte(hoshi, mounted_site, tmp_path):
    source, shared, served, server = mounted_site
    assert_same_as_clean_build(hoshi, source, served, tmp_path, "the first build")
    assert (served / "notes/openings/san-ren-sei.html").exists()
    assert not (served / "draft.html").exists()

    step = functools.partial(rebuild_after, hoshi, server, source, served, tmp_path)

    notes = shared / "notes"
    step("an edit to a page of the mounted folder",
         lambda: edit(notes / "openings/san-ren-sei.md", "in a row.", "in a row, on one side."))
    assert "on one side." in (served / "notes/openings/san-ren-sei.html").read_text()
    step("a page added to the mounted folder",
         lambda: (notes / "chinese.md").write_text("---\ntitle: Chinese opening\n---\nA low opening.\n"))
    assert (served / "notes/chinese.html").exists()
    # A folder made after the server started is watched too: first the folder, then a page in it.
    step("a folder added to the mounted folder", lambda: (notes / "joseki").mkdir())
    step("a page in the new folder",
         lambda: (notes / "joseki/kakari.md").write_text("---\ntitle: Kakari\n---\nApproaching a corner stone.\n"))
    assert "Approaching a corner stone." in (served / "notes/joseki/kakari.html").read_text()
    step("an edit to the mounted file",
         lambda: edit(shared / "licence.md", "may be shared.", "may be shared with credit."))
    assert "with credit." in (served / "about/licence.html").read_text()

    def save_by_rename():
        # As many editors save: a new file written beside the old one, then renamed over it.
        replacement = shared / ".licence.md.swp"
        replacement.write_text((shared / "licence.md").read_text().replace("with credit.", "with credit, unchanged."))
        os.replace(replacement, shared / "licence.md")

    step("the mounted file saved by rename", save_by_rename)
    assert "unchanged." in (served / "about/licence.html").read_text()


def test_the_watched_mounts_follow_hoshi_yml(hoshi, mounted_site, tmp_path):
    source, shared, served, server = mounted_site

    step = functools.partial(rebuild_after, hoshi, server, source, served, tmp_path)

    games = shared / "games"
    games.mkdir()
    (games / "first.sgf").write_text("(;GM[1]FF[4]SZ[9]PB[Black]PW[White];B[ee];W[cc])")
    step("a mount added to hoshi.yml", lambda: (source / "hoshi.yml").write_text(
        "title: Mounted notes\nmounts:\n" + MOUNTS + "  - source: ../shared/games\n    target: games\n"))
    assert (served / "games/first.html").exists()
    step("an edit in the newly mounted folder",
         lambda: edit(games / "first.sgf", ";W[cc]", ";W[cc];B[gc]"))
    assert (served / "games/first.sgf").read_text().endswith(";B[gc])")

    # An optional mount whose source does not exist yet is published once it appears, and then watched.
    step("an optional missing mount", lambda: (source / "hoshi.yml").write_text(
        "title: Mounted notes\nmounts:\n" + MOUNTS
        + "  - source: ../shared/later/problems\n    target: later\n    optional: true\n"))
    assert not (served / "later").exists()
    staging = tmp_path / "staging"
    (staging / "later/problems").mkdir(parents=True)
    (staging / "later/problems/index.md").write_text("---\ntitle: Later\n---\nArrived after the server started.\n")

    def arrive():
        # The missing source's parent is missing too: both appear in one rename.
        os.rename(staging / "later", shared / "later")

    step("the optional mount's source appearing", arrive)
    assert "Arrived after the server started." in (served / "later/index.html").read_text()
    step("an edit in the mount that appeared",
         lambda: edit(shared / "later/problems/index.md", "Arrived", "It arrived"))
    assert "It arrived" in (served / "later/index.html").read_text()
