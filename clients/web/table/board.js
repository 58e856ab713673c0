// The table's board: one module a game family draws its typed view with (lichess' chessground keeps its board
// apart from the app; here each family's board is a small file of its own, and the screen only dispatches).
//
// A family module (poker.js, alphapoker.js, words.js, chinese.js) exports:
//
//   STRINGS = { fr: {key: "texte"}, en: {key: "text"} }
//       its own words, looked up by ctx.t(key, vars) ("{n}" in a text is vars.n); the rulebooks' words in
//       French (relance, tapis, pot, carré, fantasyland...), their usual English names in English.
//
//   create(node, ctx) -> {update(view, ctx), destroy(), input?(move, view, ctx), hint?(hint, ctx)}
//       makes the board in `node` (as chessground's Chessground(el, config) and api.set): its state (what it drew
//       last, the word being typed, the cards being arranged...) lives in the object, never in the module, so two
//       boards on one page share nothing; each update draws again only the parts whose data changed (poker.js: the
//       seats' nodes stay, a seat's plate or bet made again when its chips move). screen.js's mountBoard makes it.
//       Each seat's part is an element of class "seat" with its
//       data-seat (the viewer's also "mine"), each card the element cards.js makes (its data-card, and
//       "back"/"marked" when face down; "plays" when a click on it makes a move, not a pick): what the
//       screen's tests and the showdown read. `view` is
//       the family's typed view as Connect's JSON gives it
//       (GetViewResponse.pokerChamp, .alphapoker...: fields in lowerCamelCase, 64-bit integers as strings,
//       enums by name such as "PHASE_EXCHANGE", and fields at their default (0, false, "", []) left out).
//
//     input(move, view, ctx) -> HTMLElement | null          (optional, a method of the board)
//       a control of its own for one kind of legal move (move: a LegalSpace move's JSON, {kind, amount |
//       cards | word | rows, actions}); null leaves it to the screen's generic controls (buttons, an amount
//       slider, picking cards). It is the board's: what it holds (a word typed, cards put on rows) is the board's
//       state, drawn on the board too (the table's tiles a word takes lit, the cards on their rows).
//
//     hint(hint, ctx) -> [HTMLElement | text] | null         (optional, a method of the board)
//       what a practice table's hint (GetHints' Hint JSON) moves, in words, after its move's name: a word to claim
//       or propose said as a word ("Annoncer AVI"); null leaves the screen to draw the move's cards as cards.
//
//   resultNote(info, ctx) -> HTMLElement | null              (optional)
//       a word under the final ranking on what the game counted (POKER CHAMP: what an Award is earned for, and how
//       many win): `info` is the finished table's TableInfo JSON (its options, defaults included).
//
//   showdown(view, events) -> view                           (optional)
//       the view as the hand ended: `events` are the typed events (TableEvent JSON) from the last view the
//       screen drew up to the next deal; it puts what they revealed (cards shown, words laid, who won what)
//       into a copy of `view`, which the screen holds on the table for a few seconds.
//
// ctx, what the screen gives a board:
//   seat       the viewer's seat, or null for a spectator
//   names      each seat's name (the player's, "bot 2", or "seat 3" when free), in seat order
//   lang       "fr" or "en";  t(key, vars): the text of a key, the family's STRINGS first, then the screen's
//   pending    a Set of the seats whose decision the table waits for
//   clock      {seat, seconds, until, from, whole} of the decision the viewer waits on with its deadline, or null:
//              the seconds it reads now, when it ends and runs from (ms, wall clock), its whole time (warns())
//   picked     the viewer's cards picked for its move, by their place in its hand as the view gives it: a Map of
//              that place (0, 1...) to the card's text (draw them raised: isPicked). A hand holds a card twice
//              (two black E, a DAKER deck's two AK): they are two cards, each picked on its own.
//   pick(i, card)  picks or unpicks the card at place i of the viewer's hand, its text `card` (the screen redraws)
//   options    the table's options, every one as text (TableInfo.options: {limit: "spread"...}), or {}
//   act(move)  sends a move: {action: "text"} or the family's typed action ({chinese: {place: {...}}}, the
//              ActRequest JSON field); resolves once the table took it, rejects with the refusal
//   hints      the practice table's hints (GetHints' JSON), or null at a table without them
//   replay     true in a replay of a finished game (table/replay.js): the seats pending are whose turn it was then,
//              said as such ("à jouer"), never as someone thinking now
//   review     the seat's last finished hand looked at again (ReviewHand's JSON: {hand, seat, best: [Hint],
//              played}) while its end is held on the table, or null

/** A JSON number field (int64 fields come as strings; a default is left out): its value, 0 when absent. */
export const num = (x) => Number(x || 0);

/** The view's seats, each with its seat number (the JSON leaves seat 0's out, as a default). */
export const seatsOf = (view) => (view?.seats || []).map((s, i) => ({ ...s, seat: i }));

/** A seat's name: the screen's (ctx.names), else "seat N" counted from 1. */
export const nameOf = (ctx, s) => ctx.names?.[s] || ctx.t("seat", { n: s + 1 });

/** The cards picked (ctx.picked), in the order of the hand: a card held twice and picked twice is there twice. */
export function pickedCards(picked) {
  return picked instanceof Map ? [...picked].sort(([a], [b]) => a - b).map(([, card]) => card) : [];
}

/** Whether the card at place ``i`` of the hand, ``card``, is picked (a pick made on another hand is not). */
export function isPicked(picked, i, card) {
  return picked instanceof Map && picked.get(i) === card;
}

/** How many of the picks are cards of ``hand`` (each at its place). */
export function picksIn(picked, hand) {
  return picked instanceof Map ? [...picked].filter(([i, card]) => hand[i] === card).length : 0;
}

/** ``picked`` with the card at place ``i`` (``card``) picked, or unpicked when it was: a new Map. */
export function toggled(picked, i, card) {
  const next = new Map(picked instanceof Map ? picked : []);
  if (next.get(i) === card) next.delete(i);
  else next.set(i, card);
  return next;
}

/** A decision's clock warns in its last WARN_SECONDS; a clock no longer than that (a bataille's card, a few seconds)
 *  in its last half, not all along. */
export const WARN_SECONDS = 10;

/** Whether a clock showing ``seconds`` left (whole seconds, as shown: rounded up) warns, its whole time ``whole`` (the
 *  seconds it read when the decision was first seen; 0: unknown). */
export function warns(seconds, whole = 0) {
  const shown = Math.max(0, Math.ceil(seconds));
  return shown <= (whole > 0 && whole <= WARN_SECONDS ? whole / 2 : WARN_SECONDS);
}

/** A board's parts, each drawn from some data: ``drawn(name, key, make)`` gives the node ``make()`` made for part
 *  ``name`` last while ``key`` (a string: all the part is drawn from) is the one it was made for, else makes it again
 *  (null: nothing drawn). A kept part keeps its listeners: they read what may change (ctx.act...) when they fire. */
export function parts() {
  const made = new Map(); // name -> [key, node]
  return (name, key, make) => {
    const last = made.get(name);
    if (last && last[0] === key) return last[1];
    const node = make();
    made.set(name, [key, node]);
    return node;
  };
}

/** ``nodes`` (null and undefined left out) put in ``parent`` in this order, unless they are its children already:
 *  parts kept are not taken out and put back (no layout, no focus lost). */
export function fill(parent, nodes) {
  const kids = nodes.filter((n) => n !== null && n !== undefined);
  const same = kids.length === parent.childNodes.length && kids.every((n, i) => parent.childNodes[i] === n);
  if (!same) parent.replaceChildren(...kids);
}

/** What a part drawn for seat ``s`` reads of ctx beyond the view: the seat's name, the language, the seat's clock (a
 *  piece of the part's key, see parts()). */
export function seatKey(ctx, s) {
  const clock = ctx.clock && ctx.clock.seat === s ? [ctx.clock.until, ctx.clock.from, ctx.clock.whole] : null;
  return [nameOf(ctx, s), ctx.lang, clock];
}

/** The ctx a board draws with: ``kept``, one object for the board's life, given the fields of each update's ``ctx``
 *  (and only those), so that a part kept from an earlier update calls the latest ctx.act or ctx.pick when clicked. */
export function latest(kept, ctx) {
  if (kept === ctx) return kept;
  for (const key of Object.keys(kept)) if (!(key in ctx)) delete kept[key];
  return Object.assign(kept, ctx);
}

/** The clock of ctx.clock, counting down: the screen's tick rewrites every ".clock[data-until]" (and marks
 *  "low" while it warns: its last 10 s), so a board draws it once. */
export function clockElement(clock, t, className = "") {
  const seconds = Math.max(0, Math.ceil(clock.seconds));
  const node = document.createElement("span");
  node.className = `clock ${className}${warns(seconds, clock.whole) ? " low" : ""}`.trim();
  node.dataset.until = String(clock.until);
  if (clock.whole) node.dataset.whole = String(clock.whole);
  if (clock.from) node.dataset.from = String(clock.from); // it runs from then (after a pause), reading its whole time
  node.textContent = t("clock", { n: seconds });
  return node;
}
