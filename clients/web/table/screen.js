// The table screen: reads the typed view and legal space (GetView), follows the table's events (WatchTable),
// and lays out the family's board (table/board.js), the action bar (table/actions.js), the end of each hand
// held on the table a few seconds with the seat's review of it (ReviewHand), the result, and what happened (each
// event told in the page's language by table/events.js).

import { call, stream, RpcError } from "../rpc.js";
import { cardElement } from "../cards.js";
import { forget, h, seats, toast } from "../dom.js";
import { lang, t } from "../i18n.js";
import { controls } from "./actions.js";
import { eventText } from "./events.js";

// Each family's field in GetViewResponse (and TableEvent, TableInfo's result), and the module drawing it.
const BOARDS = { pokerChamp: "./poker.js", yahtzeeHoldem: "./poker.js", daker: "./poker.js",
                 alphapoker: "./alphapoker.js", bataille: "./words.js", belote: "./words.js", chinese: "./chinese.js" };
const SHOWDOWN_MS = 5000; // how long the end of a hand stays on the table (a click goes on at once)
const STALE_MS = 3000; // a table not read for this long is read again, events or not
const FEED_KEPT = 150; // events in "what happened": a finished table of 600 hands does not freeze the page
const STATUS = { TABLE_STATUS_WAITING: "waiting", TABLE_STATUS_PLAYING: "playing", TABLE_STATUS_FINISHED: "finished" };
export const status = (info) => STATUS[info?.status] || "waiting";

const loaded = {};
/** A family's board module (table/board.js's contract), loaded once; null when it is missing or broken. */
export async function boardFor(family) {
  if (!(family in loaded)) loaded[family] = await import(BOARDS[family]).catch(() => null);
  return loaded[family];
}

/** Each seat's name: the player's, a bot's, or the free seat's number (people count from 1). */
export function seatNames(info) {
  return (info?.seats || []).map((s, i) => s.player || (s.bot ? t("bot", { n: i + 1 }) : t("seat", { n: i + 1 })));
}

/** A board for a family whose module is missing: each seat's cards, nothing guessed beyond them. */
function plainBoard(node, view, ctx) {
  node.classList.add("board-plain");
  node.replaceChildren(...(view.seats || []).map((seat, s) => h("div", { class: `seat${s === ctx.seat ? " mine" : ""}`,
    "data-seat": s }, h("b", {}, ctx.names[s]), " ", ...Object.values(seat).filter(Array.isArray).flat()
      .filter((c) => typeof c === "string").map(cardElement))));
}

// A result's per-team list (belote's totals: team 0, seats 0 and 2, first): each seat shows its team's, under this
// column name.
const TEAM_COLUMNS = { belote: { totals: "teamPoints" } };

/** The result's per-seat columns, [name, value of each seat]: a per-team list given to each seat of the team (seat
 *  s plays in team s % teams); champions, scalars and a list of another length are not columns. */
function resultColumns(family, result, count) {
  return Object.entries(result).flatMap(([k, v]) => {
    if (!Array.isArray(v) || k === "champions") return [];
    if (v.length === count) return [[k, v]];
    const team = TEAM_COLUMNS[family]?.[k];
    return team && v.length && count % v.length === 0 ? [[team, Array.from({ length: count }, (_, s) => v[s % v.length])]] : [];
  }).filter(([, v]) => new Set(v.map(String)).size > 1); // a column the same for all (DAKER round's chips) tells nothing
}

/** A result field's name in the page's language: "teamPoints" is t("result.team_points"), unless the family names
 *  it its own way (AlphaPoker's stacks are PM: "result.alphapoker.stacks"). */
function resultWord(field, family) {
  const key = `result.${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
  const own = t(`result.${family}.${field}`);
  return own !== `result.${family}.${field}` ? own : t(key);
}

/** The final ranking: the champions first, then by the result's first per-seat amount; what the whole game counted
 *  (deals played...) under it; a way to play it again, and to watch it again move by move. */
function resultPanel(info, names, again) {
  const family = Object.keys(BOARDS).find((f) => info[f]);
  const result = family ? info[family] : {};
  const count = names.length;
  const columns = resultColumns(family, result, count);
  const facts = Object.entries(result).filter(([k, v]) => !Array.isArray(v) && typeof v !== "object" && Number(v));
  const champions = (result.champions || []).map(Number);
  // Champions first, then by the first column; seats nothing tells apart share their rank.
  const ahead = (a, b) => (champions.includes(b) - champions.includes(a))
    || (columns.length ? Number(columns[0][1][b]) - Number(columns[0][1][a]) : 0);
  const order = [...names.keys()].sort((a, b) => ahead(a, b) || a - b);
  const rankOf = (s) => 1 + order.filter((o) => ahead(o, s) < 0).length;
  const legacy = info.result ? JSON.parse(info.result) : {};
  return h("div", { class: "result-panel" },
    h("h3", {}, champions.length ? t("result.title", { names: champions.map((s) => names[s]).join(", ") }) : t("result.none")),
    info.abandoned ? h("p", {}, t("result.abandoned")) : null,
    (info.forfeited || legacy.forfeited || []).length
      ? h("p", {}, t("result.forfeited", { names: (info.forfeited || legacy.forfeited).map((s) => names[s]).join(", ") })) : null,
    h("table", { class: "list ranking" },
      h("tr", {}, h("th", {}, t("result.rank")), h("th", {}, t("result.player")),
        ...columns.map(([k]) => h("th", { "data-field": k }, resultWord(k, family)))),
      ...order.map((s) => h("tr", { class: champions.includes(s) ? "champion" : "" }, h("td", {}, rankOf(s)),
        h("td", {}, names[s]), ...columns.map(([, v]) => h("td", {}, String(v[s] ?? 0)))))),
    facts.length ? h("p", { class: "result-facts" },
      facts.map(([k, v]) => t("result.fact", { name: resultWord(k, family), n: v })).join(" · ")) : null,
    h("p", { class: "result-actions" },
      again ? h("button", { class: "act again", onclick: again }, t("result.again")) : null, " ",
      h("a", { class: "button replay", href: `#/replay/${encodeURIComponent(info.tableId)}` }, t("result.replay"))));
}

export async function tableScreen(main, tableId, { title, join, playAgain }) {
  const mine = seats()[tableId];
  const token = mine?.token || "";
  const mySeat = mine ? mine.seat : null;
  const state = { info: null, family: "", board: null, view: null, space: null, legal: [], seq: 0, deadline: 0, at: 0,
                  hand: 0, events: [], hold: null, picked: new Set(), hints: null, barKey: "", review: null,
                  reviewed: new Set(), reviewless: false };
  const head = h("div", { class: "table-head" });
  const boardNode = h("div", { class: "board", id: "board" });
  const bar = h("div", { class: "action-bar", id: "actions" });
  const feed = h("ol", { class: "feed", id: "feed" });
  const result = h("div", { class: "result", id: "result" });
  const composer = h("input", { type: "text", id: "composer", placeholder: t("type.placeholder"), autocomplete: "off" });
  main.append(h("section", { id: "table", "data-table": tableId, class: "table-screen" }, head, result, boardNode, bar,
    h("details", {}, h("summary", {}, t("table.feed")), feed)));
  const abort = new AbortController();
  let refreshing = null;
  let again = false;

  const act = async (move) => {
    if (mySeat === null) return null;
    const request = { tableId, seat: mySeat, expectedSeq: String(state.seq), actionId: crypto.randomUUID(), ...move };
    try {
      const acted = await call("TableService", "Act", request, token);
      state.picked.clear();
      state.hints = null;
      composer.value = "";
      refresh();
      return acted;
    } catch (e) {
      toast(e.code === "aborted" ? t("error.aborted") : e.message);
      refresh();
      throw e;
    }
  };
  const ctx = () => ({
    seat: mySeat, names: seatNames(state.info), lang, family: state.family,
    t: (key, vars) => t(key, vars, state.board?.STRINGS),
    pending: new Set((state.view?.seats || []).flatMap((s, i) => (s.pending ? [i] : []))),
    clock: state.deadline > 0 && mySeat !== null
      ? { seat: mySeat, seconds: Math.max(0, Math.ceil(state.deadline - (performance.now() - state.at) / 1000)),
          until: Date.now() + (state.deadline * 1000 - (performance.now() - state.at)) } : null,
    picked: state.picked,
    pick: (card) => {
      if (state.picked.has(card)) state.picked.delete(card);
      else state.picked.add(card);
      draw();
    },
    act: (move) => act(move).catch(() => null),
    hints: state.hints, view: state.view, card: cardElement,
    review: state.review,
  });

  const refresh = async () => {
    if (refreshing) {
      again = true; // one more after the one in flight: the view is read at the latest seq
      return;
    }
    refreshing = (async () => {
      try {
        await reread();
      } catch (e) {
        console.error("the table screen", e); // a board's bug must not stop the table's updates
      }
    })();
    await refreshing;
    refreshing = null;
  };

  const reread = async () => {
    do {
      again = false;
      state.readAt = performance.now();
      // The view first, then the table: the table's hand is then never older than the view's, so a view already of
      // the next hand is never held on the table as the end of the last one (DAKER's draw showed hand 2 so).
      const answer = await call("TableService", "GetView", { tableId }, token).catch((e) => {
        if (e.code === "unauthenticated" && token) forget(tableId); // the seat's token is gone (ended, revoked)
        return null;
      });
      let info;
      try {
        info = (await call("TableService", "GetTable", { tableId })).table;
      } catch (e) {
        toast(e.message);
        return;
      }
      state.info = info;
      if (answer) see(answer, info);
      await draw();
    } while (again);
  };

  const see = (answer, info) => {
    const family = Object.keys(BOARDS).find((f) => answer[f]) || state.family;
    const view = answer[family] || null;
    const hand = Number(info.hand || 0);
    if (state.view && state.board?.showdown && (hand > state.hand || status(info) === "finished")) {
      // The hand just ended: what it revealed stays on the table a moment (or, at the end, for good).
      const ended = state.events.filter((e) => Number(e.hand || 0) === state.hand);
      const shown = state.board.showdown(status(info) === "finished" ? view || state.view : state.view, ended);
      state.hold = { view: shown, until: status(info) === "finished" ? Infinity : performance.now() + SHOWDOWN_MS };
      if (state.hold.until !== Infinity) setTimeout(() => { state.hold = null; draw(); }, SHOWDOWN_MS + 50);
    }
    if (state.view && mySeat !== null && (hand > state.hand || status(info) === "finished")) review(state.hand);
    if (hand > state.hand) state.events = state.events.filter((e) => Number(e.hand || 0) >= hand);
    Object.assign(state, { family, view, hand, space: answer.space || { moves: [] }, legal: answer.legal || [],
                           seq: Number(answer.seq || 0), deadline: answer.deadlineSeconds || 0, at: performance.now() });
  };

  const draw = async () => {
    const info = state.info;
    if (!info) return;
    if (state.family && !state.board) state.board = await boardFor(state.family);
    const names = seatNames(info);
    const over = status(info) === "finished";
    head.replaceChildren(
      h("h2", {}, info.name && info.name !== tableId ? info.name : title(info.variant)),
      h("p", {}, h("span", { class: "pill" }, title(info.variant)), " ",
        h("span", { class: `pill ${status(info)}` }, t(`status.${status(info)}`)),
        info.hand ? ` ${t("table.hand", { n: info.hand })}` : "",
        info.hints ? h("span", { class: "pill practice" }, t("practice")) : null,
        mySeat !== null ? h("span", { class: "pill you" }, t("table.you", { name: names[mySeat] })) : ` ${t("table.watching")}`,
        !over && mySeat === null && (info.seats || []).some((s) => !s.taken && !s.reserved)
          ? h("button", { onclick: () => join(tableId) }, t("table.take")) : null,
        !over && mySeat === null && (info.seats || []).some((s) => s.reserved) ? secretBox() : null,
        mySeat !== null && !over ? h("button", { class: "quiet", onclick: leave }, t("table.leave")) : null));
    const c = ctx();
    const held = state.hold && state.hold.until > performance.now() ? state.hold.view : null;
    if (held || state.view) {
      boardNode.classList.toggle("showdown", Boolean(held));
      const node = h("div", { class: `board-inner ${state.family}` });
      try {
        (state.board?.drawBoard || plainBoard)(node, held || state.view, c);
      } catch (e) { // a board that cannot draw this view: its seats plainly, and the game goes on
        console.error("the board", e);
        plainBoard(node, held || state.view, c);
      }
      boardNode.replaceChildren(node);
    }
    drawBar(c, over, held);
    result.replaceChildren(over ? resultPanel(info, names, mySeat !== null ? () => playAgain(info, mySeat) : null) : "");
  };

  const drawBar = (c, over, held) => {
    const key = JSON.stringify([state.seq, state.space, [...state.picked], Boolean(held), over, Boolean(state.hints)]);
    if (key === state.barKey) return; // the same decision: the bar (and what is typed in it, and its focus) stays
    state.barKey = key;
    const focused = bar.contains(document.activeElement) ? document.activeElement.id : "";
    bar.replaceChildren();
    if (mySeat === null || over) {
      bar.append(h("p", { class: "quiet" }, over ? t("turn.over") : t("turn.watching")));
      return;
    }
    const moves = state.space?.moves || [];
    const pending = c.pending.has(mySeat);
    if (!held) { // while the hand's end is held, the next decision's clock would count under a "continue" button
      bar.append(h("p", { class: "turn" }, pending ? t("turn.yours") : moves.length ? t("turn.may") : t("turn.wait"), " ",
        h("span", { class: "clock", id: "clock" })));
    }
    if (!held) bar.append(h("div", { class: "legal" }, ...controls(state.space, state.board, c)));
    else if (state.hold.until !== Infinity) { // the hand's end on the table: the next decision waits for a click or a moment
      bar.append(h("button", { class: "act continue", onclick: () => { state.hold = null; draw(); } },
        `${t("showdown")} · ${t("continue")}`));
    }
    if (state.info.hints && moves.length) {
      bar.append(h("button", { class: "quiet", id: "hint", onclick: showHints }, t("hint")));
      if (state.hints) { // each hint a button: its move's name, then its cards drawn as cards (words as words)
        const hints = state.hints.hints || [];
        bar.append(h("ul", { class: "hints" }, ...hints.map((x) => {
          const [verb, ...rest] = x.action.split(" ");
          return h("li", {}, h("button", { class: "quiet hint-move", onclick: () => act({ action: x.action }).catch(() => null) },
            c.t(`act.${verb}`, { n: "" }).trim(), " ", ...rest.map(cardElement)));
        }), hints.length ? null : h("li", {}, t("hints.none"))));
      }
    }
    bar.append(h("details", { class: "composer" }, h("summary", {}, t("type.move")), composer,
      h("button", { class: "send", onclick: () => composer.value.trim() && act({ action: composer.value.trim() }).catch(() => null) },
        t("type.send"))));
    if (focused) document.getElementById(focused)?.focus();
  };
  composer.addEventListener("keydown", (e) => e.key === "Enter" && composer.value.trim() && act({ action: composer.value.trim() }).catch(() => null));

  // The seat's finished hand looked at again (ReviewHand: the best moves it had, and the one it played), asked once
  // a hand; kept until the next hand's, for the board to draw (ctx.review). A hand with nothing to review
  // (failed_precondition) shows nothing; a game without reviews (NO_REVIEW) or a server without the call (any
  // other refusal) is not asked again here.
  const review = async (hand) => {
    if (!hand || state.reviewed.has(hand) || state.reviewless) return;
    state.reviewed.add(hand);
    const answer = await call("TableService", "ReviewHand", { tableId, hand }, token).catch((e) => {
      state.reviewless = e.code !== "failed_precondition" || e.reason === "NO_REVIEW"; // this game has none
      return null;
    });
    if (!answer || abort.signal.aborted) return;
    state.review = { hand, ...answer };
    draw();
  };

  const showHints = async () => {
    state.hints = await call("TableService", "GetHints", { tableId }, token).catch((e) => (toast(e.message), null));
    draw();
  };
  const secretBox = () => {
    const secret = h("input", { type: "text", placeholder: t("table.secret"), size: 14 });
    return h("span", { class: "secret" }, secret, h("button", { onclick: () => join(tableId, undefined, secret.value.trim()) },
      t("table.secret.join")));
  };
  const leave = async () => {
    if (!window.confirm(t("table.leave.confirm"))) return;
    const left = await call("TableService", "LeaveTable", { tableId }, token).catch((e) => (toast(e.message), undefined));
    if (left === undefined) return;
    forget(tableId);
    if (left.rejoinSecret) toast(t("table.kept", { secret: left.rejoinSecret }), "info");
    location.hash = "#/";
  };
  const tick = setInterval(() => {
    // A stream that stalls (a proxy holding it, a relay restarting) must not freeze the table: read it again
    // when nothing came for a few seconds while the game goes on.
    if (status(state.info) !== "finished" && performance.now() - (state.readAt || 0) > STALE_MS) refresh();
    const node = document.getElementById("clock");
    if (node) {
      const left = state.deadline - (performance.now() - state.at) / 1000;
      node.textContent = state.deadline > 0 && (state.space?.moves || []).length ? t("clock", { n: Math.max(0, Math.ceil(left)) }) : "";
    }
    document.querySelectorAll(".clock[data-until]").forEach((n) => {
      const left = Math.max(0, Math.ceil((Number(n.dataset.until) - Date.now()) / 1000));
      n.textContent = t("clock", { n: left });
      n.classList.toggle("low", left <= 10);
    });
  }, 250);

  // The table's events, live (from the last FEED_KEPT of a long finished game): each one refreshes the view.
  const watch = async () => {
    let after = Math.max(0, Number(state.info?.seq || 0) - FEED_KEPT);
    while (!abort.signal.aborted) {
      try {
        for await (const message of stream("TableService", "WatchTable", { tableId, afterSeq: String(after) }, token, abort.signal)) {
          const event = message.event;
          after = Number(event.seq);
          state.events.push(event);
          feed.append(h("li", { "data-seq": event.seq }, eventText(event, ctx())));
          while (feed.childElementCount > FEED_KEPT) feed.firstElementChild.remove();
          refresh();
        }
        refresh();
        return; // the game is over
      } catch (e) {
        if (abort.signal.aborted) return;
        if (e instanceof RpcError && e.code !== "unavailable") {
          toast(e.message);
          return;
        }
        await new Promise((r) => setTimeout(r, 1000)); // the server went away: again, after the last event seen
      }
    }
  };
  await refresh();
  if (state.info) watch();
  return () => {
    abort.abort();
    clearInterval(tick);
  };
}

