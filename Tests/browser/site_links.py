"""An independent reading of a built site: every page's ids and relative links, with Python's HTML parser."""
import html.parser
import json
import pathlib
import urllib.parse


class _Collector(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids = set()
        self.links = []
        self.game_data = None
        self._in_game_data = False

    def handle_starttag(self, tag, attributes):
        if tag == "script" and ("id", "game-data") in attributes:
            self._in_game_data = True
            self.game_data = ""
        for name, value in attributes:
            if value is None:
                continue
            if name == "id":
                self.ids.add(value)
            elif (name == "href" and tag in ("a", "link")) or (name == "src" and tag in ("img", "script")):
                self.links.append(value)

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_game_data = False

    def handle_data(self, data):
        if self._in_game_data:
            self.game_data += data


def game_fragments(data):
    """The fragments a game page's viewer opens, from its embedded data: #move-0 to #move-M for the M moves of
    the main line (first children from the root), and #node-K for every node."""
    nodes = json.loads(data)["nodes"]
    first_child = {}
    for index, node in enumerate(nodes[1:], start=1):
        first_child.setdefault(node.get("p", index - 1), index)
    moves, current = (1 if "m" in nodes[0] else 0), 0
    while current in first_child:
        current = first_child[current]
        moves += "m" in nodes[current]
    return {f"move-{n}" for n in range(moves + 1)} | {f"node-{k}" for k in range(len(nodes))}


def read_page(path):
    collector = _Collector()
    collector.feed(path.read_text(encoding="utf-8"))
    if collector.game_data:
        collector.ids |= game_fragments(collector.game_data)
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
