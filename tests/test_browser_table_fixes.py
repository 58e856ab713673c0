"""What players met at the poker boards, the forms and the word tools (issue 39, item 8), each checked in a real
headless Chromium against a real server, at a desktop's 1280x900 and a phone's 390x844, in French and in English.

One server and one browser for the module: each check sets the window's size (DevTools' device metrics) and the
page's language (its stored choice), and sits the browser at a seat the test took through the API (its token in the
page's storage), as a reload puts a player back at his table. The other seats are played through the API, check or
call (pay), so a hand goes to its showdown; the tables are untimed unless a clock is what is checked.
"""

from __future__ import annotations

import re
import uuid
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

import test_browser
from conftest import post
from test_browser import API, chromium, table_info, wait
from selenium.webdriver.common.by import By  # after test_browser, which skips the module without selenium
from selenium.webdriver.support.ui import Select

site = test_browser.site  # the module's own server (test_browser's fixture)

DESKTOP, PHONE = (1280, 900), (390, 844)
SIZES = [(DESKTOP, "fr"), (DESKTOP, "en"), (PHONE, "fr"), (PHONE, "en")]
FAMILY = {"daker": "daker", "poker-champ": "pokerChamp", "yahtzee-holdem": "yahtzeeHoldem"}
NAMES = ["anne", "bob", "cy", "dan"]
# A seat's hand in words, by its category (HandName.category): how each board's name of it begins, in each language.
HANDS = {
    "daker": {"fr": {"nothing": "Rien", "pair": "Paire de", "two-pairs": "Deux paires", "three": "Brelan de",
                     "full-house": "Full aux", "four": "Carré de", "repoker": "Repoker de"},
              "en": {"nothing": "Nothing", "pair": "Pair of", "two-pairs": "Two pair", "three": "Three",
                     "full-house": "Full house", "four": "Four", "repoker": "Five"}},
    "pokerChamp": {"fr": {"high-card": "Hauteur", "pair": "Paire", "two-pair": "Double paire", "trips": "Brelan",
                          "straight": "Quinte", "flush": "Couleur", "full-house": "Full", "quads": "Carré",
                          "straight-flush": "Quinte flush", "royal-flush": "Quinte flush royale"},
                   "en": {"high-card": "", "pair": "Pair of", "two-pair": "Two pair", "trips": "Three of a kind",
                          "straight": "Straight", "flush": "Flush", "full-house": "Full house", "quads": "Four of a kind",
                          "straight-flush": "Straight flush", "royal-flush": "Royal flush"}},
    "yahtzeeHoldem": {"fr": {"high-dice": "Dés hauts", "pair": "Paire", "two-pairs": "Deux paires", "trips": "Brelan",
                             "full-house": "Full", "straight": "Quinte", "four": "Carré", "flush": "Couleur",
                             "yahtzee": "Yahtzee", "straight-flush": "Quinte flush", "flush-yahtzee": "Flush Yahtzee"},
                      "en": {"high-dice": "High dice", "pair": "Pair", "two-pairs": "Two pair", "trips": "Three of a kind",
                             "full-house": "Full house", "straight": "Straight", "four": "Four of a kind",
                             "flush": "Flush", "yahtzee": "Yahtzee", "straight-flush": "Straight flush",
                             "flush-yahtzee": "Flush Yahtzee"}},
}


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    """The module's one browser: each test sizes it and chooses its language (``show``)."""
    browser = chromium("fr-FR", DESKTOP)
    yield browser
    browser.quit()


@pytest.fixture(autouse=True)
def evidence(request: pytest.FixtureRequest, driver: Any, tmp_path: Path) -> Iterator[None]:
    """A failing test leaves the browser's screenshot in its temporary directory."""
    yield
    if getattr(request.node, "failed", False):
        driver.save_screenshot(str(tmp_path / "browser.png"))
        print(f"screenshot: {tmp_path / 'browser.png'}")


def show(driver: Any, url: str, size: tuple[int, int], lang: str, seats: dict[str, Any] | None = None) -> None:
    """``url`` opened anew in a window of ``size`` (a phone's below 500 px wide), the page in ``lang``; this browser
    holding ``seats`` (table id -> {seat, token}: the page's own storage) and no others, when they are given."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": size[0], "height": size[1],
                                                                  "deviceScaleFactor": 1, "mobile": size[0] < 500})
    origin = re.match(r"https?://[^/]+/", url)
    assert origin
    driver.get(origin.group())
    driver.execute_script("localStorage.setItem('brelan.lang', arguments[0]);"
                          "if (arguments[1]) localStorage.setItem('brelan.seats', JSON.stringify(arguments[1]))", lang, seats)
    driver.get("about:blank")
    driver.get(url)
    wait(driver, lambda d: d.execute_script("return document.documentElement.lang") == lang)


def table(site: str, variant: str, options: dict[str, str], players: int, **more: Any) -> tuple[str, list[str]]:
    """A new table of ``players`` people (anne, bob...), each seat taken through the API: its id, and each seat's token."""
    status, made = post(site + API + "CreateTable", {"variant": variant, "options": {"players": str(players), **options},
                                                     "pauseSeconds": 0, "untimed": True, **more})  # fmt: skip
    assert status == 200, made
    table_id = made["table"]["tableId"]
    tokens = []
    for seat in range(players):
        status, joined = post(site + API + "JoinTable", {"tableId": table_id, "player": NAMES[seat], "seat": seat})
        assert status == 200, joined
        tokens.append(joined["token"])
    return table_id, tokens


def seated(driver: Any, site: str, table_id: str, token: str, size: tuple[int, int], lang: str) -> None:
    """This browser at seat 0 of ``table_id`` (anne's), the board drawn."""
    show(driver, f"{site}#/table/{table_id}", size, lang, {table_id: {"seat": 0, "token": token}})
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board .pk-seat"), 20, "the board was not drawn")


def view_of(site: str, table_id: str, token: str) -> dict[str, Any]:
    status, view = post(site + API + "GetView", {"tableId": table_id}, token)
    assert status == 200, view
    return view  # type: ignore[no-any-return]


def play(site: str, table_id: str, tokens: list[str], family: str, seats: range) -> None:
    """Each of ``seats`` whose decision is open checks, calls or pays (else the first move it has)."""
    for seat in seats:
        view = view_of(site, table_id, tokens[seat])
        mine = (view[family].get("seats") or [{}])[seat] if seat < len(view[family].get("seats", [])) else {}
        legal = view.get("legal", [])
        if not mine.get("pending") or not legal:
            continue
        move = next((a for word in ("check", "call", "pay") for a in legal if a.startswith(word)), legal[0])
        post(site + API + "Act", {"tableId": table_id, "seat": seat, "expectedSeq": view.get("seq", "0"),
                                  "actionId": uuid.uuid4().hex, "action": move}, tokens[seat])  # fmt: skip


def until(driver: Any, site: str, table_id: str, tokens: list[str], family: str, done: Callable[[Any], Any],
          seats: range | None = None, what: str = "") -> Any:
    """The others (or ``seats``) play until ``done`` (of the browser) holds; what it gave."""
    for _ in range(120):
        found = done(driver)
        if found:
            return found
        play(site, table_id, tokens, family, seats if seats is not None else range(1, len(tokens)))
        try:
            found = wait(driver, done, 0.4)
        except Exception:  # noqa: BLE001 - not yet: play on
            continue
        return found
    raise AssertionError(f"never came: {what}")


def centred(driver: Any, css: str) -> None:
    """What ``css`` finds scrolled to the middle of the window, as a player looks at it."""
    driver.execute_script("document.querySelector(arguments[0])?.scrollIntoView({block: 'center'})", css)


# Whether each card of the seats ``arguments[0]`` finds is seen whole: each of its faces (a DAKER card's two
# values), a die all of it, above its seat's plate and the topmost thing at its middle (nothing over it): the cards
# that are not, by seat and card.
COVERED = """
const out = [];
for (const seat of document.querySelectorAll(arguments[0])) {
  const plate = seat.querySelector('.pk-plate').getBoundingClientRect();
  seat.querySelectorAll('.pk-hand [data-card]').forEach((card) => {
    for (const part of card.classList.contains('die') ? [card] : card.querySelectorAll('.face')) {
      const r = part.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (r.bottom > plate.top + 0.5 || !card.contains(top)) {
        out.push([seat.dataset.seat, card.dataset.card, part.textContent, Math.round(r.bottom), Math.round(plate.top)]);
      }
    }
  });
}
return out;
"""


def own_hand(driver: Any) -> str:
    return driver.execute_script("return document.querySelector('#board .pk-seat.mine .pk-made')?.textContent || ''")  # type: ignore[no-any-return]


@pytest.mark.parametrize("size,lang", SIZES)
def test_daker_shows_both_values_of_the_others_cards_its_colours_drawn_and_names_your_hand(
        site: str, driver: Any, size: tuple[int, int], lang: str) -> None:
    """DAKER hold'em at three: while anne plays her hand is named (the view's best, its category in the page's words);
    at the showdown every card shown at the others' seats shows its second value, above their seat's box, not under
    it; the red 10 and the black 9 (the rulebook's "rouge" and "noir") are discs of their colour on the cards and the
    legend, in both languages, never a letter (an R beside the K was read "roi")."""
    table_id, tokens = table(site, "daker", {}, 3)
    seated(driver, site, table_id, tokens[0], size, lang)
    until(driver, site, table_id, tokens, "daker", lambda d: d.find_elements(By.CSS_SELECTOR, "#board .pk-seat.mine.pending"),
          what="anne's turn")
    best = view_of(site, table_id, tokens[0])["daker"]["seats"][0]["best"]
    expected = HANDS["daker"][lang][best["category"]]
    wait(driver, lambda d: own_hand(d).startswith(expected), 5, f"anne's hand ({best}) is named {own_hand(driver)!r}")
    until(driver, site, table_id, tokens, "daker", lambda d: d.find_elements(By.CSS_SELECTOR, "#board.showdown"),
          seats=range(0, 3), what="the showdown")
    for seat in (1, 2):
        centred(driver, f"#board .pk-seat[data-seat='{seat}']")
        covered = driver.execute_script(COVERED, f"#board .pk-seat[data-seat='{seat}']")
        assert not covered, f"values under the seat's box (seat, card, value, its bottom, the box's top): {covered}"
    drawn = ("(node) => [node.dataset?.value, node.textContent, [...node.querySelectorAll('.dk-colour')]"
             ".map((disc) => [disc.className, getComputedStyle(disc).backgroundColor])]")
    letters = driver.execute_script(f"return [...document.querySelectorAll('#board .card.daker .face')].map({drawn})")
    assert len(letters) >= 2 * (3 * 3 + 3), letters  # three hands of three and the board, two values each
    discs = {"R": [["dk-colour red", "rgb(208, 49, 45)"]], "N": [["dk-colour black", "rgb(17, 17, 17)"]]}
    assert all((shown, disc) == (("", discs[value]) if value in discs else (value, [])) for value, shown, disc in letters), letters
    _, order, colours = driver.execute_script(f"return ({drawn})(document.querySelector('#board .pk-order'))")
    assert order.replace(" ", "") == "A>K>Q>J>>", order
    assert [colour for colour, _ in colours] == ["dk-colour red", "dk-colour black"], colours


@pytest.mark.parametrize("size,lang", SIZES)
def test_poker_champ_s_legend_lies_clear_of_the_table_and_your_hand_is_named(site: str, driver: Any,
                                                                              size: tuple[int, int], lang: str) -> None:
    """POKER CHAMP at four, anne to decide on the flop with a 5-minute clock: her hand is named; the marked backs'
    legend lies under the table, clear of the felt and of every seat (the viewer's taller with its turn, clock and
    hand), inside the board, nothing over it."""
    table_id, tokens = table(site, "poker-champ", {}, 4, untimed=False, decisionSeconds=300)
    seated(driver, site, table_id, tokens[0], size, lang)

    def flop_and_mine(d: Any) -> bool:
        return bool(d.find_elements(By.CSS_SELECTOR, "#board .pk-seat.mine.pending")) and len(
            d.find_elements(By.CSS_SELECTOR, "#board .pk-board [data-card]")) >= 3

    until(driver, site, table_id, tokens, "pokerChamp", flop_and_mine, seats=range(0, 4), what="anne's turn on the flop")
    best = view_of(site, table_id, tokens[0])["pokerChamp"]["seats"][0]["best"]
    expected = HANDS["pokerChamp"][lang][best["category"]]
    wait(driver, lambda d: own_hand(d).startswith(expected) and own_hand(d), 5,
         f"anne's hand ({best}) is named {own_hand(driver)!r}")
    # the Awards still to win said in the page's language, the game's own word for them as its rulebook has it
    pills = [p.text for p in driver.find_elements(By.CSS_SELECTOR, "#board .pk-info .pk-pill")]
    assert {"fr": "7 Awards POKER CHAMP en jeu", "en": "7 POKER CHAMP Awards left"}[lang] in pills, pills
    centred(driver, "#board .pk-legend")
    clash = driver.execute_script("""
      const legend = document.querySelector('#board .pk-legend');
      if (!legend) return ['no legend'];
      const a = legend.getBoundingClientRect(), board = document.querySelector('#board .pk').getBoundingClientRect();
      const out = [];
      for (const n of document.querySelectorAll('#board .pk-felt, #board .pk-seat .pk-plate, #board .pk-seat .pk-hand, #board .pk-bet')) {
        const b = n.getBoundingClientRect();
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) out.push([n.className, a.top, b.bottom]);
      }
      if (a.bottom > board.bottom || a.top < board.top) out.push(['outside the board', a.top, a.bottom, board.bottom]);
      const top = document.elementFromPoint(a.left + a.width / 2, a.top + a.height / 2);
      if (!legend.contains(top) && top !== legend.parentNode) out.push(['covered by', top?.className]);
      return out;""")
    assert not clash, clash


@pytest.mark.parametrize("size,lang", SIZES)
def test_your_dice_lie_whole_above_your_seat_s_box(site: str, driver: Any, size: tuple[int, int], lang: str) -> None:
    """Yahtzee Texas Hold'em at three, anne to decide on the flop: each of her dice is seen whole, above her seat's box
    and under nothing (a phone's too); her hand is named."""
    table_id, tokens = table(site, "yahtzee-holdem", {}, 3)
    seated(driver, site, table_id, tokens[0], size, lang)

    def flop_and_mine(d: Any) -> bool:
        return bool(d.find_elements(By.CSS_SELECTOR, "#board .pk-seat.mine.pending")) and len(
            d.find_elements(By.CSS_SELECTOR, "#board .pk-board [data-card]")) >= 3

    until(driver, site, table_id, tokens, "yahtzeeHoldem", flop_and_mine, seats=range(0, 3), what="anne's turn on the flop")
    centred(driver, "#board .pk-seat.mine")
    dice = driver.find_elements(By.CSS_SELECTOR, "#board .pk-seat.mine .pk-hand .card.die")
    assert len(dice) == 2
    covered = driver.execute_script(COVERED, "#board .pk-seat.mine")
    assert not covered, f"dice under the seat's box (seat, die, its bottom, the box's top): {covered}"
    best = view_of(site, table_id, tokens[0])["yahtzeeHoldem"]["seats"][0]["best"]
    wait(driver, lambda d: own_hand(d) == HANDS["yahtzeeHoldem"][lang][best["category"]], 5,
         f"anne's hand ({best}) is named {own_hand(driver)!r}")


@pytest.mark.parametrize("size,lang", [(DESKTOP, "fr"), (PHONE, "en")])
def test_a_five_minute_clock_reads_minutes_and_seconds(site: str, driver: Any, size: tuple[int, int], lang: str) -> None:
    """A table of 5 minutes a decision: anne's clock, in the action bar and at her seat, reads "4:5x", not "29x s",
    in the page's language and after the switch to the other."""
    table_id, tokens = table(site, "poker-champ", {}, 2, untimed=False, decisionSeconds=300)
    seated(driver, site, table_id, tokens[0], size, lang)
    until(driver, site, table_id, tokens, "pokerChamp", lambda d: d.find_elements(By.CSS_SELECTOR, "#board .pk-seat.mine.pending"),
          what="anne's turn")
    read = "return [document.getElementById('clock')?.textContent, document.querySelector('#board .pk-seat.mine .clock')?.textContent]"
    for _ in range(2):
        said = wait(driver, lambda d: (lambda r: r if all(r) else None)(d.execute_script(read)), 10, "no clock was shown")
        assert all(re.fullmatch(r"[45]:[0-5]\d", text) for text in said), said
        driver.find_element(By.ID, "lang").click()  # the other language
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board .pk-seat.mine.pending"), 10)


@pytest.mark.parametrize("size,lang", SIZES)
def test_the_form_says_what_0_means_and_offers_yahtzee_s_end(site: str, driver: Any, size: tuple[int, int], lang: str) -> None:
    """The new table form: AlphaPoker's numbers whose 0 is the rulebook's say so beside them; Yahtzee Texas Hold'em
    offers its end in sight, the rulebook's (to the last stack) chosen, and shorter games by their hands; a table made
    with 30 hands has that option."""
    show(driver, site, size, lang)
    variant = wait(driver, lambda d: d.find_element(By.ID, "variant"))
    Select(variant).select_by_value("alphapoker")
    driver.execute_script("document.querySelectorAll('#create details.rules').forEach((d) => (d.open = true))")
    rulebook = {"fr": "0 = selon le livret", "en": "0 = the rulebook's"}[lang]
    for option in ("exchanges", "exchange_cap", "capital"):
        field = driver.find_element(By.CSS_SELECTOR, f"#create [data-option={option}]")
        centred(driver, f"#create [data-option={option}]")
        said = field.find_element(By.CSS_SELECTOR, ".zero-means")
        assert said.is_displayed() and said.text == rulebook, (option, said.text)
        assert field.find_element(By.CSS_SELECTOR, "input").get_attribute("placeholder") == rulebook
    Select(driver.find_element(By.ID, "variant")).select_by_value("yahtzee-holdem")
    hands = Select(driver.find_element(By.CSS_SELECTOR, "#create > .options [data-option=hands] select"))  # in sight
    offered = [o.text for o in hands.options]
    end = {"fr": ("jusqu'au dernier tapis (livret)", "30 mains"), "en": ("to the last stack (rulebook)", "30 hands")}[lang]
    assert hands.first_selected_option.text == end[0] and end[1] in offered, offered
    hands.select_by_visible_text(end[1])
    for box in driver.find_elements(By.CSS_SELECTOR, "#create .bots input[name=bot]"):
        if box.get_attribute("value") != "0" and not box.is_selected():
            box.click()
    driver.find_element(By.CSS_SELECTOR, "#create button[type=submit]").click()
    made = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#table[data-table]")).get_attribute("data-table")
    assert table_info(site, made)["options"]["hands"] == "30"


@pytest.mark.parametrize("size,lang", SIZES)
def test_the_word_tools_take_letters_and_colours_tapped_and_answer_in_sight(site: str, driver: Any,
                                                                            size: tuple[int, int], lang: str) -> None:
    """The word tools: a word's score from letters typed ("porté") and a card tapped black, another tapped to a red
    joker standing for its letter; the answer is the server's score of those cards, drawn under the tool, in the
    window; the best words of a hand typed as letters with a joker ("?", tapped black: "joker noir", masculine), in the
    window too."""
    show(driver, f"{site}#/words", size, lang)
    form = wait(driver, lambda d: d.find_element(By.ID, "word-score"))
    form.find_element(By.CSS_SELECTOR, "input").send_keys("porté")
    taps = {1: 1, 3: 2}  # O black; T red, black, then a red joker standing for T
    for place, times in taps.items():
        for _ in range(times):
            driver.find_elements(By.CSS_SELECTOR, "#word-score-cards button.card-pick")[place].click()
    cards = ["Pr", "Ob", "Rr", "?r=T", "Er"]
    tapped = [b.get_attribute("data-card") for b in driver.find_elements(By.CSS_SELECTOR, "#word-score-cards [data-card]")]
    assert tapped == cards, tapped
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    status, score = post(site + "brelan.api.v1.LexiconService/ScoreWord", {"cards": cards})
    assert status == 200 and score["admissible"], score
    answer = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#word-score + #word-answer"))
    wait(driver, lambda d: re.search(rf"\b{score['score']} points\b", answer.text), 10, answer.text)
    drawn = [c.get_attribute("data-card") for c in answer.find_elements(By.CSS_SELECTOR, "[data-card]")]
    assert drawn == score["cards"], drawn

    def in_sight(node: Any) -> bool:
        return bool(driver.execute_script("const r = arguments[0].getBoundingClientRect();"
                                          " return r.top >= 0 && r.top < innerHeight - 40", node))

    assert in_sight(answer), "the score's answer is out of the window"
    best = driver.find_element(By.ID, "word-best")
    best.find_element(By.CSS_SELECTOR, "input").send_keys("etarnso?")
    driver.find_elements(By.CSS_SELECTOR, "#word-best-cards button.card-pick")[7].click()  # the joker black
    hand = [b.get_attribute("data-card") for b in driver.find_elements(By.CSS_SELECTOR, "#word-best-cards [data-card]")]
    assert hand == ["Er", "Tr", "Ar", "Rr", "Nr", "Sr", "Or", "?b"], hand
    joker = driver.find_element(By.CSS_SELECTOR, "#word-best-cards [data-card='?b']").get_attribute("title")
    assert joker == {"fr": "joker noir", "en": "black joker"}[lang], joker  # a joker is masculine: never "joker noire"
    best.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    words = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#word-best + #word-answer ol li"), 10)
    assert words and in_sight(words[0]), "the best words are out of the window"


@pytest.mark.parametrize("size,lang", [(DESKTOP, "fr"), (PHONE, "en")])
def test_the_form_invites_a_friend_whose_link_takes_his_seat(site: str, driver: Any, size: tuple[int, int], lang: str) -> None:
    """The new table form names a friend for a free seat: the table's page shows that seat's link with its copy button
    while it waits; the link opened in another browser (another origin's storage: localhost) offers the seat under
    the name given and seats him there in one click; the host's page then no longer offers it."""
    show(driver, site, size, lang)
    field = wait(driver, lambda d: d.find_element(By.ID, "player-name"))
    field.clear()
    field.send_keys("anne")
    Select(wait(driver, lambda d: d.find_element(By.ID, "variant"))).select_by_value("poker-champ")  # once drawn
    driver.execute_script("const f = document.querySelector(`#create [name='players']`); f.value = '3';"
                          " f.dispatchEvent(new Event('change', {bubbles: true}))")
    for box in driver.find_elements(By.CSS_SELECTOR, "#create .bots input[name=bot]"):
        if box.is_selected() != (box.get_attribute("value") == "2"):  # bob's seat free, a bot at the third
            box.click()
    seats = [i.get_attribute("data-seat") for i in driver.find_elements(By.CSS_SELECTOR, "#invites input[name=invite]")]
    assert seats == ["1"], seats  # neither anne's seat nor the bot's
    driver.find_element(By.CSS_SELECTOR, "#invites summary").click()
    driver.find_element(By.CSS_SELECTOR, "#invites input[data-seat='1']").send_keys("Bob")
    driver.find_element(By.CSS_SELECTOR, "#create button[type=submit]").click()
    table_id = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#table[data-table]")).get_attribute("data-table")
    kept = table_info(site, table_id)["seats"][1]
    assert kept.get("reserved") and kept.get("player") == "Bob" and not kept.get("taken"), kept
    row = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#invite .invited[data-seat='1']"), 10)
    said = {"fr": "Place 2 gardée pour Bob", "en": "Seat 2 kept for Bob"}[lang]
    assert said in row.text and row.find_element(By.CSS_SELECTOR, "button.copy").is_displayed(), row.text
    link = row.find_element(By.CSS_SELECTOR, "input.copy-text").get_attribute("value")
    assert re.fullmatch(rf"{re.escape(site)}#/join/{table_id}/\w+", link), link
    host = driver.current_url
    show(driver, link.replace("127.0.0.1", "localhost"), size, lang, {})  # another browser's storage: no seat here
    name = wait(driver, lambda d: d.find_element(By.ID, "guest-name"))
    assert name.get_attribute("value") == "Bob"
    driver.find_element(By.ID, "sit").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board .pk-seat.mine[data-seat='1']"), 20, "bob was not seated")
    taken = table_info(site, table_id)["seats"][1]
    assert taken.get("taken") and taken.get("player") == "Bob", taken
    show(driver, host, size, lang)  # anne's page again, her seat kept in its storage
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board .pk-seat.mine[data-seat='0']"), 20)
    assert not driver.find_elements(By.CSS_SELECTOR, "#invite .invited"), "the taken seat's link is still offered"


@pytest.mark.parametrize("size,lang", [(DESKTOP, "fr"), (PHONE, "en")])
def test_a_seat_taken_back_on_another_device_is_watched_here_and_left_without_an_error(
        site: str, driver: Any, size: tuple[int, int], lang: str, tmp_path: Path) -> None:  # fmt: skip
    """anne sits at a DAKER table in this browser with her player key; the same key takes her seat through the API
    (her phone): this page forgets the dead seat and goes on as a spectator's, saying why in its language, with no
    English toast, and "take my seat back here" seats her again in one click (the phone's token revoked in turn).
    Leaving then ends the stream watching with her token first: no error toast over the lobby (it said "this token
    no longer holds seat 0...")."""
    key = uuid.uuid4().hex
    status, made = post(site + API + "CreateTable", {"variant": "daker", "options": {"players": "2"}, "botSeats": [1],
                                                     "pauseSeconds": 0, "untimed": True})  # fmt: skip
    assert status == 200, made
    table_id = made["table"]["tableId"]
    status, joined = post(site + API + "JoinTable", {"tableId": table_id, "player": "anne", "seat": 0, "playerKey": key})
    assert status == 200, joined
    seated(driver, site, table_id, joined["token"], size, lang)
    driver.execute_script("localStorage.setItem('brelan.key', arguments[0])", key)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#table .pill.you"))
    status, phone = post(site + API + "JoinTable", {"tableId": table_id, "player": "anne", "playerKey": key})
    assert status == 200 and phone.get("seat", 0) == 0, phone
    notice = wait(driver, lambda d: d.find_element(By.ID, "seat-lost"), 20, "the lost seat was not said")
    said = {"fr": "Votre place a été reprise sur un autre appareil", "en": "Your seat was taken back on another device"}
    assert said[lang] in notice.text, notice.text
    driver.save_screenshot(str(tmp_path / f"seat-lost-{lang}-{size[0]}.png"))
    toast = driver.find_element(By.ID, "toast")
    assert "show" not in (toast.get_attribute("class") or ""), toast.text  # no "unknown or revoked token"
    assert table_id not in driver.execute_script("return JSON.parse(localStorage.getItem('brelan.seats') || '{}')")
    assert not driver.find_elements(By.CSS_SELECTOR, "#table .pill.you, #board .pk-seat.mine, #actions button.act:not(#seat-back)")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board .pk-seat"))  # the table goes on, watched
    notice.find_element(By.ID, "seat-back").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#table .pill.you") and not d.find_elements(By.ID, "seat-lost"),
         20, "the seat was not taken back")
    assert post(site + API + "GetView", {"tableId": table_id}, phone["token"])[0] == 401  # the phone's token revoked
    driver.execute_script("window.confirm = () => true")
    driver.find_element(By.ID, "leave").click()
    # the lobby lists the seat kept for her key (its ListMyTables answered after the stream's end came)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f"#mine tr.kept[data-mine='{table_id}']"), 20,
         "the seat left is not listed as kept")
    toast = driver.find_element(By.ID, "toast")
    assert "error" not in (toast.get_attribute("class") or ""), toast.text


@pytest.mark.parametrize("size,lang", [(DESKTOP, "fr"), (PHONE, "en")])
def test_a_chinese_poker_hint_names_the_rows_as_the_board_does(site: str, driver: Any, size: tuple[int, int], lang: str,
                                                               tmp_path: Path) -> None:  # fmt: skip
    """A practice table of classic Chinese poker: the hint places its 13 cards row by row in the page's words, top row
    first ("Placer Haut ... · Milieu ... · Bas ..."), never the engine's "bottom Qc Kh top ..."."""
    status, made = post(site + API + "CreateTable", {"variant": "chinese", "botSeats": [1], "hints": True, "untimed": True,
                                                     "options": {"players": "2"}})  # fmt: skip
    assert status == 200, made
    table_id = made["table"]["tableId"]
    status, joined = post(site + API + "JoinTable", {"tableId": table_id, "player": "anne", "seat": 0})
    assert status == 200, joined
    show(driver, f"{site}#/table/{table_id}", size, lang, {table_id: {"seat": 0, "token": joined["token"]}})
    wait(driver, lambda d: d.find_element(By.ID, "hint"), 20, "no hint button").click()
    hint = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#actions .hints button.hint-move"), 20)
    rows = [r.text.split()[0] for r in hint.find_elements(By.CSS_SELECTOR, ".cn-hint-row")]
    assert rows == {"fr": ["Haut", "Milieu", "Bas"], "en": ["Top", "Middle", "Bottom"]}[lang], hint.text
    assert hint.text.startswith({"fr": "Placer", "en": "Place"}[lang]), hint.text
    assert not re.search(r"\b(top|middle|bottom)\b", hint.text), hint.text  # the engine's words
    assert len(hint.find_elements(By.CSS_SELECTOR, "[data-card]")) == 13, hint.text
    centred(driver, "#actions .hints")
    driver.save_screenshot(str(tmp_path / f"chinese-hint-{lang}-{size[0]}.png"))
