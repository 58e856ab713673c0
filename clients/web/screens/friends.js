// Playing with friends: a table waiting for people says so and offers its link (the invitation, on the table's
// page), the link opened elsewhere seats its guest in two clicks (#/join/<table>: a name, then sit); a seat kept for
// a friend named in the new table's form has a link of its own, which carries its secret (#/join/<table>/<secret>:
// kept in this browser, shown on the table's page while the seat waits), "my tables"
// lists the seats this browser's player key holds or has kept (one click takes each back), and the key goes to
// another device with a link (#key=...) that the page opened with it offers to adopt. key.js keeps the key.
// A tournament's person plays from their own browser: the organiser's page shows each one's link
// (#/tournaments/<tournament>/<secret>/<name>: the join secret that takes each of their games), which the player's
// browser keeps; "my tables" then lists each game of theirs that waits for them (ListMyTables with that secret: every
// game's seat is kept for it), one click seats them.

import { call } from "../rpc.js";
import { append, h, seats, toast } from "../dom.js";
import { lang, listed, t } from "../i18n.js";
import { adoptKey, keyInAddress, keyLink, storedKey } from "../key.js";
import { awaited, refill, seatNames, tableTitle, waitingFor } from "../table/screen.js";
import { status } from "../table/state.js";
import { MAX_NAME, refusal } from "./common.js";

export const STRINGS = {
  fr: {
    "invite.help": "Invitez vos amis : qui ouvre ce lien s'assoit à cette table.", "invite.link": "lien d'invitation",
    "copy": "copier", "copied": "copié !", "copy.select": "sélectionné : Ctrl+C pour copier",
    "join.title": "Invitation", "join.at": "À la table : {names}", "join.name": "votre nom", "join.sit": "s'asseoir",
    "join.watch": "regarder la partie", "join.full": "Toutes les places sont prises : vous pouvez regarder la partie.",
    "join.over": "Cette partie est finie.", "join.missing": "Cette table n'existe pas (ou plus).",
    "join.back": "Une place vous est gardée à cette table.", "join.lobby": "voir les tables",
    "invite.form": "inviter des amis", "invite.form.help": "Une place est gardée pour chaque nom : son lien, à envoyer à cet ami, s'affiche à la table.",
    "invite.name": "nom de l'invité", "invite.seat": "place {n}", "invite.none": "Aucune place libre à garder : décochez un robot.",
    "invite.kept": "Place {n} gardée pour {name} : envoyez-lui son lien.", "invite.kept.link": "lien de {name}",
    "join.kept": "Une place vous est gardée à cette table : choisissez votre nom, puis asseyez-vous.",
    "mine.title": "Mes tables", "mine.none": "Aucune place à vous en ce moment.",
    "mine.kept": "gardée pour vous (vous avez quitté la table)", "mine.held": "vous y avez pris place",
    "mine.back": "reprendre ma place", "mine.open": "revenir à la table", "mine.seat": "votre place",
    "mine.awaits": "votre partie de tournoi vous attend", "mine.sit": "m'asseoir",
    "key.move": "utiliser sur un autre appareil",
    "key.help": "Ouvrez ce lien sur votre autre appareil (téléphone, autre navigateur) : vos tables vous y suivent. "
      + "Gardez-le pour vous : qui l'ouvre prend vos places.",
    "key.link": "lien de votre clé de joueur",
    "key.offer.title": "Utiliser cette clé de joueur ?",
    "key.offer": "Ce lien vient de votre autre appareil : avec sa clé, les tables où vous avez pris place là-bas sont aussi les vôtres ici.",
    "key.offer.lose": "La clé de ce navigateur a {n} {n:table|tables} en cours : {n:elle ne sera plus listée|elles ne seront plus listées} ici.",
    "key.use": "utiliser cette clé", "key.keep": "non, garder la mienne",
    "key.adopted": "Clé adoptée : vos tables sont dans « Mes tables ».", "key.same": "Ce navigateur utilise déjà cette clé.",
    "key.bad": "Ce lien ne contient pas de clé de joueur valable.",
  },
  en: {
    "invite.help": "Invite your friends: whoever opens this link sits at this table.", "invite.link": "invitation link",
    "copy": "copy", "copied": "copied!", "copy.select": "selected: Ctrl+C to copy",
    "join.title": "Invitation", "join.at": "At the table: {names}", "join.name": "your name", "join.sit": "sit",
    "join.watch": "watch the game", "join.full": "Every seat is taken: you may watch the game.",
    "join.over": "This game is over.", "join.missing": "This table does not exist (any more).",
    "join.back": "A seat is kept for you at this table.", "join.lobby": "see the tables",
    "invite.form": "invite friends", "invite.form.help": "A seat is kept for each name: its link, to send to that friend, is shown at the table.",
    "invite.name": "guest's name", "invite.seat": "seat {n}", "invite.none": "No free seat to keep: untick a bot.",
    "invite.kept": "Seat {n} kept for {name}: send them their link.", "invite.kept.link": "{name}'s link",
    "join.kept": "A seat is kept for you at this table: choose your name, then sit.",
    "mine.title": "My tables", "mine.none": "No seat of yours right now.",
    "mine.kept": "kept for you (you left)", "mine.held": "you sit there",
    "mine.back": "take my seat back", "mine.open": "back to the table", "mine.seat": "your seat",
    "mine.awaits": "your tournament game is waiting for you", "mine.sit": "sit down",
    "key.move": "use on another device",
    "key.help": "Open this link on your other device (a phone, another browser): your tables follow you there. "
      + "Keep it to yourself: whoever opens it takes your seats.",
    "key.link": "your player key's link",
    "key.offer.title": "Use this player key?",
    "key.offer": "This link comes from your other device: with its key, the tables where you sit there are yours here too.",
    "key.offer.lose": "This browser's own key has {n} {n:table|tables} going on: {n:it|they} will no longer be listed here.",
    "key.use": "use this key", "key.keep": "no, keep mine",
    "key.adopted": "Key adopted: your tables are under “My tables”.", "key.same": "This browser already uses this key.",
    "key.bad": "This link holds no valid player key.",
  },
};

/** ``key`` in the page's language: these STRINGS first, then i18n.js's. */
export function say(key, vars = undefined) {
  return t(key, vars, STRINGS);
}

/** A table's status in words: a waiting table says whom it waits for. */
export function statusWords(info) {
  return waitingFor(info) || t(`status.${status(info)}`);
}

/** The link that seats a guest at ``tableId`` (#/join/<id>), from this page's address; with a kept seat's ``secret``
 *  (#/join/<id>/<secret>), the link that takes that seat. */
export function inviteLink(tableId, secret = "") {
  const kept = secret ? `/${encodeURIComponent(secret)}` : "";
  return `${location.origin}${location.pathname}#/join/${encodeURIComponent(tableId)}${kept}`;
}

// -- a tournament's players, each in their own browser ---------------------------------------------------------

const SECRETS_KEY = "brelan.secrets"; // tournament id -> {player: join secret}: those this browser may play for
const PLAYING_KEY = "brelan.playing"; // tournament id -> [player]: those this browser plays for ("my tables" lists)
const MAX_PLAYED = 8; // tournaments "my tables" looks up (one ListMyTables each), the latest kept

/** What this browser keeps under ``key`` (a JSON object), or {} when nothing (or nothing readable) is kept. */
function stored(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "{}") || {};
  } catch {
    return {};
  }
}

/** The join secrets this browser holds: tournament id -> {player: secret} (the organiser's, every person's; a
 *  player's, their own). */
export function tournamentSecrets() {
  return stored(SECRETS_KEY);
}

/** Keep ``secrets`` ({player: secret}, CreateTournamentResponse.join_secrets) for ``tournamentId``; ``playing``: the
 *  players among them this browser plays for (their games listed in "my tables"). */
export function keepTournamentSecrets(tournamentId, secrets, playing = []) {
  const all = tournamentSecrets();
  localStorage.setItem(SECRETS_KEY, JSON.stringify({ ...all, [tournamentId]: { ...all[tournamentId], ...secrets } }));
  const played = stored(PLAYING_KEY);
  const names = [...new Set([...(played[tournamentId] || []), ...playing])];
  if (!names.length) return;
  delete played[tournamentId]; // the latest last: the oldest go first past MAX_PLAYED
  const kept = Object.entries({ ...played, [tournamentId]: names }).slice(-MAX_PLAYED);
  localStorage.setItem(PLAYING_KEY, JSON.stringify(Object.fromEntries(kept)));
}

/** A finished tournament's players are no longer looked up in "my tables". */
export function tournamentOver(tournamentId) {
  const played = stored(PLAYING_KEY);
  if (!(tournamentId in played)) return;
  delete played[tournamentId];
  localStorage.setItem(PLAYING_KEY, JSON.stringify(played));
}

/** The players this browser plays for in tournaments: [{tournamentId, player, secret}]. */
export function tournamentPlayers() {
  const secrets = tournamentSecrets();
  return Object.entries(stored(PLAYING_KEY)).flatMap(([tournamentId, names]) => (Array.isArray(names) ? names : [])
    .filter((player) => secrets[tournamentId]?.[player]).map((player) => ({ tournamentId, player, secret: secrets[tournamentId][player] })));
}

/** The link that gives ``player`` their games of ``tournamentId`` in their own browser: its page, their join secret
 *  (which takes the seat of each of their games) and their name. */
export function tournamentLink(tournamentId, player, secret) {
  const parts = [tournamentId, secret, player].map(encodeURIComponent).join("/");
  return `${location.origin}${location.pathname}#/tournaments/${parts}`;
}

/** What a tournament player's link (``hash``: its address's #/tournaments/<id>/<secret>/<name>) carries:
 *  {tournamentId, secret, player}, or null for another address (or a link cut short). */
export function tournamentInLink(hash) {
  const [, screen, ...parts] = String(hash || "").split("/");
  if (screen !== "tournaments" || parts.length !== 3) return null;
  let tournamentId, secret, player;
  try {
    [tournamentId, secret, player] = parts.map(decodeURIComponent);
  } catch {
    return null; // a broken escape
  }
  return tournamentId && secret && player.trim() ? { tournamentId, secret, player } : null;
}

// -- seats kept for invited friends -----------------------------------------------------------------------------

const INVITED_KEY = "brelan.invitations"; // table id -> [{seat, name, secret}]: the links of the seats kept here

function invitedAll() {
  return stored(INVITED_KEY);
}

/** Keeps the invitations a new table answered (CreateTableResponse.invitations: a seat, a name, its secret), for its
 *  page to show their links while the seats wait. */
export function keepInvitations(tableId, invitations) {
  if (!(invitations || []).length) return;
  const list = invitations.map((i) => ({ seat: Number(i.seat || 0), name: i.name, secret: i.secret }));
  localStorage.setItem(INVITED_KEY, JSON.stringify({ ...invitedAll(), [tableId]: list }));
}

/** The new table form's friends to invite: a name for each seat left free (``update(seats)``, the seats neither a
 *  bot's nor the creator's); ``invites()`` the request's Invite list, the names given. Folded until asked. */
export function inviteFields() {
  const rows = h("div", { class: "invite-seats" });
  const node = h("details", { class: "invites", id: "invites" }, h("summary", {}, say("invite.form")),
    h("p", { class: "quiet" }, h("small", {}, say("invite.form.help"))), rows);
  const names = new Map(); // seat -> what was typed, kept while the seats are drawn again
  let drawn = "";
  const update = (free) => {
    const key = JSON.stringify([free, lang]);
    if (key === drawn) return;
    drawn = key;
    rows.replaceChildren(...(free.length ? free.map((seat) => {
      const input = h("input", { type: "text", name: "invite", "data-seat": seat, maxlength: MAX_NAME, size: 14,
                                 placeholder: say("invite.name"), value: names.get(seat) || "" });
      input.addEventListener("input", () => names.set(seat, input.value));
      return h("label", { class: "inline" }, say("invite.seat", { n: seat + 1 }), " ", input);
    }) : [h("small", {}, say("invite.none"))]));
  };
  const invites = () => [...rows.querySelectorAll("input[name=invite]")]
    .map((input) => ({ seat: Number(input.dataset.seat), name: input.value.trim() })).filter((i) => i.name);
  return { node, update, invites };
}

/** ``text`` to copy: shown in a field (selected when focused), and a button that copies it (the clipboard, else the
 *  text selected for the player's own Ctrl+C), saying it did. ``label``: the field's name for assistive tools. */
export function copyField(text, label, id = undefined) {
  const input = h("input", { type: "text", readonly: true, value: text, class: "copy-text", "aria-label": label, id });
  const button = h("button", { type: "button", class: "quiet small copy" }, say("copy"));
  let timer = 0;
  const done = (key) => {
    button.textContent = say(key);
    button.dataset.done = key;
    clearTimeout(timer);
    timer = setTimeout(() => {
      button.textContent = say("copy");
      delete button.dataset.done;
    }, 3000);
  };
  input.addEventListener("focus", () => input.select());
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      done("copied");
    } catch {
      input.focus();
      input.select();
      let copied = false;
      try {
        copied = document.execCommand("copy");
      } catch {
        copied = false;
      }
      done(copied ? "copied" : "copy.select");
    }
  });
  return h("div", { class: "copy-field" }, input, button);
}

// -- the invitation, on a waiting table's page ------------------------------------------------------------------

/** On the page of ``tableId``, while it waits for people: how many, and its link to send with a copy button (read
 *  again every 2 s; gone once the game starts). Put in ``main`` before the table's screen, after its first read, so
 *  it never pushes the board down. Returns what stops it. */
export async function invitation(main, tableId, signal = undefined) {
  const panel = h("aside", { class: "invite", id: "invite", "data-table": tableId });
  let timer = 0;
  let drawn = "";
  const stop = () => {
    clearInterval(timer);
    panel.remove();
  };
  const read = async () => {
    const info = (await call("TableService", "GetTable", { tableId }).catch(() => null))?.table;
    if (signal?.aborted) return stop();
    if (!info || status(info) !== "waiting") return stop();
    // the link only where a guest may sit: a seat kept for its player (a tournament's) is awaited, not offered
    const open = (info.seats || []).some((s) => !s.taken && !s.reserved);
    // each seat kept for a friend named here, while it waits: its own link
    const kept = (invitedAll()[tableId] || []).filter((i) => info.seats?.[i.seat] && !info.seats[i.seat].taken);
    const key = JSON.stringify([awaited(info), open, kept, lang]);
    if (key === drawn) return undefined;
    drawn = key;
    panel.replaceChildren(
      h("p", {}, h("b", { class: "waiting-for" }, waitingFor(info)), ...(open ? [" · ", say("invite.help")] : [])),
      ...(open ? [copyField(inviteLink(tableId), say("invite.link"), "invite-link")] : []),
      ...kept.map((i) => h("div", { class: "invited", "data-seat": i.seat },
        h("p", {}, say("invite.kept", { n: i.seat + 1, name: i.name })),
        copyField(inviteLink(tableId, i.secret), say("invite.kept.link", { name: i.name })))));
    if (!panel.isConnected) main.prepend(panel);
    return undefined;
  };
  await read();
  if (panel.isConnected) timer = setInterval(read, 2000);
  return stop;
}

// -- the invitation opened: #/join/<table> ----------------------------------------------------------------------

/** The page a guest opens from an invitation (``app.id``: the table): the table, whom it waits for, a name and a
 *  button that seats them (app.join); with a kept seat's secret (``app.secret``, #/join/<table>/<secret>) that seat.
 *  A table with no seat left offers to watch. A browser seated there already goes to the table. */
export async function joinScreen(main, app) {
  const tableId = app.id || "";
  const box = h("section", { id: "invitation", class: "invitation", "data-table": tableId });
  if (seats()[tableId]) { // seated here already (the host opening his own link)
    location.replace(`#/table/${encodeURIComponent(tableId)}`);
    return () => {};
  }
  // the games' list read too: the table's game and its bots named in the page's words (app.js's title, botNames)
  const [answer] = await Promise.all([call("TableService", "GetTable", { tableId }).catch((e) => e),
    app.variantList?.().catch(() => [])]);
  const mine = storedKey()
    ? ((await call("TableService", "ListMyTables", { playerKey: storedKey() }).catch(() => ({}))).seats || [])
      .find((s) => s.table?.tableId === tableId)
    : null;
  if (app.signal?.aborted) return () => {};
  const watch = h("a", { href: `#/table/${encodeURIComponent(tableId)}`, class: "watch" }, say("join.watch"));
  if (!answer?.table) {
    box.append(h("h2", {}, say("join.title")), h("p", {}, answer instanceof Error ? refusal(answer) : say("join.missing")),
      h("a", { href: "#/" }, say("join.lobby")));
    main.append(box);
    return () => {};
  }
  const info = answer.table;
  const names = seatNames(info).filter((_, i) => info.seats[i].taken || info.seats[i].bot);
  append(box, h("h2", {}, tableTitle(info, app.title)),
    h("p", {}, h("span", { class: "pill" }, app.title(info.variant)), " ",
      h("span", { class: `pill ${status(info)}` }, statusWords(info))),
    names.length ? h("p", {}, say("join.at", { names: listed(names) })) : null);
  const free = (info.seats || []).some((s) => !s.taken && !s.reserved) || (app.secret && status(info) !== "finished");
  if (mine) { // the key's seat: back to it
    box.append(h("p", {}, say("join.back")),
      h("button", { class: "act", id: "sit", onclick: () => app.join(tableId) }, say("mine.back")));
  } else if (status(info) === "finished") {
    box.append(h("p", {}, say("join.over")), watch);
  } else if (!free) {
    box.append(h("p", {}, say("join.full")), watch);
  } else {
    const header = document.getElementById("player-name");
    // a kept seat's guest is offered the name the host gave, when one seat is kept
    const kept = app.secret ? (info.seats || []).filter((s) => s.reserved && !s.taken && s.player) : [];
    const name = h("input", { type: "text", name: "name", id: "guest-name", maxlength: MAX_NAME, size: 16, required: true,
                              autocomplete: "nickname", value: header?.value.trim() || (kept.length === 1 ? kept[0].player : "") });
    const form = h("form", { id: "sit-form", class: "sit-form" },
      h("label", {}, say("join.name"), " ", name), h("button", { type: "submit", class: "act", id: "sit" }, say("join.sit")));
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      if (header) header.value = name.value.trim(); // the name this browser plays under, kept (app.js's playerName)
      await app.join(tableId, undefined, app.secret || undefined); // a kept seat's link: that seat, with its secret
    });
    append(box, app.secret ? h("p", { class: "kept" }, say("join.kept")) : null, form, h("p", {}, watch));
    main.append(box);
    if (!name.value) name.focus();
    return () => {};
  }
  main.append(box);
  return () => {};
}

// -- my tables, in the lobby ------------------------------------------------------------------------------------

/** The lobby's "my tables": each unfinished table where this browser's key holds a seat or has one kept (ListMyTables),
 *  and each tournament game waiting for a player this browser plays for (their join secret's), its game, status,
 *  whether the seat is kept or held, and a button that takes it back and opens the table (``join``: app.js's, with
 *  the key, and the join secret of a tournament game); and the link that moves the key to another device. Hidden
 *  while this browser has no key (it never sat anywhere) nor a tournament to play. refresh() reads it again; ids()
 *  are the tables listed (a Map: table id -> the join secret its seat is taken with, "" for the key's). */
export function myTables({ title, join }) {
  const rows = h("tbody");
  const node = h("section", { id: "mine", hidden: true },
    h("h2", {}, say("mine.title")),
    h("div", { class: "scroll" }, h("table", { class: "list" }, rows)),
    keyMover());
  let shown = new Map(); // table id -> the join secret that takes its seat ("": the key's own)
  const refresh = async () => {
    const key = storedKey();
    const players = tournamentPlayers();
    if (!key && !players.length) return;
    const listed = (playerKey) => call("TableService", "ListMyTables", { playerKey }).then((a) => a.seats || []);
    const [own, ...theirs] = await Promise.all([key ? listed(key).catch(() => null) : [],
      ...players.map((p) => listed(p.secret).catch(() => []).then((seats) => ({ seats, secret: p.secret })))]);
    if (!own) return;
    const mine = mergedSeats(own, theirs);
    shown = new Map(mine.map((s) => [s.table.tableId, s.secret || ""]));
    const drawn = mine.map(({ table: info, seat, kept, secret }) => [info.tableId, info.name, info.status, info.tournament,
      seat, kept, Boolean(secret), (info.seats || []).map((s) => [s.taken, s.bot, s.player])]);
    refill(rows, JSON.stringify([drawn, lang]), () => (mine.length ? mine.map((s) => mineRow(s, title, join))
      : h("tr", {}, h("td", { colspan: 5 }, say("mine.none")))));
    node.hidden = false;
  };
  return { node, refresh, ids: () => shown };
}

/** "My tables"' seats: the key's (``own``, ListMyTables'), then each tournament game kept for a join secret this
 *  browser plays with (``theirs``: [{seats, secret}]) that the key does not hold already, with that ``secret``. */
export function mergedSeats(own, theirs) {
  const listed = new Set(own.map((s) => s.table?.tableId));
  const awaiting = theirs.flatMap(({ seats, secret }) => seats.filter((s) => s.table && !listed.has(s.table.tableId))
    .map((s) => ({ ...s, secret })));
  return [...own, ...awaiting.filter((s, i) => awaiting.findIndex((o) => o.table.tableId === s.table.tableId) === i)];
}

/** A "my tables" seat's state and button (their words' keys): a tournament game found by a join secret (``secret``;
 *  its seat reserved for it, taken or not) awaits its player until the seat is ``taken``, on another device then (this
 *  browser's key would have listed it as its own), where a click takes it back; a seat of the key's, kept since its
 *  player left, or held. */
export function mineWords({ kept, secret, taken }) {
  if (secret) return taken ? ["mine.held", "mine.back"] : ["mine.awaits", "mine.sit"];
  return kept ? ["mine.kept", "mine.back"] : ["mine.held", "mine.open"];
}

function mineRow({ table: info, seat, kept, secret }, title, join) {
  const [state, button] = mineWords({ kept, secret, taken: Boolean(info.seats?.[Number(seat || 0)]?.taken) });
  return h("tr", { "data-mine": info.tableId, class: secret ? "kept awaits" : kept ? "kept" : "held" },
    h("td", { class: "title" }, tableTitle(info, title)),
    h("td", {}, title(info.variant)),
    h("td", {}, statusWords(info)),
    h("td", { class: "seat-state" }, say(state), " · ", t("seat", { n: Number(seat || 0) + 1 })),
    // a tournament game waiting for its player: taken with the join secret (and bound to this browser's key)
    h("td", { class: "actions" }, h("button", { class: kept || secret ? "act back" : "back",
                                                onclick: () => join(info.tableId, undefined, secret || undefined) }, say(button))));
}

/** "Use on another device": folded; opened, the link that carries this browser's key (made when first needed). */
function keyMover() {
  const body = h("div", { class: "key-move" });
  const details = h("details", { id: "key-move" }, h("summary", {}, say("key.move")), body);
  details.addEventListener("toggle", () => {
    if (details.open) body.replaceChildren(h("p", { class: "quiet" }, say("key.help")), copyField(keyLink(), say("key.link"), "key-link"));
    else body.replaceChildren(); // the key is shown only while asked for
  });
  return details;
}

// -- a key brought from another device: #key=... ----------------------------------------------------------------

/** The page was opened with #key=...: offer to take that key (a dialog, in the page's language), store it if the
 *  player says so, and take it out of the address either way. Resolves once done (true: adopted). */
export async function offerKey() {
  const key = keyInAddress();
  const clean = () => history.replaceState(null, "", `${location.pathname}${location.search}#/`);
  if (!key) {
    clean();
    toast(say("key.bad"));
    return false;
  }
  if (key === storedKey()) {
    clean();
    toast(say("key.same"), "info");
    return false;
  }
  const own = storedKey()
    ? ((await call("TableService", "ListMyTables", { playerKey: storedKey() }).catch(() => ({}))).seats || []).length : 0;
  const use = h("button", { type: "button", class: "act", id: "key-use" }, say("key.use"));
  const keep = h("button", { type: "button", class: "quiet", id: "key-keep" }, say("key.keep"));
  const dialog = h("dialog", { id: "key-offer", class: "key-offer" },
    h("h2", {}, say("key.offer.title")), h("p", {}, say("key.offer")),
    own ? h("p", { class: "warn" }, say("key.offer.lose", { n: own })) : null,
    h("p", { class: "buttons" }, use, " ", keep));
  document.body.append(dialog);
  const adopted = await new Promise((resolve) => {
    use.addEventListener("click", () => resolve(true));
    keep.addEventListener("click", () => resolve(false));
    dialog.addEventListener("cancel", () => resolve(false)); // Escape
    dialog.showModal();
  });
  if (adopted) adoptKey(key);
  clean();
  dialog.close();
  dialog.remove();
  if (adopted) toast(say("key.adopted"), "info");
  return adopted;
}
