// The table's events in words: each family's typed event (TableEvent's pokerChamp, alphapoker, bataille, belote,
// chinese, daker or yahtzeeHoldem field, as Connect's JSON gives it) said as a short sentence in the page's
// language, seats by name, cards drawn by cards.js and letter cards as the boards' tiles (tiles.js); a card this
// seat may not see ("??") is said as a count ("écarte 2 cartes", "pose une lettre"), a POKER CHAMP back drawn with
// its mark. The engine's text ("p1 lays Er") is English and made for logs: it shows only for an event this
// file does not know (a kind added since), its seats named.
//
// A sentence is a text with slots ("{who} relance à {n}"), filled with elements: a name in <b>, cards, a word.

import { cardElement, kindOf } from "../cards.js";
import { h } from "../dom.js";
import { lang, listOf, number, pieces, signed, t } from "../i18n.js";
import { lexiconLabel, policyLabel } from "../options.js";
import { nameOf, num } from "./board.js";
import { dakerHand } from "./poker.js";
import { laidText, reasonText, refusalText, tile } from "./tiles.js";

const WORDS = {
  fr: {
    "ev.hand": "Donne {n} : {who} distribue", "ev.dealt": "{who} reçoit {cards}", "ev.folded": "{who} se couche",
    "ev.won": "{who} remporte {n}", "ev.won.side": "{who} remporte {n} ({pot})", "ev.pot.side": "pot parallèle {n}",
    "ev.out": "{who} est éliminé", "ev.champions": "Victoire de {names}",
    "ev.judged": "Mots jugés par le {name} ({policy})",
    "ev.shows": "{who} montre {cards}", "ev.shows.hand": "{who} montre {cards} : {hand}",
    "ev.passed": "{who} passe", "ev.takes": "{who} prend {cards}", "ev.admitted": "{word} est admis : {who} prend les cartes",
    "ev.refused": "{word} de {who} est refusé : {reason}", "ev.reshuffled": "Pioche épuisée : {n} {n:carte défaussée est remélangée|cartes défaussées sont remélangées}",
    // betting (DAKER, Yahtzee Texas Hold'em, AlphaPoker)
    "ev.anted": "{who} paie l'ante : {n}", "ev.blinded": "{who} paie la blinde : {n}", "ev.checked": "{who} passe (parole)",
    "ev.called": "{who} suit ({n})", "ev.bet": "{who} mise {n}", "ev.raised": "{who} relance à {n}",
    "ev.allIn": "{who} fait tapis", "ev.allIn.after": "{move} et fait tapis", "ev.returned": "{who} reprend {n} : mise non suivie",
    // POKER CHAMP
    "ev.pc.deal": "Donne {n}", "ev.pc.stage": "Étape {n} : mise de {stake}", "ev.pc.paid": "{who} paie {n}",
    "ev.pc.burn": "Une carte est brûlée", "ev.pc.board": "Tableau : {cards}",
    "ev.pc.duel": "Duel pour l'Award : {names}", "ev.pc.duelTie": "Duel à égalité : il est redonné",
    "ev.pc.awarded": "{who} donne {n} {n:jeton|jetons} à {to} et gagne un Award", "ev.pc.timeIsUp": "Le temps est écoulé : dernière donne",
    // AlphaPoker
    "ev.ap.cut": "{who} tire {card} pour désigner le donneur", "ev.ap.phase.exchange": "Échange {n}",
    "ev.ap.phase.bet": "Enchères", "ev.ap.phase.reveal": "Abattage : chacun pose son mot", "ev.ap.phase": "Phase {n}",
    "ev.ap.discarded": "{who} échange {cards}", "ev.kept": "{who} garde son jeu", "ev.ap.received": "{who} reçoit {cards}",
    "ev.ap.raisedToSee": "{who} relance pour voir à {n}", "ev.ap.stopped": "{who} dit stop",
    "ev.ap.wordLaid": "{who} pose {cards}", "ev.ap.noWord": "{who} ne pose pas de mot",
    "ev.ap.scored": "{who} marque {n} {n:point|points} avec {word}", "ev.ap.refused.none": "{who} : pas de mot, 0 point",
    "ev.ap.remains": "{n} {n:reste|restent} au pot pour la donne suivante",
    "ev.ap.tieBreak": "Égalité : {names} jouent une donne de plus",
    // bataille, belote
    "ev.wd.pile": "{who} a {n} {n:carte|cartes} dans sa pile", "ev.wd.played": "{who} pose {card}", "ev.wd.claimed": "{who} annonce {word}",
    "ev.wd.claimed.none": "{who} tape sans mot", "ev.wd.refused.none": "{who} n'avait pas de mot : pénalité",
    "ev.wd.gives": "{who} donne {card} en pénalité", "ev.wd.replays": "{who} reprend {n} {n:carte gagnée|cartes gagnées}",
    "ev.wd.lastCall": "Dernier appel : chacun annonce un mot ou passe", "ev.wd.timeUp": "Le temps est écoulé",
    "ev.wd.points": "{who} : {n} {n:point|points}", "ev.wd.proposed": "{who} propose {word}", "ev.wd.revealed": "La pile est retournée : {cards}",
    "ev.wd.takes.team": "{who} prend {cards} pour son équipe",
    "ev.wd.lastWords": "Derniers mots : chacun peut proposer un dernier mot",
    "ev.wd.dealPoints": "{team} : {points} {points:point|points}, total {total}",
    "ev.wd.dealPoints.bonus": "{team} : {points} {points:point|points} et {bonus} de prime, total {total}",
    // DAKER
    "ev.dk.community": "{n} {n:carte commune|cartes communes} face cachée", "ev.dk.turned": "Une carte commune est retournée : {card}",
    "ev.dk.discarded": "{who} écarte {cards}", "ev.dk.drew": "{who} tire {cards}", "ev.dk.drew.none": "{who} ne tire rien",
    "ev.dk.replay": "Égalité : {names} rejouent",
    // Yahtzee Texas Hold'em
    "ev.yh.dealt": "{who} reçoit {cards}", "ev.yh.rolled.flop": "Flop : {cards}", "ev.yh.rolled.reroll": "Le flop est relancé : {cards}",
    "ev.yh.rolled.turn": "Turn : {cards}", "ev.yh.rolled.river": "River : {cards}", "ev.yh.rolled": "Dés lancés : {cards}",
    // Chinese poker
    "ev.cn.reserved": "{who} reçoit sa main de la donne suivante, face cachée : {cards}",
    "ev.cn.aside": "Une main est mise de côté : {cards}", "ev.cn.setHand": "{who} a posé sa main", "ev.cn.setHand.rows": "{who} pose {rows}",
    "ev.cn.placed": "{who} place {rows}", "ev.cn.surrendered": "{who} abandonne la main", "ev.cn.shown": "{who} montre {rows}",
    "ev.cn.fouled": "{who} fait une faute : ses rangées sont dans le désordre",
    "ev.cn.naturalShown": "{who} montre une main naturelle : {name}",
    "ev.cn.versus.won": "{who} gagne {n} contre {to}", "ev.cn.versus.lost": "{who} paie {n} à {to}", "ev.cn.versus.tie": "{who} et {to} : égalité",
    "ev.cn.scored": "{who} : {n} cette donne, total {total}",
    "ev.cn.fantasyland": "{who} entre en fantasyland : {n} {n:carte|cartes} à la donne suivante",
    "ev.cn.row.bottom": "en bas", "ev.cn.row.middle": "au milieu", "ev.cn.row.top": "en haut", "ev.cn.row.discard": "défausse",
    "ev.cn.natural.dragon": "dragon", "ev.cn.natural.three-straights": "trois quintes", "ev.cn.natural.three-flushes": "trois couleurs",
    "ev.cn.natural.no-face": "sans figure", "ev.cn.natural.six-pairs": "six paires",
    // what a seat may not see, said as a count: a card, a letter card, a die
    "ev.hidden.card.one": "une carte", "ev.hidden.card": "{n} {n:carte|cartes}",
    "ev.hidden.letter.one": "une lettre", "ev.hidden.letter": "{n} {n:lettre|lettres}",
    "ev.hidden.die.one": "un dé", "ev.hidden.die": "{n} {n:dé|dés}", "ev.hidden.with": "{shown} et {hidden} face cachée",
  },
  en: {
    "ev.hand": "Hand {n}: {who} deals", "ev.dealt": "{who} is dealt {cards}", "ev.folded": "{who} folds",
    "ev.won": "{who} wins {n}", "ev.won.side": "{who} wins {n} ({pot})", "ev.pot.side": "side pot {n}",
    "ev.out": "{who} is out", "ev.champions": "{names} won",
    "ev.judged": "Words judged by the {name} ({policy})",
    "ev.shows": "{who} shows {cards}", "ev.shows.hand": "{who} shows {cards}: {hand}",
    "ev.passed": "{who} passes", "ev.takes": "{who} takes {cards}", "ev.admitted": "{word} is admitted: {who} takes the cards",
    "ev.refused": "{who}'s {word} is refused: {reason}", "ev.reshuffled": "The stock ran out: {n} {n:discard is|discards are} shuffled into a new one",
    "ev.anted": "{who} antes {n}", "ev.blinded": "{who} posts a blind of {n}", "ev.checked": "{who} checks",
    "ev.called": "{who} calls {n}", "ev.bet": "{who} bets {n}", "ev.raised": "{who} raises to {n}",
    "ev.allIn": "{who} is all-in", "ev.allIn.after": "{move} and is all-in", "ev.returned": "{who} takes back {n}: an uncalled bet",
    "ev.pc.deal": "Deal {n}", "ev.pc.stage": "Stage {n}: stake {stake}", "ev.pc.paid": "{who} pays {n}",
    "ev.pc.burn": "A card is burnt", "ev.pc.board": "Board: {cards}",
    "ev.pc.duel": "Duel for the Award: {names}", "ev.pc.duelTie": "The duel is a tie: it is dealt again",
    "ev.pc.awarded": "{who} gives {n} {n:chip|chips} to {to} and earns an Award", "ev.pc.timeIsUp": "Time is up: last deal",
    "ev.ap.cut": "{who} draws {card} for the first dealer", "ev.ap.phase.exchange": "Exchange {n}",
    "ev.ap.phase.bet": "Betting", "ev.ap.phase.reveal": "Reveal: each lays a word", "ev.ap.phase": "Phase {n}",
    "ev.ap.discarded": "{who} exchanges {cards}", "ev.kept": "{who} keeps the hand", "ev.ap.received": "{who} draws {cards}",
    "ev.ap.raisedToSee": "{who} raises to {n} to see", "ev.ap.stopped": "{who} stops",
    "ev.ap.wordLaid": "{who} lays {cards}", "ev.ap.noWord": "{who} lays no word",
    "ev.ap.scored": "{who} scores {n} with {word}", "ev.ap.refused.none": "{who}: no word, 0 points",
    "ev.ap.remains": "{n} {n:stays|stay} in the pot for the next deal",
    "ev.ap.tieBreak": "A tie: {names} play one more deal",
    "ev.wd.pile": "{who} has {n} {n:card|cards} in the pile", "ev.wd.played": "{who} lays {card}", "ev.wd.claimed": "{who} claims {word}",
    "ev.wd.claimed.none": "{who} claims with no word", "ev.wd.refused.none": "{who} had no word: a penalty",
    "ev.wd.gives": "{who} gives {card} as a penalty", "ev.wd.replays": "{who} picks up {n} won {n:card|cards} as the pile",
    "ev.wd.lastCall": "Last call: each claims a word or passes", "ev.wd.timeUp": "Time is up",
    "ev.wd.points": "{who}: {n} {n:point|points}", "ev.wd.proposed": "{who} proposes {word}", "ev.wd.revealed": "The stack is turned up: {cards}",
    "ev.wd.takes.team": "{who} takes {cards} for the team",
    "ev.wd.lastWords": "Last words: each may propose one last word",
    "ev.wd.dealPoints": "{team}: {points} {points:point|points}, total {total}",
    "ev.wd.dealPoints.bonus": "{team}: {points} {points:point|points} and a bonus of {bonus}, total {total}",
    "ev.dk.community": "{n} community {n:card|cards} face down", "ev.dk.turned": "A community card is turned: {card}",
    "ev.dk.discarded": "{who} discards {cards}", "ev.dk.drew": "{who} draws {cards}", "ev.dk.drew.none": "{who} draws nothing",
    "ev.dk.replay": "A tie: {names} play again",
    "ev.yh.dealt": "{who} is dealt {cards}", "ev.yh.rolled.flop": "Flop: {cards}", "ev.yh.rolled.reroll": "The flop is rolled again: {cards}",
    "ev.yh.rolled.turn": "Turn: {cards}", "ev.yh.rolled.river": "River: {cards}", "ev.yh.rolled": "Dice rolled: {cards}",
    "ev.cn.reserved": "{who} is dealt the next hand, face down: {cards}",
    "ev.cn.aside": "A hand is set aside: {cards}", "ev.cn.setHand": "{who} has set the hand", "ev.cn.setHand.rows": "{who} sets {rows}",
    "ev.cn.placed": "{who} places {rows}", "ev.cn.surrendered": "{who} surrenders the hand", "ev.cn.shown": "{who} shows {rows}",
    "ev.cn.fouled": "{who} fouls: the rows are out of order",
    "ev.cn.naturalShown": "{who} shows a natural: {name}",
    "ev.cn.versus.won": "{who} wins {n} from {to}", "ev.cn.versus.lost": "{who} pays {n} to {to}", "ev.cn.versus.tie": "{who} and {to} tie",
    "ev.cn.scored": "{who}: {n} this hand, total {total}",
    "ev.cn.fantasyland": "{who} goes to fantasyland: {n} {n:card|cards} next hand",
    "ev.cn.row.bottom": "bottom", "ev.cn.row.middle": "middle", "ev.cn.row.top": "top", "ev.cn.row.discard": "discard",
    "ev.cn.natural.dragon": "dragon", "ev.cn.natural.three-straights": "three straights", "ev.cn.natural.three-flushes": "three flushes",
    "ev.cn.natural.no-face": "no face card", "ev.cn.natural.six-pairs": "six pairs",
    "ev.hidden.card.one": "a card", "ev.hidden.card": "{n} {n:card|cards}",
    "ev.hidden.letter.one": "a letter", "ev.hidden.letter": "{n} {n:letter|letters}",
    "ev.hidden.die.one": "a die", "ev.hidden.die": "{n} {n:die|dice}", "ev.hidden.with": "{shown} and {hidden} face down",
  },
};

const FAMILIES = ["pokerChamp", "alphapoker", "bataille", "belote", "chinese", "daker", "yahtzeeHoldem"];
const ROWS = ["bottom", "middle", "top", "discard"]; // a placement's fields, in the order a hand is built
// What a family's hidden things are called when counted: AlphaPoker's cards are letters to its players.
const NOUNS = { alphapoker: "letter", bataille: "letter", belote: "letter", yahtzeeHoldem: "die" };

/** The text of one of this file's keys, its slots left for sentence() (or filled from ``vars``). */
const say = (key, vars = undefined) => t(key, vars, WORDS);

/** A sentence: the text of ``key`` with each {slot} replaced by ``parts[slot]`` (a node, a text, or a list), its
 *  counted words and elisions as i18n.js's pieces() makes them. */
function sentence(key, parts = {}) {
  return h("span", { class: "event" }, pieces(say(key), parts).flat().filter((x) => x !== null && x !== undefined));
}

/** A card's element in the feed: a letter card as the boards' tile, any other as cards.js draws it. */
function face(card) {
  const kind = kindOf(card)?.[0];
  return kind === "letter" || kind === "joker" ? tile(card, { inline: true, lang }) : cardElement(card);
}

/** What every family's sentences are made of, for one event of ``family`` seen by one seat. */
function parts(ctx, family) {
  const who = (seat) => h("b", { class: seat === ctx.seat ? "me" : "" }, nameOf(ctx, seat));
  const join = (nodes, between = ", ") => nodes.flatMap((node, i) => (i ? [between, node] : [node]));
  const noun = NOUNS[family] || "card";
  const cards = (list = []) => {
    // a card this seat may not see is counted, not drawn as an empty back: "reçoit 16 lettres", "pose une lettre"
    const hidden = list.filter((card) => kindOf(card)?.[0] === "back").length;
    const shown = join(list.filter((card) => kindOf(card)?.[0] !== "back").map(face), " ");
    if (!hidden) return shown;
    const count = say(hidden === 1 ? `ev.hidden.${noun}.one` : `ev.hidden.${noun}`, { n: hidden });
    return shown.length ? pieces(say("ev.hidden.with"), { shown, hidden: count }).flat() : count;
  };
  return {
    who, cards, card: (text) => cards([text || "??"]), t: ctx.t,
    names: (seats = []) => listOf(seats.map((s) => who(num(s)))),
    word: (text) => h("b", { class: "word" }, ...String(text || "").split(/(\?[A-Z])/).filter(Boolean)
      .map((bit) => (bit.startsWith("?") ? h("i", { title: "joker" }, bit.slice(1)) : bit))),
    tableWord: (word) => h("b", { class: "word" }, ...[...(word?.letters || "")].map((letter, i) =>
      ((word.jokers || []).map(Number).includes(i) ? h("i", { title: "joker" }, letter) : letter))),
    // a hand's name by the board's words (poker.js: "pc.hand.pair"); a name it lacks shows as its words
    hand: (prefix, slug, vars) => {
      const key = `${prefix}.${slug}`;
      const text = ctx.t(key, vars);
      return text === key ? slug.replace(/-/g, " ") : text;
    },
    rows: (placement = {}) => join(ROWS.filter((row) => (placement[row] || []).length)
      .map((row) => h("span", { class: "rows" }, `${say(`ev.cn.row.${row}`)} `, cards(placement[row])))),
  };
}

// -- each family's events, by their oneof field: (fields, parts) -> [key, slots] ------------------------------------

const seatOf = (e) => num(e.seat);
const won = (e, p) => (e.pot && e.pot !== "main"
  ? ["ev.won.side", { who: p.who(seatOf(e)), n: num(e.amount), pot: say("ev.pot.side", { n: e.pot.replace(/^side/, "") }) }]
  : ["ev.won", { who: p.who(seatOf(e)), n: num(e.amount) }]);
const dealt = (e, p) => ["ev.dealt", { who: p.who(seatOf(e)), cards: p.cards(e.cards) }];
const champions = (e, p) => ["ev.champions", { names: p.names(e.seats) }];
const folded = (e, p) => ["ev.folded", { who: p.who(seatOf(e)) }];
const out = (e, p) => ["ev.out", { who: p.who(seatOf(e)) }];
const hand = (e, p) => ["ev.hand", { n: num(e.number), who: p.who(num(e.button)) }];
const passed = (e, p) => ["ev.passed", { who: p.who(seatOf(e)) }];
const admitted = (e, p) => ["ev.admitted", { word: withReason(p.word(e.word), e.reason), who: p.who(seatOf(e)) }];
const refused = (e, p) => ["ev.refused", { word: p.word(e.word), who: p.who(seatOf(e)), reason: refusal(e) }];

const judged = (e) => ["ev.judged", { name: lexiconLabel(e.name || ""), policy: policyLabel(e.policy) }];

/** A word's node with the lexicon's reading of it as its title (the reading is long, and in the lexicon's words). */
function withReason(node, reason) {
  if (reason) node.title = reasonText(reason, lang);
  return node;
}

/** Why a word is refused, by its code in the page's words; the server's reason (its details) as the title. */
function refusal(e) {
  return withReason(h("span", {}, refusalText(e, t, lang)), e.reason);
}

const BETTING = {
  hand, out, champions, folded, won,
  anted: (e, p) => ["ev.anted", { who: p.who(seatOf(e)), n: num(e.amount) }],
  blinded: (e, p) => ["ev.blinded", { who: p.who(seatOf(e)), n: num(e.amount) }],
  checked: (e, p) => ["ev.checked", { who: p.who(seatOf(e)) }],
  called: (e, p) => ["ev.called", { who: p.who(seatOf(e)), n: num(e.amount) }],
  bet: (e, p) => ["ev.bet", { who: p.who(seatOf(e)), n: num(e.to) }],
  raised: (e, p) => ["ev.raised", { who: p.who(seatOf(e)), n: num(e.to) }],
  allIn: (e, p) => ["ev.allIn", { who: p.who(seatOf(e)) }],
  returned: (e, p) => ["ev.returned", { who: p.who(seatOf(e)), n: num(e.amount) }],
};

const shown = (prefix, cardsOf) => (e, p) => {
  const slug = e.hand && e.hand !== "-" ? e.hand : "";
  const named = !slug ? "" : prefix === "dk.hand" ? dakerHand(slug, p.t) : p.hand(prefix, slug);
  return [named ? "ev.shows.hand" : "ev.shows", { who: p.who(seatOf(e)), cards: p.cards(cardsOf(e)), hand: named }];
};

const PHRASES = {
  pokerChamp: {
    champions, folded, won,
    deal: (e) => ["ev.pc.deal", { n: num(e.number) }],
    hole: dealt,
    stage: (e) => ["ev.pc.stage", { n: num(e.number), stake: num(e.stake) }],
    paid: (e, p) => ["ev.pc.paid", { who: p.who(seatOf(e)), n: num(e.amount) }],
    burn: () => ["ev.pc.burn", {}],
    board: (e, p) => ["ev.pc.board", { cards: p.cards(e.cards) }],
    shown: shown("pc.hand", (e) => e.cards),
    duel: (e, p) => ["ev.pc.duel", { names: p.names(e.seats) }],
    duelTie: () => ["ev.pc.duelTie", {}],
    awarded: (e, p) => ["ev.pc.awarded", { who: p.who(seatOf(e)), to: p.who(num(e.to)), n: num(e.gift) }],
    timeIsUp: () => ["ev.pc.timeIsUp", {}],
  },
  alphapoker: {
    judged, hand, dealt, folded, won, out, champions,
    anted: BETTING.anted, bet: BETTING.bet, called: BETTING.called, raised: BETTING.raised,
    cut: (e, p) => ["ev.ap.cut", { who: p.who(seatOf(e)), card: p.card(e.card) }],
    phase: (e) => [WORDS.en[`ev.ap.phase.${e.name}`] ? `ev.ap.phase.${e.name}` : "ev.ap.phase", { n: num(e.number) }],
    discarded: (e, p) => [(e.cards || []).length ? "ev.ap.discarded" : "ev.kept", { who: p.who(seatOf(e)), cards: p.cards(e.cards) }],
    received: (e, p) => ["ev.ap.received", { who: p.who(seatOf(e)), cards: p.cards(e.cards) }],
    reshuffled: (e) => ["ev.reshuffled", { n: num(e.cards) }],
    raisedToSee: (e, p) => ["ev.ap.raisedToSee", { who: p.who(seatOf(e)), n: num(e.to) }],
    stopped: (e, p) => ["ev.ap.stopped", { who: p.who(seatOf(e)) }],
    wordLaid: (e, p) => [(e.cards || []).length ? "ev.ap.wordLaid" : "ev.ap.noWord",
      { who: p.who(seatOf(e)), cards: p.cards((e.cards || []).map(laidText)) }],
    scored: (e, p) => ["ev.ap.scored", { who: p.who(seatOf(e)), n: num(e.score), word: withReason(p.word(e.word), e.reason) }],
    refused: (e, p) => (!e.word || e.word === "-" ? ["ev.ap.refused.none", { who: p.who(seatOf(e)) }] : refused(e, p)),
    remains: (e) => ["ev.ap.remains", { n: num(e.amount) }],
    tieBreak: (e, p) => ["ev.ap.tieBreak", { names: p.names(e.seats) }],
  },
  bataille: {
    judged, admitted, passed, champions,
    pile: (e, p) => ["ev.wd.pile", { who: p.who(seatOf(e)), n: num(e.cards) }],
    played: (e, p) => ["ev.wd.played", { who: p.who(seatOf(e)), card: p.card(e.card) }],
    claimed: (e, p) => [e.word?.letters ? "ev.wd.claimed" : "ev.wd.claimed.none", { who: p.who(seatOf(e)), word: p.tableWord(e.word) }],
    refused: (e, p) => (!e.word || e.word === "-" ? ["ev.wd.refused.none", { who: p.who(seatOf(e)) }] : refused(e, p)),
    takes: (e, p) => ["ev.takes", { who: p.who(seatOf(e)), cards: p.cards(e.cards) }],
    gives: (e, p) => ["ev.wd.gives", { who: p.who(seatOf(e)), card: p.card(e.card) }],
    replays: (e, p) => ["ev.wd.replays", { who: p.who(seatOf(e)), n: num(e.cards) }],
    lastCall: () => ["ev.wd.lastCall", {}],
    timeUp: () => ["ev.wd.timeUp", {}],
    points: (e, p) => ["ev.wd.points", { who: p.who(seatOf(e)), n: num(e.points) }],
  },
  belote: {
    judged, hand, dealt, admitted, refused, passed, champions,
    played: (e, p) => ["ev.wd.played", { who: p.who(seatOf(e)), card: p.card(e.card) }],
    proposed: (e, p) => ["ev.wd.proposed", { who: p.who(seatOf(e)), word: p.tableWord(e.word) }],
    revealed: (e, p) => ["ev.wd.revealed", { cards: p.cards(e.cards) }],
    takes: (e, p) => ["ev.wd.takes.team", { who: p.who(seatOf(e)), cards: p.cards(e.cards) }],
    lastWords: () => ["ev.wd.lastWords", {}],
    // a team is its two seats, opposite (0 and 2, 1 and 3)
    dealPoints: (e, p) => [num(e.bonus) ? "ev.wd.dealPoints.bonus" : "ev.wd.dealPoints",
      { team: listOf([p.who(num(e.team)), p.who(num(e.team) + 2)]), points: num(e.points), bonus: num(e.bonus), total: num(e.total) }],
  },
  daker: {
    ...BETTING,
    dealt,
    community: (e) => ["ev.dk.community", { n: num(e.count) }],
    turned: (e, p) => ["ev.dk.turned", { card: p.card(e.card) }],
    discarded: (e, p) => [(e.cards || []).length ? "ev.dk.discarded" : "ev.kept", { who: p.who(seatOf(e)), cards: p.cards(e.cards) }],
    drew: (e, p) => [(e.cards || []).length ? "ev.dk.drew" : "ev.dk.drew.none", { who: p.who(seatOf(e)), cards: p.cards(e.cards) }],
    reshuffled: (e) => ["ev.reshuffled", { n: num(e.count) }],
    shown: shown("dk.hand", (e) => e.cards),
    replay: (e, p) => ["ev.dk.replay", { names: p.names(e.seats) }],
  },
  yahtzeeHoldem: {
    ...BETTING,
    dealt: (e, p) => ["ev.yh.dealt", { who: p.who(seatOf(e)), cards: p.cards(e.dice) }],
    rolled: (e, p) => [WORDS.en[`ev.yh.rolled.${e.street}`] ? `ev.yh.rolled.${e.street}` : "ev.yh.rolled", { cards: p.cards(e.dice) }],
    shown: shown("yh.hand", (e) => e.dice),
  },
  chinese: {
    hand, dealt, champions,
    reserved: (e, p) => ["ev.cn.reserved", { who: p.who(seatOf(e)), cards: p.cards(e.cards) }],
    aside: (e, p) => ["ev.cn.aside", { cards: p.cards(e.cards) }],
    setHand: (e, p) => [ROWS.some((r) => (e.placement?.[r] || []).length) ? "ev.cn.setHand.rows" : "ev.cn.setHand",
      { who: p.who(seatOf(e)), rows: p.rows(e.placement) }],
    placed: (e, p) => ["ev.cn.placed", { who: p.who(seatOf(e)), rows: p.rows(e.placement) }],
    surrendered: (e, p) => ["ev.cn.surrendered", { who: p.who(seatOf(e)) }],
    shown: (e, p) => ["ev.cn.shown", { who: p.who(seatOf(e)), rows: p.rows(e.placement) }],
    fouled: (e, p) => ["ev.cn.fouled", { who: p.who(seatOf(e)) }],
    naturalShown: (e, p) => ["ev.cn.naturalShown", { who: p.who(seatOf(e)),
      name: WORDS.en[`ev.cn.natural.${e.name}`] ? say(`ev.cn.natural.${e.name}`) : String(e.name || "").replace(/-/g, " ") }],
    versus: (e, p) => {
      const units = num(e.units);
      return [units > 0 ? "ev.cn.versus.won" : units < 0 ? "ev.cn.versus.lost" : "ev.cn.versus.tie",
        { who: p.who(seatOf(e)), to: p.who(num(e.other)), n: Math.abs(units) }];
    },
    scored: (e, p) => ["ev.cn.scored", { who: p.who(seatOf(e)), n: signed(e.units), total: signed(e.total) }],
    fantasyland: (e, p) => ["ev.cn.fantasyland", { who: p.who(seatOf(e)), n: num(e.cards) }],
  },
};

/** The engine's text of an event, its seats ("p1") named and its cards drawn: for an event this file lacks. */
function engineLine(text, ctx) {
  const line = h("span", { class: "event engine" });
  for (const word of String(text || "").split(" ")) {
    const seat = word.match(/^p(\d+)$/)?.[1];
    if (seat !== undefined) line.append(h("b", { class: Number(seat) === ctx.seat ? "me" : "" }, nameOf(ctx, Number(seat))), " ");
    else if (kindOf(word)) line.append(cardElement(word), " ");
    else line.append(`${word} `);
  }
  return line;
}

/**
 * One event of a table (WatchTable's TableEvent JSON) as a sentence element in the page's language.
 * ctx: {names, seat, t} as the screen gives a board (table/board.js): each seat's name, the viewer's seat (its name
 * is marked "me"), and the text of a key with the board's words first (the hands' names: "pc.hand.pair").
 */
export function eventText(event, ctx) {
  const family = FAMILIES.find((f) => event?.[f]);
  const typed = family ? event[family] : null;
  const kind = typed ? Object.keys(typed).find((k) => PHRASES[family][k]) : undefined;
  if (kind) {
    try {
      const [key, slots] = PHRASES[family][kind](typed[kind] || {}, parts(ctx, family));
      return sentence(key, slots);
    } catch (e) { // a field of an unexpected shape: the engine's text says it still
      console.error("the event", event, e);
    }
  }
  return engineLine(event?.text, ctx);
}

/** Whether ``event``'s line names its hand already ("Donne 3 : Léa distribue", POKER CHAMP's "Donne 3"): a hand's
 *  opening, which the replay says without its hand again before it. */
export function namesHand(event) {
  const family = FAMILIES.find((f) => event?.[f]);
  const kind = family ? Object.keys(event[family]).find((k) => PHRASES[family][k]) : undefined;
  return Boolean(kind) && (PHRASES[family][kind] === hand || (family === "pokerChamp" && kind === "deal"));
}

const STAKES = ["called", "bet", "raised"]; // the moves whose chips can be a seat's last

/** An all-in said with the move that made it, as one line ("Léa suit (990) et fait tapis"), when ``event`` is the
 *  all-in ``previous`` (the event before it) led to; null for any other pair. The engine tells them as two events. */
export function allInAfter(previous, event, ctx) {
  const family = FAMILIES.find((f) => event?.[f]?.allIn);
  const move = family && previous?.[family] ? STAKES.find((k) => previous[family][k]) : undefined;
  if (!move || Number(previous.seq) !== Number(event.seq) - 1) return null;
  if (seatOf(previous[family][move]) !== seatOf(event[family].allIn)) return null;
  return sentence("ev.allIn.after", { move: eventText(previous, ctx) });
}
