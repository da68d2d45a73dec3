"""A GTP engine that answers nonsense, for the tests of hints from external engines (test_hints.py and
Tests/HoshiCoreTests/Hints/GTPUnusableReplyTests.swift).

    python3 nonsense_engine.py GENMOVE [ANALYSIS]

GENMOVE is what `genmove` answers, or FIRST_STONE for the vertex of the first stone the engine was told to
play (`pass` on an empty board). ANALYSIS, a JSON list of lines, makes the engine offer `lz-analyze` and
stream those lines until the next command arrives.
"""
import json
import sys

GENMOVE = sys.argv[1]
ANALYSIS = json.loads(sys.argv[2]) if len(sys.argv) > 2 else None
played = []


def out(text):
    sys.stdout.write(text)
    sys.stdout.flush()


for line in iter(sys.stdin.readline, ""):
    words = line.split()
    if not words:
        continue
    command = words[0]
    if command == "list_commands":
        known = ["name", "version", "boardsize", "clear_board", "komi", "play", "genmove", "quit"]
        out("= " + "\n".join(known + (["lz-analyze"] if ANALYSIS is not None else [])) + "\n\n")
    elif command == "name":
        out("= Nonsense\n\n")
    elif command == "version":
        out("= 0.1\n\n")
    elif command == "clear_board":
        played.clear()
        out("=\n\n")
    elif command == "play":
        played.append(words[2])
        out("=\n\n")
    elif command == "genmove":
        answer = GENMOVE if GENMOVE != "FIRST_STONE" else (played[0] if played else "pass")
        out("= " + answer + "\n\n")
    elif command == "lz-analyze":
        out("=\n" + "".join(report + "\n" for report in ANALYSIS))
        sys.stdin.readline()
        out("\n= Nonsense\n\n")
    elif command == "quit":
        out("=\n\n")
        break
    else:
        out("=\n\n")
