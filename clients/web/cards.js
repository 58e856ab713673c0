// Cards, dice and backs as DOM elements, from their text in views and events (DESIGN.md's notation).
//
//   Er, Tb          a letter card, red or black, with its value; ?r a joker, ?r=E one standing for E
//   As, Td, 9h      a standard card (suits as symbols, hearts and diamonds red)
//   AK, QR, NN      a DAKER card: two poker-dice values (R the red 10, N the black 9: the rulebook's "rouge", "noir";
//                   drawn as a disc of their colour, never a letter: an R beside the K read "roi" in French)
//   4y, 1r          a die: its face and its colour (red, black, white, yellow)
//   ??              a card face down; [Ld] a POKER CHAMP back: its mark (L/M/S and suit, or A)
//
// Each one's title (its tooltip) names it in the page's language, as a player says it: "roi de trèfle", "king of
// clubs", "E rouge", "dé jaune : 4"; never its code.

export const LETTER_VALUES = {
  A: 1, B: 2, C: 2, D: 2, E: 1, F: 3, G: 2, H: 3, I: 1, J: 4, K: 5, L: 1, M: 2,
  N: 1, O: 1, P: 2, Q: 8, R: 1, S: 1, T: 1, U: 1, V: 3, W: 8, X: 5, Y: 5, Z: 5,
};
const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const DICE = { r: "red", b: "black", w: "white", y: "yellow" };
// Names for the titles. The ranks as "2"... "9", T a 10; DAKER's R and N are its red 10 and black 9.
const NAMES = {
  fr: {
    rank: { T: "10", J: "valet", Q: "dame", K: "roi", A: "as" }, suit: { c: "trèfle", d: "carreau", h: "cœur", s: "pique" },
    card: (rank, suit) => `${rank} de ${suit}`, colour: { r: "rouge", b: "noir", w: "blanc", y: "jaune" },
    letter: (l, c) => `${l} ${c === "r" ? "rouge" : "noire"}`, joker: (c) => `joker ${c === "r" ? "rouge" : "noir"}`,
    jokerAs: (c, l) => `joker ${c === "r" ? "rouge" : "noir"} pour ${l}`, die: (face, colour) => `dé ${colour} : ${face}`,
    dk: { A: "as", K: "roi", Q: "dame", J: "valet", R: "10 rouge", N: "9 noir" }, daker: (a, b) => `${a} et ${b}`,
    dkColour: { R: "rouge", N: "noir" }, back: "carte cachée", marked: (mark) => `dos marqué ${mark}`,
  },
  en: {
    rank: { T: "10", J: "jack", Q: "queen", K: "king", A: "ace" }, suit: { c: "clubs", d: "diamonds", h: "hearts", s: "spades" },
    card: (rank, suit) => `${rank} of ${suit}`, colour: DICE,
    letter: (l, c) => `${c === "r" ? "red" : "black"} ${l}`, joker: (c) => `${c === "r" ? "red" : "black"} joker`,
    jokerAs: (c, l) => `${c === "r" ? "red" : "black"} joker as ${l}`, die: (face, colour) => `${colour} die: ${face}`,
    dk: { A: "ace", K: "king", Q: "queen", J: "jack", R: "red 10", N: "black 9" }, daker: (a, b) => `${a} and ${b}`,
    dkColour: { R: "red", N: "black" }, back: "a card face down", marked: (mark) => `a back marked ${mark}`,
  },
};

/** The names of the page's language (<html lang>, which i18n.js sets). */
const names = () => NAMES[(document.documentElement.lang || "").slice(0, 2)] || NAMES.en;
const PATTERNS = [
  ["letter", /^([A-Z])([rb])$/],
  ["joker", /^\?([rb])(?:=([A-Z]))?$/],
  ["standard", /^([2-9TJQKA])([cdhs])$/],
  ["daker", /^([AKQJRN])([AKQJRN])$/],
  ["die", /^([1-6])([rbwy])$/],
  ["back", /^\?\?$/],
  ["marked", /^\[([LMS]?)([cdhs]?|A)\]$/],
];

// DAKER's two colour values, the rulebook's "rouge" and "noir", by their text in views.
const DAKER_COLOURS = { R: "red", N: "black" };

/** A DAKER value ("A"... "R", "N": its text in views) as drawn: its letter, or the red and the black as a disc of
 *  their colour (class "dk-colour red" / "black"), named for a screen reader in the page's language ("rouge", "red").
 *  No letter stands for them: R and N read "roi" and a number beside the A, K, Q, J. */
export function dakerValue(value) {
  const colour = DAKER_COLOURS[value];
  if (!colour) return document.createTextNode(value);
  const disc = el("i", `dk-colour ${colour}`);
  disc.setAttribute("role", "img");
  disc.setAttribute("aria-label", names().dkColour[value]);
  return disc;
}

/** What a text is: [kind, match] for a card, a die or a back; null for anything else. */
export function kindOf(text) {
  if (typeof text !== "string") return null;
  for (const [kind, pattern] of PATTERNS) {
    const m = text.match(pattern);
    if (m) return [kind, m];
  }
  return null;
}

function el(tag, className, text = "") {
  const node = document.createElement(tag);
  node.className = className;
  if (text) node.textContent = text;
  return node;
}

/** The element for a card's (or die's, or back's) text; a plain span for anything else. */
export function cardElement(text) {
  const found = kindOf(text);
  if (!found) return el("span", "token", String(text));
  const [kind, m] = found;
  const card = el("span", `card ${kind}`);
  card.dataset.card = text;
  card.title = cardName(text);
  if (kind === "letter") {
    card.classList.add(m[2] === "r" ? "red" : "black");
    card.append(el("b", "face", m[1]), el("small", "value", String(LETTER_VALUES[m[1]])));
  } else if (kind === "joker") {
    card.classList.add(m[1] === "r" ? "red" : "black");
    card.append(el("b", "face", m[2] || "★"), el("small", "value", m[2] ? "joker" : "0"));
  } else if (kind === "standard") {
    card.classList.add(m[2] === "d" || m[2] === "h" ? "red" : "black");
    card.append(el("b", "face", (m[1] === "T" ? "10" : m[1]) + SUITS[m[2]]));
  } else if (kind === "daker") {
    card.append(el("b", "face"), el("b", "face low"));
    card.querySelectorAll(".face").forEach((face, i) => {
      face.append(dakerValue(m[i + 1]));
      face.dataset.value = m[i + 1]; // its value, in any language
    });
  } else if (kind === "die") {
    card.classList.add(`die-${DICE[m[2]]}`);
    card.append(el("b", "face", m[1]));
  } else if (kind === "marked") {
    card.append(el("small", "mark", markOf(m)));
  }
  return card;
}

/** A marked back's mark as drawn: its size letter and suit symbol ("L♦"), or "A". */
const markOf = (m) => (m[1] || "") + (SUITS[m[2]] || m[2] || "");

/** A card's (die's, back's) name in the page's language: "roi de trèfle", "king of clubs"; other text as it is. */
export function cardName(text) {
  const found = kindOf(text);
  if (!found) return String(text);
  const [kind, m] = found;
  const say = names();
  if (kind === "standard") return say.card(say.rank[m[1]] || m[1], say.suit[m[2]]);
  if (kind === "letter") return say.letter(m[1], m[2]);
  if (kind === "joker") return m[2] ? say.jokerAs(m[1], m[2]) : say.joker(m[1]);
  if (kind === "daker") return say.daker(say.dk[m[1]], say.dk[m[2]]);
  if (kind === "die") return say.die(m[1], say.colour[m[2]]);
  if (kind === "marked") return say.marked(markOf(m));
  return say.back;
}

/** Whether a text hides something (a back): what a seat must see for every card but its own. */
export function isHidden(text) {
  const found = kindOf(text);
  return found !== null && (found[0] === "back" || found[0] === "marked");
}
