// What the page works out itself: a move's preview before it is sent, where asking the server at each key or each
// card would be too slow. The rules live in Python (server/games); the server's typed views and events say what they
// decide of every move made (a word's score, a row's hand and royalty, a foul), and the boards draw that. Only these
// previews repeat a rule, and each is held to Python's answers by shared cases: tests/data/previews.json, written and
// checked by tests/test_previews.py against the engines, read by tests/web/previews.test.mjs (`node --test`).
//
//   scoreParts   a word being built from a hand (AlphaPoker): what it scores if admitted, as WordScore says it; and
//                the words suggested but not laid (a practice table's hints, a hand's review)
//   judgeBoard   a Chinese poker board being arranged: its rows' hands and royalties, a foul, as ChineseBoardJudged
//                says it; and the solver's suggestion, never sent
//   matchWord    a word being typed at a table of letter cards (bataille, belote): the cards it takes

import { LETTER_VALUES, kindOf } from "../cards.js";

// -- a word's score (lexicon/scoring.py) -------------------------------------------------------------------

/** Word points by length (rulebook, section 6): none under 3 letters, 9 letters' 30 beyond. */
export const LENGTH_POINTS = { 3: 3, 4: 5, 5: 8, 6: 12, 7: 17, 8: 23, 9: 30 };

/** What a word laid with these cards (LaidCard JSON: {card, letter}) scores if admitted, as the server's WordScore
 *  says it: {lengthPoints, letterPoints, doubled, total}. A joker gives its letter's value and has its own colour. */
export function scoreParts(laid, simplified = false) {
  const cards = laid || [];
  const n = cards.length;
  const lengthPoints = simplified || n < 3 ? 0 : LENGTH_POINTS[n] ?? LENGTH_POINTS[9];
  const letterPoints = cards.reduce((sum, l) => sum + (LETTER_VALUES[l.letter || String(l.card || "")[0]] || 0), 0);
  const doubled = n > 0 && new Set(cards.map((l) => String(l.card || "")[1])).size === 1;
  return { lengthPoints, letterPoints, doubled, total: (lengthPoints + letterPoints) * (doubled ? 2 : 1) };
}

// -- a Chinese poker board (server/games/chinese_scoring.py) ----------------------------------------------

const RANKS = "23456789TJQKA";
const SLUGS = ["high-card", "pair", "two-pair", "trips", "straight", "flush", "full-house", "quads", "straight-flush"];
const [HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL, QUADS, STRAIGHT_FLUSH] = SLUGS.keys();
const ROWS = ["bottom", "middle", "top"];
const SIZE = { bottom: 5, middle: 5, top: 3 };
const ROYALTIES = { // a complete row's royalty by its category, and a royal flush's
  bottom: { [STRAIGHT]: 2, [FLUSH]: 4, [FULL]: 6, [QUADS]: 10, [STRAIGHT_FLUSH]: 15, royal: 25 },
  middle: { [TRIPS]: 2, [STRAIGHT]: 4, [FLUSH]: 8, [FULL]: 12, [QUADS]: 20, [STRAIGHT_FLUSH]: 30, royal: 50 },
};
const QUEEN = RANKS.indexOf("Q");

/** A standard card's rank (0: a 2 ... 12: an ace) and suit; null for a back. */
function parseCard(text) {
  const m = /^([2-9TJQKA])([cdhs])$/.exec(text || "");
  return m ? { r: RANKS.indexOf(m[1]), s: m[2] } : null;
}

/** The hand a row's known cards make so far: its category, its ranks (the group's first, then the rest, highest
 *  first) and its value on one scale, every row alike; fewer than five cards, and a top row, make no straight nor
 *  flush. Null when no card is known. */
function rowHand(cards, row) {
  const known = (cards || []).map(parseCard).filter(Boolean);
  if (!known.length) return null;
  const counts = new Map();
  for (const c of known) counts.set(c.r, (counts.get(c.r) || 0) + 1);
  const groups = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0]); // [rank, count]: most, then highest
  const desc = known.map((c) => c.r).sort((a, b) => b - a);
  const five = SIZE[row] === 5 && known.length === 5;
  const flush = five && known.every((c) => c.s === known[0].s);
  let straight = -1;
  if (five && groups.length === 5) {
    if (desc[0] - desc[4] === 4) straight = desc[0];
    else if (desc.join() === "12,3,2,1,0") straight = 3; // the wheel: to the five
  }
  const [n0, n1] = [groups[0][1], groups[1]?.[1] || 0];
  let cat;
  let ranks = groups.map(([r]) => r);
  if (straight >= 0 && flush) [cat, ranks] = [STRAIGHT_FLUSH, [straight]];
  else if (n0 === 4) cat = QUADS;
  else if (n0 === 3 && n1 >= 2) cat = FULL;
  else if (flush) [cat, ranks] = [FLUSH, desc];
  else if (straight >= 0) [cat, ranks] = [STRAIGHT, [straight]];
  else if (n0 === 3) cat = TRIPS;
  else if (n0 === 2 && n1 === 2) cat = TWO_PAIR;
  else if (n0 === 2) cat = PAIR;
  else [cat, ranks] = [HIGH, desc];
  let value = cat;
  for (let i = 0; i < 5; i++) value = value * 16 + (ranks[i] ?? 0);
  return { cat, ranks, value, complete: known.length === SIZE[row], royal: cat === STRAIGHT_FLUSH && ranks[0] === 12 };
}

/** A hand as HandName's codes: its category and the ranks that name it (two for two pair and a full house). */
function named(hand) {
  if (hand.royal) return { category: "royal-flush", ranks: [] };
  const n = hand.cat === TWO_PAIR || hand.cat === FULL ? 2 : 1;
  return { category: SLUGS[hand.cat], ranks: hand.ranks.slice(0, n).map((r) => RANKS[r]) };
}

/** A complete row's royalty. */
function royaltyOf(row, hand) {
  if (row === "top") {
    if (hand.cat === TRIPS) return 10 + hand.ranks[0]; // 222: 10 ... AAA: 22
    return hand.cat === PAIR && hand.ranks[0] >= 4 ? hand.ranks[0] - 3 : 0; // 66: 1 ... AA: 9
  }
  return ROYALTIES[row][hand.royal ? "royal" : hand.cat] || 0;
}

/**
 * A board ({bottom, middle, top}: card texts, "??" unknown) judged as the server's ChineseBoardJudged says it: {rows:
 * [{row, hand: {category, ranks} | null, complete, royalty}], foul ("middle", "top", "top-bottom": two complete rows
 * out of order; "" none), royalties, fantasyland}; null when no card is known. ``fantasyland``: say whether its top
 * row earns one, complete and in order (an open-face table's seat not playing one).
 */
export function judgeBoard(board, fantasyland = false) {
  const hands = Object.fromEntries(ROWS.map((row) => [row, rowHand(board?.[row], row)]));
  if (!ROWS.some((row) => hands[row])) return null;
  const full = (row) => (hands[row]?.complete ? hands[row].value : null);
  let foul = "";
  const pairs = [["middle", "middle", "bottom"], ["top", "top", "middle"], ["top-bottom", "top", "bottom"]];
  for (const [name, upper, lower] of pairs) {
    if (full(upper) !== null && full(lower) !== null && full(upper) > full(lower)) {
      foul = name;
      break;
    }
  }
  const rows = ROWS.map((row) => {
    const hand = hands[row];
    return { row, hand: hand ? named(hand) : null, complete: Boolean(hand?.complete),
             royalty: hand?.complete && !foul ? royaltyOf(row, hand) : 0 };
  });
  const whole = !foul && ROWS.every((row) => hands[row]?.complete);
  const top = hands.top;
  return { rows, foul, royalties: whole ? rows.reduce((n, r) => n + r.royalty, 0) : 0,
           fantasyland: whole && fantasyland && (top.cat === TRIPS || (top.cat === PAIR && top.ranks[0] >= QUEEN)) };
}

// -- a word of the table's cards (server/games/word_games.py's take) --------------------------------------

/**
 * Which table cards a word ({letters: [...], jokers: Set of indexes a joker must give}) takes, as the server takes
 * them: for each letter the earliest card of it (a "?X" letter the earliest joker), then a joker left over for a
 * letter the table lacks; a face-down card (secret belote) may give what is still missing. Each letter: {letter,
 * idx (-1: none), via: card | joker | hidden | missing}.
 */
export function matchWord(word, table) {
  const cards = (table || []).map((text) => {
    const [kind, m] = kindOf(text) || [];
    return { kind, letter: kind === "letter" ? m[1] : "" };
  });
  const free = new Set(cards.map((_, i) => i));
  const take = (test) => {
    for (const i of [...free].sort((a, b) => a - b)) {
      if (test(cards[i])) {
        free.delete(i);
        return i;
      }
    }
    return -1;
  };
  const out = word.letters.map((letter, i) => {
    const forced = word.jokers.has(i);
    const idx = take((c) => (forced ? c.kind === "joker" : c.kind === "letter" && c.letter === letter));
    return { letter, idx, via: idx >= 0 ? (forced ? "joker" : "card") : "missing", forced };
  });
  for (const m of out) { // the letters no card gives: a joker left over, else a card face down
    if (m.idx >= 0 || m.forced) continue;
    m.idx = take((c) => c.kind === "joker");
    if (m.idx >= 0) m.via = "joker";
  }
  for (const m of out) {
    if (m.idx >= 0) continue;
    m.idx = take((c) => c.kind === "back");
    if (m.idx >= 0) m.via = "hidden";
  }
  return out;
}
