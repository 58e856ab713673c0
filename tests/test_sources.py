"""Reading sources: DELAF lines, folding, Grammalecte's tags."""

from __future__ import annotations

import pytest

from brelan.lexicon.fold import fold, is_compound, is_layable
from brelan.lexicon.readings import Entry, Kind
from brelan.lexicon.sources import grammalecte
from brelan.lexicon.sources.delaf import DelafError, parse_line


@pytest.mark.parametrize(
    "line, form, lemma, pos, traits, codes",
    [
        (r"100\-mètres,.N+AN:ms:mp", "100-mètres", "100-mètres", "N", ("AN",), ("ms", "mp")),
        (r"à ce moment\-là,au moment.ADV+Advconjs+5", "à ce moment-là", "au moment", "ADV", ("Advconjs", "5"), ()),
        ("mangeons,manger.V+z1:P1p:Y1p", "mangeons", "manger", "V", ("z1",), ("P1p", "Y1p")),
        (r"a\,b\.c,.X", "a,b.c", "a,b.c", "X", (), ()),
        ("zymo,.PFX", "zymo", "zymo", "PFX", (), ()),
        ("Adjani,Isabelle Adjani.N+Hum+NPropre:fs", "Adjani", "Isabelle Adjani", "N", ("Hum", "NPropre"), ("fs",)),
    ],
)
def test_parse_delaf_line(line: str, form: str, lemma: str, pos: str, traits: tuple, codes: tuple) -> None:
    entry = parse_line(line + "\n")
    assert (entry.form, entry.lemma, entry.pos, entry.traits, entry.codes) == (form, lemma, pos, traits, codes)


@pytest.mark.parametrize("line", ["no comma here", "form,lemma-without-dot", ",.N"])
def test_bad_delaf_line(line: str) -> None:
    with pytest.raises(DelafError):
        parse_line(line)


@pytest.mark.parametrize(
    "text, key",
    [("ŒUVRE", "OEUVRE"), ("œuvre", "OEUVRE"), ("ÇA", "CA"), ("ÉTÉ", "ETE"), ("Ægir", "AEGIR"), ("à-côté", "ACOTE"),
     ("aujourd'hui", "AUJOURDHUI"), ("naïveté", "NAIVETE"), ("Noël", "NOEL")],
)  # fmt: skip
def test_fold(text: str, key: str) -> None:
    assert fold(text) == key


def test_compound_and_layable() -> None:
    assert is_compound("à-côté") and is_compound("pomme de terre") and is_compound("aujourd'hui")
    assert not is_compound("porte")
    assert is_layable("à-côté") and not is_layable("100-mètres") and not is_layable("<E>")


@pytest.mark.parametrize(
    "entry, readings",
    [
        (Entry("t", "mangeons", "manger", "V", (), ("P1p", "Y1p")), [(Kind.CONJUGATED, False)]),
        (Entry("t", "mangé", "manger", "V", (), ("Kms",)), [(Kind.COMMON, False)]),
        (Entry("t", "porte", "porter", "V", (), ("Kms", "P3s")), [(Kind.COMMON, False), (Kind.CONJUGATED, False)]),
        (Entry("t", "Adjani", "Adjani", "N", ("NPropre",)), [(Kind.PROPER, False)]),
        (Entry("t", "Abaza", "Abaza", "N", ()), [(Kind.PROPER, False)]),
        (Entry("t", "à-côté", "à-côté", "N", ()), [(Kind.COMMON, True)]),
        (Entry("t", "elle", "elle", "PRO", ()), [(Kind.PRONOUN, False)]),
        (Entry("t", "aïe", "aïe", "INTJ", ()), [(Kind.INTERJECTION, False)]),
        (Entry("t", "acéto", "acéto", "PFX", ()), [(Kind.OTHER, False)]),
        (Entry("t", "du", "du", "PREPDET", ()), [(Kind.COMMON, False)]),
    ],
)
def test_entry_readings(entry: Entry, readings: list) -> None:
    assert entry.readings() == readings
    assert Entry.loads(entry.dumps()) == entry


@pytest.mark.parametrize(
    "flexion, lemma, tags, pos, codes, kind",
    [
        ("mangeons", "manger", ":V1_it_x__a:Ip:1p/*", "V", ("P1p",), Kind.CONJUGATED),
        ("mangeons", "manger", ":V1_it_x__a:E:1p/*", "V", ("Y1p",), Kind.CONJUGATED),
        ("porté", "porter", ":V1__tnq__a:Q:A:1ŝ:m:s/*", "V", ("Kms",), Kind.COMMON),
        ("porter", "porter", ":V1__tnq__a:Y/*", "V", ("W",), Kind.COMMON),
        ("portant", "porter", ":V1__tnq__a:P/*", "V", ("G",), Kind.COMMON),
        ("Paris", "Paris", ":MP:e:i#C/*", "N", (), Kind.PROPER),
        ("essentiel", "essentiel", ":A:m:s/*", "A", (), Kind.COMMON),
        ("elles", "elles", ":G:Os:Oo:O3:f:p/*", "PRO", (), Kind.PRONOUN),
        ("eurêka", "eurêka", ":J/*", "INTJ", (), Kind.INTERJECTION),
        ("entre", "entre", ":G:R:Rv/*", "PREP", (), Kind.COMMON),
    ],
)
def test_grammalecte_tags(flexion: str, lemma: str, tags: str, pos: str, codes: tuple, kind: Kind) -> None:
    entry = grammalecte.to_entry(flexion, lemma, tags)
    assert (entry.pos, entry.codes) == (pos, codes)
    assert entry.readings()[0][0] is kind


@pytest.mark.skipif(not grammalecte.available(), reason="python3-grammalecte is not installed (optional source)")
def test_grammalecte_dump_reads_entries() -> None:
    source = grammalecte.GrammalecteSource()
    seen = {}
    for i, entry in enumerate(source.entries()):
        seen.setdefault(entry.pos, entry)
        if i > 50_000:
            break
    assert source.version
    assert {"N", "A", "V"} <= set(seen)
