"""The artefact's layout: compact explanation lines, and artefacts of layout 1 upgraded from themselves."""

from __future__ import annotations

import json
import zlib
from array import array
from pathlib import Path

import marisa_trie
from hypothesis import given
from hypothesis import strategies as st

from brelan.lexicon import container
from brelan.lexicon.build import LAYOUT, build
from brelan.lexicon.explanations import pack, unpack
from brelan.lexicon.fold import fold, is_layable
from brelan.lexicon.lexicon import Lexicon
from brelan.lexicon.readings import Entry, Policy
from brelan.lexicon.sources.delaf import DelaSource
from brelan.lexicon.store import Store

DATA = Path(__file__).parent / "data"
field = st.text(st.characters(blacklist_characters="\t\n\x1e+:", blacklist_categories=("Cs",)), max_size=12)


@given(form=field.filter(bool), lemma=field, pos=field, traits=st.lists(field.filter(bool), max_size=3),
       codes=st.lists(field.filter(bool), max_size=3), key_is_form=st.booleans())  # fmt: skip
def test_packed_lines_read_back(form: str, lemma: str, pos: str, traits: list, codes: list, key_is_form: bool) -> None:
    entry = Entry("dela", form, lemma, pos, tuple(traits), tuple(codes))
    # A key is the folded form; any other key only tests the form is kept whole when it differs.
    key = form.upper() if key_is_form else "KEY"
    assert unpack(key, pack(key, entry)) == entry


def test_lines_leave_out_what_the_key_says() -> None:
    line = pack("PORTEE", Entry("dela", "portée", "porter", "V", (), ("Kfs",)))
    assert line.split("\t")[1:3] == ["portée", "2er"]  # accents kept; the lemma drops "ée" and adds "er"
    assert pack("CHIEN", Entry("dela", "chien", "chien", "N", (), ("ms",))).split("\t")[1:3] == ["", "0"]


def write_layout_1(name: str, version: str, entries: list[Entry], lexicons_dir: Path) -> Path:
    """An artefact as layout 1 wrote it: a mask per key, whole lines, 64 keys a block (no search arrays)."""
    by_key: dict[str, tuple[int, list[str]]] = {}
    for e in entries:
        if is_layable(e.form):
            mask, lines = by_key.get(fold(e.form), (0, []))
            line = "\t".join((e.source, e.form, e.lemma, e.pos, "+".join(e.traits), ":".join(e.codes)))
            by_key[fold(e.form)] = (mask | e.mask(), [*lines, line])
    trie = marisa_trie.Trie(by_key)
    keys = sorted(by_key, key=trie.get)
    offsets, blocks = array("Q", [0]), bytearray()
    for start in range(0, len(keys), 64):
        blocks += zlib.compress("\x1e".join("\n".join(by_key[k][1]) for k in keys[start : start + 64]).encode())
        offsets.append(len(blocks))
    path = lexicons_dir / name / version
    path.mkdir(parents=True)
    trie.save(str(path / "keys.marisa"))
    container.write(path / "lexicon.bin", {"masks": array("H", (by_key[k][0] for k in keys)),
                                           "explain_offsets": offsets, "explain_blocks": bytes(blocks)})  # fmt: skip
    manifest = {"name": name, "version": version, "format": 1, "keys": len(keys), "skipped_forms": 0,
                "sources": [{"name": "mini", "version": "1", "entries": len(entries)}], "built_at": "2026-01-01T00:00:00+00:00"}  # fmt: skip
    (path / "manifest.json").write_text(json.dumps(manifest))
    return path


def test_an_artefact_of_layout_1_is_upgraded_from_itself(tmp_path: Path) -> None:
    entries = list(DelaSource(DATA / "mini.delaf").entries())
    store = Store(tmp_path / "old")
    old = write_layout_1("maison", "0123abcd-f1", entries, store.root)
    want = Lexicon.open(build("maison", [DelaSource(DATA / "mini.delaf")], tmp_path / "fresh").path)

    lex = store.get("maison")
    assert lex.layout == LAYOUT and lex.path == old  # same folder: the same version, which tables' logs name
    assert lex.version == "0123abcd-f1" and lex.manifest["built_at"] == "2026-01-01T00:00:00+00:00"
    assert lex.manifest["sources"] == [{"name": "mini", "version": "1", "entries": len(entries)}]
    assert len(lex) == len(want) > 30
    policies = [Policy(), Policy.parse("all,min=1"), Policy.parse("conjugated")]
    for key in want.trie.iterkeys():
        assert lex.entries(key) == want.entries(key)
        assert [lex.verdict(key, p) for p in policies] == [want.verdict(key, p) for p in policies]
    assert lex.manifest["policy_counts"] == want.manifest["policy_counts"]
    # Opened again, it is read as it is: the upgrade happened once.
    assert Store(tmp_path / "old").get("maison").manifest["checksum"] == lex.manifest["checksum"]
