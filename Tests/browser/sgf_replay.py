"""An independent reading of SGF records for the game page tests: a small parser and the Go capture rule in
plain Python, sharing no code with the build (Swift) or the page script (game.js).

What it implements, and no more: game trees and properties with FF[4] escaping (`\\` escapes the next
character, a backslash before a newline is a soft line break), compressed point lists (`AB[dd:fg]`), `SZ[N]`
and `SZ[C:R]`, the FF[3] pass `tt` on boards up to 19x19, setup (`AB`, `AW`, `AE`) applied before the node's
move, and moves that capture opposing groups left without liberties, then remove their own group when it has
none (suicide, as FF[4] replays it). A move on an occupied point replaces the stone there. Nodes are numbered
in file (pre-)order per game, 0 = the root, as the game page data numbers them (GameViewerData.swift).
"""


class Node:
    def __init__(self, parent=None):
        self.properties = {}
        self.children = []
        self.parent = parent
        self.index = 0

    def get(self, key, default=None):
        values = self.properties.get(key)
        return values[0] if values else default


def parse(data):
    """A list of game roots from SGF text (str) or bytes (read as UTF-8, undecodable bytes replaced)."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    position = 0
    games = []

    def skip_space():
        nonlocal position
        while position < len(text) and text[position] in " \t\r\n":
            position += 1

    def read_value():
        nonlocal position
        assert text[position] == "["
        position += 1
        out = []
        while position < len(text) and text[position] != "]":
            character = text[position]
            if character == "\\" and position + 1 < len(text):
                following = text[position + 1]
                if following == "\n":
                    position += 2
                    if position < len(text) and text[position] == "\r":
                        position += 1
                    continue
                if following == "\r":
                    position += 2
                    if position < len(text) and text[position] == "\n":
                        position += 1
                    continue
                out.append(following)
                position += 2
                continue
            out.append(character)
            position += 1
        position += 1  # the closing bracket
        return "".join(out)

    def read_tree(parent):
        """Reads `( ;node ;node ... (subtree) (subtree) )` with `position` on the opening parenthesis."""
        nonlocal position
        assert text[position] == "("
        position += 1
        first = None
        current = parent
        while True:
            skip_space()
            character = text[position]
            if character == ";":
                position += 1
                node = Node(current)
                if current is not None:
                    current.children.append(node)
                if first is None:
                    first = node
                current = node
                while True:
                    skip_space()
                    start = position
                    while position < len(text) and (text[position].isupper() or text[position].islower()):
                        position += 1
                    identifier = "".join(letter for letter in text[start:position] if letter.isupper())
                    if start == position:
                        break
                    values = []
                    skip_space()
                    while position < len(text) and text[position] == "[":
                        values.append(read_value())
                        skip_space()
                    node.properties.setdefault(identifier, []).extend(values)
            elif character == "(":
                read_tree(current)
            elif character == ")":
                position += 1
                return first
            else:
                raise ValueError(f"unexpected {character!r} at {position}")

    while True:
        start = text.find("(", position)
        if start < 0:
            break
        position = start
        root = read_tree(None)
        number = 0
        stack = [root]
        while stack:  # file order: a node, then its first child's subtree, then the next child's
            node = stack.pop()
            node.index = number
            number += 1
            stack.extend(reversed(node.children))
        games.append(root)
    return games


def nodes_in_order(root):
    out = []
    stack = [root]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(reversed(node.children))
    return out


def board_size(root):
    value = root.get("SZ", "19")
    if ":" in value:
        columns, rows = value.split(":", 1)
        return int(columns), int(rows)
    return int(value), int(value)


def coordinate(letter):
    return ord(letter) - 97 if "a" <= letter <= "z" else ord(letter) - 65 + 26


def points(value, columns, rows):
    """The points of one value (`pd` or the rectangle `dd:fg`) as SGF letter pairs."""
    if ":" in value:
        first, last = value.split(":", 1)
        columns_range = sorted((coordinate(first[0]), coordinate(last[0])))
        rows_range = sorted((coordinate(first[1]), coordinate(last[1])))
        return [letters(column, row) for column in range(columns_range[0], columns_range[1] + 1)
                for row in range(rows_range[0], rows_range[1] + 1)]
    return [value[:2]]


def letters(column, row):
    def letter(index):
        return chr(97 + index) if index < 26 else chr(65 + index - 26)
    return letter(column) + letter(row)


def is_pass(value, columns, rows):
    return value == "" or (value == "tt" and columns <= 19 and rows <= 19)


def path_to(node):
    path = []
    while node is not None:
        path.append(node)
        node = node.parent
    return list(reversed(path))


def neighbours(point, columns, rows):
    column, row = coordinate(point[0]), coordinate(point[1])
    for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= column + dc < columns and 0 <= row + dr < rows:
            yield letters(column + dc, row + dr)


def group_without_liberties(board, start, columns, rows):
    """The stones of the group at `start` if it has no liberty, else an empty set."""
    colour = board[start]
    group = {start}
    frontier = [start]
    while frontier:
        point = frontier.pop()
        for other in neighbours(point, columns, rows):
            if other not in board:
                return set()
            if board[other] == colour and other not in group:
                group.add(other)
                frontier.append(other)
    return group


def play(board, colour, point, columns, rows, captures):
    board[point] = colour
    opponent = "W" if colour == "B" else "B"
    for other in neighbours(point, columns, rows):
        if board.get(other) == opponent:
            dead = group_without_liberties(board, other, columns, rows)
            for stone in dead:
                del board[stone]
            captures[colour] += len(dead)
    own = group_without_liberties(board, point, columns, rows)
    for stone in own:
        del board[stone]
    captures[opponent] += len(own)


def position(node, size=None):
    """(stones, captures) after `node`: stones as {point letters: "B"/"W"}, captures as {"B": n, "W": n}
    (stones captured by each side)."""
    path = path_to(node)
    columns, rows = size or board_size(path[0])
    board = {}
    captures = {"B": 0, "W": 0}
    for step in path:
        for key, colour in (("AE", None), ("AB", "B"), ("AW", "W")):
            for value in step.properties.get(key, []):
                for point in points(value, columns, rows):
                    if colour is None:
                        board.pop(point, None)
                    else:
                        board[point] = colour
        for colour in ("B", "W"):
            for value in step.properties.get(colour, []):
                if not is_pass(value, columns, rows):
                    play(board, colour, value[:2], columns, rows, captures)
    return board, captures


def main_line(root):
    line = [root]
    while line[-1].children:
        line.append(line[-1].children[0])
    return line


def main_line_move(root, number):
    """The node of main-line move `number` (0: the last node before the first move), as `#move-N` names it."""
    line = main_line(root)
    count = 0
    start = root
    for node in line:
        if "B" in node.properties or "W" in node.properties:
            count += 1
            if count == number:
                return node
        elif count == 0:
            start = node
    if number == 0:
        return start
    raise ValueError(f"the main line has {count} moves, not {number}")


def main_line_moves(root):
    return sum(1 for node in main_line(root) if "B" in node.properties or "W" in node.properties)
