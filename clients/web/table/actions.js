// The action bar: every legal move of the seat, from the typed legal space (GetViewResponse.space), never
// guessed from a list of texts. A kind with its own control in the family's board module (a word to spell,
// rows to fill) gets it; the others get the generic ones: a button a move, an amount slider bounded by the
// space, cards picked on the board.

import { h } from "../dom.js";

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

/** An amount: a slider and a box bounded by the range (by its step), quick amounts, and the move's button. */
function amountControl(move, ctx) {
  const { min, max, step } = Object.fromEntries(["min", "max", "step"].map((k) => [k, Number(move.amount[k] || 0)]));
  const by = step > 1 ? step : 1;
  const slider = h("input", { type: "range", min, max, step: by, value: min, "aria-label": ctx.t("amount") });
  const box = h("input", { type: "number", min, max, step: by, value: min, class: "amount", "aria-label": ctx.t("amount") });
  const button = h("button", { class: "act", "data-kind": move.kind });
  const fit = (value) => { // into the range, on the step (max itself, an all-in, may be off it)
    const n = Math.min(max, Math.max(min, Math.round(Number(value) || min)));
    return n === max ? n : min + Math.round((n - min) / by) * by;
  };
  const set = (value) => {
    const n = fit(value);
    slider.value = box.value = String(n);
    button.textContent = label(ctx.t, move.kind, n, ctx.view, ctx.seat);
    button.dataset.action = `${move.kind} ${n}`;
  };
  slider.addEventListener("input", () => set(slider.value));
  box.addEventListener("change", () => set(box.value));
  button.addEventListener("click", () => ctx.act({ action: button.dataset.action }));
  set(min);
  const pot = Number(ctx.view?.pot || 0);
  const quick = [[ctx.t("min"), min], ...(pot ? [[ctx.t("half.pot"), Math.floor(pot / 2)], [ctx.t("pot"), pot]] : []),
    [ctx.t("max"), max]].filter(([, n], i, all) => n >= min && n <= max && all.findIndex(([, m]) => m === n) === i);
  return h("div", { class: "amount-move" }, button, slider, box,
    ...quick.map(([name, n]) => h("button", { class: "quiet small", onclick: () => set(n) }, name)));
}

/** Cards picked on the board: the move's button names how many, enabled when that many is allowed. */
function cardsControl(move, ctx) {
  const sizes = (move.cards.sizes || [0]).map(Number);
  const picked = [...ctx.picked].filter((c) => (move.cards.cards || []).includes(c));
  const allowed = sizes.includes(picked.length);
  const text = picked.length === 0 && ["exchange", "discard"].includes(move.kind)
    ? ctx.t(`act.${move.kind}.none`) : label(ctx.t, move.kind, picked.length || "", ctx.view, ctx.seat);
  const action = [move.kind, ...picked].join(" ");
  return h("div", { class: "cards-move" },
    h("button", { class: "act", "data-kind": move.kind, "data-action": action, disabled: !allowed,
                  onclick: () => ctx.act({ action }) }, text),
    h("small", {}, ctx.t("pick.cards", { sizes: sizes.filter((n) => n > 0).join(", ") || "0", n: Math.max(0, ...sizes) })));
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

/** The controls of every legal move, in the space's order. */
export function controls(space, board, ctx) {
  const parts = [];
  for (const move of space?.moves || []) {
    const own = board?.input?.(move, ctx.view, ctx);
    if (own) parts.push(h("div", { class: "move own", "data-kind": move.kind }, own));
    else if (move.amount && !(move.actions || []).length) parts.push(amountControl(move, ctx));
    else if (move.cards && !((move.cards.sizes || []).length === 1 && (move.actions || []).length)) parts.push(cardsControl(move, ctx));
    else if ((move.actions || []).length) parts.push(...listed(move, ctx));
  }
  return parts;
}
