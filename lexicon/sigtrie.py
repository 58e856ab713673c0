"""The signature trie: every key's letters sorted, as a trie over those letters.

A hand fits a word when the word's signature is a sub-multiset of the hand, so
walking this trie while spending the hand's cards finds every word a hand can
lay. Each node keeps the best base score of any signature below it (up to the
9 letters a hand can hold), once over every key and once over the keys with a
rulebook reading, and its children come sorted by that bound: the search stops
at the first child that cannot beat what it has.

Nodes are numbered breadth first so that a node's children are consecutive:
``children(n) = range(child_start[n], child_start[n] + child_count[n])``.
"""

from __future__ import annotations

from array import array
from collections import deque
from typing import Iterable

from .cards import LETTERS, MAX_HAND
from .readings import RULEBOOK_MASK
from .scoring import base_score

ROOT = 0
NO_LETTER = 255
LETTER_INDEX = {c: i for i, c in enumerate(LETTERS)}


class _Node:
    __slots__ = ("children", "keys", "bound_any", "bound_common")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.keys: list[int] = []
        self.bound_any = 0
        self.bound_common = 0


def signature(key: str) -> str:
    return "".join(sorted(key))


def build(keys: Iterable[tuple[str, int, int]]) -> dict[str, array]:
    """Arrays of the trie of ``(key, key_id, mask)`` triples."""
    root = _Node()
    for key, key_id, mask in sorted(keys):
        node = root
        for letter in signature(key):
            node = node.children.setdefault(LETTER_INDEX[letter], _Node())
        node.keys.append(key_id)
        if len(key) <= MAX_HAND:
            score = base_score(key)
            node.bound_any = max(node.bound_any, score)
            if mask & RULEBOOK_MASK:
                node.bound_common = max(node.bound_common, score)
    _propagate(root)

    letter, child_start, child_count = array("B", [NO_LETTER]), array("I"), array("B")
    bound_any, bound_common = array("H", [root.bound_any]), array("H", [root.bound_common])
    sig_start, sig_count, sig_keys = array("I"), array("H"), array("I")
    queue: deque[_Node] = deque([root])
    next_id = 1
    while queue:
        node = queue.popleft()
        kids = sorted(node.children.items(), key=lambda kv: (-kv[1].bound_common, -kv[1].bound_any, kv[0]))
        child_start.append(next_id)
        child_count.append(len(kids))
        next_id += len(kids)
        sig_start.append(len(sig_keys))
        sig_count.append(len(node.keys))
        sig_keys.extend(node.keys)
        for index, kid in kids:
            letter.append(index)
            bound_any.append(kid.bound_any)
            bound_common.append(kid.bound_common)
            queue.append(kid)
    return {
        "node_letter": letter,
        "node_child_start": child_start,
        "node_child_count": child_count,
        "node_bound_any": bound_any,
        "node_bound_common": bound_common,
        "node_sig_start": sig_start,
        "node_sig_count": sig_count,
        "sig_keys": sig_keys,
    }


def _propagate(root: _Node) -> None:
    # Post-order without recursion: signatures can be long (compound keys).
    order: list[_Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(node.children.values())
    for node in reversed(order):
        for kid in node.children.values():
            node.bound_any = max(node.bound_any, kid.bound_any)
            node.bound_common = max(node.bound_common, kid.bound_common)
