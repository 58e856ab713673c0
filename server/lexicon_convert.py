"""Protobuf <-> lexicon values for the LexiconService, as pure functions.

Every parse names the request field it read, so a bad value comes back as a
field violation (``hand[3]``, ``policy.min_length``) rather than a bare error.
"""

from __future__ import annotations

from typing import Callable, Sequence, TypeVar

from brelan.api.policy import policy_to_pb  # noqa: F401 (the services' converters, both ways)
from brelan.api.v1 import lexicon_pb2 as pb
from brelan.lexicon.cards import Card, CardError, Laid, check_hand
from brelan.lexicon.lexicon import Reading, Refusal, Verdict
from brelan.lexicon.readings import DEFAULT_MIN_LENGTH, MAX_WORD_LENGTH, Policy, PolicyError
from brelan.lexicon.scoring import CardScore
from brelan.lexicon.search import ScoredWord

from .errors import invalid
from .typed.records import enum_number


def policy_from_pb(msg: pb.Policy, path: str = "policy") -> Policy:
    min_length = msg.min_length if msg.HasField("min_length") else DEFAULT_MIN_LENGTH
    try:
        return Policy(
            conjugated=msg.conjugated,
            compound=msg.compound,
            proper=msg.proper,
            pronoun=msg.pronoun,
            interjection=msg.interjection,
            other=msg.other,
            min_length=min_length,
        )
    except PolicyError as e:
        raise invalid(f"{path}.min_length", str(e)) from None


def word_from_pb(text: str, path: str) -> str:
    if not text.strip():
        raise invalid(path, "empty word")
    if len(text) > MAX_WORD_LENGTH:
        raise invalid(path, f"longer than {MAX_WORD_LENGTH} characters")
    return text


T = TypeVar("T")


def _each(texts: Sequence[str], parse: Callable[[str], T], path: str) -> list[T]:
    """Parse every item; the first bad one is a violation of ``path[i]``."""
    out = []
    for i, text in enumerate(texts):
        try:
            out.append(parse(text))
        except CardError as e:
            raise invalid(f"{path}[{i}]", str(e)) from None
    return out


def cards_from_pb(texts: Sequence[str], path: str) -> list[Card]:
    return _each(texts, Card.parse, path)


def hand_from_pb(texts: Sequence[str], path: str = "hand") -> list[Card]:
    hand = cards_from_pb(texts, path)
    try:
        check_hand(hand)
    except CardError as e:
        raise invalid(path, str(e)) from None
    return hand


def laid_from_pb(texts: Sequence[str], path: str = "cards") -> list[Laid]:
    if not texts:
        raise invalid(path, "lay at least one card")
    if len(texts) > MAX_WORD_LENGTH:
        raise invalid(path, f"at most {MAX_WORD_LENGTH} cards")
    return _each(texts, Laid.parse, path)


def verdict_to_pb(v: Verdict) -> pb.WordVerdict:
    return pb.WordVerdict(word=v.word, key=v.key, admissible=v.admissible, reason=v.reason, zipf=v.zipf,
                          code=refusal_to_pb(v.code))  # fmt: skip


def refusal_to_pb(code: Refusal | None) -> pb.WordRefusal.ValueType:
    """A verdict's refusal code as the API's (Refusal.TOO_SHORT is WORD_REFUSAL_TOO_SHORT); None (admitted, or no
    reason asked) unset."""
    return pb.WORD_REFUSAL_UNSPECIFIED if code is None else enum_number(pb.WordRefusal.DESCRIPTOR, code)


def reading_to_pb(r: Reading) -> pb.Reading:
    e = r.entry
    return pb.Reading(
        source=e.source, form=e.form, lemma=e.lemma, pos=e.pos, traits=[t for t in e.traits if t[:1] not in "@!="],
        codes=e.codes,
        kind=r.kind.label, compound=r.compound, admitted=r.admitted, description=r.description,
        attested_by=r.attested_by, refused=r.refused.lstrip("!"),
    )  # fmt: skip


def score_to_pb(score: CardScore, verdict: Verdict, laid: Sequence[Laid]) -> pb.ScoreWordResponse:
    return pb.ScoreWordResponse(
        word=score.word,
        key=verdict.key,
        score=score.score if verdict.admissible else 0,
        admissible=verdict.admissible,
        reason=verdict.reason,
        length_points=score.length_points,
        letter_points=score.letter_points,
        doubled=score.doubled,
        cards=[c.text for c in laid],
        code=refusal_to_pb(verdict.code),
    )


def scored_to_pb(w: ScoredWord, zipf: float = 0.0) -> pb.ScoredWord:
    return pb.ScoredWord(word=w.word, score=w.score, cards=[c.text for c in w.cards], zipf=zipf)


Page = TypeVar("Page", pb.AnagramsResponse, pb.MatchPatternResponse)


def page_of(kind: type[Page], words: list[str], page_size: int, page_token: str, path: str = "page_token") -> Page:
    """One page of ``words`` as a ``kind`` answer; the token is the offset of the next page."""
    try:
        start = int(page_token) if page_token else 0
    except ValueError:
        start = -1
    if not 0 <= start <= len(words):
        raise invalid(path, "not a token this query returned")
    end = start + page_size
    return kind(
        words=words[start:end], next_page_token=str(end) if end < len(words) else "", total=len(words)
    )
