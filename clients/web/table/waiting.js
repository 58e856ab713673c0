// A table waiting for its players (issue 39): its seats drawn on the felt from TableInfo until the game's first view
// (the engine has none before the game starts, and an empty felt hid who already sits): each seat's name, whether
// it is yours, a bot's, a player's (here now or not), kept for somebody (an invited guest, a tournament's player)
// or free. Nothing is guessed: what TableInfo's seats say, no more.
//
// create(node, ctx) -> {update(info, ctx), destroy()}, as a board is made (table/board.js), its ctx the screen's
// ({seat, names, t}); screen.js makes it while the table waits with no view, and the family's board replaces it in the
// same node once the first view comes. seatsWaiting, the pure part, runs under `node --test tests/web/`.

import { h } from "../dom.js";

/** Each seat of a waiting table (TableInfo JSON) as it is drawn: {seat, name, kind, here}, kind one of "you" (the
 *  viewer's, ``mine``: its seat or null), "bot", "player", "kept" (reserved for one player: ``name`` is whom, if
 *  the table says) or "free"; ``here``: its player watches the table now (SeatInfo.connected). */
export function seatsWaiting(info, mine = null) {
  return (info?.seats || []).map((s, i) => {
    const kind = i === mine ? "you" : s.bot ? "bot" : s.taken ? "player" : s.reserved ? "kept" : "free";
    return { seat: i, name: s.player || "", kind, here: Boolean(s.connected), level: s.botLevel || "" };
  });
}

/** A waiting seat's name on the felt: the screen's name for it (``names``: screen.js's seatNames, a bot of the house
 *  named by its level, a tournament's as the tournament names it), else its player's, else "bot" or "seat n" in the
 *  page's words (``t``). */
export function waitingName(seat, names, t) {
  return names?.[seat.seat] || seat.name || (seat.kind === "bot" ? t("bot.plain") : t("seat", { n: seat.seat + 1 }));
}

/** The seats of a waiting table drawn in ``node`` (the board's node, the felt). */
export function create(node, first) {
  const own = h("div", { class: "waiting-seats", id: "waiting-seats" });
  node.replaceChildren(own);
  let drawn = "";
  return {
    update(info, ctx = first) {
      const seats = seatsWaiting(info, ctx.seat ?? null);
      const t = ctx.t;
      const key = JSON.stringify([seats, ctx.names, t("wait.seat.free")]);
      if (key === drawn) return;
      drawn = key;
      own.replaceChildren(
        h("p", { class: "waiting-note" }, t("wait.seats.note")),
        h("ol", { class: "waiting-list" }, ...seats.map((s) => {
          const name = waitingName(s, ctx.names, t);
          const said = { you: "wait.seat.you", bot: "wait.seat.bot", player: s.here ? "wait.seat.here" : "wait.seat.away",
                         kept: "wait.seat.kept", free: "wait.seat.free" }[s.kind];
          return h("li", { class: `seat waiting-seat ${s.kind}${s.kind === "you" ? " mine" : ""}`, "data-seat": s.seat,
                           "data-kind": s.kind },
            h("b", { class: "waiting-name" }, name),
            h("span", { class: "waiting-state" }, t(said)));
        })));
    },
    destroy: () => own.remove(),
  };
}
