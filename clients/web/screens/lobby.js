// The lobby: the tables, and the form that makes one (its game, the options in the page's words, its bots, their
// pace, the time for each decision and the pause after each hand), sitting this browser at seat 0 unless asked not.

import { call } from "../rpc.js";
import { h, seats } from "../dom.js";
import { deckField } from "../deck.js";
import { duration, t } from "../i18n.js";
import { applies, choiceLabel, durationChoices, optionHelp, optionLabel } from "../options.js";
import { seatNames, tableTitle } from "../table/screen.js";
import { status } from "../table/state.js";
import { guarded, pauseField } from "./common.js";

const FIRST = ["players", "style", "mode"]; // the options a new table's form shows first
// A real-time game's bots wait this long before they claim or lay (their reaction option): a person can race them.
const PACES = [["calm", "8"], ["normal", "5"], ["quick", "3"], ["expert", "1"]];

/** The lobby in ``main``: the tables (live first, finished ones on asking), read again every few seconds, and the
 *  form that makes a new one. ``app``: the page's (app.js) title(variant), join(tableId, seat), variantList(),
 *  lexiconNames(), and the signal of the page leaving this screen. Returns what stops it. */
export async function lobbyScreen(main, app) {
  const { variantList, signal } = app;
  const list = h("tbody");
  const showAll = h("input", { type: "checkbox", id: "show-finished" });
  await variantList().catch(() => []);
  const refresh = async () => {
    // One page: the live tables first, the newest first (the CLI's `brelan table list --limit 0` lists all).
    const answer = await guarded(() => call("TableService", "ListTables", { includeFinished: showAll.checked, pageSize: 100 }));
    if (!answer) return;
    const tables = answer.tables || [];
    list.replaceChildren(...(tables.length ? tables.map((info) => tableRow(info, app)) : [h("tr", {}, h("td", { colspan: 5 }, t("lobby.none")))]),
      ...(answer.nextPageToken ? [h("tr", {}, h("td", { colspan: 5 }, t("lobby.newest", { n: 100 })))] : []));
  };
  showAll.addEventListener("change", refresh);
  const form = await createForm(app);
  if (signal?.aborted) return () => {}; // left while it was read
  main.append(
    h("section", { id: "lobby" },
      h("h2", {}, t("lobby.title")),
      h("label", { class: "inline" }, showAll, " ", t("lobby.finished")),
      h("div", { class: "scroll" }, h("table", { class: "list" }, h("thead", {}, h("tr", {}, h("th", {}, t("col.table")),
        h("th", {}, t("col.game")), h("th", {}, t("col.seats")), h("th", {}, t("col.status")), h("th", {}, ""))), list))),
    form,
  );
  await refresh();
  const timer = setInterval(refresh, 3000);
  return () => clearInterval(timer);
}

/** A table's row: its title, game, who sits, its status, and a way in (to play at this browser's seat, to watch, to
 *  join a free seat). */
function tableRow(info, { title, join }) {
  const mine = seats()[info.tableId];
  const free = (info.seats || []).filter((s) => !s.taken && !s.reserved).length;
  const names = seatNames(info).map((name, i) => (info.seats[i].taken || info.seats[i].bot ? name : "·")).join(", ");
  const actions = h("td", { class: "actions" },
    h("a", { href: `#/table/${info.tableId}`, class: "button" }, mine ? t("play") : t("watch")));
  if (!mine && free && status(info) !== "finished") {
    actions.append(" ", h("button", { onclick: () => join(info.tableId) }, t("join")));
  }
  return h("tr", { "data-table": info.tableId },
    h("td", { class: "title", title: info.tableId }, tableTitle(info, title),
      info.hints ? h("small", {}, ` ${t("practice")}`) : null),
    h("td", {}, title(info.variant)), h("td", {}, names), h("td", {}, t(`status.${status(info)}`)), actions);
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
    botsBox.replaceChildren(h("span", {}, t("form.bots"), " "),
      ...Array.from({ length: count }, (_, i) => h("label", { class: "inline" },
        h("input", { type: "checkbox", name: "bot", value: i, checked: i > 0 }), ` ${i + 1}`)));
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
  // A person's time for each decision: the server's default (60 s) unless chosen; "none" only when asked.
  const clock = h("select", { name: "decision" },
    ...[["0", t("form.time.default")], ...[20, 30, 120, 300].map((n) => [String(n), duration(n)]),
      ["untimed", t("form.time.none")]]
      .map(([value, label]) => h("option", { value }, label)));
  const form = h("form", { id: "create" },
    h("h2", {}, t("form.title")),
    h("label", {}, t("form.game"), " ", select), first,
    botsBox, pace,
    h("label", {}, t("form.time"), " ", clock), pause.node,
    h("label", { class: "inline" }, hints, " ", t("form.practice")),
    h("label", { class: "inline" }, sit, " ", t("form.sit")),
    h("details", { class: "rules" }, h("summary", {}, t("form.options")), fields),
    h("button", { type: "submit" }, t("form.create")));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const options = {};
    const variant = all.find((v) => v.name === select.value);
    for (const o of variant.options || []) {
      const input = form.querySelector(`[data-option="${o.name}"] [name="${o.name}"]`);
      if (!input || input.closest("[data-option]").hidden) continue;
      const value = input.type === "checkbox" ? String(input.checked) : input.value;
      if (value !== (o.defaultValue || "")) options[o.name] = value;
    }
    if (!pace.hidden) options.reaction = paced.value;
    const botSeats = [...botsBox.querySelectorAll("input:checked")].map((c) => Number(c.value));
    const timing = clock.value === "untimed" ? { untimed: true } : { decisionSeconds: Number(clock.value) };
    const created = await guarded(() => call("TableService", "CreateTable",
      { variant: variant.name, options, botSeats, hints: hints.checked, pauseSeconds: pause.seconds(), ...timing }));
    if (!created) return;
    if (sit.checked && !botSeats.includes(0)) await join(created.table.tableId, 0);
    else location.hash = `#/table/${created.table.tableId}`;
  });
  draw();
  return form;
}

/** One option of the form: its label and help in the page's language (options.js), its key only as the field's
 *  name, each choice by its label; a duration as a few in words ("aucune", "10 min"); DAKER's deck as cards to count
 *  (deck.js), the lexicon chosen by its name among the server's (``lexicons``), no list or key to type. */
function optionField(o, variant, lexicons = []) {
  const value = o.defaultValue || "";
  const durations = durationChoices(o);
  const range = (o.least || o.most) && !durations ? `(${o.least || 0} – ${o.most})` : "";
  const help = [optionHelp(o.name, variant), range].filter(Boolean).join(" ");
  if (o.name === "deck" && o.kind === "OPTION_KIND_LIST") return deckField(o, optionLabel(o.name, variant), help);
  let input;
  if (durations) {
    input = h("select", { name: o.name }, ...durations.map(([v, words]) => h("option", { value: v, selected: v === value }, words)));
  } else if (o.name === "lexicon" && lexicons.includes(value)) {
    input = h("select", { name: o.name }, ...lexicons.map((name) =>
      h("option", { value: name, selected: name === value }, choiceLabel(o.name, name))));
  } else if (o.kind === "OPTION_KIND_BOOLEAN") {
    input = h("input", { type: "checkbox", name: o.name, checked: value === "true" });
  } else if (o.kind === "OPTION_KIND_CHOICE") {
    input = h("select", { name: o.name }, ...(o.choices || []).map((c) =>
      h("option", { value: c, selected: c === value }, choiceLabel(o.name, c))));
  } else if (o.kind === "OPTION_KIND_INTEGER" || o.kind === "OPTION_KIND_NUMBER") {
    input = h("input", { type: "number", name: o.name, value, min: o.least, max: o.most,
                         step: o.kind === "OPTION_KIND_INTEGER" ? 1 : "any" });
  } else {
    input = h("input", { type: "text", name: o.name, value });
  }
  return h("label", { title: help || null, "data-option": o.name }, `${optionLabel(o.name, variant)} `, input);
}
