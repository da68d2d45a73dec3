"""Prepares a Hugo site over the same generated corpus, with a layout comparable to Hoshi's default theme:
a page skeleton, a sidebar listing the current section's pages, an on-page table of contents, a pager."""
import pathlib
import shutil

CONFIG = """baseURL = "http://example.org/"
title = "Benchmark corpus"
disableKinds = ["taxonomy", "term", "RSS"]
relativeURLs = true
uglyURLs = true
[markup.goldmark.renderer]
unsafe = true
[markup.tableOfContents]
startLevel = 2
endLevel = 3
"""

BASEOF = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} · {{ .Site.Title }}</title><link rel="stylesheet" href="{{ "style.css" | relURL }}"></head>
<body><header><a href="{{ "index.html" | relURL }}">{{ .Site.Title }}</a></header>
<nav><ul>{{ range .Site.Sections }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a>
{{ if eq .Section $.Section }}<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}</li>{{ end }}</ul></nav>
<main>{{ block "main" . }}{{ end }}</main><footer>{{ .Site.Title }}</footer></body></html>
"""

SINGLE = """{{ define "main" }}<article><h1>{{ .Title }}</h1>{{ .TableOfContents }}{{ .Content }}</article>
<nav>{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}
{{ with .NextInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</nav>{{ end }}
"""

LIST = """{{ define "main" }}<article><h1>{{ .Title }}</h1>{{ .Content }}</article>{{ end }}
"""


def prepare(corpus: pathlib.Path, target: pathlib.Path):
    if target.exists():
        shutil.rmtree(target)
    (target / "layouts/_default").mkdir(parents=True)
    (target / "static").mkdir()
    shutil.copytree(corpus / "content", target / "content")
    # Hugo names a section's landing page _index.md.
    for index in (target / "content").rglob("index.md"):
        index.rename(index.with_name("_index.md"))
    (target / "config.toml").write_text(CONFIG)
    (target / "layouts/_default/baseof.html").write_text(BASEOF)
    (target / "layouts/_default/single.html").write_text(SINGLE)
    (target / "layouts/_default/list.html").write_text(LIST)
    (target / "layouts/index.html").write_text(LIST)
    (target / "static/style.css").write_text("body { font-family: sans-serif; }\n")
    return target
