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


def lobby(browsers: Callable[..., Any], site: str, *size: int) -> Any:
    """A French browser on the lobby (its window ``size``, width and height, if given), its modules loaded: where a
    test imports the page's modules to try them."""
    driver = browsers("fr-FR", *([tuple(size)] if size else []))
    driver.get(site)
    wait(driver, lambda d: d.find_elements(By.ID, "variant"))
    return driver


def sized(driver: Any, width: int, height: int) -> None:
    """The page laid out at ``width`` x ``height`` CSS pixels, a phone's below 500 px wide (Chromium's device mode)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height,
                                                                  "deviceScaleFactor": 1, "mobile": width < 500})


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
    # (the default, fr-agreed, since issue 40; fr-dela is named so too where a server serves it: options.js)
    assert french["alphapoker"]["options"]["lexicon"]["choices"]["fr-agreed"] == "lexique français (sources d'accord)"
    assert english["alphapoker"]["options"]["lexicon"]["choices"]["fr-agreed"] == "French lexicon (agreed sources)"
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
                if label == en[key]["choices"][value]:  # a duration ("10 min") reads the same in both
                    assert label in SAME_CHOICES or re.search(r"\d", label), f"{variant} {key}={value}: {label!r} is not French"
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
    driver.execute_script(  # the ReviewHand calls counted from here (the page's calls all go through fetch: rpc.js)
        "window.reviews = 0; const sent = window.fetch;"
        "window.fetch = (url, ...rest) => (/ReviewHand$/.test(url) && window.reviews++, sent(url, ...rest));")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, MOVES), 30)
    for _ in range(moves or 300):
        if not decide(driver):
            break
    # the seats as the page names them (screen.js's seatNames, the table as the server gives it): the bot by its level
    status, got = post(site + "brelan.api.v1.TableService/GetTable", {"tableId": table_id})
    assert status == 200, got
    names = driver.execute_async_script(
        "const [info, done] = arguments; import('/table/screen.js').then((m) => done(m.seatNames(info)));", got["table"])
    assert names == ["anne", "robot intermédiaire"], names  # the house's default level, in French
    bot = names[1]
    # what the other seat was dealt or exchanged is drawn as backs: the events came redacted for this seat (its line
    # starts with the bot's name, with its article: "Le robot intermédiaire reçoit")
    hidden = driver.execute_script(
        "return [...document.querySelectorAll('#feed li')]"
        ".filter((l) => [' reçoit ', ' échange '].some((verb) => l.textContent.startsWith(`Le ${arguments[0]}${verb}`)))"
        ".map((l) => [...l.querySelectorAll('[data-card]')].every((c) => c.matches('.back, .marked')))", bot)
    assert hidden and all(hidden), "the feed shows another seat's hidden cards"
    lines = french_feed(driver)
    text = "\n".join(lines)
    assert all(word in text for word in said), text
    assert "anne" in text and bot in text
    # Any refusal but a click the table outran (a bot's move came first: the page says to look again)
    failed = [t.text for t in driver.find_elements(By.CSS_SELECTOR, "#toast.show.error") if "avancé" not in t.text]
    assert not failed, f"a call failed (ReviewHand must stay quiet): {failed}"
    if not headers:
        return
    titles = wait(driver, lambda d: d.execute_script(  # in one go: the page may draw its result again meanwhile
        "return [...document.querySelectorAll('#result .ranking th')].map((th) => th.innerText)"), 60)
    assert titles == headers, titles
    # ReviewHand is asked of the games whose VariantInfo says their hands are reviewed (AlphaPoker, Chinese poker)
    reviews = driver.execute_script("return window.reviews")
    assert bool(reviews) == (game in ("alphapoker", "chinese")), (game, reviews)
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
    driver = lobby(browsers, site)
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
    """French elides ("Victoire d'anne", a name as typed; a bot's name takes its article, "Victoire du robot 2") and a
    count says its noun in the singular or the plural ("1 carte"), in every text (one rule, i18n.js's); POKER CHAMP's
    showdown names the pair and the high card as DAKER's does; Yahtzee's dice colours have their legend; DAKER's
    mode reads naturally on its table."""
    driver = lobby(browsers, site)
    said = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "Promise.all([import('/i18n.js'), import('/table/events.js'), import('/table/poker.js')]).then(([i18n, ev, poker]) => {"
        "  const ctx = {names: ['anne', 'robot 2'], seat: 0, family: '', pending: new Set(), lang: i18n.lang,"
        "               t: (k, v) => i18n.t(k, v, poker.STRINGS)};"
        "  const line = (e) => ev.eventText(e, ctx).textContent;"
        "  const board = (family, view) => { const node = document.createElement('div');"
        "    const c = {...ctx, family}; poker.create(node, c).update(view, c); return node; };"
        "  const showdown = {phase: 'PHASE_STAGE', deal: 3, board: ['2c', '7d', '9h', 'Js', '4c'], _showdown: true, seats: ["
        "    {hole: ['Kh', 'Kd'], _hand: 'pair', _named: {category: 'pair', ranks: ['K']}, inHand: true},"
        "    {hole: ['Ah', '3d'], _hand: 'high-card', _named: {category: 'high-card', ranks: ['A']}, inHand: true}]};"
        "  const say = () => ({"
        "    won: ['anne', 'Hugo', 'Yves', 'Yann', 'robot 2'].map((names) => i18n.t('result.title', {names})),"
        "    cards: [0, 1, 2].map((n) => i18n.t('words.points', {n})),"
        "    feed: [line({seq: 1, bataille: {pile: {seat: 0, cards: 1}}}), line({seq: 2, pokerChamp: {champions: {seats: [0]}}})],"
        "    hands: [...board('pokerChamp', showdown).querySelectorAll('.pk-made')].map((n) => n.textContent),"
        "    dice: board('yahtzeeHoldem', {hand: 1, seats: [{dice: ['1r', '2y']}, {}]}).querySelector('.pk-legend')?.textContent,"
        "    mode: board('daker', {mode: 'MODE_ROUND', hand: 1, seats: [{}, {}]}).querySelector('.pk-info').textContent});"
        "  const french = say(); i18n.setLang('en'); const english = say(); i18n.setLang('fr'); done([french, english]); });")
    french, english = said
    assert french["won"] == ["Victoire d'anne", "Victoire d'Hugo", "Victoire d'Yves", "Victoire de Yann", "Victoire du robot 2"]
    assert english["won"][0] == "anne won"
    assert french["cards"] == ["0 point", "1 point", "2 points"] and english["cards"] == ["0 points", "1 point", "2 points"]
    assert french["feed"] == ["anne a 1 carte dans sa pile", "Victoire d'anne"], french["feed"]
    assert french["hands"] == ["Paire de rois", "Hauteur as"] and english["hands"] == ["Pair of kings", "Ace high"]
    assert "rouge" in french["dice"] and "jaune" in french["dice"] and "yellow" in english["dice"]
    assert "DAKER : manche sans jetons" in french["mode"] and "DAKER: chipless round" in english["mode"]


def test_the_feed_and_the_boards_say_what_a_player_reads(site: str, browsers: Callable[..., Any]) -> None:
    """A person's trial of the word games and Chinese poker: a hidden card is counted in words, never an empty back
    ("écarte 2 cartes", "reçoit 16 lettres", "pose une lettre"); letter cards are the boards' tiles, their text the
    letters ("prend B E", not "B2 E1"); the lexicon by its name; winners listed as the language lists them ("Léa et
    robot 3", "Victoire de Léa et du robot 3": a bot's name takes its article); the belote's bonus is the board's
    "prime"; one minus sign (U+2212); Chinese poker's row results said from the row's seat ("bat Sam", not "✓ Sam"),
    cards named in tooltips ("roi de trèfle"); bataille's tiles left at the end do not glow for a word typed before;
    a round of belote passes is one line."""
    driver = lobby(browsers, site)
    said = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "Promise.all([import('/i18n.js'), import('/table/events.js'), import('/table/words.js'), import('/table/chinese.js'),"
        "             import('/cards.js')]).then(([i18n, ev, words, cn, cards]) => {"
        "  const ctx = (board) => ({names: ['Léa', 'robot 2', 'robot 3', 'robot 4'], seat: 0, family: '', pending: new Set(),"
        "                           lang: i18n.lang, t: (k, v) => i18n.t(k, v, board?.STRINGS)});"
        "  const line = (e) => ev.eventText({seq: 1, ...e}, ctx()).textContent;"
        "  const drawn = (board, view, extra = {}) => { const node = document.createElement('div'); document.body.append(node);"
        "    const c = {...ctx(board), ...extra}; board.create(node, c).update(view, c); return node; };"
        "  const rows = (top, middle, bottom) => ({top, middle, bottom});"
        "  const say = () => ({"
        "    feed: [line({daker: {discarded: {seat: 1, cards: ['??', '??']}}}), line({daker: {drew: {seat: 1, cards: ['??', '??']}}}),"
        "           line({belote: {dealt: {seat: 1, cards: Array(16).fill('??')}}}), line({belote: {played: {seat: 3, card: '??'}}}),"
        "           line({chinese: {placed: {seat: 1, placement: {middle: ['Kc'], discard: ['??']}}}}),"
        "           line({chinese: {dealt: {seat: 1, cards: ['??', '??', '??']}}}),"
        "           line({bataille: {takes: {seat: 1, cards: ['Br', 'Eb', '?r']}}}), line({belote: {played: {card: 'Yb'}}}),"
        "           line({bataille: {judged: {name: 'fr-dela', policy: 'rulebook'}}}),"
        "           line({belote: {champions: {seats: [0, 2]}}}),"
        "           line({belote: {dealPoints: {team: 1, points: 33, bonus: 30, total: 109}}}),"
        "           line({chinese: {scored: {seat: 1, units: '-6', total: '-6'}}})],"
        "    tiles: ev.eventText({seq: 1, bataille: {takes: {seat: 1, cards: ['Br', 'Eb']}}}, ctx()).querySelectorAll('.lt[data-card]').length,"
        "    title: cards.cardElement('Kc').title,"
        "    bataille: drawn(words, {phase: 'PHASE_OVER', table: ['Gr', 'Yb', 'Cb', 'Tr'], lexicon: 'fr-dela', champions: [0],"
        "                            seats: [{pile: 0, won: 40}, {pile: 0, won: 30}]}, {family: 'bataille'}).textContent,"
        "    belote: drawn(words, words.showdown({stage: 'STAGE_OVER', deal: 3, champions: [0, 2], seats: [{}, {}, {}, {}]},"
        "      [{belote: {proposed: {seat: 1, word: {letters: 'AEROLITES'}}}}, {belote: {refused: {seat: 1, word: 'AEROLITES', reason: 'not on the table: A'}}},"
        "       ...Array.from({length: 19}, (_, i) => [{belote: {played: {seat: i % 4, card: 'Er'}}}, {belote: {passed: {seat: i % 4}}}]).flat()]),"
        "      {family: 'belote'}).innerText,"
        "    passes: drawn(words, {stage: 'STAGE_LAY', deal: 1, seats: [{}, {}, {}, {}], previous: [{proposed: {seat: 1, word: {letters: 'SOURIS'}}},"
        "      {admitted: {seat: 1, word: 'SOURIS'}}, ...[2, 3, 0, 1, 2].map((seat) => ({passed: {seat}}))]}, {family: 'belote'})"
        "      .querySelector('.wd-last').innerText,"
        "    chinese: drawn(cn, cn.showdown({phase: 'PHASE_SHOW', hand: 1, hands: 2, seats: ["
        "      {board: rows(['2c', '3d', '4h'], ['5c', '5d', '7h', '8s', '9c'], ['Ac', 'Ad', 'Ah', 'Kc', 'Ks'])},"
        "      {board: rows(['Jc', 'Jd', '4s'], ['6c', '6d', '7c', '7d', '9d'], ['2h', '2d', '2s', '3c', '4d'])}]},"
        "      [{chinese: {versus: {other: 1, units: '5'}, settled: {rows: [{row: 'bottom', outcome: 1, units: '1'},"
        "        {row: 'middle', outcome: -1, units: '-1'}, {row: 'top', outcome: -1, units: '-1'}]}}},"
        "       {chinese: {scored: {units: '5', total: '5'}}},"
        "       {chinese: {scored: {seat: 1, units: '-5', total: '-5'}}}]), {seat: 1})"
        "      .querySelector('.cn-mine').innerText});"
        "  const lit = () => { const c = {...ctx(words), family: 'bataille', act: () => null};"
        "    const node = document.createElement('div'); document.body.append(node);"
        "    const board = words.create(node, c); const table = ['Gr', 'Yb', 'Cb', 'Tr'];"
        "    const live = {phase: 'PHASE_LAY', turn: 1, table, seats: [{}, {}]}; board.update(live, c);"
        "    const box = board.input({kind: 'claim', word: {cards: table, minLength: 3}}, live, c); document.body.append(box);"
        "    const field = box.querySelector('input.wd-input'); field.value = 'GYC'; field.dispatchEvent(new Event('input'));"
        "    const typed = node.querySelectorAll('.lt-lit').length; box.remove();"
        "    board.update({phase: 'PHASE_OVER', table, seats: [{}, {}]}, c);"
        "    return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() =>"
        "      r([typed, node.querySelectorAll('.lt-lit').length])))); };"
        "  const french = say(); lit().then((glowing) => { i18n.setLang('en'); const english = say(); i18n.setLang('fr');"
        "    done([french, english, glowing]); }); });")
    french, english, (typed, glowing) = said
    assert french["feed"] == [
        "Le robot 2 écarte 2 cartes", "Le robot 2 tire 2 cartes", "Le robot 2 reçoit 16 lettres", "Le robot 4 pose une lettre",
        "Le robot 2 place au milieu K♣, défausse une carte", "Le robot 2 reçoit 3 cartes", "Le robot 2 prend B E ★",
        "Léa pose Y", "Mots jugés par le lexique français (DELA) (règles du livret)", "Victoire de Léa et du robot 3",
        "robot 2 et robot 4 : 33 points et 30 de prime, total 109", "robot 2 : −6 cette donne, total −6"], french["feed"]
    assert english["feed"][:4] == ["robot 2 discards 2 cards", "robot 2 draws 2 cards", "robot 2 is dealt 16 letters",
                                   "robot 4 lays a letter"], english["feed"]  # the names as the screen gives them
    assert english["feed"][9] == "Léa and robot 3 won" and english["feed"][-1] == "robot 2: −6 this hand, total −6"
    assert french["tiles"] == 2 and french["title"] == "roi de trèfle" and english["title"] == "king of clubs"
    assert "lexique français (DELA)" in french["bataille"] and "fr-dela" not in french["bataille"]
    assert typed == 3, typed  # the word typed lights its tiles while it may be said...
    assert "Victoire : Léa" in french["bataille"] and glowing == 0, (french["bataille"], glowing)  # ...not at the end
    assert "Léa et robot 3" in french["belote"] and "passe" not in french["belote"], french["belote"]
    assert french["passes"].count("passe") == 1 and "5 passes : robot 3, robot 4, Léa et robot 2" in french["passes"]
    assert english["passes"].count("pass") == 1 and "5 passes: robot 3, robot 4, Léa, and robot 2" in english["passes"]
    # seat 1's rows, said from its side: its top's jacks beat Léa's 4 high, its bottom's trips lose to her full house
    mine = french["chinese"]
    assert "bat Léa +1" in mine and "perd contre Léa −1" in mine and "perd 5 contre Léa" in mine and "✓" not in mine, mine
    assert "cette donne −5" in mine and "total −5" in mine and "-" not in mine, mine  # −, never a hyphen
    assert "beats Léa +1" in english["chinese"] and "loses to Léa −1" in english["chinese"]


def test_an_amount_is_one_control_and_daker_s_hands_are_words_within_their_seats(site: str,
                                                                                 browsers: Callable[..., Any]) -> None:
    """A raise of 50 to 60 is one slider, one box and one button (a spread limit's eleven buttons, "Relancer à 50",
    "à 51"...); a discard of 0 to 2 cards says "1 ou 2 cartes"; DAKER's hands say their values in words ("Brelan
    d'as", "Three aces", not "Three A"), and the longest stays within its seat, on a desktop and on a phone."""
    driver = lobby(browsers, site, 390, 844)
    script = (
        "const [width, done] = arguments;"
        "Promise.all([import('/i18n.js'), import('/table/actions.js'), import('/table/poker.js')]).then(([i18n, actions, poker]) => {"
        "  const ctx = {names: ['anne', 'robot 2', 'robot 3'], seat: 0, family: 'daker', pending: new Set(), lang: i18n.lang,"
        "               picked: new Map(), t: (k, v) => i18n.t(k, v, poker.STRINGS), act: () => null, view: {pot: '120'}};"
        "  const raise = {kind: 'raise', amount: {min: '50', max: '60', step: '1'},"
        "                 actions: Array.from({length: 11}, (_, i) => `raise ${50 + i}`)};"
        "  const discard = {kind: 'discard', cards: {cards: ['AK', 'QJ'], sizes: [0, 1, 2]}};"
        "  const bar = document.createElement('div');"
        "  bar.append(...actions.controls({moves: [raise, discard]}, poker, ctx).parts);"
        "  const five = ['AK', 'AQ', 'QJ', 'KQ', 'KR'];"
        "  const seat = (slug) => ({cards: five, _hand: slug, inHand: true, stack: '100'});"
        "  const view = {mode: 'MODE_DRAW', hand: 3, phase: 'PHASE_BET', _showdown: true, pot: '300',"
        "                seats: [seat('full-house-Q-K'), seat('two-pairs-A-Q'), seat('three-A')]};"
        "  const board = document.createElement('div'); board.className = 'board';"
        "  document.getElementById('main').replaceChildren(board);"
        "  const say = () => { const c = {...ctx, t: (k, v) => i18n.t(k, v, poker.STRINGS)}; poker.create(board, c).update(view, c);"
        "    return [...board.querySelectorAll('.pk-seat')].map((s) => { const made = s.querySelector('.pk-made');"
        "      const [r, m] = [s.getBoundingClientRect(), made.getBoundingClientRect()];"
        "      return [made.textContent, m.left >= r.left - 1 && m.right <= r.right + 1]; }); };"
        "  const french = say(); i18n.setLang('en'); const english = say(); i18n.setLang('fr');"
        "  done({buttons: [...bar.querySelectorAll('button.act')].map((b) => b.textContent),"
        "        ranges: [...bar.querySelectorAll('input[type=range]')].map((r) => [r.min, r.max]),"
        "        boxes: bar.querySelectorAll('input.amount').length, picked: bar.querySelector('.cards-move small').textContent,"
        "        french, english}); });")
    for width, height in ((390, 844), (1280, 757)):
        sized(driver, width, height)
        said = driver.execute_async_script(script, width)
        assert said["buttons"] == ["Relancer à 50", "Ne rien écarter"] and said["ranges"] == [["50", "60"]], said
        assert said["boxes"] == 1 and said["picked"] == "choisissez 1 ou 2 cartes dans votre jeu", said
        assert [name for name, _ in said["french"]] == ["Full aux dames par les rois", "Deux paires, as et dames",
                                                         "Brelan d'as"], said["french"]
        assert [name for name, _ in said["english"]] == ["Full house, queens over kings", "Two pair, aces and queens",
                                                          "Three aces"], said["english"]
        outside = [name for name, inside in said["french"] + said["english"] if not inside]
        assert not outside, f"at {width} px, hand names stick out of their seat: {outside}"


def test_an_amount_typed_is_the_amount_played(site: str, browsers: Callable[..., Any]) -> None:
    """A person clicks the amount box and types: the typing replaces the amount shown (not "1047" from "10" and
    "47": an all-in), and the button says and plays it at each key, before the box is left."""
    driver = lobby(browsers, site)
    driver.execute_async_script(
        "const done = arguments[0];"
        "Promise.all([import('/i18n.js'), import('/table/actions.js'), import('/table/poker.js')]).then(([i18n, actions, poker]) => {"
        "  const ctx = {seat: 0, family: 'daker', pending: new Set(), picked: new Map(), view: {pot: '40'},"
        "               t: (k, v) => i18n.t(k, v, poker.STRINGS), act: (move) => { window.played = move.action; }};"
        "  const bet = {kind: 'bet', amount: {min: '10', max: '990', step: '10'}};"
        "  const bar = document.createElement('div'); bar.id = 'amount-bar';"
        "  bar.append(...actions.controls({moves: [bet]}, poker, ctx).parts);"
        "  document.getElementById('main').replaceChildren(bar); done(); });")
    box = driver.find_element(By.CSS_SELECTOR, "#amount-bar input.amount")
    button = driver.find_element(By.CSS_SELECTOR, "#amount-bar button.act")
    box.click()
    box.send_keys("47")
    assert button.text == "Miser 50" and button.get_attribute("data-action") == "bet 50"  # on the step, not 1047
    button.click()
    assert driver.execute_script("return window.played") == "bet 50"
    assert box.get_attribute("value") == "50"  # left: put on the range


def test_a_result_keeps_the_amount_the_winners_tied_on(site: str, browsers: Callable[..., Any]) -> None:
    """A result's column the same for every seat tells nothing and is left out (DAKER round's chips, all 0), unless
    the win is shared: a drawn Chinese poker game shows its 0 units each, what the two winners tied on. A game of
    teams (its VariantInfo's teamSize: belote) gives each seat its team's total, as team points."""
    driver = lobby(browsers, site)
    said = driver.execute_async_script(
        "const done = arguments[0];"
        "const chinese = {name: 'chinese', seats: 3, reviewsHands: true, roundName: 'hand'};"
        "const belote = {name: 'alphapoker-belote', seats: 4, teamSize: 2, roundName: 'deal'};"
        "import('/table/screen.js').then((screen) => done({"
        "  drawn: screen.resultColumns(chinese, {champions: [0, 1], totals: ['0', '0'], hands: 2}, 2),"
        "  won: screen.resultColumns(chinese, {champions: [1], totals: ['-3', '3'], hands: 2}, 2),"
        "  round: screen.resultColumns({name: 'daker'}, {champions: [2], stacks: ['0', '0', '0'],"
        "    outHands: [0, 0, 0]}, 3),"
        "  teams: screen.resultColumns(belote, {champions: [1, 3], totals: ['120', '310'], deals: 4}, 4),"
        "  alone: screen.resultColumns(null, {champions: [1, 3], totals: ['120', '310'], deals: 4}, 4)}));")
    assert said["drawn"] == [["totals", ["0", "0"]]], said
    assert said["won"] == [["totals", ["-3", "3"]]], said
    assert said["round"] == [], said
    assert said["teams"] == [["teamPoints", ["120", "310", "120", "310"]]], said
    assert said["alone"] == [], said  # no teams known: a list of two is no column of four seats


def test_an_alphapoker_hand_s_end_pays_the_pot_into_the_winner_s_stack(site: str, browsers: Callable[..., Any]) -> None:
    """The hand's end is drawn from the last view read (its bets in) and the hand's events: a bet the view holds is not
    paid twice, a call after it is paid, and the pot won is in the winner's stack, said as won: the stacks add up to
    the chips in play (a person saw "132 PM · remporte 24 PM", then 151 the next hand). A game's final view holds its
    wins already."""
    driver = lobby(browsers, site)
    said = driver.execute_async_script(
        "const done = arguments[0];"
        "Promise.all([import('/i18n.js'), import('/table/alphapoker.js')]).then(([i18n, ap]) => {"
        "  const events = [{alphapoker: {hand: {number: 2}}}, {alphapoker: {bet: {to: '5'}}},"
        "    {alphapoker: {called: {seat: 1, amount: '5'}}}, {alphapoker: {phase: {name: 'reveal'}}},"
        "    {alphapoker: {won: {amount: '20'}}}];"
        "  const seats = [{stack: '90', bet: '5', inDeal: true}, {stack: '95', bet: '0', inDeal: true}];"
        "  const end = ap.showdown({phase: 'PHASE_BET', round: 2, pot: '15', seats}, events);"
        "  const over = ap.showdown({phase: 'PHASE_OVER', round: 2, pot: '20', champions: [0],"
        "    seats: [{stack: '110'}, {stack: '90'}]}, events);"
        "  const node = document.createElement('div'); document.body.append(node);"
        "  const c = {names: ['Léa', 'robot 2'], seat: 1, family: 'alphapoker', pending: new Set(), lang: i18n.lang,"
        "             t: (k, v) => i18n.t(k, v, ap.STRINGS)};"
        "  ap.create(node, c).update(end, c);"
        "  done({stacks: end.seats.map((s) => s.stack), final: over.seats.map((s) => s.stack),"
        "        pot: node.querySelector('.ap-pot').innerText}); });")
    assert said["stacks"] == ["110", "90"] and said["final"] == ["110", "90"], said
    assert "Pot remporté" in said["pot"] and "20" in said["pot"], said


def test_an_all_in_is_said_with_the_move_that_made_it(site: str, browsers: Callable[..., Any]) -> None:
    """The engine tells a call that puts a seat all-in as two events; the feed says them as one line, as a poker
    site's log does ("Le robot 2 suit (990) et fait tapis"), and only for the seat's own move just before it."""
    driver = lobby(browsers, site)
    said = driver.execute_async_script(
        "const done = arguments[0];"
        "Promise.all([import('/i18n.js'), import('/table/events.js')]).then(([i18n, ev]) => {"
        "  const ctx = {names: ['Léa', 'robot 2'], seat: 0, family: '', pending: new Set(), lang: i18n.lang, t: i18n.t};"
        "  const called = {seq: 7, daker: {called: {seat: 1, amount: '990'}}};"
        "  const all = {seq: 8, daker: {allIn: {seat: 1}}};"
        "  const say = (a, b) => ev.allInAfter(a, b, ctx)?.textContent ?? null;"
        "  const french = say(called, all);"
        "  const others = [say(called, {seq: 8, daker: {allIn: {seat: 0}}}), say({seq: 7, daker: {checked: {seat: 1}}}, all),"
        "                  say({...called, seq: 5}, all), say(called, {seq: 8, daker: {folded: {seat: 1}}})];"
        "  i18n.setLang('en'); const english = say({seq: 7, yahtzeeHoldem: {raised: {seat: 1, to: '50'}}},"
        "                                          {seq: 8, yahtzeeHoldem: {allIn: {seat: 1}}});"
        "  i18n.setLang('fr'); done({french, english, others}); });")
    assert said["french"] == "Le robot 2 suit (990) et fait tapis", said
    assert said["english"] == "robot 2 raises to 50 and is all-in", said
    assert said["others"] == [None, None, None, None], said


def test_a_hint_names_its_word_and_secret_belote_s_stack_goes_back(site: str, browsers: Callable[..., Any]) -> None:
    """A practice table's hint button names its move and its word ("Annoncer AVI"), not the claim's count glued to
    the word ("Annoncer 2AVI"), and plays the hint's move; secret belote's stack, shown to check a proposed word,
    stays readable while the table is as the word left it, and goes back once a card is laid (the rulebook's D.3:
    then it is a stack to remember again). Each in French and in English."""
    driver = lobby(browsers, site)
    said = driver.execute_async_script(
        "const done = arguments[0];"
        "Promise.all([import('/i18n.js'), import('/table/screen.js'), import('/table/words.js')]).then(([i18n, screen, words]) => {"
        "  const ctx = (family) => ({names: ['Léa', 'robot 2', 'robot 3', 'robot 4'], seat: 0, family, pending: new Set(),"
        "    lang: i18n.lang, t: (k, v) => i18n.t(k, v, words.STRINGS), act: (move) => { window.played = move.action; }});"
        "  const hinted = (family, hint) => { const c = ctx(family);"
        "    const board = screen.mountBoard(words, document.createElement('div'), c);"
        "    const button = screen.hintButton(hint, board, c); button.click(); return [button.textContent, window.played]; };"
        "  const stack = ['Sr', 'Ar', 'Br', 'Lr', 'Er', 'Tr'];"
        "  const previous = [{proposed: {seat: 1, word: {letters: 'SABLE'}}}, {revealed: {cards: stack}},"
        "    {admitted: {seat: 1, word: 'SABLE'}}, {takes: {seat: 1, cards: ['Sr', 'Ar', 'Br', 'Lr', 'Er']}}];"
        "  const secret = (table) => ({stage: 'STAGE_LAY', secret: true, deal: 1, toAct: 2, seats: [{}, {}, {}, {}], table, previous});"
        "  const shown = () => { const node = document.createElement('div'); document.body.append(node); const c = ctx('belote');"
        "    const board = words.create(node, c); const read = () => [...node.querySelectorAll('.wd-revealed')].map((r) =>"
        "      [r.innerText, r.querySelectorAll('[data-card]').length]);"
        "    board.update(secret(['Tr']), c); const checked = read();"
        "    board.update(secret(['??', 'Or']), c); const laid = read(); node.remove(); return {checked, laid}; };"
        "  const say = () => ({"
        "    claim: hinted('bataille', {action: 'claim 2 AVI', bataille: {claim: {claims: 2, word: {letters: 'AVI'}}}}),"
        "    joker: hinted('bataille', {action: 'claim 3 A?VI', bataille: {claim: {claims: 3, word: {letters: 'AVI', jokers: [1]}}}}),"
        "    propose: hinted('belote', {action: 'propose SABLE', belote: {propose: {word: {letters: 'SABLE'}}}}),"
        "    stack: shown()});"
        "  const french = say(); i18n.setLang('en'); const english = say(); i18n.setLang('fr'); done({french, english}); });")
    french, english = said["french"], said["english"]
    assert french["claim"] == ["Annoncer AVI", "claim 2 AVI"], french
    assert french["joker"] == ["Annoncer A?VI", "claim 3 A?VI"] and french["propose"] == ["Proposer SABLE", "propose SABLE"]
    assert english["claim"] == ["Claim AVI", "claim 2 AVI"] and english["propose"] == ["Propose SABLE", "propose SABLE"]
    checked, laid = french["stack"]["checked"], french["stack"]["laid"]
    assert len(checked) == 1 and "la pile dévoilée" in checked[0][0] and checked[0][1] == 6, french["stack"]
    assert laid == [], french["stack"]  # a card laid since: the stack went back
    assert "the stack shown" in english["stack"]["checked"][0][0] and english["stack"]["laid"] == [], english["stack"]


def test_a_capped_bet_offers_the_cap_not_all_in_nor_the_pot(site: str, browsers: Callable[..., Any]) -> None:
    """AlphaPoker's bets go to a cap (a seat's total bet in a deal, its view's cap: 15 PM by the rulebook): the amount's
    quick buttons are its least and the cap, named as such, never "tapis"/"all-in", "½ pot" or "pot", which bound
    nothing there; a seat holding less than the cap goes all in. The bar's buttons, at a desktop's width and a
    phone's, in French and in English."""
    driver = lobby(browsers, site, 390, 844)
    script = (
        "const done = arguments[0];"
        "Promise.all([import('/i18n.js'), import('/table/actions.js'), import('/table/screen.js'), import('/table/alphapoker.js')])"
        ".then(([i18n, actions, screen, ap]) => {"
        "  const view = {phase: 'PHASE_BET', cap: '15', pot: '12', round: 1, toAct: 0,"
        "                seats: [{stack: '100', bet: '3', inDeal: true}, {stack: '4', bet: '3', inDeal: true}]};"
        "  const bar = (seat, max) => { const c = {names: ['anne', 'robot 2'], seat, family: 'alphapoker', pending: new Set([seat]),"
        "      lang: i18n.lang, picked: new Map(), t: (k, v) => i18n.t(k, v, ap.STRINGS), act: () => null, view};"
        "    const board = screen.mountBoard(ap, document.createElement('div'), c); board.update(view, c);"
        "    const node = document.createElement('div'); node.className = 'action-bar';"
        "    node.append(...actions.controls({moves: [{kind: 'raise', amount: {min: '4', max}}, {kind: 'fold', actions: ['fold']}]},"
        "      board, c).parts);"
        "    document.getElementById('main').replaceChildren(node);"
        "    const quick = [...node.querySelectorAll('.amount-move button[data-amount]')];"
        "    return {quick: quick.map((b) => [b.textContent, b.dataset.amount]),"
        "            inside: quick.every((b) => b.getBoundingClientRect().right <= innerWidth + 1)}; };"
        "  const say = () => ({capped: bar(0, '15'), short: bar(1, '7')});"
        "  const french = say(); i18n.setLang('en'); const english = say(); i18n.setLang('fr'); done({french, english}); });")
    for width, height in ((390, 844), (1280, 900)):
        sized(driver, width, height)
        said = driver.execute_async_script(script)
        french, english = said["french"], said["english"]
        assert french["capped"]["quick"] == [["min", "4"], ["plafond", "15"]], (width, french)
        assert english["capped"]["quick"] == [["min", "4"], ["cap", "15"]], (width, english)
        assert french["short"]["quick"] == [["min", "4"], ["tapis", "7"]], (width, french)  # its stack under the cap
        assert english["short"]["quick"] == [["min", "4"], ["all-in", "7"]], (width, english)
        assert all(side["inside"] for side in (*french.values(), *english.values())), (width, said)


def test_two_boards_on_one_page_share_nothing(site: str, browsers: Callable[..., Any]) -> None:
    """A board's state is its own (issue 38, step 4): two bataille boards on one page with the same table, a word typed
    in the first one's box lights the first one's tiles alone; two AlphaPoker boards at the reveal of the same deal,
    the letters tapped in the first one's word builder are not in the second one's."""
    driver = lobby(browsers, site)
    said = driver.execute_async_script(
        "const done = arguments[0];"
        "Promise.all([import('/i18n.js'), import('/table/words.js'), import('/table/alphapoker.js')]).then(([i18n, words, ap]) => {"
        "  const made = (module, family, view) => { const node = document.createElement('div'); document.body.append(node);"
        "    const c = {names: ['Léa', 'robot 2'], seat: 0, family, pending: new Set([0]), lang: i18n.lang, picked: new Map(),"
        "               t: (k, v) => i18n.t(k, v, module.STRINGS), act: () => null, view};"
        "    const board = module.create(node, c); board.update(view, c); return {node, board, c}; };"
        "  const table = ['Gr', 'Yb', 'Cb', 'Tr', 'Er'];"
        "  const bataille = {phase: 'PHASE_LAY', turn: 1, claims: 2, table, seats: [{claimant: true}, {}]};"
        "  const claim = {kind: 'claim', word: {cards: table, minLength: 3}};"
        "  const [one, two] = [made(words, 'bataille', bataille), made(words, 'bataille', bataille)];"
        "  const box = one.board.input(claim, bataille, one.c); document.body.append(box);"
        "  const field = box.querySelector('input.wd-input'); field.value = 'GYC'; field.dispatchEvent(new Event('input'));"
        "  const other = two.board.input(claim, bataille, two.c);"
        "  const rack = ['Er', 'Tb', 'Ar', 'Nb', 'Sr', 'Ob', 'Ir'];"
        "  const reveal = {phase: 'PHASE_REVEAL', round: 1, toAct: 0, seats: [{hand: rack, inDeal: true}, {inDeal: true}]};"
        "  const lay = {kind: 'lay', word: {cards: rack, maxLength: 7}};"
        "  const [three, four] = [made(ap, 'alphapoker', reveal), made(ap, 'alphapoker', reveal)];"
        "  const builder = three.board.input(lay, reveal, three.c); document.body.append(builder);"
        "  builder.querySelectorAll('.ap-b-rack .lt').forEach((tile, i) => i < 3 && tile.click());"
        "  const spelt = (b) => [...b.querySelectorAll('.ap-b-word .lt[data-card]')].map((t) => t.dataset.card);"
        "  const again = three.board.input(lay, reveal, three.c);"  # the first board's builder made again: its word kept
        "  done({lit: [one, two].map((b) => b.node.querySelectorAll('.lt-lit').length), typed: other.querySelector('input').value,"
        "        first: spelt(builder), kept: spelt(again), second: spelt(four.board.input(lay, reveal, four.c))}); });")
    assert said["lit"] == [3, 0] and said["typed"] == "", said
    assert said["first"] == ["Er", "Tb", "Ar"] and said["kept"] == said["first"] and said["second"] == [], said


def test_a_tile_is_named_as_its_card_is(site: str, browsers: Callable[..., Any]) -> None:
    """A letter tile's title is its card's name as the page says it everywhere (cards.js), its value after a letter:
    a joker is masculine in French ("joker noir", never "joker noire"), a letter card feminine ("E noire")."""
    driver = lobby(browsers, site)
    said = driver.execute_async_script(
        "const done = arguments[0];"
        "Promise.all([import('/i18n.js'), import('/table/tiles.js')]).then(([i18n, tiles]) => {"
        "  const say = () => ['?b', '?r', '?b=E', 'Eb', 'Kr', '??'].map((card) => tiles.tile(card, {lang: i18n.lang}).title);"
        "  const french = say(); i18n.setLang('en'); const english = say(); i18n.setLang('fr'); done({french, english}); });")
    assert said["french"] == ["joker noir", "joker rouge", "joker noir pour E", "E noire, 1 pt", "K rouge, 5 pts",
                              "carte cachée"], said
    assert said["english"] == ["black joker", "red joker", "black joker as E", "black E, 1 pt", "red K, 5 pts",
                               "a card face down"], said
