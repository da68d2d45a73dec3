"""An independent reading of a built site: every page's ids and relative links, with Python's HTML parser.

A fragment resolves only to an element of the static page: a game page's `#move-N` and `#node-K` too (issue #20),
so links land without JavaScript."""
import html.parser
import pathlib
import urllib.parse


class _Collector(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids = set()
        self.links = []

    def handle_starttag(self, tag, attributes):
        for name, value in attributes:
            if value is None:
                continue
            if name == "id":
                self.ids.add(value)
            elif (name == "href" and tag in ("a", "link")) or (name == "src" and tag in ("img", "script")):
                self.links.append(value)


def read_page(path):
    collector = _Collector()
    collector.feed(path.read_text(encoding="utf-8"))
    return collector


def broken_links(site: pathlib.Path):
    """Every relative link of every page that does not resolve to a file (and id) inside `site`."""
    pages = {path: read_page(path) for path in site.rglob("*.html")}
    problems = []
    for page, collected in pages.items():
        for link in collected.links:
            parsed = urllib.parse.urlsplit(link)
            if parsed.scheme or link.startswith("//"):
                continue
            target = page if not parsed.path else (page.parent / urllib.parse.unquote(parsed.path)).resolve()
            if not str(target).startswith(str(site.resolve())) or not target.is_file():
                problems.append(f"{page.relative_to(site)}: {link} (no file)")
                continue
            if parsed.fragment and target.suffix == ".html":
                ids = pages.get(target, pages.get(pathlib.Path(target), None))
                ids = ids.ids if ids else read_page(target).ids
                if parsed.fragment not in ids:
                    problems.append(f"{page.relative_to(site)}: {link} (no id)")
    return problems
