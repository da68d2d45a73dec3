#!/usr/bin/env python3
"""Writes a deterministic Markdown documentation corpus for build benchmarks.

1,000 pages (by default) in 10 sections, about 4 KB each, with headings, tables, fenced code, lists and
links to other pages of the corpus. The same seed always gives the same bytes, so runs compare.
Usage: generate_docs.py OUTPUT_FOLDER [--pages N]
"""
import argparse
import pathlib
import random
import shutil

WORDS = ("stone group liberty atari ko territory capture board move komi handicap seki eye ladder net "
         "joseki fuseki tesuji shape influence moyo sente gote endgame opening middle game count score "
         "black white point line corner edge center hoshi tengen variation comment diagram record").split()


def sentence(rng, words=12):
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


def paragraph(rng, sentences=4):
    return " ".join(sentence(rng, rng.randint(8, 16)) for _ in range(sentences))


def page(rng, section, index, sections, pages_per_section):
    title = f"{section.title()} topic {index}"
    parts = [f"---\ntitle: {title}\norder: {index}\n---\n", f"# {title}\n", paragraph(rng) + "\n"]
    first_anchor = None
    for heading in range(1, 5):
        words = (rng.choice(WORDS), rng.choice(WORDS))
        anchor = f"part-{heading}-{words[0]}-{words[1]}"
        first_anchor = first_anchor or anchor
        parts.append(f"## Part {heading}: {words[0]} {words[1]}\n")
        parts.append(paragraph(rng, 4) + "\n")
        kind = (index + heading) % 3
        if kind == 0:
            parts.append("| Term | Meaning | Points |\n| --- | --- | ---: |\n")
            for _ in range(4):
                parts.append(f"| {rng.choice(WORDS)} | {sentence(rng, 6)} | {rng.randint(1, 99)} |\n")
        elif kind == 1:
            parts.append("```swift\nlet board = Board(size: 19)\n")
            for line in range(5):
                parts.append(f"board.play(.{rng.choice(['black', 'white'])}, at: Point(x: {rng.randint(0, 18)}, y: {line}))\n")
            parts.append("```\n")
        else:
            for _ in range(5):
                parts.append(f"- {sentence(rng, 7)}\n")
        parts.append("\n### Details\n\n" + paragraph(rng, 2) + "\n")
        other_section = rng.choice(sections)
        other_index = rng.randint(1, pages_per_section)
        link = f"{other_section}-{other_index}.md" if other_section == section else f"../{other_section}/{other_section}-{other_index}.md"
        parts.append(f"\nSee also [{other_section} topic {other_index}]({link}) and [part 1](#{first_anchor}).\n\n")
    return "\n".join(parts)


def generate(output: pathlib.Path, pages: int, sections: int = 10, seed: int = 19):
    rng = random.Random(seed)
    if output.exists():
        shutil.rmtree(output)
    content = output / "content"
    names = [f"section{number}" for number in range(1, sections + 1)]
    per_section = pages // sections
    for section in names:
        folder = content / section
        folder.mkdir(parents=True)
        (folder / "index.md").write_text(f"---\ntitle: {section.title()}\n---\n\n# {section.title()}\n\n{paragraph(rng)}\n")
        for index in range(1, per_section + 1):
            (folder / f"{section}-{index}.md").write_text(page(rng, section, index, names, per_section))
    (content / "index.md").write_text("# Benchmark corpus\n\n" + paragraph(rng) + "\n")
    (output / "hoshi.yml").write_text("title: Benchmark corpus\n")
    return content


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", type=pathlib.Path)
    parser.add_argument("--pages", type=int, default=1000)
    arguments = parser.parse_args()
    generate(arguments.output, arguments.pages)
