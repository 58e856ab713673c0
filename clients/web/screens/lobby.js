// The lobby: the tables, and the form that makes one (its game, the options in the page's words, its bots, each one's
// level, their pace, the time for each decision and the pause after each hand), sitting this browser at seat 0 unless
// asked not.

import { call } from "../rpc.js";
import { h, seats } from "../dom.js";
import { lang, t } from "../i18n.js";
import { STRINGS as LEVEL_WORDS } from "../levels.js";
import { applies } from "../options.js";
import { refill, seatNames, tableTitle } from "../table/screen.js";
import { status } from "../table/state.js";
import { clockField, guarded, levelSelect, optionField, optionValues, pauseField } from "./common.js";
import { inviteFields, keepInvitations, myTables, say, statusWords } from "./friends.js";

// the options a new table's form shows first: what makes the game, and Yahtzee's end (the rulebook's, to the last stack,
// ran 213 hands against bots: a shorter one is offered in sight)
const FIRST = ["players", "style", "mode", "hands"];
// A real-time game's bots wait this long before they claim or lay (their reaction option): a person can race them.
const PACES = [["calm", "8"], ["normal", "5"], ["quick", "3"], ["expert", "1"]];

/** A table has a seat anyone may take (not a finished one's). */
const free = (info) => status(info) !== "finished" && (info.seats || []).some((s) => !s.taken && !s.reserved);

/** The lobby in ``main``: this browser's tables (its player key's seats, held or kept: screens/friends.js), the
 *  tables (those with a free seat first, then the live ones, finished ones on asking), read again every few seconds,
 *  and the form that makes a new one. ``app``: the page's (app.js) title(variant), join(tableId, seat), variantList(),
 *  lexiconNames(), and the signal of the page leaving this screen. Returns what stops it. */
export async function lobbyScreen(main, app) {
  const { variantList, signal } = app;
  const list = h("tbody");
  const showAll = h("input", { type: "checkbox", id: "show-finished" });
  const mine = myTables(app);
  await variantList().catch(() => []);
  const refresh = async () => {
    // One page: the live tables first, the newest first (the CLI's `brelan table list --limit 0` lists all); those
    // a person may sit at put first, in the same order.
    const [answer] = await Promise.all([
      guarded(() => call("TableService", "ListTables", { includeFinished: showAll.checked, pageSize: 100 })), mine.refresh()]);
    if (!answer) return;
    const tables = [...(answer.tables || [])].sort((a, b) => free(b) - free(a));
    // drawn again only when what a row shows changed: a button is not replaced under the pointer every few seconds
    const shown = [tables.map((info) => [info.tableId, info.name, info.variant, info.status, info.hints, info.tournament,
      (info.seats || []).map((s) => [s.taken, s.bot, s.reserved, s.player])]), [...mine.ids()], Object.keys(seats()),
    Boolean(answer.nextPageToken), lang];
    refill(list, JSON.stringify(shown), () => [
      ...(tables.length ? tables.map((info) => tableRow(info, app, mine.ids())) : [h("tr", {}, h("td", { colspan: 5 }, t("lobby.none")))]),
      ...(answer.nextPageToken ? [h("tr", {}, h("td", { colspan: 5 }, t("lobby.newest", { n: 100 })))] : [])]);
  };
  showAll.addEventListener("change", refresh);
  const form = await createForm(app);
  if (signal?.aborted) return () => {}; // left while it was read
  await refresh();
  if (signal?.aborted) return () => {};
  main.append(
    mine.node,
    h("section", { id: "lobby" },
      h("h2", {}, t("lobby.title")),
      h("label", { class: "inline" }, showAll, " ", t("lobby.finished")),
      h("div", { class: "scroll" }, h("table", { class: "list" }, h("thead", {}, h("tr", {}, h("th", {}, t("col.table")),
        h("th", {}, t("col.game")), h("th", {}, t("col.seats")), h("th", {}, t("col.status")), h("th", {}, ""))), list))),
    form,
  );
  const timer = setInterval(refresh, 3000);
  return () => clearInterval(timer);
}

/** The ways into a table from its row, each [the word's key, its address]: to play at this browser's seat (a game
 *  still played), to watch, to join a free seat; a finished table is watched (its end) or replayed, never played. */
export function ways(info, here) {
  const table = `#/table/${info.tableId}`;
  if (status(info) === "finished") return [["watch", table], ["lobby.replay", `#/replay/${encodeURIComponent(info.tableId)}`]];
  return [[here ? "play" : "watch", table], ...(!here && free(info) ? [["join", ""]] : [])];
}

/** A table's row: its title, game, who sits (and whom a seat is kept for: a tournament's player; a free seat said
 *  so), its status (whom it waits for), and a way in (to play at this browser's seat, to take back the seat its key
 *  holds there or the tournament seat kept for a player it plays for, to watch, to join a free seat). ``keyed``: the
 *  tables of "my tables" (table id -> the join secret of a tournament's seat, "" for the key's own). */
function tableRow(info, { title, join }, keyed = new Map()) {
  const here = seats()[info.tableId];
  const named = (s) => s.taken || s.bot || (s.reserved && s.player);
  const names = seatNames(info).map((name, i) => (named(info.seats[i]) ? name : t("seat.free"))).join(", ");
  const actions = h("td", { class: "actions" });
  if (!here && keyed.has(info.tableId)) {
    const secret = keyed.get(info.tableId);
    actions.append(h("button", { class: "back", onclick: () => join(info.tableId, undefined, secret || undefined) },
      say(secret ? "mine.sit" : "mine.open")));
  } else {
    for (const [word, href] of ways(info, here)) {
      if (word === "join") actions.append(" ", h("button", { onclick: () => join(info.tableId) }, t("join")));
      else actions.append(...(actions.childNodes.length ? [" "] : []), h("a", { href, class: "button" }, t(word)));
    }
  }
  return h("tr", { "data-table": info.tableId },
    h("td", { class: "title", title: info.tableId }, tableTitle(info, title),
      info.hints ? h("small", {}, ` ${t("practice")}`) : null),
    h("td", {}, title(info.variant)), h("td", {}, names), h("td", { class: "status" }, statusWords(info)), actions);
}


function seatCount(variant, values) {
  return Number(values.players || variant.seats || 2);
}

/** The form that makes a table: the game, its options in the page's words, the bots, the pace, the time, the pause. */
async function createForm({ variantList, lexiconNames, title, join }) {
  const all = await variantList();
  const named = await lexiconNames();
  const select = h("select", { name: "variant", id: "variant" },
    ...all.map((v) => h("option", { value: v.name }, title(v.name))));
  const fields = h("div", { class: "options" });
  const first = h("div", { class: "options" });
  const botsBox = h("div", { class: "bots" });
  const levels = {}; // seat -> the level its bot was given: kept when the seats are drawn again (another count)
  const draw = () => {
    const variant = all.find((v) => v.name === select.value);
    // The choices that make the game (how many play, which style or mode) in sight; the other rules folded.
    const shown = (variant.options || []).filter((o) => o.name !== "reaction");
    const field = (o) => optionField(o, variant.name, named);
    first.replaceChildren(...shown.filter((o) => FIRST.includes(o.name)).map(field));
    fields.replaceChildren(...shown.filter((o) => !FIRST.includes(o.name)).map(field));
    drawBots();
    fit();
  };
  // An option that does not apply with the others' values is hidden, and not sent (a chipless round's blinds).
  const fit = () => {
    const values = Object.fromEntries([...form.querySelectorAll("[data-option] [name]")]
      .map((f) => [f.name, f.type === "checkbox" ? String(f.checked) : f.value]));
    form.querySelectorAll("[data-option]").forEach((o) => (o.hidden = !applies(select.value, o.dataset.option, values)));
  };
  const drawBots = () => {
    const variant = all.find((v) => v.name === select.value);
    const players = first.querySelector('[name="players"]');
    const count = seatCount(variant, { players: players?.value });
    // Each seat: a bot or not, and a bot's level beside its box (the game's levels, its default unless chosen),
    // in sight only while a bot takes the seat.
    botsBox.replaceChildren(h("span", {}, t("form.bots"), " "), ...Array.from({ length: count }, (_, i) => {
      const label = t("level.seat", { n: i + 1 }, LEVEL_WORDS);
      const level = levelSelect(variant, { name: "level", "data-seat": i, "aria-label": label, title: label }, levels[i]);
      const box = h("input", { type: "checkbox", name: "bot", value: i, checked: i > 0 });
      const shown = () => (level.hidden = !box.checked);
      box.addEventListener("change", shown);
      level.addEventListener("change", () => (levels[i] = level.value));
      shown();
      return h("span", { class: "bot-seat" }, h("label", { class: "inline" }, box, ` ${i + 1}`), level);
    }));
    pace.hidden = !(variant.options || []).some((o) => o.name === "reaction");
    pause.node.hidden = Boolean(variant.realtime); // in real time nobody takes turns: no pause, nobody waits
  };
  select.addEventListener("change", draw);
  first.addEventListener("change", (e) => e.target.name === "players" && drawBots());
  first.addEventListener("change", fit);
  fields.addEventListener("change", fit);
  const sit = h("input", { type: "checkbox", name: "sit", checked: true });
  const paced = h("select", { name: "pace" }, ...PACES.map(([name, seconds]) =>
    h("option", { value: seconds, selected: name === "normal" }, t(`pace.${name}`))));
  const pace = h("label", {}, t("form.pace"), " ", paced);
  const pause = pauseField();
  // A practice table names the best words (the solver's set) among its moves; otherwise finding them is the game.
  const hints = h("input", { type: "checkbox", name: "hints" });
  // Spectators chat apart (CreateTableRequest.chat_apart): their lines reach spectators only, never the players.
  const apart = h("input", { type: "checkbox", name: "chat_apart" });
  // A person's time for each decision: the server's default (60 s) unless chosen; "none" only when asked.
  const clock = clockField();
  // Friends to invite: a name for each seat neither a bot's nor the creator's keeps that seat for them (its link shown
  // at the table, screens/friends.js).
  const invites = inviteFields();
  const freeSeats = () => [...botsBox.querySelectorAll('input[name="bot"]')]
    .filter((box) => !box.checked && !(sit.checked && box.value === "0")).map((box) => Number(box.value));
  const form = h("form", { id: "create" },
    h("h2", {}, t("form.title")),
    h("label", {}, t("form.game"), " ", select), first,
    botsBox, pace, invites.node,
    clock.node, pause.node,
    h("label", { class: "inline" }, hints, " ", t("form.practice")),
    h("label", { class: "inline" }, apart, " ", t("form.apart")),
    h("label", { class: "inline" }, sit, " ", t("form.sit")),
    h("details", { class: "rules" }, h("summary", {}, t("form.options")), fields),
    h("button", { type: "submit" }, t("form.create")));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const variant = all.find((v) => v.name === select.value);
    const options = optionValues(form, variant.options);
    if (!pace.hidden) options.reaction = paced.value;
    const botSeats = [...botsBox.querySelectorAll("input:checked")].map((c) => Number(c.value));
    const levelOf = (seat) => botsBox.querySelector(`[name=level][data-seat="${seat}"]`).value;
    const timing = clock.timing();
    const invite = invites.invites().filter((i) => freeSeats().includes(i.seat));
    const created = await guarded(() => call("TableService", "CreateTable",
      { variant: variant.name, options, bots: botSeats.map((seat) => ({ seat, level: levelOf(seat) })),
        hints: hints.checked, chatApart: apart.checked, pauseSeconds: pause.seconds(), ...timing,
        ...(invite.length ? { invite } : {}) }));
    if (!created) return;
    keepInvitations(created.table.tableId, created.invitations);
    if (sit.checked && !botSeats.includes(0)) await join(created.table.tableId, 0);
    else location.hash = `#/table/${created.table.tableId}`;
  });
  form.addEventListener("change", () => invites.update(freeSeats())); // after the bots' boxes are drawn again
  draw();
  invites.update(freeSeats());
  return form;
}
