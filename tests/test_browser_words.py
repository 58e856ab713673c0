"""The page's words (issue 26): no internal field name reaches the screen, in French or in English.

In a real headless Chromium against a real server, as tests/test_browser.py plays: the new table form names every
option and choice of every game in the page's language (no option key, no underscore, French words on the French
page), the games by their French names; a few games played in French tell what happened in French sentences (none
of the engine's English verbs, no "p0" seat names, the other seat's cards as backs) and end on a result whose
columns are French words, with its way to the replay.
"""

from __future__ import annotations

import re
from typing import Any, Callable

import pytest

import test_browser
from conftest import post
from test_browser import MOVES, create_table, decide, wait
from selenium.webdriver.common.by import By  # after test_browser, which skips the module without selenium

# test_browser's fixtures, here too: this module's own server (``site``) and browsers saved on a failure
site = test_browser.site
browsers = test_browser.browsers

# Words a French option or choice label may share with the English one: the rulebooks' own (ante, fantasyland)
# and names. Any other label equal in both languages is a label the page lacks (its fallback is the key).
SAME_OPTIONS = {"ante", "fantasyland", "interjections"}
SAME_CHOICES = {"pineapple", "DAKER hold'em"}
FRENCH_TITLES = {"chinese": "Poker chinois", "alphapoker-belote": "Belote AlphaPoker",
                 "alphapoker-belote-secrete": "Belote secrète AlphaPoker", "alphapoker-bataille": "Bataille AlphaPoker"}
# The engines' English verbs and record names (their events' text forms: server/games/*.py's @record names), as
# words: none may reach the French feed. ("duel", "pile", "phase", "points" are French words too.)
ENGLISH = re.compile(r"\b(pays|folds|wins|shows|lays|claims|takes|gives|passes|bets|calls|raises|checks|antes|blinds|"
                     r"exchanges|receives|discards|draws|scores|refused|admitted|surrenders|fouls|places|sets|cuts|"
                     r"stops|replays|proposes|turns|hole|burn|all-in|takes-back|reshuffle|last-call|last-words|"
                     r"time-up|tie-break|remains|reserve|aside|deal|board|stage|vs|cards|dice|community|stack|team|"
                     r"award|lexicon|rulebook)\b")
SEAT_CODE = re.compile(r"\bp\d+\b")


def form_words(driver: Any) -> dict[str, Any]:
    """What the new table form shows of the chosen game: each option's label, help and choices, by key."""
    return driver.execute_script(  # type: ignore[no-any-return]
        "return Object.fromEntries([...document.querySelectorAll('#create [data-option]')].map((l) => [l.dataset.option,"
        " {label: l.firstChild.textContent.trim(), help: l.title,"
        "  choices: Object.fromEntries([...l.querySelectorAll('option')].map((o) => [o.value, o.textContent]))}]));")


def every_game(driver: Any) -> dict[str, dict[str, Any]]:
    """The form's words for each game of the game list, its rules unfolded: {variant: {"title", "options"}}."""
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#variant option"))
    driver.execute_script("document.querySelector('#create details.rules').open = true")
    games: dict[str, dict[str, Any]] = {}
    for variant, title in driver.execute_script(
            "return [...document.querySelectorAll('#variant option')].map((o) => [o.value, o.textContent])"):
        driver.execute_script("const s = document.getElementById('variant'); s.value = arguments[0];"
                              "s.dispatchEvent(new Event('change'));", variant)
        games[variant] = {"title": title, "options": form_words(driver)}
    return games


def test_the_form_names_every_option_and_choice_in_the_page_s_language(site: str, browsers: Callable[..., Any]) -> None:
    driver = browsers("fr-FR")
    driver.get(site)
    french = every_game(driver)
    driver.find_element(By.ID, "lang").click()  # the switch: the lobby again, in English
    wait(driver, lambda d: d.execute_script("return document.documentElement.lang") == "en")
    english = every_game(driver)
    assert set(french) == set(english) and len(french) >= 8
    for variant, title in FRENCH_TITLES.items():
        assert french[variant]["title"] == title, french[variant]
    assert english["chinese"]["title"] == "Chinese poker"
    # DAKER's modes read as a player says them, in either language (not "Game Round DAKER" on an English page)
    assert english["daker"]["options"]["mode"]["choices"]["round"] == "DAKER: chipless round"
    assert french["daker"]["options"]["mode"]["choices"]["round"] == "DAKER : manche sans jetons"
    assert "Game Round" not in repr([french, english])
    # a lexicon by its name, never its key
    assert french["alphapoker"]["options"]["lexicon"]["choices"]["fr-dela"] == "lexique français (DELA)"
    assert english["alphapoker"]["options"]["lexicon"]["choices"]["fr-dela"] == "French lexicon (DELA)"
    for variant in french:
        fr, en = french[variant]["options"], english[variant]["options"]
        assert set(fr) == set(en) and fr, variant
        for key in fr:
            for words in (fr[key], en[key]):
                shown = [words["label"], words["help"], *words["choices"].values()]
                assert not any("_" in text for text in shown), (variant, key, words)  # no key reaches the screen
                assert words["label"] and words["help"], (variant, key, words)  # a label, and what it does
            if fr[key]["label"] == en[key]["label"]:
                assert fr[key]["label"] in SAME_OPTIONS, f"{variant} {key}: {fr[key]['label']!r} is not French"
            for value, label in fr[key]["choices"].items():
                assert label != value or label in SAME_CHOICES, f"{variant} {key}={value}: the raw choice is shown"
                if label == en[key]["choices"][value]:
                    assert label in SAME_CHOICES, f"{variant} {key}={value}: {label!r} is not French"
    # an option the page has no words for yet (one the server adds later) still shows no key
    unknown = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "import('/options.js').then((m) => done([m.optionLabel('future_option_key'), m.choiceLabel('limit', 'half-pot')]));")
    assert unknown == ["future option key", "half pot"]


def french_feed(driver: Any) -> list[str]:
    """The feed's lines ("what happened"), each checked: French words, seats by name."""
    lines = driver.execute_script("return [...document.querySelectorAll('#feed li')].map((l) => l.textContent)")
    assert lines, "nothing in the feed"
    for line in lines:
        assert not ENGLISH.search(line) and not SEAT_CODE.search(line), line
    return lines  # type: ignore[no-any-return]


# Each case: a game, the options that keep it short, moves made (0: to the end), words its feed must hold, the result's
# column headers once over.
GAMES = [
    ("poker-champ", {"players": "2", "awards_to_win": "1"}, 0, ["paie", "Tableau"], ["rang", "joueur", "Awards", "jetons"]),
    ("chinese", {"players": "2", "rounds": "1"}, 0, ["reçoit", "montre", "cette donne"], ["rang", "joueur", "unités"]),
    ("alphapoker", {"players": "2", "rounds": "1"}, 0, ["paie l'ante", "Échange 1"], ["rang", "joueur", "PM"]),
    ("daker", {"players": "2", "mode": "draw"}, 8, ["paie l'ante", "reçoit"], []),
]


@pytest.mark.parametrize(("game", "options", "moves", "said", "headers"), GAMES, ids=[g[0] for g in GAMES])
def test_a_game_played_in_french_is_told_in_french(site: str, browsers: Callable[..., Any], game: str,
                                                   options: dict[str, str], moves: int, said: list[str],
                                                   headers: list[str]) -> None:  # fmt: skip
    driver = browsers("fr-FR")
    table_id = create_table(driver, site, game, options, "anne")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, MOVES), 30)
    for _ in range(moves or 300):
        if not decide(driver):
            break
    # what the other seat was dealt or exchanged is drawn as backs: the events came redacted for this seat
    hidden = driver.execute_script(
        "return [...document.querySelectorAll('#feed li')].filter((l) => /^robot 2 (reçoit|échange)/.test(l.textContent))"
        ".map((l) => [...l.querySelectorAll('[data-card]')].every((c) => c.matches('.back, .marked')))")
    assert hidden and all(hidden), "the feed shows another seat's hidden cards"
    lines = french_feed(driver)
    text = "\n".join(lines)
    assert all(word in text for word in said), text
    assert "anne" in text and "robot 2" in text
    # Any refusal but a click the table outran (a bot's move came first: the page says to look again)
    failed = [t.text for t in driver.find_elements(By.CSS_SELECTOR, "#toast.show.error") if "avancé" not in t.text]
    assert not failed, f"a call failed (ReviewHand must stay quiet): {failed}"
    if not headers:
        return
    titles = [th.text for th in wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#result .ranking th"), 60)]
    assert titles == headers, titles
    panel = driver.find_element(By.ID, "result").text
    assert "donnes jouées" in panel and not re.search(r"_|\[|\]", panel), panel
    replay = driver.find_element(By.CSS_SELECTOR, "#result a.replay")
    assert replay.text == "Revoir la partie" and replay.get_attribute("href").endswith(f"#/replay/{table_id}")
    replay.click()  # its title is the game and its players, never the table's id
    title = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#replay h2")).text
    assert title.startswith("Revoir la partie · ") and "anne" in title and table_id not in title, title


# A sample event of every kind of every family (the protos' TableEvent.game oneof, each family's kind oneof): its
# fields filled with these texts, a card elsewhere (a face and a back), 1 for a number (seat 1), true for a flag.
SAMPLE_TEXTS = {"hand": "pair", "street": "flop", "name": "dragon", "pot": "main", "word": "CH?IEN", "letters": "CHIEN",
                "reason": "not in the lexicon", "policy": "conjugated,min=4", "version": "1", "letter": "E", "card": "Er"}


def sample(message: Any) -> None:
    """``message`` with every field set: what a sentence needs to say, whatever the kind."""
    from google.protobuf.descriptor import FieldDescriptor

    for field in message.DESCRIPTOR.fields:
        repeated = field.is_repeated
        if field.message_type is not None:
            sample(getattr(message, field.name).add() if repeated else getattr(message, field.name))
        elif field.type == FieldDescriptor.TYPE_STRING:
            text = SAMPLE_TEXTS.get(field.name, "As")
            getattr(message, field.name).extend([text, "??"]) if repeated else setattr(message, field.name, text)
        elif field.type == FieldDescriptor.TYPE_BOOL:
            getattr(message, field.name).append(True) if repeated else setattr(message, field.name, True)
        else:
            getattr(message, field.name).append(1) if repeated else setattr(message, field.name, 1)


def every_kind_of_event() -> list[tuple[dict[str, Any], bool]]:
    """A TableEvent's JSON (as Connect gives it) for each kind of event of each family, its text saying which; and
    whether it names a seat (seat 1 then, or seats and teams from 1)."""
    from brelan.api.v1 import table_pb2
    from google.protobuf.json_format import MessageToDict

    events = []
    for family in table_pb2.TableEvent.DESCRIPTOR.oneofs_by_name["game"].fields:
        for kind in family.message_type.oneofs_by_name["kind"].fields:
            event = table_pb2.TableEvent(seq=1, hand=1, text=f"{family.name} {kind.name} p1")
            typed = getattr(getattr(event, family.name), kind.name)
            typed.SetInParent()  # a kind without fields (a card burnt) is set all the same
            sample(typed)
            seated = {"seat", "seats", "button", "to", "other", "team"} & set(kind.message_type.fields_by_name)
            events.append((MessageToDict(event), bool(seated)))
    return events


def test_every_kind_of_event_is_a_sentence_in_either_language(site: str, browsers: Callable[..., Any]) -> None:
    events, seated = zip(*every_kind_of_event())
    assert len(events) > 90  # every family's kinds
    driver = browsers("fr-FR")
    driver.get(site)
    wait(driver, lambda d: d.find_elements(By.ID, "variant"))
    said = driver.execute_async_script(
        "const [events, done] = arguments;"
        "Promise.all([import('/table/events.js'), import('/i18n.js'), import('/table/poker.js')]).then(([ev, i18n, poker]) => {"
        "  const ctx = {names: ['anne', 'robot 2'], seat: 0, t: (k, v) => i18n.t(k, v, poker.STRINGS)};"
        "  const say = () => events.map((e) => { const n = ev.eventText(e, ctx); return [e.text, n.className, n.textContent]; });"
        "  const french = say(); i18n.setLang('en'); done([french, say()]); });", list(events))
    for language, lines in zip(("fr", "en"), said):
        for (text, kind, line), named in zip(lines, seated):
            assert "engine" not in kind, f"{text}: no sentence for it ({line})"
            assert not re.search(r"\{|undefined|NaN|\[object|_", line), (text, line)
            assert "robot 2" in line or not named, (text, line)  # the seat by name
            if language == "fr":
                assert not ENGLISH.search(line), (text, line)


def test_a_practice_table_s_hints_are_moves_drawn_with_their_cards(site: str, browsers: Callable[..., Any]) -> None:
    """At a practice table the hint button answers (never a stray "null" beside it) with buttons naming the move
    and drawing its cards as cards, not the move's text: Chinese poker's solver's set, 13 cards to place."""
    status, made = post(site + "brelan.api.v1.TableService/CreateTable",
                        {"variant": "chinese", "botSeats": [1], "hints": True, "options": {"players": "2"}})
    assert status == 200, made
    driver = browsers("fr-FR")
    driver.get(f"{site}#/table/{made['table']['tableId']}")
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".table-head button:not(.quiet)")).click()  # take the seat
    wait(driver, lambda d: d.find_element(By.ID, "hint")).click()
    hint = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#actions .hints button.hint-move"))
    assert "null" not in driver.find_element(By.ID, "actions").text
    assert hint.text.startswith("Placer") and len(hint.find_elements(By.CSS_SELECTOR, "[data-card]")) == 13, hint.text


def test_the_words_agree_and_the_hands_are_named(site: str, browsers: Callable[..., Any]) -> None:
    """French elides ("Victoire d'anne", a name as typed) and a count says its noun in the singular or the plural
    ("1 carte"), in every text (one rule, i18n.js's); POKER CHAMP's showdown names the pair and the high card as
    DAKER's does; Yahtzee's dice colours have their legend; DAKER's mode reads naturally on its table."""
    driver = browsers("fr-FR")
    driver.get(site)
    wait(driver, lambda d: d.find_elements(By.ID, "variant"))
    said = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "Promise.all([import('/i18n.js'), import('/table/events.js'), import('/table/poker.js')]).then(([i18n, ev, poker]) => {"
        "  const ctx = {names: ['anne', 'robot 2'], seat: 0, family: '', pending: new Set(), lang: i18n.lang,"
        "               t: (k, v) => i18n.t(k, v, poker.STRINGS)};"
        "  const line = (e) => ev.eventText(e, ctx).textContent;"
        "  const board = (family, view) => { const node = document.createElement('div');"
        "    poker.drawBoard(node, view, {...ctx, family}); return node; };"
        "  const showdown = {phase: 'PHASE_STAGE', deal: 3, board: ['2c', '7d', '9h', 'Js', '4c'], _showdown: true, seats: ["
        "    {hole: ['Kh', 'Kd'], _hand: 'pair', inHand: true}, {hole: ['Ah', '3d'], _hand: 'high-card', inHand: true}]};"
        "  const say = () => ({"
        "    won: ['anne', 'Hugo', 'Yves', 'Yann', 'robot 2'].map((names) => i18n.t('result.title', {names})),"
        "    cards: [0, 1, 2].map((n) => i18n.t('words.points', {n})),"
        "    feed: [line({seq: 1, bataille: {pile: {seat: 0, cards: 1}}}), line({seq: 2, pokerChamp: {champions: {seats: [0]}}})],"
        "    hands: [...board('pokerChamp', showdown).querySelectorAll('.pk-made')].map((n) => n.textContent),"
        "    dice: board('yahtzeeHoldem', {hand: 1, seats: [{dice: ['1r', '2y']}, {}]}).querySelector('.pk-legend')?.textContent,"
        "    mode: board('daker', {mode: 'MODE_ROUND', hand: 1, seats: [{}, {}]}).querySelector('.pk-info').textContent});"
        "  const french = say(); i18n.setLang('en'); const english = say(); i18n.setLang('fr'); done([french, english]); });")
    french, english = said
    assert french["won"] == ["Victoire d'anne", "Victoire d'Hugo", "Victoire d'Yves", "Victoire de Yann", "Victoire de robot 2"]
    assert english["won"][0] == "anne won"
    assert french["cards"] == ["0 point", "1 point", "2 points"] and english["cards"] == ["0 points", "1 point", "2 points"]
    assert french["feed"] == ["anne a 1 carte dans sa pile", "Victoire d'anne"], french["feed"]
    assert french["hands"] == ["Paire de rois", "Hauteur as"] and english["hands"] == ["Pair of kings", "Ace high"]
    assert "rouge" in french["dice"] and "jaune" in french["dice"] and "yellow" in english["dice"]
    assert "DAKER : manche sans jetons" in french["mode"] and "DAKER: chipless round" in english["mode"]
