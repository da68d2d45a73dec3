#!/usr/bin/env python3
"""The sgf benchmark's peer: the same work as Benchmarks/HoshiBench/SGFBenchmark.swift, done with sgfmill.

For every .sgf file under FOLDER (read into memory first, not timed): parse the collection, read every
property of every node through sgfmill's typed interpretation (node.get), and replay every node of every
game tree, variations included, on an sgfmill board with captures (a node's board = its parent's board +
setup + move; boards are copied only where the tree branches). Files sgfmill rejects are counted as attempted bytes but skipped.

Prints JSON lines in the shape hoshi-bench prints:
{"benchmark": "sgf-sgfmill", "metric": ..., "value": ..., "unit": ...}

Usage: sgfmill_bench.py FOLDER [REPEATS]
"""
import json
import os
import sys
import time

from sgfmill import boards, sgf, sgf_grammar


def files_under(folder):
    paths = []
    for root, _dirs, names in os.walk(folder):
        for name in names:
            if name.lower().endswith(".sgf"):
                paths.append(os.path.join(root, name))
    return sorted(paths)


def work(contents):
    nodes = 0
    for data in contents:
        try:
            games = sgf_grammar.parse_sgf_collection(data)
        except ValueError:
            continue
        for parsed in games:
            try:
                game = sgf.Sgf_game.from_coarse_game_tree(parsed)
                size = game.get_size()
            except ValueError:
                continue
            stack = [(game.get_root(), boards.Board(size))]
            while stack:
                node, parent_board = stack.pop()
                nodes += 1
                for identifier in node.properties():
                    try:
                        node.get(identifier)
                    except (ValueError, KeyError):
                        pass
                board = parent_board
                try:
                    black, white, empty = node.get_setup_stones()
                    for point in black:
                        board.board[point[0]][point[1]] = "b"
                    for point in white:
                        board.board[point[0]][point[1]] = "w"
                    for point in empty:
                        board.board[point[0]][point[1]] = None
                    colour, move = node.get_move()
                    if colour is not None and move is not None:
                        row, column = move
                        if board.board[row][column] is not None:
                            board.board[row][column] = None
                        board.play(row, column, colour)
                except (ValueError, IndexError):
                    pass
                # Like Hoshi, copy only where the tree branches: the first child continues on this board.
                children = list(node)
                for child in reversed(children[1:]):
                    stack.append((child, board.copy()))
                if children:
                    stack.append((children[0], board))
    return nodes


def main():
    folder = sys.argv[1]
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    paths = files_under(folder)
    contents = []
    for path in paths:
        with open(path, "rb") as handle:
            contents.append(handle.read())
    total_bytes = sum(len(data) for data in contents)
    best = None
    nodes = 0
    for _ in range(repeats):
        start = time.perf_counter()
        nodes = work(contents)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    for metric, value, unit in [
        ("megabytes_per_second", total_bytes / best / 1e6, "MB/s"),
        ("nodes_per_second", nodes / best, "nodes/s"),
        ("bytes", total_bytes, "bytes"),
        ("nodes", nodes, "nodes"),
        ("files", len(paths), "files"),
    ]:
        print(json.dumps({"benchmark": "sgf-sgfmill", "metric": metric, "value": value, "unit": unit}, sort_keys=True))


if __name__ == "__main__":
    main()
