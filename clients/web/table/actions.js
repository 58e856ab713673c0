// The action bar: every legal move of the seat, from the typed legal space (GetViewResponse.space), never
// guessed from a list of texts. A kind with its own control in the family's board module (a word to spell,
// rows to fill) gets it; the others get the generic ones: a button a move, an amount slider bounded by the
// space, cards picked on the board.

import { h } from "../dom.js";
import { either } from "../i18n.js";
import { pickedCards } from "./board.js";

/** What the seat owes to call: the highest bet on the table less its own (views with per-seat bets). */
function toCall(view, seat) {
  const bets = (view?.seats || []).map((s) => Number(s.bet || 0));
  return bets.length && seat !== null ? Math.max(...bets) - (bets[seat] || 0) : 0;
}

function label(t, kind, amount, view, seat) {
  if (kind === "call") {
    const owed = toCall(view, seat);
    return owed > 0 ? t("act.call", { n: owed }) : t("act.call.all");
  }
  if (kind === "pay" && view?.stake) return t("act.pay.n", { n: view.stake }); // POKER CHAMP: the stage's stake
  if (amount !== undefined) return t(`act.${kind}`, { n: amount });
  return t(`act.${kind}`, { n: "" }).trim();
}

/** The bounds of a move's amount: {min, max, step}. */
function bounds(move) {
  return Object.fromEntries(["min", "max", "step"].map((k) => [k, Number(move.amount[k] || 0)]));
}

/** The quick amounts of a range, [name, amount]: its least, half the pot and the pot (the view's), and all in. */
function quickAmounts(min, max, ctx) {
  const pot = Number(ctx.view?.pot || 0);
  return [[ctx.t("min"), min], ...(pot ? [[ctx.t("half.pot"), Math.floor(pot / 2)], [ctx.t("pot"), pot]] : []),
    [ctx.t("max"), max]];
}

/** An amount: a slider and a box bounded by the range (by its step), quick amounts, and the move's button; the button
 *  alone when the range holds one amount. ``quick(min, max, ctx)`` names the quick amounts, quickAmounts unless a
 *  board knows better (AlphaPoker's bets go to a cap, not all in: board.js's input). */
export function amountControl(move, ctx, quick = quickAmounts) {
  const { min, max, step } = bounds(move);
  const by = step > 1 ? step : 1;
  const slider = h("input", { type: "range", min, max, step: by, value: min, "aria-label": ctx.t("amount") });
  const box = h("input", { type: "number", min, max, step: by, value: min, class: "amount", "aria-label": ctx.t("amount") });
  const button = h("button", { class: "act", "data-kind": move.kind });
  const fit = (value) => { // into the range, on the step (max itself, an all-in, may be off it)
    const n = Math.min(max, Math.max(min, Math.round(Number(value) || min)));
    return n === max ? n : Math.min(max, min + Math.round((n - min) / by) * by);
  };
  const show = (n) => { // the button says, and plays, the amount
    button.textContent = label(ctx.t, move.kind, n, ctx.view, ctx.seat);
    button.dataset.action = `${move.kind} ${n}`;
  };
  const set = (value) => {
    const n = fit(value);
    slider.value = box.value = String(n);
    show(n);
  };
  slider.addEventListener("input", () => set(slider.value));
  // The button follows each key typed (a click straight after typing plays what was typed), the box is put on the
  // range once left; focused, its amount is selected, so typing replaces it ("47", not "1047": an all-in).
  box.addEventListener("input", () => { const n = fit(box.value); slider.value = String(n); show(n); });
  box.addEventListener("change", () => set(box.value));
  box.addEventListener("focus", () => box.select());
  button.addEventListener("click", () => ctx.act({ action: button.dataset.action }));
  set(min);
  if (max <= min) return h("div", { class: "amount-move" }, button);
  // each quick amount within the range, on its step, once (half the pot may be the least: then it is "min")
  const offered = quick(min, max, ctx).filter(([, n]) => n >= min && n <= max).map(([name, n]) => [name, fit(n)])
    .filter(([, n], i, all) => all.findIndex(([, m]) => m === n) === i);
  return h("div", { class: "amount-move" }, button, slider, box,
    ...offered.map(([name, n]) => h("button", { class: "quiet small", "data-amount": n, onclick: () => set(n) },
      name)));
}

/** How many cards a move takes, in words: "1 ou 2", "1 à 4" (a run of more), none said when it takes none. */
function sizesSaid(sizes, ctx) {
  const some = [...new Set(sizes.filter((n) => n > 0))].sort((a, b) => a - b);
  const run = some.length > 2 && some[some.length - 1] - some[0] === some.length - 1;
  return run ? ctx.t("pick.range", { a: some[0], b: some[some.length - 1] }) : either(some) || "0";
}

/** Cards picked on the board: the move's button names how many, enabled when that many is allowed. The cards are
 *  picked by their place in the hand (ctx.picked): a card held twice and picked twice goes twice ("exchange Eb Eb"). */
function cardsControl(move, ctx) {
  const sizes = (move.cards.sizes || [0]).map(Number);
  const picked = pickedCards(ctx.picked).filter((c) => (move.cards.cards || []).includes(c));
  const allowed = sizes.includes(picked.length);
  const text = picked.length === 0 && ["exchange", "discard"].includes(move.kind)
    ? ctx.t(`act.${move.kind}.none`) : label(ctx.t, move.kind, picked.length || "", ctx.view, ctx.seat);
  const action = [move.kind, ...picked].join(" ");
  return h("div", { class: "cards-move" },
    h("button", { class: "act", "data-kind": move.kind, "data-action": action, disabled: !allowed,
                  onclick: () => ctx.act({ action }) }, text),
    h("small", {}, ctx.t("pick.cards", { sizes: sizesSaid(sizes, ctx), n: Math.max(0, ...sizes) })));
}

/** A button a listed move (no parameter, or few enough to list: a card to lay, a limit's amounts). */
function listed(move, ctx) {
  return (move.actions || []).map((action) => {
    const words = action.split(" ");
    const amount = words.length > 1 && /^\d+$/.test(words[1]) ? Number(words[1]) : undefined;
    const cards = words.slice(1).filter(() => amount === undefined);
    const button = h("button", { class: "act", "data-kind": move.kind, "data-action": action,
                                 onclick: () => ctx.act({ action }) }, label(ctx.t, move.kind, amount, ctx.view, ctx.seat));
    if (cards.length && ctx.card) button.append(" ", ...cards.map((c) => ctx.card(c)));
    return button;
  });
}

/** The controls of every legal move, in the space's order: {parts, bare}, bare the moves none fits (a kind this page
 *  does not know yet: the screen then offers to type them). An amount with a range is one control, never a button
 *  an amount (a spread limit listed eleven raises). */
export function controls(space, board, ctx) {
  const parts = [];
  const bare = [];
  for (const move of space?.moves || []) {
    const own = board?.input?.(move, ctx.view, ctx);
    const listing = (move.actions || []).length > 0;
    if (own) parts.push(h("div", { class: "move own", "data-kind": move.kind }, own));
    else if (move.amount && (!listing || bounds(move).max > bounds(move).min)) parts.push(amountControl(move, ctx));
    else if (move.cards && !((move.cards.sizes || []).length === 1 && listing)) parts.push(cardsControl(move, ctx));
    else if (listing) parts.push(...listed(move, ctx));
    else bare.push(move);
  }
  return { parts, bare };
}
