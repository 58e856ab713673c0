// The board of the three poker-like families: POKER CHAMP, Yahtzee Texas Hold'em and DAKER (its three modes).
// Seats sit round an oval felt, the viewer at the bottom; each seat shows its name, chips, cards or dice, its
// bet pushed toward the centre, the dealer button, a ring (and the clock) on the seats the table waits for;
// the pot and the board (community cards, dice) lie in the middle. See board.js for the contract.
//
// Each family's typed view (GetViewResponse.pokerChamp, .yahtzeeHoldem, .daker) is first read into one model
// (seats, board, pot, the words above the table, a legend), which the board made by create() lays out and keeps; showdown() replays the
// hand's last events into a copy of the view and marks it (fields of ours start with "_", see showdown()). The hands
// are the server's: each seat's best one now (its view's best, its own) and each shown one (the event's slug, POKER
// CHAMP's full name in its notes); the page only names them.

import { cardElement, dakerValue, isHidden, kindOf } from "../cards.js";
import { listed } from "../i18n.js";
import { choiceLabel } from "../options.js";
import { clockElement, isPicked, nameOf, num } from "./board.js";
import { handName } from "./hands.js";

export const STRINGS = {
  fr: {
    "pk.seat": "place {n}", "pk.dealer": "donneur", "pk.dealer.mark": "D",
    "pk.pot": "Pot", "pk.pot.won": "Pot remporté", "pk.chips": "{n} {n:jeton|jetons}", "pk.bet": "mise {n}", "pk.paid": "a payé {n}",
    "pk.folded": "couché", "pk.out": "éliminé", "pk.allin": "tapis", "pk.your.turn": "à vous",
    "pk.thinking": "réfléchit…", "pk.to.act": "à jouer", "pk.paused": "en pause", "pk.decided": "a payé", "pk.wins": "gagne {n}", "pk.winner": "gagne",
    "pk.champion": "champion", "pk.champions": "Victoire de {names}", "pk.over": "Partie terminée", "pk.hand.n": "Donne {n}",
    "pk.deal.n": "Donne {n}", "pk.board": "tableau",
    "pk.side.pot": "pot parallèle", "pk.uncontested": "{name} remporte le pot : les autres se sont couchés",
    // POKER CHAMP
    "pc.stage.1": "Étape 1 · observation", "pc.stage.2": "Étape 2 · le flop", "pc.stage.3": "Étape 3 · le turn",
    "pc.stage.4": "Étape 4 · la rivière", "pc.stage.n": "Étape {n}", "pc.stake": "mise de l'étape : {n}",
    "pc.awards.left": "{n} {n:Award|Awards} POKER CHAMP en jeu", "pc.awards": "{n} {n:Award|Awards} POKER CHAMP", "pc.timeup": "temps écoulé : dernière donne",
    "pc.showdown": "Abattage", "pc.champions": "Champion du jour : {names}",
    "pc.legend.title": "Dos marqués :", "pc.legend.L": "forte : 10 à roi",
    "pc.legend.M": "moyenne : 6 à 9", "pc.legend.S": "faible : 2 à 5", "pc.legend.A": "un as, sans couleur",
    "pc.legend.suit": "suivie de la couleur ♠ ♥ ♦ ♣",
    "pc.duel": "Duel pour l'Award : {names}", "pc.duel.tie": "égalité : le duel est redonné ({n})",
    "pc.duel.won": "{name} gagne le duel", "pc.award": "{giver} donne {n} {n:jeton|jetons} à {to} et gagne un Award",
    "pc.award.rule": "Un Award se gagne en donnant {n} {n:jeton|jetons} à un joueur qui n'en a plus : c'est le plus riche qui donne (entre plus riches à égalité, un duel désigne qui).",
    "pc.end.awards": "Le premier à {n} {n:Award|Awards} gagne la partie.",
    "pc.end.chrono": "Au bout de {n} min, qui a le plus d'Awards gagne.",
    "pc.end.long": "La partie joue ses {n} Awards : qui en a le plus gagne.",
    "pc.hand.high-card": "Hauteur", "pc.hand.pair": "Paire", "pc.hand.two-pair": "Double paire",
    "pc.hand.trips": "Brelan", "pc.hand.straight": "Quinte", "pc.hand.flush": "Couleur", "pc.hand.full-house": "Full",
    "pc.hand.quads": "Carré", "pc.hand.straight-flush": "Quinte flush", "pc.hand.royal-flush": "Quinte flush royale",
    // Yahtzee Texas Hold'em
    "yh.street.opening": "Ouverture", "yh.street.flop": "Flop", "yh.street.turn": "Turn (tournant)",
    "yh.street.river": "River (rivière)", "yh.showdown": "Dévoilement",
    "yh.limit.spread": "mise ou relance jusqu'à {n}", "yh.limit.fixed": "mise ou relance de {n} exactement",
    "yh.limit.pot": "mise ou relance de {n} au moins, jusqu'au pot",
    "yh.limit.no-limit": "mise ou relance de {n} au moins, jusqu'au tapis",
    "yh.hand.high-dice": "Dés hauts", "yh.hand.pair": "Paire", "yh.hand.two-pairs": "Deux paires",
    "yh.hand.trips": "Brelan", "yh.hand.full-house": "Full", "yh.hand.straight": "Quinte", "yh.hand.four": "Carré",
    "yh.hand.flush": "Couleur", "yh.hand.yahtzee": "Yahtzee", "yh.hand.straight-flush": "Quinte flush",
    "yh.hand.flush-yahtzee": "Flush Yahtzee",
    "yh.legend.title": "Dés :", "yh.legend.colours": "quatre couleurs, cinq dés de chacune dans le sac",
    "yh.legend.r": "rouge", "yh.legend.b": "noir", "yh.legend.w": "blanc", "yh.legend.y": "jaune",
    "yh.legend.hands": "cinq dés d'une couleur font une couleur ; cinq faces égales, un Yahtzee ; les deux, un Flush Yahtzee, qui gagne la partie",
    // DAKER
    "dk.bet": "Tour de mises", "dk.bet.n": "Tour de mises {n}/4", "dk.discard": "Défausse : 0 à 2 cartes",
    "dk.showdown": "Abattage", "dk.stock": "cartes en pioche : {n}",
    "dk.replay": "Égalité : {names} rejouent",
    "dk.legend.title": "Cartes DAKER :", "dk.legend.two": "deux valeurs de dés de poker par carte, une seule compte dans une main",
    "dk.legend.R": "rouge (le 10 des dés de poker)", "dk.legend.N": "noir (le 9)", "dk.legend.order": "de la plus forte à la plus faible",
    "dk.hand.nothing": "Rien", "dk.hand.pair": "Paire de {a}", "dk.hand.two-pairs": "Deux paires, {a} et {b}",
    "dk.hand.three": "Brelan de {a}", "dk.hand.full-house": "Full aux {a} par les {b}",
    "dk.hand.four": "Carré de {a}, kicker {b1}", "dk.hand.repoker": "Repoker de {a}",
    // the values a hand is made of, several ("Brelan d'as") and one (a four's kicker); R, N: DAKER's red 10, black 9
    "dk.v.A": "as", "dk.v.K": "rois", "dk.v.Q": "dames", "dk.v.J": "valets", "dk.v.R": "10 rouges", "dk.v.N": "9 noirs",
    "dk.v1.A": "as", "dk.v1.K": "roi", "dk.v1.Q": "dame", "dk.v1.J": "valet", "dk.v1.R": "10 rouge", "dk.v1.N": "9 noir",
  },
  en: {
    "pk.seat": "seat {n}", "pk.dealer": "dealer", "pk.dealer.mark": "D",
    "pk.pot": "Pot", "pk.pot.won": "Pot won", "pk.chips": "{n} {n:chip|chips}", "pk.bet": "bet {n}", "pk.paid": "paid {n}",
    "pk.folded": "folded", "pk.out": "out", "pk.allin": "all-in", "pk.your.turn": "your turn",
    "pk.thinking": "thinking…", "pk.to.act": "to act", "pk.paused": "paused", "pk.decided": "paid", "pk.wins": "wins {n}", "pk.winner": "wins",
    "pk.champion": "champion", "pk.champions": "{names} won", "pk.over": "Game over", "pk.hand.n": "Hand {n}",
    "pk.deal.n": "Deal {n}", "pk.board": "board",
    "pk.side.pot": "side pot", "pk.uncontested": "{name} takes the pot uncontested: the others folded",
    // POKER CHAMP
    "pc.stage.1": "Stage 1 · hole cards", "pc.stage.2": "Stage 2 · the flop", "pc.stage.3": "Stage 3 · the turn",
    "pc.stage.4": "Stage 4 · the river", "pc.stage.n": "Stage {n}", "pc.stake": "stake this stage: {n}",
    "pc.awards.left": "{n} POKER CHAMP {n:Award|Awards} left", "pc.awards": "{n} POKER CHAMP {n:Award|Awards}", "pc.timeup": "time's up: last deal",
    "pc.showdown": "Showdown", "pc.champions": "Champion of the day: {names}",
    "pc.legend.title": "Marked backs:", "pc.legend.L": "large: 10 to king",
    "pc.legend.M": "medium: 6 to 9", "pc.legend.S": "small: 2 to 5", "pc.legend.A": "an ace, no suit",
    "pc.legend.suit": "then the suit ♠ ♥ ♦ ♣",
    "pc.duel": "Duel for the Award: {names}", "pc.duel.tie": "a tie: the duel is dealt again ({n})",
    "pc.duel.won": "{name} wins the duel", "pc.award": "{giver} gives {n} {n:chip|chips} to {to} and earns an Award",
    "pc.award.rule": "An Award is earned by giving {n} {n:chip|chips} to a player left with none: the richest gives (a duel decides between the richest when they are equal).",
    "pc.end.awards": "The first to {n} {n:Award|Awards} wins the game.",
    "pc.end.chrono": "After {n} min, whoever has the most Awards wins.",
    "pc.end.long": "The game plays all its {n} Awards: whoever has the most wins.",
    "pc.hand.high-card": "High card", "pc.hand.pair": "Pair", "pc.hand.two-pair": "Two pair",
    "pc.hand.trips": "Three of a kind", "pc.hand.straight": "Straight", "pc.hand.flush": "Flush",
    "pc.hand.full-house": "Full house", "pc.hand.quads": "Four of a kind", "pc.hand.straight-flush": "Straight flush",
    "pc.hand.royal-flush": "Royal flush",
    // Yahtzee Texas Hold'em
    "yh.street.opening": "Opening", "yh.street.flop": "Flop", "yh.street.turn": "Turn",
    "yh.street.river": "River", "yh.showdown": "Showdown",
    "yh.limit.spread": "bet or raise up to {n}", "yh.limit.fixed": "bet or raise exactly {n}",
    "yh.limit.pot": "bet or raise {n} or more, up to the pot",
    "yh.limit.no-limit": "bet or raise {n} or more, up to all-in",
    "yh.hand.high-dice": "High dice", "yh.hand.pair": "Pair", "yh.hand.two-pairs": "Two pair",
    "yh.hand.trips": "Three of a kind", "yh.hand.full-house": "Full house", "yh.hand.straight": "Straight",
    "yh.hand.four": "Four of a kind", "yh.hand.flush": "Flush", "yh.hand.yahtzee": "Yahtzee",
    "yh.hand.straight-flush": "Straight flush", "yh.hand.flush-yahtzee": "Flush Yahtzee",
    "yh.legend.title": "Dice:", "yh.legend.colours": "four colours, five dice of each in the bag",
    "yh.legend.r": "red", "yh.legend.b": "black", "yh.legend.w": "white", "yh.legend.y": "yellow",
    "yh.legend.hands": "five dice of one colour make a flush; five equal faces, a Yahtzee; both, a Flush Yahtzee, which wins the game",
    // DAKER
    "dk.bet": "Betting round", "dk.bet.n": "Betting round {n} of 4", "dk.discard": "Discard: 0 to 2 cards",
    "dk.showdown": "Showdown", "dk.stock": "cards in the stock: {n}",
    "dk.replay": "A tie: {names} play again",
    "dk.legend.title": "DAKER cards:", "dk.legend.two": "two poker-dice values on each card, a hand uses only one of them",
    "dk.legend.R": "red (the 10 of poker dice)", "dk.legend.N": "black (the 9 of poker dice)", "dk.legend.order": "from the highest to the lowest",
    "dk.hand.nothing": "Nothing", "dk.hand.pair": "Pair of {a}", "dk.hand.two-pairs": "Two pair, {a} and {b}",
    "dk.hand.three": "Three {a}", "dk.hand.full-house": "Full house, {a} over {b}", "dk.hand.four": "Four {a}, {b1} kicker",
    "dk.hand.repoker": "Five {a} (repoker)",
    "dk.v.A": "aces", "dk.v.K": "kings", "dk.v.Q": "queens", "dk.v.J": "jacks", "dk.v.R": "red 10s", "dk.v.N": "black 9s",
    "dk.v1.A": "ace", "dk.v1.K": "king", "dk.v1.Q": "queen", "dk.v1.J": "jack", "dk.v1.R": "red 10", "dk.v1.N": "black 9",
  },
};

const FAMILIES = ["pokerChamp", "yahtzeeHoldem", "daker"];
// a die's pips on a 3 × 3 grid, cells counted from the top left
const PIPS = { 1: [4], 2: [2, 6], 3: [2, 4, 6], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

function el(tag, className = "", ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false || child === "") continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// One number format a language: making one is dear (0.42 s in 20 s of a live table's slowed profile).
const FORMATS = new Map();

function amount(n, ctx) {
  const lang = ctx.lang === "en" ? "en" : "fr";
  if (!FORMATS.has(lang)) FORMATS.set(lang, new Intl.NumberFormat(lang));
  return FORMATS.get(lang).format(num(n));
}

/** A card, die or back, as cards.js draws it, with the touches of this board (a die's pips, a marked back's red). */
function piece(text, extra = "") {
  const node = cardElement(text);
  const found = kindOf(text);
  if (extra) node.classList.add(...extra.split(" ").filter(Boolean));
  if (found && found[0] === "die") {
    const on = PIPS[found[1][1]] || [];
    node.append(el("span", "pips", ...Array.from({ length: 9 }, (_, i) => el("i", on.includes(i) ? "on" : ""))));
  }
  if (found && found[0] === "marked" && /[hd]/.test(found[1][2] || "")) node.classList.add("mark-red");
  if (found && found[0] === "back" && extra.includes("dice")) node.classList.add("die-back");
  return node;
}

/** Which family a view is: ctx.family when set, else guessed from the fields only that family has. */
function familyOf(view, ctx) {
  if (FAMILIES.includes(ctx?.family)) return ctx.family;
  if ("street" in view || "roundLimit" in view || "toAct" in view) return "yahtzeeHoldem";
  if ("mode" in view || "community" in view || "deckSize" in view) return "daker";
  return "pokerChamp";
}

// ---------------------------------------------------------------------------------------------------------
// The table, drawn from the model every family's view is read into.
//
// model = { family, seats: [{seat, cards, chips, bet, inHand, out, pending, allIn, decided, awards, hand,
//   won, pots, champion}], button, board: {cards, slots, dice} | null, dice, pot, chipless, info: [text],
//   note: text, legend: "pc" | "yh" | "dk" (LEGENDS; none once the game is over: nothing is left to read and decide,
//   and the table and its result fit a laptop's screen without it), panels: () => [element] with panelsKey (what they are drawn
//   from), pickable, showdown, over }

/** Each seat's angle round the table (degrees, clockwise from the right; 90 is the bottom): the viewer's
 *  seat at the bottom, the others spread round the rest, a wider gap left beside the viewer's bigger seat. */
function angles(n, hero) {
  if (n <= 1) return [90];
  if (n === 2) return [90, 270];
  const gap = hero ? Math.max(360 / n, n >= 6 ? 62 : 360 / n) : 360 / n;
  const out = [90];
  for (let r = 1; r < n; r++) out.push(90 + gap + ((r - 1) * (360 - 2 * gap)) / (n - 2));
  return out;
}

/** On a phone's tall table the others sit up its left side, across its top and down its right side, evenly by
 *  length (the more they are, the lower the sides go), leaving the middle's lower part to the board and the
 *  pot, and the bottom to the viewer: [x, y] from 0 to 1 across and down the room the seats have. */
function phoneSpots(n) {
  const others = n - 1;
  const out = [[0.5, 1]];
  if (others === 1) return [...out, [0.5, 0]];
  const low = others >= 6 ? 0.5 : others >= 4 ? 0.38 : 0.2;
  const tall = 2.1; // a side's unit of height is about twice the top's unit of width on a phone
  const length = 2 * low * tall + 1;
  for (let k = 0; k < others; k++) {
    const at = (k * length) / (others - 1);
    if (at <= low * tall) out.push([0, low - at / tall]);
    else if (at <= low * tall + 1) out.push([at - low * tall, 0]);
    else out.push([1, (at - low * tall - 1) / tall]);
  }
  return out;
}

function place(node, degrees, spot) {
  const rad = (degrees * Math.PI) / 180;
  node.style.setProperty("--cx", Math.cos(rad).toFixed(4));
  node.style.setProperty("--cy", Math.sin(rad).toFixed(4));
  if (spot) {
    node.style.setProperty("--px", spot[0].toFixed(4));
    node.style.setProperty("--py", spot[1].toFixed(4));
  }
}

function chipStack(n, ctx, className, title) {
  const node = el("div", className, el("span", "pk-chip"), el("b", "", amount(n, ctx)));
  if (title) node.title = title;
  return node;
}

function boardNode(model, ctx) {
  const board = el("div", `pk-board${model.board.dice ? " dice" : ""}`);
  board.setAttribute("aria-label", ctx.t("pk.board"));
  for (let i = 0; i < Math.max(model.board.slots, model.board.cards.length); i++) {
    const text = model.board.cards[i];
    board.append(text ? piece(text, model.board.dice ? "dice" : "") : el("span", "pk-slot"));
  }
  return board;
}

// A phone's table (poker.css's narrow layout): the viewer's bet lies beside the viewer's own cards, not toward the
// middle, where the cards at the table's foot covered it (the room between them and the pot is a chip's height).
const PHONE = typeof matchMedia === "function" ? matchMedia("(max-width: 40rem)") : null;

/** A part of the board drawn from some data: made again only when that data (its key, a string) changed. */
function slot() {
  return { key: undefined, node: null };
}

/** ``part``'s node for ``key``: the one drawn when the key is the last one's, else ``make()``'s (null: none). */
function refresh(part, key, make) {
  if (part.key === key) return false;
  part.key = key;
  part.node = make();
  return true;
}

/** The table, kept from one model to the next (see the model above): its seats, bets, middle and panels stay in the
 *  page and each is drawn again only when what it is drawn from changed, so an event that moves one seat's chips
 *  touches that seat's plate and its bet alone. */
function tableBoard(node) {
  let frame = null; // what the table's layout is made for: its seats, the viewer, the language, a phone's width
  let root = null;
  let table = null;
  let centre = null;
  const top = { info: slot(), panels: slot(), legend: slot() };
  const middle = { note: slot(), board: slot(), stock: slot(), pot: slot() };
  let seats = []; // each seat's {node, hand, plate, button, bet, classes}
  let last = null; // [model, ctx]: drawn again when the window crosses the phone's width
  let ctx = null; // the latest ctx: what a click on a card picks with

  const pick = (i, text) => ctx?.pick?.(i, text);
  const onPhone = () => {
    if (last && node.isConnected) {
      frame = null;
      draw(...last);
    }
  };
  PHONE?.addEventListener?.("change", onPhone);

  function layout(model, c) {
    const n = model.seats.length;
    const viewer = c.seat !== null && c.seat !== undefined && c.seat < n ? c.seat : null;
    const key = JSON.stringify([model.family, n, viewer, c.lang, Boolean(PHONE?.matches)]);
    if (frame && frame.key === key) return frame;
    const turns = angles(n, viewer !== null);
    const phone = phoneSpots(n);
    frame = { key, n, viewer, bottom: viewer ?? 0, turns, phone };
    root = el("div", "pk");
    root.dataset.seats = String(n);
    table = el("div", `pk-table seats-${n}`, el("div", "pk-felt", el("div", "pk-rail")));
    centre = el("div", "pk-centre");
    table.append(centre);
    for (const part of [...Object.values(top), ...Object.values(middle)]) Object.assign(part, slot());
    seats = model.seats.map((_, s) => {
      const r = (s - frame.bottom + n) % n;
      const seat = { node: el("div"), r, hero: r === 0 && viewer !== null, hand: slot(), plate: slot(), button: slot(), bet: slot() };
      seat.node.dataset.seat = String(s);
      place(seat.node, turns[r], phone[r]);
      table.append(seat.node);
      return seat;
    });
    node.replaceChildren(root);
    return frame;
  }

  function draw(model, c) {
    ctx = c;
    last = [model, c];
    const { t } = c;
    const f = layout(model, c);
    root.className = `pk pk-${model.family}${model.showdown ? " pk-showdown" : ""}${model.over ? " pk-over" : ""}`;

    const info = model.info.filter(Boolean);
    const infoChanged = refresh(top.info, JSON.stringify(info),
      () => el("div", "pk-info", ...info.map((text, i) => el("span", i ? "pk-pill" : "pk-pill main", text))));

    // the middle: a note, the board, DAKER's stock, the pot
    let changed = refresh(middle.note, model.note || "", () => (model.note ? el("div", "pk-note", model.note) : null));
    changed = refresh(middle.board, JSON.stringify(model.board), () => (model.board ? boardNode(model, c) : null)) || changed;
    changed = refresh(middle.stock, String(model.stock), () => (model.stock !== undefined
      ? el("div", "pk-stock", piece("??"), el("span", "", t("dk.stock", { n: model.stock }))) : null)) || changed;
    const potShown = !model.chipless && (model.pot > 0 || model.showdown);
    // At the hand's end the winners' chips hold the pot already: it is said as won, not as still in the middle.
    const paid = model.showdown && model.seats.some((s) => s.won > 0);
    changed = refresh(middle.pot, potShown ? JSON.stringify([model.pot, paid]) : "", () => (potShown
      ? el("div", "pk-pot", el("span", "pk-chip"), `${t(paid ? "pk.pot.won" : "pk.pot")} `, el("b", "", amount(model.pot, c)))
      : null)) || changed;
    if (changed) centre.replaceChildren(...Object.values(middle).map((part) => part.node).filter(Boolean));

    model.seats.forEach((seat, s) => drawSeat(seats[s], seat, s, model, c, f));

    const panels = refresh(top.panels, model.panelsKey || "", () => model.panels?.() || []);
    const legend = refresh(top.legend, model.legend || "", () => (model.legend ? LEGENDS[model.legend](t) : null));
    if (infoChanged || panels || legend || root.firstChild !== top.info.node) {
      root.replaceChildren(top.info.node, table, ...top.panels.node, ...(top.legend.node ? [top.legend.node] : []));
    }
  }

  function drawSeat(at, seat, s, model, c, f) {
    const { t } = c;
    const me = f.viewer !== null && s === f.viewer;
    const shown = model.showdown && seat.hand; // a seat that showed stays lit, out of chips or not
    const classes = ["seat", "pk-seat"]; // "seat", "mine": the board contract's (table/board.js)
    if (me) classes.push("me", "mine");
    if (seat.pending) classes.push("pending");
    if (!seat.inHand && !model.over && !shown) classes.push("folded");
    if (seat.out && !shown) classes.push("out");
    if (seat.won !== undefined) classes.push("winner");
    if (seat.champion) classes.push("champion");
    if (at.hero) classes.push("hero");
    if (f.phone[at.r][0] === 0) classes.push("edge-left"); // on a phone, its cards kept inside the table
    if (f.phone[at.r][0] === 1) classes.push("edge-right");
    const className = classes.join(" ");
    if (at.node.className !== className) at.node.className = className;

    const betShown = !model.chipless && seat.bet > 0 && !model.showdown;
    const betTitle = () => t(model.family === "pokerChamp" ? "pk.paid" : "pk.bet", { n: amount(seat.bet, c) });
    // on a phone the viewer's bet lies at the right of its cards (poker.css), else toward the middle
    const beside = betShown && at.hero && Boolean(PHONE?.matches) && seat.cards.length > 0;

    const pickable = me && model.pickable;
    const picks = pickable ? seat.cards.map((text, i) => isPicked(c.picked, i, text)) : null;
    let kids = refresh(at.hand, JSON.stringify([seat.cards, Boolean(model.dice), picks, beside && seat.bet]), () => {
      if (!seat.cards.length) return null;
      const open = seat.cards.some((x) => !isHidden(x));
      const cards = el("div", `pk-hand${model.dice ? " dice" : ""}${seat.cards.length > 3 ? " many" : ""}${open ? " open" : ""}`);
      seat.cards.forEach((text, i) => { // picked by its place: a hand may hold two cards alike (a DAKER deck's)
        const card = piece(text, model.dice ? "dice" : "");
        if (pickable) {
          card.classList.add("clickable");
          if (picks[i]) card.classList.add("picked");
          card.addEventListener("click", () => pick(i, text));
        }
        cards.append(card);
      });
      if (beside) cards.append(chipStack(seat.bet, c, "pk-bet hero beside", betTitle()));
      return cards;
    });

    // What the seat is doing: one tag, the clock when the viewer's decision has one.
    const clock = seat.pending && !model.showdown && c.clock && c.clock.seat === s ? c.clock : null;
    const plateKey = JSON.stringify([nameOf(c, s), model.chipless ? null : seat.chips, seat.awards || 0, seat.champion,
      seat.won, seat.pots, seat.out, seat.inHand, model.over, seat.pending && !model.showdown, me, c.paused,
      clock && [clock.until, clock.from, clock.whole], seat.allIn, seat.decided, seat.hand]);
    kids = refresh(at.plate, plateKey, () => plateNode(seat, s, model, c, me, clock)) || kids;

    const button = model.button === s;
    kids = refresh(at.button, String(button), () => {
      if (!button) return null;
      // the dealer button at the plate's corner nearer the table's middle
      const mark = el("div", `pk-button ${Math.cos((f.turns[at.r] * Math.PI) / 180) > 0.05 ? "at-left" : "at-right"}`, t("pk.dealer.mark"));
      mark.title = t("pk.dealer");
      return mark;
    }) || kids;
    if (kids) at.node.replaceChildren(...[at.hand.node, at.plate.node, at.button.node].filter(Boolean));

    const old = at.bet.node;
    if (refresh(at.bet, betShown && !beside ? String(seat.bet) : "", () => {
      if (!betShown || beside) return null;
      const bet = chipStack(seat.bet, c, `pk-bet${at.hero ? " hero" : ""}`, betTitle());
      place(bet, f.turns[at.r], f.phone[at.r]);
      return bet;
    })) {
      if (old) old.replaceWith(...(at.bet.node ? [at.bet.node] : []));
      else if (at.bet.node) at.node.after(at.bet.node);
    }
  }

  return {
    draw,
    destroy() {
      PHONE?.removeEventListener?.("change", onPhone);
      node.replaceChildren();
      last = null;
    },
  };
}

/** A seat's plate: its name, chips, Awards, what it is doing (one tag, the clock when the viewer's decision has
 *  one), its hand's name. */
function plateNode(seat, s, model, ctx, me, clock) {
  const { t } = ctx;
  const plate = el("div", "pk-plate");
  const name = el("div", "pk-name", nameOf(ctx, s));
  name.title = nameOf(ctx, s);
  plate.append(name);
  if (!model.chipless) {
    plate.append(el("div", "pk-stack", el("span", "pk-chip"), amount(seat.chips, ctx)));
    plate.lastChild.title = t("pk.chips", { n: amount(seat.chips, ctx) });
  }
  if (seat.awards) {
    const awards = el("div", "pk-awards", ...Array.from({ length: Math.min(seat.awards, 7) }, () => el("span", "pk-award", "★")));
    awards.title = t("pc.awards", { n: seat.awards });
    plate.append(awards);
  }
  const said = seatTag(seat, model, ctx, me);
  if (said) {
    const tag = el("div", `pk-tag ${said[0]}`.trim(), said[1]);
    if (clock && said[0] === "turn") tag.append(" ", clockElement(clock, t));
    plate.append(tag);
  }
  if (seat.hand) plate.append(el("div", "pk-made", seat.hand));
  return plate;
}

/** What a seat of the model is doing, as its plate's one tag: [its class, its words], or null. The seat the table
 *  waits for is thinking (or paused, or it is the viewer's turn); in a replay (ctx.replay) that is history: it was
 *  its turn to act, nobody thinks now. */
export function seatTag(seat, model, ctx, me) {
  const { t } = ctx;
  if (seat.champion) return ["champ", `★ ${t("pk.champion")}`];
  if (seat.won !== undefined) {
    const side = (seat.pots || []).length && seat.pots.every((pot) => pot !== "main") ? ` · ${t("pk.side.pot")}` : "";
    return ["win", (seat.won > 0 && !model.chipless ? t("pk.wins", { n: amount(seat.won, ctx) }) : t("pk.winner")) + side];
  }
  if (seat.out) return ["", t("pk.out")];
  if (!seat.inHand && !model.over) return ["", t("pk.folded")];
  if (seat.pending && !model.showdown) {
    if (ctx.replay) return ["turn", t("pk.to.act")];
    return ["turn", me ? t("pk.your.turn") : t(ctx.paused ? "pk.paused" : "pk.thinking")];
  }
  if (seat.allIn) return ["allin", t("pk.allin")];
  if (seat.decided) return ["done", `✓ ${t("pk.decided")}`];
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// POKER CHAMP

/** A hand's name from its slug ("two-pair"); one these strings lack shows as its words. */
function slugName(prefix, slug, t, vars) {
  if (!slug || slug === "-") return "";
  return STRINGS.en[`${prefix}.${slug}`] ? t(`${prefix}.${slug}`, vars) : slug.replace(/-/g, " ");
}

/** A POKER CHAMP hand's name: the server's full name of it (HandName: "Paire de rois", "Hauteur as"), else its
 *  category alone (the engine's slug, "pair"). */
function pcHand(named, slug, t) {
  return (named && handName(named)) || slugName("pc.hand", slug, t);
}

/** What a hand's end held on the table is called: its showdown (``key``, the game's word), or, when the engine says
 *  the pot was won uncontested (showdown()'s _uncontested: the others folded), who took it. */
function handEnd(view, ctx, key) {
  return view._uncontested === undefined ? ctx.t(key) : ctx.t("pk.uncontested", { name: nameOf(ctx, view._uncontested) });
}

function pcLegend(t) {
  const row = (mark, text) => el("li", "", piece(mark, "legend"), " ", text);
  return el("div", "pk-legend", el("b", "", t("pc.legend.title")), " ",
    el("ul", "", row("[Ls]", t("pc.legend.L")), row("[Mh]", t("pc.legend.M")), row("[Sc]", t("pc.legend.S")),
      row("[A]", t("pc.legend.A"))), el("small", "", t("pc.legend.suit")));
}

function pokerChampModel(view, ctx) {
  const { t } = ctx;
  const over = view.phase === "PHASE_OVER";
  const showdown = Boolean(view._showdown);
  const pending = showdown ? new Set() : ctx.pending instanceof Set ? ctx.pending
    : new Set((view.seats || []).flatMap((s, i) => (s.pending ? [i] : [])));
  const champions = (view.champions || []).map(Number);
  const winners = new Map((view._winners || []).map((w) => [num(w.seat), num(w.amount)]));
  const seats = (view.seats || []).map((seat, i) => {
    const s = seat.seat !== undefined ? num(seat.seat) : i;
    const inHand = Boolean(seat.inHand);
    return {
      seat: s, cards: seat.hole || [], chips: num(seat.chips), bet: num(seat.paid), inHand, out: false,
      pending: !over && pending.has(s), allIn: inHand && !over && num(seat.chips) === 0 && num(view.pot) > 0,
      decided: inHand && !over && !showdown && !pending.has(s) && num(seat.chips) > 0,
      awards: num(seat.awards), hand: showdown ? pcHand(seat._named, seat._hand, t) : handName(seat.best),
      won: winners.has(s) ? winners.get(s) : undefined, champion: champions.includes(s),
    };
  });
  const stage = num(view.stage);
  const names = (list) => listed(list.map((s) => nameOf(ctx, s)));
  const info = [
    t("pk.deal.n", { n: num(view.deal) }),
    over ? t("pk.over") : showdown ? handEnd(view, ctx, "pc.showdown")
      : STRINGS.fr[`pc.stage.${stage}`] ? t(`pc.stage.${stage}`) : t("pc.stage.n", { n: stage }),
    over || showdown || !num(view.stake) ? null : t("pc.stake", { n: amount(view.stake, ctx) }),
    over ? null : t("pc.awards.left", { n: num(view.awardsLeft) }), // none are, once the game is over
    view.timeUp ? t("pc.timeup") : null,
  ];
  // the duels and the Awards given, at a hand's end: made again only when they changed
  const panels = () => {
    const made = [];
    for (const duel of view._duels || []) {
      const rows = (duel.seats || []).map((s) => {
        const shown = duel.shown?.[s];
        return el("li", duel.winner === s ? "won" : "", el("b", "", nameOf(ctx, s)), " ",
          ...(shown?.cards || []).map((c) => piece(c)), " ", shown ? pcHand(shown.named, shown.hand, t) : "");
      });
      made.push(el("div", "pk-panel pk-duel", el("b", "", t("pc.duel", { names: names(duel.seats || []) })),
        el("div", "pk-duel-board", ...(duel.board || []).map((c) => piece(c))), el("ul", "", ...rows),
        duel.ties ? el("small", "", t("pc.duel.tie", { n: duel.ties })) : null,
        duel.winner !== undefined ? el("div", "pk-duel-won", t("pc.duel.won", { name: nameOf(ctx, duel.winner) })) : null));
    }
    if ((view._awards || []).length) {
      made.push(el("div", "pk-panel pk-given", ...(view._awards || []).map((a) => el("div", "",
        el("span", "pk-award", "★"), " ", t("pc.award", { giver: nameOf(ctx, num(a.seat)), n: amount(a.gift, ctx), to: nameOf(ctx, num(a.to)) })))));
    }
    return made;
  };
  const panelsKey = (view._duels || []).length || (view._awards || []).length
    ? JSON.stringify([view._duels, view._awards, ctx.names, ctx.lang]) : "";
  const marked = seats.some((seat) => seat.cards.some((c) => kindOf(c)?.[0] === "marked"));
  return {
    family: "pokerChamp", seats, button: null, pot: num(view.pot), info, showdown, over,
    board: { cards: view.board || [], slots: 5 },
    note: over && champions.length ? t("pc.champions", { names: names(champions) }) : null,
    legend: marked && !over ? "pc" : null, panels, panelsKey,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Yahtzee Texas Hold'em

const STREETS = { STREET_OPENING: "opening", STREET_FLOP: "flop", STREET_TURN: "turn", STREET_RIVER: "river" };
const LIMITS = ["spread", "fixed", "pot", "no-limit"]; // the table's limit option (server/games/betting.py's Limit)

/** What the dice's colours are: a die of each, named, and the hands the colours make. */
function yhLegend(t) {
  const die = (text, colour) => el("li", "", piece(text, "dice legend"), " ", t(`yh.legend.${colour}`));
  return el("div", "pk-legend", el("b", "", t("yh.legend.title")), " ", el("span", "", t("yh.legend.colours")),
    el("ul", "", die("1r", "r"), die("2b", "b"), die("3w", "w"), die("4y", "y")), el("small", "", t("yh.legend.hands")));
}

function yahtzeeModel(view, ctx) {
  const { t } = ctx;
  const over = Boolean(view.over);
  const showdown = Boolean(view._showdown);
  const pending = showdown ? new Set() : ctx.pending instanceof Set ? ctx.pending
    : new Set((view.seats || []).flatMap((s, i) => (s.pending ? [i] : [])));
  const champions = (view.champions || []).map(Number);
  const winners = new Map((view._winners || []).map((w) => [num(w.seat), num(w.amount)]));
  const pots = new Map((view._winners || []).map((w) => [num(w.seat), w.pots || []]));
  const seats = (view.seats || []).map((seat, i) => {
    const s = seat.seat !== undefined ? num(seat.seat) : i;
    const inHand = Boolean(seat.inHand) && !seat.out;
    return {
      seat: s, cards: seat.out && !seat._hand ? [] : seat.dice || [], chips: num(seat.stack), bet: num(seat.bet), inHand, out: Boolean(seat.out),
      pending: !over && pending.has(s), allIn: inHand && !over && num(seat.stack) === 0,
      hand: showdown ? slugName("yh.hand", seat._hand, t) : slugName("yh.hand", seat.best?.category, t),
      won: winners.has(s) ? winners.get(s) : undefined, pots: pots.get(s), champion: champions.includes(s),
    };
  });
  const street = STREETS[view.street] || "opening";
  // The round's limit as the table's limit reads it: a cap by default ("jusqu'à 20", the rulebook's), an exact size
  // in a fixed limit, the least in pot-limit and no-limit.
  const limit = LIMITS.includes(ctx.options?.limit) ? ctx.options.limit : "spread";
  const info = [
    t("pk.hand.n", { n: num(view.hand) }),
    over ? t("pk.over") : showdown ? handEnd(view, ctx, "yh.showdown") : t(`yh.street.${street}`),
    over || showdown || !num(view.roundLimit) ? null : t(`yh.limit.${limit}`, { n: amount(view.roundLimit, ctx) }),
  ];
  return {
    family: "yahtzeeHoldem", seats, button: view.button !== undefined ? num(view.button) : 0, pot: num(view.pot),
    info, showdown, over, dice: true, board: { cards: view.board || [], slots: 5, dice: true },
    note: over && champions.length ? t("pk.champions", { names: listed(champions.map((s) => nameOf(ctx, s))) }) : null,
    legend: over ? null : "yh",
  };
}

// ---------------------------------------------------------------------------------------------------------
// DAKER

const MODES = { MODE_HOLDEM: "holdem", MODE_DRAW: "draw", MODE_ROUND: "round" };

/** A DAKER hand's name from the engine's slug ("full-house-Q-K": its category, then its deciding values), by this
 *  board's words ("dk.hand.*", its values in words: "Full aux dames par les rois", "Three aces"); the feed's events
 *  name it so too (events.js). */
export function dakerHand(slug, t) {
  if (!slug || slug === "-") return "";
  const category = ["nothing", "pair", "two-pairs", "three", "full-house", "four", "repoker"]
    .filter((c) => slug === c || slug.startsWith(`${c}-`)).pop();
  if (!category) return slug.replace(/-/g, " ");
  return dakerName({ category, ranks: slug.slice(category.length).split("-").filter(Boolean) }, t);
}

/** A DAKER hand's name from its HandName ({category: "full-house", ranks: ["Q", "K"]}), as dakerHand says it. */
export function dakerName(hand, t) {
  if (!hand?.category) return "";
  const [a = "", b = ""] = hand.ranks || [];
  const word = (key, v) => (STRINGS.en[`${key}.${v}`] ? t(`${key}.${v}`) : v); // a value these words lack: as sent
  return slugName("dk.hand", hand.category, t, { a: word("dk.v", a), b: word("dk.v", b), b1: word("dk.v1", b) });
}

/** DAKER's values from the highest, as the cards draw them (cards.js's dakerValue: the red and the black as discs of
 *  their colour), and what the two colours are. */
function dkLegend(t) {
  // each value as on a card: a letter, or a colour's disc on a card's white (the black one's unseen on the dark room)
  const value = (v) => el("b", ["R", "N"].includes(v) ? "dk-tile" : "", dakerValue(v));
  const order = el("span", "pk-order");
  ["A", "K", "Q", "J", "R", "N"].forEach((v, i) => {
    if (i) order.append(" > ");
    order.append(value(v));
  });
  return el("div", "pk-legend", el("b", "", t("dk.legend.title")), " ",
    el("span", "", t("dk.legend.two")), el("ul", "",
      el("li", "", piece("QR", "legend"), " ", value("R"), " ", t("dk.legend.R"), " · ", value("N"), " ",
        t("dk.legend.N")),
      el("li", "", order, " ", el("small", "", `(${t("dk.legend.order")})`))));
}

function dakerModel(view, ctx) {
  const { t } = ctx;
  const mode = MODES[view.mode] || "holdem";
  const over = view.phase === "PHASE_OVER";
  const showdown = Boolean(view._showdown);
  const chipless = mode === "round";
  const pending = showdown ? new Set() : ctx.pending instanceof Set ? ctx.pending
    : new Set((view.seats || []).flatMap((s, i) => (s.pending ? [i] : [])));
  const champions = (view.champions || []).map(Number);
  const winners = new Map((view._winners || []).map((w) => [num(w.seat), num(w.amount)]));
  const pots = new Map((view._winners || []).map((w) => [num(w.seat), w.pots || []]));
  const seats = (view.seats || []).map((seat, i) => {
    const s = seat.seat !== undefined ? num(seat.seat) : i;
    const inHand = Boolean(seat.inHand) && !seat.out;
    return {
      seat: s, cards: seat.out && !seat._hand ? [] : seat.cards || [], chips: num(seat.stack), bet: num(seat.bet), inHand, out: Boolean(seat.out),
      pending: !over && pending.has(s), allIn: !chipless && inHand && !over && num(seat.stack) === 0,
      hand: showdown ? dakerHand(seat._hand, t) : dakerName(seat.best, t),
      won: winners.has(s) ? winners.get(s) : undefined, pots: pots.get(s), champion: champions.includes(s),
    };
  });
  const turned = (view.community || []).filter((c) => c !== "??").length;
  let phase = null;
  if (over) phase = t("pk.over"); // the game's end held on the table too, as the other two families say it
  else if (showdown) phase = handEnd(view, ctx, "dk.showdown");
  else if (view.phase === "PHASE_DISCARD") phase = t("dk.discard");
  else phase = mode === "holdem" ? t("dk.bet.n", { n: Math.min(4, turned + 1) }) : t("dk.bet");
  const info = [t("pk.hand.n", { n: num(view.hand) }), choiceLabel("mode", mode), phase];
  const names = (list) => listed(list.map((s) => nameOf(ctx, s)));
  let note = null;
  if (over && champions.length) note = t("pk.champions", { names: names(champions) });
  else if ((view._replay || []).length) note = t("dk.replay", { names: names(view._replay.map(Number)) });
  const mine = seats.find((seat) => seat.seat === ctx.seat);
  return {
    family: "daker", seats, button: view.button !== undefined ? num(view.button) : 0, pot: num(view.pot),
    info, showdown, over, chipless, note,
    board: mode === "holdem" ? { cards: view.community || [], slots: 3 } : null,
    stock: mode !== "holdem" && !over && !showdown ? num(view.stock) : undefined,
    pickable: !showdown && !over && view.phase === "PHASE_DISCARD" && Boolean(mine?.pending),
    legend: over ? null : "dk",
  };
}

const LEGENDS = { pc: pcLegend, yh: yhLegend, dk: dkLegend };
const MODELS = { pokerChamp: pokerChampModel, yahtzeeHoldem: yahtzeeModel, daker: dakerModel };

/** A view read into the table's model (see the model above), by its family's reading. */
export function boardModel(view, ctx) {
  return MODELS[familyOf(view || {}, ctx)](view || {}, ctx);
}

/** The board of any of the three families, made for ``node``: ctx.family ("pokerChamp", "yahtzeeHoldem", "daker")
 *  says which. Each update reads the view into the table's model and draws again only the parts it changed. */
export function create(node, first = {}) {
  const table = tableBoard(node);
  return {
    update(view, ctx = first) {
      table.draw(boardModel(view, ctx), ctx);
    },
    destroy: () => table.destroy(),
  };
}

/** The screen makes the bet and raise slider and the buttons. */
export function input() {
  return null;
}

/** Under the final ranking, what POKER CHAMP's Awards are: what one is earned for, and how many win the game
 *  (the table's options: info.options holds them all, defaults too). */
export function resultNote(info, ctx) {
  if (!info.pokerChamp) return null;
  const o = info.options || {};
  const end = { chrono: ["pc.end.chrono", o.chrono_minutes], long: ["pc.end.long", o.awards_total] }[o.length]
    || ["pc.end.awards", o.awards_to_win];
  return el("p", "result-note", ctx.t("pc.award.rule", { n: o.gift }), " ", ctx.t(end[0], { n: end[1] }));
}

// ---------------------------------------------------------------------------------------------------------
// The hand's end: the events from the last drawn view to the end of the hand, replayed into a copy.
//
// The copy gets, beside the view's own fields updated (cards shown, board, folds, chips, pot, champions):
//   _showdown  true
//   _winners   [{seat, amount, pots: ["main", "side1"...]}]: who won what (amount 0 for the round mode's winner)
//   seats[i]._hand   the hand a seat showed: the event's category slug ("flush", "full-house-Q-J")
//   seats[i]._named  POKER CHAMP: the server's full name of that hand (the event's notes: HandName)
//   _duels     POKER CHAMP: [{seats, board, shown: {seat: {cards, hand}}, ties, winner}]
//   _awards    POKER CHAMP: [{seat, to, gift}] the Awards given
//   _replay    DAKER round mode: the tied seats that play again
//   _uncontested  the seat that took the pot with every other seat folded, as the engine says it (the won event's
//              uncontested): there was no showdown (POKER CHAMP's last player still shows his cards)
// Chips are moved only by the events the view does not hold yet: the events may start at the hand's first one
// (the view is then found among them by its pot) or at the view; a view of the game over already holds them all.

// A family event's fields beside its kind: what the server's typed notes say of it (a shown hand's full name).
const NOTES = new Set(["named"]);

function typedEvents(events, family, number) {
  const out = [];
  for (const event of events || []) {
    const body = event?.[family];
    if (!body) continue;
    if (number && event.hand !== undefined && num(event.hand) && num(event.hand) !== number) continue;
    const kind = Object.keys(body).find((k) => !NOTES.has(k));
    if (kind) out.push({ kind, f: body[kind] || {}, named: body.named });
  }
  return out;
}

function clone(view) {
  return typeof structuredClone === "function" ? structuredClone(view) : JSON.parse(JSON.stringify(view));
}

/** The index from which the events' chips are not in the view yet: where the pot, replayed from the hand's
 *  start, reaches the view's pot; every event when they do not start with the hand; none when the view is over. */
function chipsFrom(list, view, starts, potOf, over) {
  if (over) return Infinity;
  const start = list.findIndex((e) => starts(e));
  if (start < 0) return 0;
  let pot = 0;
  for (let i = start; i < list.length; i++) {
    if (pot === num(view.pot)) return i;
    pot += potOf(list[i]);
  }
  return pot === num(view.pot) ? list.length : Infinity;
}

function winnersOf(wins) {
  return [...wins.entries()].sort((a, b) => a[0] - b[0]).map(([seat, w]) => ({ seat, amount: w.amount, pots: w.pots }));
}

function showdownPokerChamp(view, events) {
  const v = clone(view);
  v.seats = (v.seats || []).map((s, i) => ({ ...s, seat: s.seat !== undefined ? num(s.seat) : i }));
  const seat = (f) => v.seats[num(f.seat)] || {};
  const list = typedEvents(events, "pokerChamp", num(v.deal));
  const from = chipsFrom(list, v, (e) => e.kind === "deal", (e) => (e.kind === "paid" ? num(e.f.amount) : 0), v.phase === "PHASE_OVER");
  const wins = new Map();
  const duels = [];
  const awards = [];
  let duel = null;
  let uncontested; // the seat the engine says took the pot with the others folded: _uncontested above
  v.board = [...(v.board || [])];
  list.forEach(({ kind, f, named }, i) => {
    const live = i >= from;
    const s = seat(f);
    if (kind === "hole" && !(s.hole || []).length) s.hole = [...(f.cards || [])];
    else if (kind === "stage" && live) Object.assign(v, { stage: num(f.number), stake: String(num(f.stake)) });
    else if (kind === "paid" && live) {
      s.paid = String(num(s.paid) + num(f.amount));
      s.chips = String(num(s.chips) - num(f.amount));
      v.pot = String(num(v.pot) + num(f.amount));
    } else if (kind === "folded") Object.assign(s, { inHand: false, hole: [] });
    else if (kind === "board") {
      if (duel) duel.board = [...(f.cards || [])];
      else for (const c of f.cards || []) if (!v.board.includes(c)) v.board.push(c);
    } else if (kind === "shown") {
      if (duel) duel.shown[num(f.seat)] = { cards: f.cards || [], hand: f.hand || "", named };
      else Object.assign(s, { hole: [...(f.cards || [])], _hand: f.hand || "", _named: named });
    } else if (kind === "won") {
      const w = wins.get(num(f.seat)) || { amount: 0, pots: [] };
      w.amount += num(f.amount);
      wins.set(num(f.seat), w);
      if (f.uncontested) uncontested = num(f.seat);
      if (live) s.chips = String(num(s.chips) + num(f.amount));
    } else if (kind === "duel") {
      if (duel && duel.tied) Object.assign(duel, { board: [], shown: {}, tied: false, ties: duel.ties + 1 });
      else {
        duel = { seats: (f.seats || []).map(Number), board: [], shown: {}, ties: 0, tied: false };
        duels.push(duel);
      }
    } else if (kind === "duelTie") {
      if (duel) duel.tied = true;
    } else if (kind === "awarded") {
      awards.push({ seat: num(f.seat), to: num(f.to), gift: num(f.gift) });
      if (duel && duel.winner === undefined && duel.seats.includes(num(f.seat))) duel.winner = num(f.seat);
      duel = null;
      if (live) {
        s.chips = String(num(s.chips) - num(f.gift));
        s.awards = num(s.awards) + 1;
        const to = v.seats[num(f.to)];
        if (to) to.chips = String(num(to.chips) + num(f.gift));
        v.awardsLeft = Math.max(0, num(v.awardsLeft) - 1);
      }
    } else if (kind === "timeIsUp") v.timeUp = true;
    else if (kind === "champions") Object.assign(v, { champions: (f.seats || []).map(Number), phase: "PHASE_OVER" });
  });
  for (const s of v.seats) s.pending = false;
  const total = [...wins.values()].reduce((a, w) => a + w.amount, 0);
  if (total) v.pot = String(total);
  return Object.assign(v, { _showdown: true, _winners: winnersOf(wins), _duels: duels, _awards: awards,
                            _uncontested: uncontested });
}

/** Yahtzee Texas Hold'em and DAKER: the betting both share, the cards or dice each has. */
function showdownBetting(view, events, family) {
  const v = clone(view);
  const cardsKey = family === "daker" ? "cards" : "dice";
  v.seats = (v.seats || []).map((s, i) => ({ ...s, seat: s.seat !== undefined ? num(s.seat) : i }));
  const seat = (f) => v.seats[num(f.seat)] || {};
  const list = typedEvents(events, family, num(v.hand));
  const put = (e) => ({ anted: num(e.f.amount), blinded: num(e.f.amount), called: num(e.f.amount) })[e.kind] ?? 0;
  // a bet or raise puts in what brings the seat TO its amount: replayed, the pot needs each seat's round bet
  const bets = new Map();
  const potOf = (e) => {
    if (["bet", "raised"].includes(e.kind)) {
      const added = num(e.f.to) - (bets.get(num(e.f.seat)) || 0);
      bets.set(num(e.f.seat), num(e.f.to));
      return added;
    }
    if (e.kind === "blinded") bets.set(num(e.f.seat), num(e.f.amount));
    if (e.kind === "called") bets.set(num(e.f.seat), (bets.get(num(e.f.seat)) || 0) + num(e.f.amount));
    if (e.kind === "returned") return -num(e.f.amount);
    if (["rolled", "turned", "discarded"].includes(e.kind)) bets.clear();
    return put(e);
  };
  const over = family === "daker" ? v.phase === "PHASE_OVER" : Boolean(v.over);
  const from = chipsFrom(list, v, (e) => e.kind === "hand", potOf, over);
  const wins = new Map();
  let uncontested; // the seat the engine says took the pot with the others folded: _uncontested above
  const add = (s, n, bet = true) => {
    s.stack = String(num(s.stack) - n);
    if (bet) s.bet = String(num(s.bet) + n);
    if (family !== "daker") s.committed = String(num(s.committed) + n);
    v.pot = String(num(v.pot) + n);
  };
  if (family === "daker") v.community = [...(v.community || [])];
  else v.board = [...(v.board || [])];
  list.forEach(({ kind, f }, i) => {
    const live = i >= from;
    const s = seat(f);
    if ((kind === "dealt") && !(s[cardsKey] || []).length) s[cardsKey] = [...(f[cardsKey] || [])];
    else if (kind === "anted" && live) add(s, num(f.amount), false);
    else if (kind === "blinded" && live) add(s, num(f.amount));
    else if (kind === "called" && live) add(s, num(f.amount));
    else if ((kind === "bet" || kind === "raised") && live) add(s, Math.max(0, num(f.to) - num(s.bet)));
    else if (kind === "returned" && live) {
      s.stack = String(num(s.stack) + num(f.amount));
      s.bet = String(Math.max(0, num(s.bet) - num(f.amount)));
      v.pot = String(num(v.pot) - num(f.amount));
    } else if (kind === "folded") Object.assign(s, { inHand: false, [cardsKey]: [] });
    else if (kind === "allIn") s._allIn = true;
    else if (kind === "out") Object.assign(s, { out: true });
    else if (kind === "rolled") {
      const dice = f.dice || [];
      const at = { flop: 0, reroll: 0, turn: 3, river: 4 }[f.street] ?? v.board.length;
      dice.forEach((d, k) => { v.board[at + k] = d; });
      if (live) v.seats.forEach((x) => { x.bet = "0"; });
    } else if (kind === "community") {
      if (!v.community.length) v.community = Array.from({ length: num(f.count) }, () => "??");
    } else if (kind === "turned") {
      if (f.card && !v.community.includes(f.card)) {
        const at = v.community.indexOf("??");
        if (at >= 0) v.community[at] = f.card;
        else v.community.push(f.card);
      }
      if (live) v.seats.forEach((x) => { x.bet = "0"; });
    } else if (kind === "discarded") {
      const hand = [...(s.cards || [])];
      for (const c of f.cards || []) {
        const at = c === "??" ? -1 : hand.indexOf(c);
        if (at >= 0) hand.splice(at, 1);
      }
      s.cards = hand;
      if (live) v.seats.forEach((x) => { x.bet = "0"; });
    } else if (kind === "drew") {
      const hand = [...(s.cards || [])];
      for (const c of f.cards || []) if (c !== "??" && !hand.includes(c)) hand.push(c);
      s.cards = hand;
    } else if (kind === "shown") {
      Object.assign(s, { [cardsKey]: [...(f[cardsKey] || [])], _hand: f.hand || "" });
    } else if (kind === "won") {
      const w = wins.get(num(f.seat)) || { amount: 0, pots: [] };
      w.amount += num(f.amount);
      if (f.pot) w.pots.push(f.pot);
      wins.set(num(f.seat), w);
      if (f.uncontested) uncontested = num(f.seat);
      if (live) s.stack = String(num(s.stack) + num(f.amount));
    } else if (kind === "replay") v._replay = (f.seats || []).map(Number);
    else if (kind === "champions") {
      v.champions = (f.seats || []).map(Number);
      if (family === "daker") v.phase = "PHASE_OVER";
      else v.over = true;
    }
  });
  // the round mode has no pot: its winners are the champions (or none, when the tied replay)
  if (!wins.size && family === "daker" && v.mode === "MODE_ROUND") {
    for (const s of v.champions || []) wins.set(num(s), { amount: 0, pots: [] });
  }
  for (const s of v.seats) Object.assign(s, { pending: false, bet: "0" });
  const total = [...wins.values()].reduce((a, w) => a + w.amount, 0);
  if (total) v.pot = String(total);
  delete v.toAct;
  return Object.assign(v, { _showdown: true, _winners: winnersOf(wins), _uncontested: uncontested });
}

/** The view as the hand ended: see above. */
export function showdown(view, events) {
  if (!view) return view;
  const family = familyOf(view, { family: FAMILIES.find((f) => (events || []).some((e) => e?.[f])) });
  if (family === "pokerChamp") return showdownPokerChamp(view, events);
  return showdownBetting(view, events, family);
}
