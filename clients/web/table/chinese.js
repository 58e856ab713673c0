// Chinese poker's board (every style — classic, open-face, pineapple, progressive; fantasyland): each seat's three
// rows as they are played (top 3 places, middle 5, bottom 5, the empty places drawn as slots), the hand each row
// makes, fouls and royalties (primes), the cards to place and the discards; the viewer's seat largest, at the
// bottom. The board's input() arranges the viewer's cards on its own rows before sending them; showdown() keeps the
// end of a hand on the table with every board shown and each row's result against each opponent.
//
// The rules judge the rows on the server: each seat's board as placed and its last one come judged in the view
// (seat.judged, seat.lastJudged: each row's hand, royalty, a foul, fantasyland), a hand's end in its events' notes
// (a board placed or shown, judged; what each row settled between two seats). hands.js names the hands. Only the
// arrangement being made, before it is sent, and the solver's suggestion are judged here (previews.js's judgeBoard,
// held to the server's answers by shared cases).

import { cardElement, kindOf } from "../cards.js";
import { h } from "../dom.js";
import { clockElement, fill, latest, nameOf, num, parts, seatKey } from "./board.js";
import { listOf, number, signed } from "../i18n.js";
import { handName, made } from "./hands.js";
import { judgeBoard } from "./previews.js";

const ROWS = ["top", "middle", "bottom"]; // as drawn: the top row first
const SIZE = { top: 3, middle: 5, bottom: 5 };
const PLACES = ["bottom", "middle", "top", "discard"]; // a placement's fields
const STREETS = { STYLE_OFC: 9, STYLE_PINEAPPLE: 5, STYLE_PROGRESSIVE: 5 }; // open-face: 5 cards, then 8 × 1 or 4 × 3
const RANKS = "23456789TJQKA"; // the cards to place are drawn highest first

export const STRINGS = {
  fr: {
    "cn.style.STYLE_CLASSIC": "Poker chinois classique", "cn.style.STYLE_OFC": "Poker chinois ouvert (OFC)",
    "cn.style.STYLE_PINEAPPLE": "Pineapple", "cn.style.STYLE_PROGRESSIVE": "Pineapple progressif",
    "cn.hand": "donne {n} sur {of}", "cn.street": "tour {n} sur {of}", "cn.stock": "{n} {n:carte|cartes} au talon",
    "cn.set.phase": "chacun pose sa main en secret", "cn.over": "Partie terminée", "cn.champions": "victoire : {names}",
    "cn.seat": "place {n}",
    "cn.row.top": "Haut", "cn.row.middle": "Milieu", "cn.row.bottom": "Bas",
    "cn.row.long.top": "rangée du haut", "cn.row.long.middle": "rangée du milieu", "cn.row.long.bottom": "rangée du bas",
    "cn.slot": "place libre", "cn.button": "donneur (bouton)",
    "cn.pending": "à son tour", "cn.pending.me": "à vous", "cn.waiting.set": "pose sa main",
    "cn.fantasy": "fantasyland · {n} {n:carte|cartes}", "cn.set": "main posée", "cn.surrendered": "abandon",
    "cn.total": "total {n}", "cn.last": "dernière donne {n}", "cn.units": "cette donne {n}",
    "cn.held": "{n} {n:carte|cartes} en main", "cn.held.mine": "en main", "cn.discards": "défausse", "cn.reserve": "{n} {n:carte réservée|cartes réservées} pour la donne suivante",
    "cn.foul": "faute", "cn.foul.middle": "Faute : la rangée du milieu bat celle du bas",
    "cn.foul.top": "Faute : la rangée du haut bat celle du milieu",
    "cn.foul.top-bottom": "Faute : la rangée du haut bat celle du bas", "cn.fouled": "Faute : cette main paie chaque adversaire",
    "cn.royalty": "prime {n}", "cn.royalties": "primes {n}", "cn.scoop": "scoop",
    // a row's result and a seat's units against one opponent, said from the seat whose row it is: "bat Sam"
    "cn.res.won": "bat {name}", "cn.res.lost": "perd contre {name}", "cn.res.tie": "égalité avec {name}",
    "cn.vs.won": "gagne {n} contre {name}", "cn.vs.lost": "perd {n} contre {name}", "cn.vs.tie": "égalité avec {name}",
    "cn.vs.foul": "faute",
    "cn.natural": "main naturelle : {name}", "cn.natural.dragon": "dragon", "cn.natural.three-straights": "trois quintes",
    "cn.natural.three-flushes": "trois couleurs", "cn.natural.no-face": "sans figure", "cn.natural.six-pairs": "six paires",
    "cn.fantasy.next": "fantasyland à la donne suivante ({n} {n:carte|cartes})", "cn.fantasy.reach": "fantasyland en vue",
    "cn.game": "Poker chinois", "cn.natural.any": "main spéciale", "cn.prev": "Donne précédente", "cn.showdown": "Abattage", "cn.rowhand": "{row} : {hand}",
    "cn.pick": "Choisissez une carte, puis une rangée (ou glissez-la)", "cn.left": "{n} à placer", "cn.ready": "Tout est placé",
    "cn.discard.slot": "défausse", "cn.discard.left": "défaussez-en {n}", "cn.reset": "Recommencer", "cn.place": "Placer",
    "cn.suggest": "Suggestion", "cn.sending": "envoi…", "cn.back": "reprendre cette carte",
    "cn.surrender.confirm": "Abandonner cette main ? Vous payez le prix de l'abandon à chaque adversaire.",
    "cn.review": "Le meilleur placement possible", "cn.review.same": "Le solveur aurait posé la même main",
    "cn.review.note": "suggestion du solveur, avec les cartes que vous avez reçues", "cn.review.discards": "défausse suggérée",
    "cn.own": "Votre main", "cn.own.discards": "votre défausse",
  },
  en: {
    "cn.style.STYLE_CLASSIC": "Classic Chinese poker", "cn.style.STYLE_OFC": "Open-face Chinese poker (OFC)",
    "cn.style.STYLE_PINEAPPLE": "Pineapple", "cn.style.STYLE_PROGRESSIVE": "Progressive pineapple",
    "cn.hand": "hand {n} of {of}", "cn.street": "street {n} of {of}", "cn.stock": "{n} {n:card|cards} in the stock",
    "cn.set.phase": "everyone sets a hand in secret", "cn.over": "Game over", "cn.champions": "won by {names}",
    "cn.seat": "seat {n}",
    "cn.row.top": "Top", "cn.row.middle": "Middle", "cn.row.bottom": "Bottom",
    "cn.row.long.top": "top row", "cn.row.long.middle": "middle row", "cn.row.long.bottom": "bottom row",
    "cn.slot": "free place", "cn.button": "button",
    "cn.pending": "to play", "cn.pending.me": "your turn", "cn.waiting.set": "setting a hand",
    "cn.fantasy": "fantasyland · {n} {n:card|cards}", "cn.set": "hand set", "cn.surrendered": "surrendered",
    "cn.total": "total {n}", "cn.last": "last hand {n}", "cn.units": "this hand {n}",
    "cn.held": "{n} {n:card|cards} in hand", "cn.held.mine": "in hand", "cn.discards": "discards", "cn.reserve": "{n} {n:card|cards} kept for the next hand",
    "cn.foul": "foul", "cn.foul.middle": "Foul: the middle row beats the bottom row",
    "cn.foul.top": "Foul: the top row beats the middle row",
    "cn.foul.top-bottom": "Foul: the top row beats the bottom row", "cn.fouled": "Foul: this hand pays every opponent",
    "cn.royalty": "royalty {n}", "cn.royalties": "royalties {n}", "cn.scoop": "scoop",
    "cn.res.won": "beats {name}", "cn.res.lost": "loses to {name}", "cn.res.tie": "ties with {name}",
    "cn.vs.won": "wins {n} from {name}", "cn.vs.lost": "loses {n} to {name}", "cn.vs.tie": "ties with {name}",
    "cn.vs.foul": "foul",
    "cn.natural": "natural: {name}", "cn.natural.dragon": "dragon", "cn.natural.three-straights": "three straights",
    "cn.natural.three-flushes": "three flushes", "cn.natural.no-face": "no face card", "cn.natural.six-pairs": "six pairs",
    "cn.fantasy.next": "fantasyland next hand ({n} {n:card|cards})", "cn.fantasy.reach": "fantasyland in reach",
    "cn.game": "Chinese poker", "cn.natural.any": "special hand", "cn.prev": "Previous hand", "cn.showdown": "Showdown", "cn.rowhand": "{row}: {hand}",
    "cn.pick": "Pick a card, then a row (or drag it)", "cn.left": "{n} to place", "cn.ready": "Everything is placed",
    "cn.discard.slot": "discard", "cn.discard.left": "discard {n}", "cn.reset": "Reset", "cn.place": "Place",
    "cn.suggest": "Suggest", "cn.sending": "sending…", "cn.back": "take this card back",
    "cn.surrender.confirm": "Surrender this hand? You pay the surrender price to each opponent.",
    "cn.review": "Best possible arrangement", "cn.review.same": "The solver would have set the same hand",
    "cn.review.note": "the solver's suggestion, from the cards you were dealt", "cn.review.discards": "suggested discards",
    "cn.own": "Your hand", "cn.own.discards": "your discards",
  },
};

// -- the rows as judged ----------------------------------------------------------------------------------

/** A judged board's row (ChineseBoardJudged's, the server's or previews.js's), or null. */
const rowOf = (judged, row) => judged?.rows?.find((r) => r.row === row) || null;
/** Every row of a judged board complete. */
const complete = (judged) => ROWS.every((row) => rowOf(judged, row)?.complete);
/** A standard card face up (not a back): what may be arranged. */
const faceUp = (card) => kindOf(card)?.[0] === "standard";
const rowsOf = (board) => Object.fromEntries(ROWS.map((row) => [row, [...(board?.[row] || [])]]));
const hasCards = (board) => ROWS.some((row) => (board?.[row] || []).length);
const outcome = (units) => (units > 0 ? "won" : units < 0 ? "lost" : "tie");
/** Whether a seat's top row may earn fantasyland at this table: an open-face style, a seat not playing one. */
const mayEnter = (view, seat) => view.style !== "STYLE_CLASSIC" && !seat.fantasy;

// -- the arrangement being made (the board's input state, kept across redraws of the same decision) ------------
//
// The cards to place are s.cards; each place (a row, the discard) and the selection hold cards by their index in it,
// as every board picks cards by their place in the hand (board.js): a hand holding two cards alike would hold two.
// s.board redraws the board it is drawn on, s.bar the control it is arranged with (input's).

function decisionKey(view, cards) {
  return [view.hand || 0, view.street || 0, [...cards].sort().join(" ")].join("|");
}

/** The arrangement of ``cards`` for the view's decision: ``s`` while it is that decision's, else a new one. */
function arrangement(s, view, cards) {
  const key = decisionKey(view, cards);
  if (s && s.key === key) return s;
  return { key, cards: [...cards], placed: { top: [], middle: [], bottom: [], discard: [] }, selected: null,
           discard: 0, free: null, sending: false, board: null, bar: null, view: null, seat: null };
}

const byRank = (a, b) => RANKS.indexOf(b[0]) - RANKS.indexOf(a[0]) || a.localeCompare(b);
/** The indexes of the cards not placed yet, the highest rank first. */
const unplaced = (s) => s.cards.map((_, i) => i).filter((i) => !PLACES.some((p) => s.placed[p].includes(i)))
  .sort((i, j) => byRank(s.cards[i], s.cards[j]) || i - j);
/** The cards placed in a row or the discard, as their texts. */
const cardsIn = (s, place) => s.placed[place].map((i) => s.cards[i]);
const isSelected = (s) => s.selected !== null && s.selected !== undefined;

/** Places still free in a row (or the discards still owed), counting what is arranged. */
function freeIn(s, place) {
  if (place === "discard") return s.discard - s.placed.discard.length;
  const board = s.view?.seats?.[s.seat]?.board;
  const base = s.free ? s.free[place] : SIZE[place] - (board?.[place] || []).length;
  return base - s.placed[place].length;
}

function settleSelection(s) {
  const left = unplaced(s);
  if (!left.includes(s.selected)) s.selected = left.length ? left[0] : null;
}

function redraw(s) {
  settleSelection(s);
  s.board?.();
  s.bar?.render();
}

/** Put the card at index ``i`` of s.cards on a row, in the discard, or back in hand ("hand"). */
function put(s, i, place) {
  if (!Number.isInteger(i) || i < 0 || i >= s.cards.length || s.sending) return;
  const from = PLACES.find((p) => s.placed[p].includes(i));
  if (from === place) return;
  if (place !== "hand" && freeIn(s, place) <= 0) return;
  if (from) s.placed[from] = s.placed[from].filter((k) => k !== i);
  if (place !== "hand") s.placed[place].push(i);
  if (place === "hand") s.selected = i;
  redraw(s);
}

/** A drop target: a row, the discard, the hand. */
function target(node, s, place) {
  node.addEventListener("dragover", (e) => {
    if (place === "hand" || freeIn(s, place) > 0) {
      e.preventDefault();
      node.classList.add("cn-over");
    }
  });
  node.addEventListener("dragleave", () => node.classList.remove("cn-over"));
  node.addEventListener("drop", (e) => {
    e.preventDefault();
    node.classList.remove("cn-over");
    const dragged = e.dataTransfer.getData(DRAGGED);
    if (/^\d+$/.test(dragged)) put(s, Number(dragged), place);
  });
  return node;
}

const DRAGGED = "application/x-brelan-card-index"; // what a card dragged carries: its index in s.cards

/** The card at index ``i`` of s.cards, drawn by ``node``, dragged to a place. */
function draggable(i, node, s) {
  node.draggable = true;
  node.addEventListener("dragstart", (e) => {
    e.dataTransfer.setData(DRAGGED, String(i));
    e.dataTransfer.effectAllowed = "move";
    s.selected = unplaced(s).includes(i) ? i : s.selected;
  });
  return node;
}

/** A card of the arrangement (its index in s.cards): a click takes it back in hand (selected). */
function arranged(i, s, ctx) {
  const node = draggable(i, cardElement(s.cards[i]), s);
  node.classList.add("cn-new");
  node.title = ctx.t("cn.back");
  node.setAttribute("role", "button");
  node.tabIndex = 0;
  const back = (e) => {
    e.stopPropagation();
    e.preventDefault();
    put(s, i, "hand");
  };
  node.addEventListener("click", back);
  node.addEventListener("keydown", (e) => (e.key === "Enter" || e.key === " ") && back(e));
  return node;
}

// -- the board ----------------------------------------------------------------------------------------------

/** One row: its label, its cards and slots, its hand's name, royalty and (at a showdown) results. */
function rowNode(row, seat, ctx, s, judged, fouled) {
  const cards = (seat.board?.[row] || []).slice();
  const extra = s ? s.placed[row] : [];
  const judgedRow = rowOf(judged, row);
  const hand = judgedRow?.hand;
  const places = h("div", { class: "cn-places" }, ...cards.map((c) => cardElement(c)), ...extra.map((i) => arranged(i, s, ctx)));
  for (let k = cards.length + extra.length; k < SIZE[row]; k++) places.append(h("span", { class: "cn-slot", title: ctx.t("cn.slot") }));
  const info = h("div", { class: "cn-info" });
  if (hand && (judgedRow.complete || made(hand))) {
    info.append(h("span", { class: `cn-name${judgedRow.complete ? "" : " partial"}` }, handName(hand)));
  }
  const prime = fouled || seat.cnNatural ? 0 : num(judgedRow?.royalty);
  if (prime) info.append(h("span", { class: "cn-prime" }, ctx.t("cn.royalty", { n: prime })));
  for (const r of seat.cnRows?.[row] || []) {
    const name = nameOf(ctx, r.other);
    const points = r.points === null || r.outcome === "tie" ? "" : ` ${signed(r.points)}`;
    const said = ctx.t(`cn.res.${r.outcome}`, { name });
    info.append(h("span", { class: `cn-res ${r.outcome}`, title: r.foul ? `${said} (${ctx.t("cn.foul")})` : said + points },
      said, points));
  }
  const node = h("div", { class: `cn-row cn-${row}`, "data-row": row, "aria-label": ctx.t(`cn.row.long.${row}`) },
    h("span", { class: "cn-label" }, ctx.t(`cn.row.${row}`)), places, info);
  if (s && isSelected(s) && freeIn(s, row) > 0) {
    node.classList.add("cn-target");
    node.tabIndex = 0;
    node.setAttribute("role", "button");
    const go = () => isSelected(s) && put(s, s.selected, row);
    node.addEventListener("click", go);
    node.addEventListener("keydown", (e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), go()));
  }
  if (s) target(node, s, row);
  return node;
}

function badge(cls, text) {
  return h("span", { class: `cn-badge ${cls}` }, text);
}

function seatNode(view, i, ctx, { me, s, compact, reviewed }) {
  const seat = view.seats[i];
  const board = s ? Object.fromEntries(ROWS.map((row) => [row, [...(seat.board?.[row] || []), ...cardsIn(s, row)]])) : rowsOf(seat.board);
  // the arrangement being made is judged here; a board placed, as the server judged it
  const judged = s ? judgeBoard(board, mayEnter(view, seat)) : (view.cnShowdown ? seat.cnJudged : seat.judged) || null;
  const foul = seat.cnFouled ? "fouled" : judged?.foul || null;
  const pending = !view.cnShowdown && (ctx.pending?.has(i) || seat.pending);
  const who = h("div", { class: "cn-who" },
    h("b", { class: "cn-name-seat" }, nameOf(ctx, i)),
    (view.button || 0) === i && view.phase !== "PHASE_OVER" ? h("span", { class: "cn-dealer", title: ctx.t("cn.button") }, "D") : null,
    pending ? badge("cn-turn", ctx.t(me ? "cn.pending.me" : seat.fantasy || view.phase === "PHASE_SET" ? "cn.waiting.set" : "cn.pending"))
      : null,
    pending && me && ctx.clock && ctx.clock.seat === i
      ? clockElement(ctx.clock, ctx.t, "cn-clock") : null,
    seat.fantasy ? badge("cn-fl", ctx.t("cn.fantasy", { n: seat.fantasy })) : null,
    seat.set && !view.cnShowdown ? badge("cn-set", ctx.t("cn.set")) : null,
    seat.surrendered ? badge("cn-surr", ctx.t("cn.surrendered")) : null,
    foul && (complete(judged) || seat.cnFouled) ? badge("cn-foul", ctx.t("cn.foul")) : null,
    h("span", { class: "cn-score" },
      view.cnShowdown && seat.cnUnits !== undefined
        ? h("b", { class: `cn-units ${seat.cnUnits > 0 ? "won" : seat.cnUnits < 0 ? "lost" : ""}` }, ctx.t("cn.units", { n: signed(seat.cnUnits) }))
        : null,
      " ", ctx.t("cn.total", { n: signed(Number(seat.total || 0)) }),
      !view.cnShowdown && hasCards(seat.lastBoard) ? h("small", {}, ` · ${ctx.t("cn.last", { n: signed(Number(seat.last || 0)) })}`) : null));
  const rows = h("div", { class: "cn-rows" }, ...ROWS.map((row) => rowNode(row, seat, ctx, s, judged, Boolean(foul))));
  const notes = [];
  if (foul) notes.push(h("p", { class: "cn-warn" }, "⚠ ", ctx.t(seat.cnFouled ? "cn.fouled" : `cn.foul.${foul}`)));
  if (seat.cnNatural) {
    const name = ctx.t(`cn.natural.${seat.cnNatural}`);
    notes.push(h("p", { class: "cn-natural" }, "★ ", ctx.t("cn.natural", { name: name.startsWith("cn.") ? ctx.t("cn.natural.any") : name })));
  }
  if (!foul && !seat.cnNatural && complete(judged) && num(judged.royalties)) {
    notes.push(h("p", { class: "cn-primes" }, ctx.t("cn.royalties", { n: num(judged.royalties) })));
  }
  if (seat.cnFantasyNext) notes.push(h("p", { class: "cn-flnext" }, "✦ ", ctx.t("cn.fantasy.next", { n: seat.cnFantasyNext })));
  else if (!view.cnShowdown && !foul && judged?.fantasyland) {
    notes.push(h("p", { class: "cn-flnext" }, "✦ ", ctx.t("cn.fantasy.reach")));
  }
  const review = (me || reviewed) && view.cnShowdown ? reviewNode(view, board, ctx) : null;
  // Beside the solver's arrangement, the seat's own hand is told as such: its rows, its discards under them.
  const apart = review?.classList.contains("cn-best");
  if (review && !apart) notes.push(review);
  if (view.cnShowdown && seat.cnVs?.length) {
    notes.push(h("p", { class: "cn-vs" }, ...seat.cnVs.map((v) => h("span", { class: `cn-res ${outcome(v.units)}` },
      ctx.t(`cn.vs.${outcome(v.units)}`, { name: nameOf(ctx, v.other), n: number(Math.abs(v.units)) }),
      v.scoop ? ` · ${ctx.t(v.foul ? "cn.vs.foul" : "cn.scoop")}` : ""))));
  }
  const extras = [];
  const held = s ? [] : seat.held || [];
  if (held.length) {
    const hidden = held.every((c) => c === "??");
    extras.push(h("div", { class: "cn-held" }, h("small", {}, hidden ? ctx.t("cn.held", { n: held.length }) : ctx.t("cn.held.mine")),
      h("span", { class: `cn-cards${hidden ? " fan" : ""}` }, ...held.map((c) => cardElement(c)))));
  }
  const discards = seat.discards || [];
  const discarded = discards.length
    ? h("div", { class: "cn-discards" }, h("small", {}, ctx.t(apart ? "cn.own.discards" : "cn.discards")),
      h("span", { class: `cn-cards${discards.every((c) => c === "??") ? " fan" : ""}` }, ...discards.map((c) => cardElement(c))))
    : null;
  if (discarded && !apart) extras.push(discarded);
  if ((seat.reserve || []).length) extras.push(h("small", { class: "cn-reserve" }, ctx.t("cn.reserve", { n: seat.reserve.length })));
  const classes = ["seat", "cn-seat", me ? "mine cn-me" : "", compact ? "cn-compact" : "", pending ? "cn-pending" : "",
    foul && (complete(judged) || seat.cnFouled) ? "cn-fouled" : "", seat.fantasy ? "cn-infl" : "", seat.surrendered ? "cn-out" : ""];
  const more = extras.length ? h("div", { class: "cn-extras" }, ...extras) : null;
  if (apart) {
    const own = h("div", { class: "cn-own", role: "group", "aria-label": ctx.t("cn.own") },
      h("small", { class: "cn-set-title" }, ctx.t("cn.own")), rows, discarded, ...notes, more);
    return h("section", { class: classes.filter(Boolean).join(" "), "data-seat": i }, who, own, review);
  }
  return h("section", { class: classes.filter(Boolean).join(" "), "data-seat": i }, who, rows, ...notes, more);
}

/** The hand's review (ctx.review, ReviewHand's answer, for this hand only): the solver's set of the cards you were
 *  dealt, its rows drawn as yours are, in a box of its own titled as the best possible arrangement, its discards
 *  under its rows; the seat's own rows and discards (``board``: the rows you made) are grouped above as your hand. */
function reviewNode(view, board, ctx) {
  const placement = ctx.review?.best?.[0]?.chinese?.place?.placement;
  if (!placement || Number(ctx.review.hand || 0) !== Number(view.hand || 0)) return null;
  const solved = rowsOf(placement);
  if (ROWS.every((row) => [...solved[row]].sort().join() === [...(board[row] || [])].sort().join())) {
    return h("p", { class: "cn-review same" }, "✓ ", ctx.t("cn.review.same"));
  }
  const judged = judgeBoard(solved); // a suggestion, never sent: judged here as an arrangement being made is
  return h("div", { class: "cn-review cn-best", role: "group", "aria-label": ctx.t("cn.review") },
    h("div", { class: "cn-set-title" }, h("b", {}, ctx.t("cn.review")), h("small", {}, ctx.t("cn.review.note"))),
    h("div", { class: "cn-rows" }, ...ROWS.map((row) => rowNode(row, { board: solved }, ctx, null, judged, Boolean(judged?.foul)))),
    (placement.discard || []).length ? h("div", { class: "cn-discards" }, h("small", {}, ctx.t("cn.review.discards")),
      h("span", { class: "cn-cards" }, ...placement.discard.map((c) => cardElement(c)))) : null);
}

/** The last hand's boards (the view keeps them through the next hand), folded away (``own.previousOpen``: whether the
 *  player unfolded them, kept by the board); the viewer's with its review (the solver's set), as the hand's end
 *  showed it. */
function previousHand(view, ctx, own) {
  const last = showdown({ ...view, hand: Number(view.hand || 0) - 1, phase: "PHASE_OVER", champions: [],
    seats: view.seats.map((s) => ({ ...s, ...LAST_HAND })) }, []);
  const details = h("details", { class: "cn-prev" }, h("summary", {}, ctx.t("cn.prev")),
    h("div", { class: "cn-others" }, ...last.seats.map((_, i) => seatNode(last, i, ctx, { compact: true, reviewed: i === ctx.seat }))));
  details.open = own.previousOpen;
  details.addEventListener("toggle", () => (own.previousOpen = details.open));
  return details;
}

// What previousHand sets of each seat: its hand now is none of the last one's (its judged board neither: the last
// hand's is lastJudged).
const LAST_HAND = { board: {}, pending: false, fantasy: 0, set: false, surrendered: false, held: [], discards: [],
                    reserve: [], judged: null };

/** What a seat's part reads of the board's arrangement ``s`` (a key's piece): the cards it put where. */
const arrangedKey = (s) => s && [s.key, s.placed, s.selected, s.sending, s.discard, s.free];

/** Draws ``view`` in ``node``, keeping each part (board.js's parts(), ``own.drawn``) while what it reads is the same:
 *  the head, each seat, the last hand's boards. ``own`` is the board's state (create's). */
function draw(node, view, ctx, own) {
  if (!view?.seats?.length) {
    node.replaceChildren();
    own.root = null;
    return;
  }
  if (view.phase === "PHASE_OVER" && !view.cnShowdown && !view.seats.some((s) => hasCards(s.board))) view = showdown(view, []);
  const me = ctx.seat !== null && ctx.seat !== undefined && view.seats[ctx.seat] ? ctx.seat : null;
  let s = null;
  // The cards to place are arranged on the board and the bar (input) where the viewer may play them; a board that
  // plays nothing (the replay: no ctx.act) shows them in the seat's hand.
  if (me !== null && !view.cnShowdown && typeof ctx.act === "function") {
    const held = view.seats[me].held || [];
    if (held.length && held.every(faceUp) && (ctx.pending?.has(me) || view.seats[me].pending)) {
      s = own.live = arrangement(own.live, view, held);
      Object.assign(s, { board: own.redraw, view, seat: me });
      settleSelection(s);
    }
  }
  const t = ctx.t;
  const drawn = own.drawn;
  const head = drawn("head", JSON.stringify([view.style, view.hand, view.hands, view.cnShowdown, view.phase,
    view.street, view.champions, ctx.names, ctx.lang]), () => {
    const style = t(`cn.style.${view.style || "STYLE_CLASSIC"}`);
    const line = h("div", { class: "cn-head" }, h("span", { class: "cn-style" }, style.startsWith("cn.") ? t("cn.game") : style));
    if (view.hand) line.append(h("span", {}, t("cn.hand", { n: view.hand, of: view.hands || view.hand })));
    if (view.cnShowdown && view.phase !== "PHASE_OVER") line.append(h("b", { class: "cn-over" }, t("cn.showdown")));
    else if (view.phase === "PHASE_PLACE" && STREETS[view.style]) {
      line.append(h("span", {}, t("cn.street", { n: (view.street || 0) + 1, of: STREETS[view.style] })));
    }
    else if (view.phase === "PHASE_SET") line.append(h("span", {}, t("cn.set.phase")));
    if (view.phase === "PHASE_OVER") {
      line.append(h("b", { class: "cn-over" }, t("cn.over")));
      if ((view.champions || []).length) {
        line.append(h("b", {}, t("cn.champions", { names: listOf(view.champions.map((c) => nameOf(ctx, Number(c)))).join("") })));
      }
    }
    return line;
  });
  // A seat's part: what seatNode reads (its seat, the view's phase, button, style and hand, whether the table waits on
  // it, every seat's name: its rows' results name them; the review beside the viewer's at a hand's end).
  const seat = (i, opts) => drawn(`seat ${i}`, JSON.stringify([view.seats[i], view.cnShowdown, view.phase, view.button,
    view.style, view.hand, Boolean(ctx.pending?.has(i)), ctx.names, seatKey(ctx, i), Boolean(opts.me),
    opts.me && view.cnShowdown ? ctx.review : null, arrangedKey(opts.s)]), () => seatNode(view, i, ctx, opts));
  const n = view.seats.length;
  const order = me === null ? [...Array(n).keys()] : [...Array(n - 1).keys()].map((k) => (me + 1 + k) % n);
  const others = drawn("others", String(order.length), () => h("div", { class: `cn-others cn-n${order.length}` }));
  fill(others, order.map((i) => seat(i, { compact: true })));
  let mine = null;
  if (me !== null) {
    mine = drawn("mine", "", () => h("div", { class: "cn-mine" }));
    fill(mine, [seat(me, { me: true, s })]);
  }
  const previous = !view.cnShowdown && view.phase !== "PHASE_OVER" && view.seats.some((x) => hasCards(x.lastBoard))
    ? drawn("previous", JSON.stringify([view.seats.map((x) => ({ ...x, ...LAST_HAND })), view.hand, view.style,
      view.button, ctx.names, ctx.lang, ctx.review, ctx.seat]), () => previousHand(view, ctx, own))
    : null;
  if (!own.root || own.root.parentNode !== node) {
    own.root = h("div");
    node.replaceChildren(own.root);
  }
  own.root.className = `cn${view.cnShowdown ? " cn-sd" : ""}`;
  fill(own.root, [head, others, mine, previous]);
}

/** The board of Chinese poker (board.js's contract), made for ``node``: its parts kept from one view to the next;
 *  the arrangement being made (its input) and whether the last hand is unfolded are its own. */
export function create(node, first = {}) {
  const ctx = latest({}, first);
  // live: the arrangement being made (arrangement()); previousOpen: the last hand's boards unfolded
  const own = { live: null, previousOpen: false, drawn: parts(), root: null, view: null, redraw: null };
  own.redraw = () => draw(node, own.view, ctx, own);
  return {
    update(view, c = first) {
      latest(ctx, c);
      own.view = view;
      own.redraw();
    },
    input: (move, view, c) => input(move, view, c, own),
    hint: (x, c) => hintSaid(x?.chinese?.place?.placement, c),
    destroy() {
      node.replaceChildren();
      Object.assign(own, { live: null, root: null, drawn: parts() });
    },
  };
}

/** A practice table's hint (a placement) in the page's words, row by row as the board lays them, top first:
 *  "Placer Haut 8♠ J♠ 4♦ · Bas Q♣ K♥", never the engine's "bottom Qc Kh top ..."; null for a hint that places
 *  nothing (the screen says it its own way). */
export function hintSaid(placement, ctx) {
  const places = [...ROWS, "discard"].filter((p) => (placement?.[p] || []).length);
  if (!places.length) return null;
  return [ctx.t("act.place"), " ", ...places.flatMap((p, i) => [i ? " · " : "",
    h("span", { class: "cn-hint-row" }, ctx.t(p === "discard" ? "cn.discard.slot" : `cn.row.${p}`), " ",
      ...placement[p].map((card) => cardElement(card)))])];
}

// -- the move: cards onto rows ---------------------------------------------------------------------------------

function renderBar(s, node, ctx) {
  const t = ctx.t;
  const left = unplaced(s);
  const tray = target(h("div", { class: "cn-tray", "aria-label": t("cn.held.mine") }), s, "hand");
  for (const i of left) {
    const el = draggable(i, cardElement(s.cards[i]), s);
    el.classList.add("cn-pick");
    if (i === s.selected) el.classList.add("picked");
    el.setAttribute("role", "button");
    el.tabIndex = 0;
    const pick = () => {
      s.selected = i;
      redraw(s);
    };
    el.addEventListener("click", pick);
    el.addEventListener("keydown", (e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), pick()));
    tray.append(el);
  }
  if (!left.length) tray.append(h("small", { class: "cn-done" }, t("cn.ready")));
  const controls = h("div", { class: "cn-controls" });
  for (const row of ROWS) {
    const free = freeIn(s, row);
    if (free <= 0 || !left.length) continue;
    controls.append(target(h("button", { class: "quiet small cn-to", "data-row": row, disabled: !isSelected(s) || free <= 0,
      onclick: () => isSelected(s) && put(s, s.selected, row) }, t(`cn.row.${row}`), h("small", {}, ` ${free}`)), s, row));
  }
  let discard = null;
  if (s.discard > 0) {
    const owed = s.discard - s.placed.discard.length;
    discard = target(h("div", { class: `cn-discard${isSelected(s) && owed > 0 ? " cn-target" : ""}`, role: "button", tabindex: 0,
      onclick: () => isSelected(s) && owed > 0 && put(s, s.selected, "discard") },
      h("small", {}, t("cn.discard.slot")), ...s.placed.discard.map((i) => arranged(i, s, ctx)),
      ...Array.from({ length: Math.max(0, owed) }, () => h("span", { class: "cn-slot" }))), s, "discard");
  }
  const ready = !left.length && s.placed.discard.length === s.discard;
  const place = h("button", { class: "act cn-send", disabled: !ready || s.sending, onclick: () => send(s, ctx) },
    s.sending ? t("cn.sending") : t("cn.place"));
  const reset = h("button", { class: "quiet cn-reset", disabled: s.sending || !PLACES.some((p) => s.placed[p].length),
    onclick: () => {
      s.placed = { top: [], middle: [], bottom: [], discard: [] };
      s.selected = null;
      redraw(s);
    } }, t("cn.reset"));
  const hint = (ctx.hints?.hints || []).map((x) => x.chinese?.place?.placement).find(Boolean);
  const suggest = hint ? h("button", { class: "quiet cn-suggest", disabled: s.sending, onclick: () => suggestion(s, hint) }, t("cn.suggest")) : null;
  // the arrangement as it stands: a foul (certain once two rows are complete), its royalties
  const seat = s.view?.seats?.[s.seat];
  const board = Object.fromEntries(ROWS.map((row) => [row, [...(seat?.board?.[row] || []), ...cardsIn(s, row)]]));
  const judged = judgeBoard(board, seat ? mayEnter(s.view, seat) : false);
  const foul = judged?.foul;
  const status = h("p", { class: "cn-status" });
  if (foul) status.append(h("b", { class: "cn-warn" }, "⚠ ", t(`cn.foul.${foul}`)), " ");
  else if (complete(judged) && judged.royalties) {
    status.append(h("span", { class: "cn-prime" }, t("cn.royalties", { n: judged.royalties })), " ");
  }
  const parts = ROWS.map((row) => [row, rowOf(judged, row)])
    .filter(([row, r]) => s.placed[row].length && r?.hand && (r.complete || made(r.hand)))
    .map(([row, r]) => t("cn.rowhand", { row: t(`cn.row.${row}`), hand: handName(r.hand) }));
  status.append(h("small", {}, left.length ? `${t("cn.pick")} · ${t("cn.left", { n: left.length })}`
    : s.placed.discard.length < s.discard ? t("cn.discard.left", { n: s.discard - s.placed.discard.length }) : parts.join(" · ")));
  node.replaceChildren(h("div", { class: "cn-hand" }, tray, discard), h("div", { class: "cn-buttons" }, controls, place, reset, suggest), status);
}

function suggestion(s, placement) {
  const placed = { top: [], middle: [], bottom: [], discard: [] };
  const taken = new Set();
  for (const p of PLACES) {
    for (const c of placement[p] || []) { // each card suggested to a card of the hand not given a place yet
      const i = s.cards.findIndex((card, k) => card === c && !taken.has(k));
      if (i >= 0) {
        taken.add(i);
        placed[p].push(i);
      }
    }
  }
  s.placed = placed;
  s.selected = null;
  redraw(s);
}

async function send(s, ctx) {
  if (s.sending || unplaced(s).length) return;
  s.sending = true;
  redraw(s);
  const placement = Object.fromEntries(PLACES.map((p) => [p, cardsIn(s, p)]));
  const done = await ctx.act({ chinese: { place: { placement } } });
  if (done === null || done === undefined) { // refused: the arrangement stays, to change it
    s.sending = false;
    redraw(s);
  }
}

/** Surrender: a small button beside the arrangement's, not the bar's big yellow one, asking first (a hand given up
 *  pays each opponent the surrender's price). */
function surrenderButton(move, ctx) {
  const action = move.actions?.[0] || "surrender";
  return h("button", { class: "quiet small cn-surrender", "data-action": action,
                       onclick: () => window.confirm(ctx.t("cn.surrender.confirm")) && ctx.act({ action }) },
    ctx.t("act.surrender"));
}

/** The board's own controls (its input, ``own`` its state): the cards to place arranged on its rows, and surrender. */
function input(move, view, ctx, own) {
  if (move?.kind === "surrender") return surrenderButton(move, ctx);
  if (move?.kind !== "place" || !move.rows || ctx.seat === null || ctx.seat === undefined) return null;
  const cards = move.rows.cards || [];
  if (!cards.length || !cards.every(faceUp)) return null;
  const s = own.live = arrangement(own.live, view, cards);
  s.discard = Number(move.rows.discard || 0);
  s.free = Object.fromEntries(ROWS.map((row) => [row, 0]));
  for (const r of move.rows.rows || []) s.free[r.row] = Number(r.free || 0);
  Object.assign(s, { view, seat: ctx.seat });
  const node = h("div", { class: "cn-input" });
  s.bar = { node, render: () => renderBar(s, node, ctx) };
  settleSelection(s);
  renderBar(s, node, ctx);
  return node;
}

// -- the end of a hand ---------------------------------------------------------------------------------------

/** The view as the hand ended: every board shown (from the events), who fouled, each row's result against each
 *  opponent, what each pair settled, each seat's units: the events and their notes say it all (the server's). Fields of
 *  ours: view.cnShowdown, seat.cnJudged (its board judged), cnRows, cnVs, cnUnits, cnFouled, cnNatural, cnFantasyNext. */
export function showdown(view, events) {
  const out = JSON.parse(JSON.stringify(view || {}));
  const seats = out.seats || [];
  const fromLast = out.phase === "PHASE_OVER" && !seats.some((s) => hasCards(s.board)); // the game's end
  for (const seat of seats) {
    seat.board = rowsOf(fromLast ? seat.lastBoard : seat.board);
    seat.cnJudged = (fromLast ? seat.lastJudged : seat.judged) || null;
    seat.discards = [...(seat.discards || [])];
    seat.cnVersus = {};
    seat.cnSettled = {};
  }
  const at = (n) => seats[Number(n || 0)];
  let scored = false;
  for (const e of events || []) {
    const c = e?.chinese;
    if (!c) continue;
    if (c.placed && at(c.placed.seat)) {
      const seat = at(c.placed.seat);
      const p = c.placed.placement || {};
      const there = new Set(ROWS.flatMap((row) => seat.board[row]));
      for (const row of ROWS) {
        for (const card of p[row] || []) {
          if (!there.has(card) && seat.board[row].length < SIZE[row]) seat.board[row].push(card);
        }
      }
      for (const card of p.discard || []) if (card !== "??" && !seat.discards.includes(card)) seat.discards.push(card);
    }
    const whole = c.shown || (c.setHand && hasCards(c.setHand.placement) ? c.setHand : null);
    if (whole && at(whole.seat)) at(whole.seat).board = rowsOf(whole.placement);
    const rows = c.placed || c.shown || c.setHand; // its notes: the seat's board then, judged
    if (rows && c.judged && at(rows.seat)) at(rows.seat).cnJudged = c.judged;
    if (c.surrendered && at(c.surrendered.seat)) at(c.surrendered.seat).surrendered = true;
    if (c.fouled && at(c.fouled.seat)) at(c.fouled.seat).cnFouled = true;
    if (c.naturalShown && at(c.naturalShown.seat)) at(c.naturalShown.seat).cnNatural = c.naturalShown.name;
    if (c.versus && at(c.versus.seat) && at(c.versus.other)) {
      const [a, b] = [Number(c.versus.seat || 0), Number(c.versus.other || 0)];
      const units = Number(c.versus.units || 0);
      at(a).cnVersus[b] = units;
      at(b).cnVersus[a] = -units;
      if (c.settled) at(a).cnSettled[b] = c.settled; // from a's side
    }
    if (c.scored && at(c.scored.seat)) {
      at(c.scored.seat).cnUnits = Number(c.scored.units || 0);
      at(c.scored.seat).total = c.scored.total || "0";
      scored = true;
    }
    if (c.fantasyland && at(c.fantasyland.seat)) at(c.fantasyland.seat).cnFantasyNext = Number(c.fantasyland.cards || 0);
    if (c.champions) out.champions = c.champions.seats || [];
  }
  if (!scored && fromLast) for (const seat of seats) seat.cnUnits = Number(seat.last || 0);
  for (const seat of seats) seat.held = [];
  settle(out);
  out.cnShowdown = true;
  return out;
}

/** Each row's result against each opponent: what the server says each row settled (a "versus" event's notes), else,
 *  with no events (a last hand's boards, as the view keeps them), which rows beat which (the rows' beats). Each
 *  pair's units, from the events. */
function settle(view) {
  const seats = view.seats;
  for (const seat of seats) {
    seat.cnRows = { top: [], middle: [], bottom: [] };
    seat.cnVs = [];
  }
  const row = (seat, name, other, sign, points, foul) => seat.cnRows[name].push({ other, outcome: outcome(sign), points, foul });
  const settled = new Map(); // "a b": what their rows settled, from a's side (a < b)
  for (const [a, seat] of seats.entries()) {
    for (const [b, rows] of Object.entries(seat.cnSettled)) {
      const key = [a, Number(b)].sort((x, y) => x - y).join(" ");
      const sign = a < Number(b) ? 1 : -1;
      settled.set(key, { ...rows, rows: (rows.rows || []).map((r) => ({ ...r, outcome: sign * num(r.outcome),
        units: r.units === undefined ? null : sign * num(r.units) })) });
    }
  }
  const known = !settled.size && !seats.some((s) => Object.keys(s.cnVersus).length); // no events: the view's boards
  const fouled = seats.map((seat) => {
    if (known && seat.cnFouled === undefined && complete(seat.cnJudged)) seat.cnFouled = Boolean(seat.cnJudged.foul);
    return Boolean(seat.cnFouled);
  });
  for (let a = 0; a < seats.length; a++) {
    for (let b = a + 1; b < seats.length; b++) {
      const pair = settled.get(`${a} ${b}`);
      if (pair) {
        for (const r of pair.rows) {
          row(seats[a], r.row, b, r.outcome, pair.foul ? null : r.units, Boolean(pair.foul));
          row(seats[b], r.row, a, -r.outcome, pair.foul || r.units === null ? null : -r.units, Boolean(pair.foul));
        }
      } else if (known && complete(seats[a].cnJudged) && complete(seats[b].cnJudged) && !seats[a].surrendered && !seats[b].surrendered) {
        for (const name of ROWS) {
          const beats = (x, y) => (rowOf(seats[x].cnJudged, name)?.beats || []).map(Number).includes(y);
          const sign = beats(a, b) ? 1 : beats(b, a) ? -1 : 0;
          const foul = fouled[a] !== fouled[b];
          row(seats[a], name, b, sign, null, foul);
          row(seats[b], name, a, -sign, null, foul);
        }
      }
    }
  }
  for (const [i, seat] of seats.entries()) {
    for (const [other, units] of Object.entries(seat.cnVersus)) {
      const pair = settled.get([i, Number(other)].sort((x, y) => x - y).join(" "));
      seat.cnVs.push({ other: Number(other), units, scoop: Boolean(pair?.scoop), foul: Boolean(pair?.foul) });
    }
    seat.cnVs.sort((u, v) => u.other - v.other);
  }
}
