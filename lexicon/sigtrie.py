"""The signature trie: every short key's letters sorted, as a trie over those letters.

A hand fits a word when the word's signature is a sub-multiset of the hand, so
walking this trie while spending the hand's cards finds every word a hand can
lay. It holds the keys of at most 9 letters (the most a hand holds): longer
signatures would triple its size for words no hand can lay. Each node keeps
the best base score of any signature below it, once over every key and once
over the keys with a rulebook reading, and its children come sorted by that
bound: the search stops at the first child that cannot beat what it has.

Nodes are numbered breadth first, so a node's children are consecutive and
follow the previous node's: ``children(n) = range(first[n], first[n + 1])``,
and its keys are ``keys[key_start[n] : key_start[n + 1]]``. Five bytes a node
and four a key (fr-dela: 221k nodes, 210k keys, 1.98 MB).
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
MAX_BOUND = 255  # bounds are stored in a byte; a 9-letter word scores at most 8 x 9 + 30


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
    """Arrays of the trie of the ``(key, key_id, mask)`` triples of at most 9 letters."""
    root = _Node()
    for key, key_id, mask in sorted(k for k in keys if len(k[0]) <= MAX_HAND):
        node = root
        for letter in signature(key):
            node = node.children.setdefault(LETTER_INDEX[letter], _Node())
        node.keys.append(key_id)
        score = base_score(key)
        node.bound_any = max(node.bound_any, score)
        if mask & RULEBOOK_MASK:
            node.bound_common = max(node.bound_common, score)
    _propagate(root)
    if root.bound_any > MAX_BOUND:
        raise ValueError(f"a base score of {root.bound_any} does not fit the trie's bounds")

    letter, first = array("B", [NO_LETTER]), array("I")
    bound_any, bound_common = array("B", [root.bound_any]), array("B", [root.bound_common])
    key_start, sig_keys = array("I"), array("I")
    queue: deque[_Node] = deque([root])
    next_id = 1
    while queue:
        node = queue.popleft()
        kids = sorted(node.children.items(), key=lambda kv: (-kv[1].bound_common, -kv[1].bound_any, kv[0]))
        first.append(next_id)
        next_id += len(kids)
        key_start.append(len(sig_keys))
        sig_keys.extend(node.keys)
        for index, kid in kids:
            letter.append(index)
            bound_any.append(kid.bound_any)
            bound_common.append(kid.bound_common)
            queue.append(kid)
    first.append(next_id)
    key_start.append(len(sig_keys))
    return {
        "node_letter": letter,
        "node_first": first,
        "node_bound_any": bound_any,
        "node_bound_common": bound_common,
        "node_key_start": key_start,
        "sig_keys": sig_keys,
    }


def _propagate(root: _Node) -> None:
    # Post-order without recursion.
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
