// Cards, dice and backs as DOM elements, from their text in views and events (DESIGN.md's notation).
//
//   Er, Tb          a letter card, red or black, with its value; ?r a joker, ?r=E one standing for E
//   As, Td, 9h      a standard card (suits as symbols, hearts and diamonds red)
//   AK, QR, NN      a DAKER card: two poker-dice values (R the red 10, N the black 9)
//   4y, 1r          a die: its face and its colour (red, black, white, yellow)
//   ??              a card face down; [Ld] a POKER CHAMP back: its mark (L/M/S and suit, or A)

export const LETTER_VALUES = {
  A: 1, B: 2, C: 2, D: 2, E: 1, F: 3, G: 2, H: 3, I: 1, J: 4, K: 5, L: 1, M: 2,
  N: 1, O: 1, P: 2, Q: 8, R: 1, S: 1, T: 1, U: 1, V: 3, W: 8, X: 5, Y: 5, Z: 5,
};
const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const DICE = { r: "red", b: "black", w: "white", y: "yellow" };
const PATTERNS = [
  ["letter", /^([A-Z])([rb])$/],
  ["joker", /^\?([rb])(?:=([A-Z]))?$/],
  ["standard", /^([2-9TJQKA])([cdhs])$/],
  ["daker", /^([AKQJRN])([AKQJRN])$/],
  ["die", /^([1-6])([rbwy])$/],
  ["back", /^\?\?$/],
  ["marked", /^\[([LMS]?)([cdhs]?|A)\]$/],
];

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
  card.title = text;
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
    card.append(el("b", "face", m[1]), el("b", "face low", m[2]));
  } else if (kind === "die") {
    card.classList.add(`die-${DICE[m[2]]}`);
    card.append(el("b", "face", m[1]));
    card.title = `${m[1]} ${DICE[m[2]]}`;
  } else if (kind === "marked") {
    card.append(el("small", "mark", (m[1] || "") + (SUITS[m[2]] || m[2] || "")));
    card.title = `a back marked ${text}`;
  }
  return card;
}

/** Whether a text hides something (a back): what a seat must see for every card but its own. */
export function isHidden(text) {
  const found = kindOf(text);
  return found !== null && (found[0] === "back" || found[0] === "marked");
}
