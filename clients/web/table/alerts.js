// What the table tells its player beside the board (issue 39, items 4 and 5): their turn, in the tab's title
// ("● À vous · brelan") and icon, with a short beep if they chose it (off by default, remembered) and a browser
// notification if they asked for one (permission asked only then) while the tab is hidden and their clock runs;
// their seat sitting out and back (SitOut, a refusal said in the page's words; a seat sitting out is named so on the
// board: awayNames); and, once the game is over, the table its players made to play again (the old table's
// TableInfo.rematch, read every few seconds on the end screen): "Ann vous invite à rejouer", with the way to sit
// there.
//
// create(node, ctx) -> {update(ctx), destroy()}, as a board is made (table/board.js): ctx is {tableId, token, seat,
// info, t, title (the table's, in words), turn (this seat's decision is open), clock (its seconds left, or null),
// join(tableId, seat), refresh()}. The pure parts (ordinalWord, turnTitle, iconHref, turnStarted, shouldNotify,
// asking, awayNames, hostOf, seatFor) run under `node --test tests/web/alerts.test.mjs`.

import { call } from "../rpc.js";
import { h, seats } from "../dom.js";

export const SOUND_KEY = "brelan.alerts.sound"; // "1": a beep on your turn
export const NOTIFY_KEY = "brelan.alerts.notify"; // "1": a notification on your turn, the tab hidden
const POLL_MS = 3000; // the old table read again on its end screen, for the table made to play again
const FELT = "#0f5132";
const ACCENT = "#f0b429";

// -- the pure parts --------------------------------------------------------------------------------

/** A place in a ranking, in ``lang``: "1er", "3e" in French; "1st", "2nd", "3rd", "11th" in English. */
export function ordinalWord(n, lang) {
  const k = Number(n);
  if (lang === "fr") return `${k}${k === 1 ? "er" : "e"}`;
  const suffix = { one: "st", two: "nd", few: "rd", other: "th" };
  return `${k}${suffix[new Intl.PluralRules("en", { type: "ordinal" }).select(k)]}`;
}

/** The tab's title: ``base`` ("brelan"), said to be your turn when it is ("● À vous · brelan"). */
export function turnTitle(base, turn, t) {
  return turn ? t("alert.title", { title: base }) : base;
}

/** The tab's icon (an SVG data: URL, as index.html's): the felt, with the accent's dot on your turn. */
export function iconHref(turn) {
  const dot = turn ? `<circle cx='11.5' cy='4.5' r='4' fill='${ACCENT}' stroke='white' stroke-width='1'/>` : "";
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><rect width='16' height='16' rx='3' fill='${FELT}'/>${dot}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Whether a turn began between two readings (the seat's decision opened, not there the reading before). */
export function turnStarted(before, now) {
  return Boolean(now) && !before;
}

/** Whether a turn is to be told by a notification: asked for, allowed, the tab hidden and the seat's clock running
 *  (an untimed table, or a pause, does not hurry anybody). */
export function shouldNotify({ enabled, permission, hidden, clock }) {
  return Boolean(enabled) && permission === "granted" && Boolean(hidden) && clock !== null && clock !== undefined
    && Number(clock) > 0;
}

/** Whether seat ``s`` sits out now (SeatInfo.sitting_out) of a game being played: once it is over nobody does
 *  (the flag stays on the seat; said then, it had no "I'm back" to end it). */
export function sitsOut(info, s) {
  return info?.status === "TABLE_STATUS_PLAYING" && Boolean(info?.seats?.[s]?.sittingOut);
}

/** What the seat's screen asks of it (DAKER's playtest, review of issue 39's screens): ``away``, the seat sits out
 *  (sitsOut), and ``pending``, the seats to act as the board and the bar show them (a Set, as TableState.pending()).
 *  A seat sitting out is asked nothing: the server plays its turns (the timeout rule, at once), and its screen shows
 *  them as nobody's to make here (no turn bar, no moves, no "à vous" or clock on its plate); the others' as they are. */
export function asking(info, seat, pending) {
  const away = seat !== null && seat !== undefined && sitsOut(info, seat);
  return { away, pending: away ? new Set([...pending].filter((s) => s !== seat)) : pending };
}

/** The seats' names as the board shows them: a seat sitting out says so by its name. */
export function awayNames(info, names, t) {
  return names.map((name, s) => (sitsOut(info, s) ? t("seat.away", { name }) : name));
}

/** Who plays again at ``next`` (a TableInfo): the first person seated there (a bot invites nobody), or "". */
export function hostOf(next) {
  return (next?.seats || []).find((s) => s.taken && !s.bot && s.player)?.player || "";
}

/** A seat to take at ``next``: ``preferred`` (your seat at the old table) when it is free, else the first free
 *  one, else null (a full table: watch it). */
export function seatFor(next, preferred) {
  const free = (next?.seats || []).map((s, i) => (!s.taken && !s.reserved && !s.bot ? i : -1)).filter((i) => i >= 0);
  if (next?.status === "TABLE_STATUS_FINISHED" || !free.length) return null;
  return free.includes(preferred) ? preferred : free[0];
}

// -- in the page ------------------------------------------------------------------------------------

const store = () => (typeof localStorage === "undefined" ? null : localStorage);
const hasNotifications = () => typeof Notification !== "undefined";

/** The table's alerts, and its seat's tools, in ``node``. */
export function create(node, first) {
  let ctx = { ...first };
  const t = (key, vars) => ctx.t(key, vars);
  const icon = document.querySelector("link[rel~='icon']");
  const base = { title: document.title, icon: icon?.getAttribute("href") || "" };
  let turn = false;
  let notified = null; // the notification of this turn, if any
  let audio = null;
  let poll = 0;
  let invited = ""; // what the invitation was drawn from
  let away = false;

  const sound = h("input", { type: "checkbox", id: "alert-sound", checked: store()?.getItem(SOUND_KEY) === "1" });
  const soundLabel = h("span");
  const notify = h("input", { type: "checkbox", id: "alert-notify",
                              checked: store()?.getItem(NOTIFY_KEY) === "1" && hasNotifications()
                                && Notification.permission === "granted" });
  const notifyLabel = h("span");
  const notifyBox = h("label", { class: "alert-notify", hidden: !hasNotifications() }, notify, notifyLabel);
  const sitOut = h("button", { type: "button", class: "quiet", id: "sit-out", onclick: () => setAway(!away) });
  const awayNote = h("span", { class: "away-note", id: "away-note", hidden: true });
  const said = h("span", { class: "tools-said", role: "status" });
  const tools = h("div", { class: "table-tools", id: "tools" },
    h("label", { class: "alert-sound" }, sound, soundLabel), notifyBox, sitOut, awayNote, said);
  const invite = h("div", { class: "rematch", id: "rematch", hidden: true });
  node.classList.add("table-alerts");
  node.replaceChildren(tools, invite);

  sound.addEventListener("change", () => {
    store()?.setItem(SOUND_KEY, sound.checked ? "1" : "0");
    if (sound.checked) beep(); // heard once now, in the click: the page may play sound from then on
  });
  notify.addEventListener("change", async () => {
    said.textContent = "";
    if (!notify.checked) {
      store()?.setItem(NOTIFY_KEY, "0");
      return;
    }
    const allowed = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    notify.checked = allowed === "granted";
    store()?.setItem(NOTIFY_KEY, notify.checked ? "1" : "0");
    if (!notify.checked) said.textContent = t("alert.notify.denied");
  });
  const onVisibility = () => {
    if (!document.hidden) notified?.close();
    else if (turn && !notified) tell(); // hidden during the turn: told now
  };
  document.addEventListener("visibilitychange", onVisibility);

  /** A short beep (WebAudio: no file to load), when the player chose the sound. */
  function beep() {
    const Audio = window.AudioContext || window.webkitAudioContext;
    if (!Audio) return;
    try {
      audio = audio || new Audio();
      audio.resume?.();
      const now = audio.currentTime;
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = "sine";
      tone.frequency.setValueAtTime(880, now);
      tone.frequency.setValueAtTime(1175, now + 0.09);
      gain.gain.setValueAtTime(0.0001, now);
      gain.gain.exponentialRampToValueAtTime(0.15, now + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.22);
      tone.connect(gain).connect(audio.destination);
      tone.start(now);
      tone.stop(now + 0.25);
      node.dataset.beeps = String(Number(node.dataset.beeps || 0) + 1);
    } catch (e) {
      console.warn("the turn's beep", e);
    }
  }

  /** The turn told by a notification, when the player asked for one and the tab is hidden with the clock running. */
  function tell() {
    const enabled = store()?.getItem(NOTIFY_KEY) === "1";
    const permission = hasNotifications() ? Notification.permission : "denied";
    if (!shouldNotify({ enabled, permission, hidden: document.hidden, clock: ctx.clock })) return;
    try {
      notified = new Notification(t("alert.notify.title"), {
        body: t("alert.notify.body", { title: ctx.title || base.title, n: Math.ceil(ctx.clock) }),
        tag: `brelan-${ctx.tableId}`, icon: iconHref(true) });
      notified.onclick = () => {
        window.focus();
        notified?.close();
      };
    } catch (e) {
      console.warn("the turn's notification", e); // a browser that only notifies from a service worker
    }
  }

  let shown = "";
  function showTurn(now) {
    const title = turnTitle(base.title, now, t);
    if (title !== shown) { // the icon set again only when it changes (a browser fetches it anew each time)
      shown = title;
      document.title = title;
      if (icon) icon.setAttribute("href", now ? iconHref(true) : base.icon);
    }
    if (turnStarted(turn, now)) {
      if (sound.checked) beep();
      turn = now;
      tell();
    } else if (!now && turn) {
      turn = false;
      notified?.close();
      notified = null;
    }
  }

  async function setAway(out) {
    sitOut.disabled = true;
    try {
      const answer = await call("TableService", "SitOut", { tableId: ctx.tableId, out }, ctx.token);
      if (answer?.table) ctx = { ...ctx, info: answer.table };
      drawTools();
      ctx.refresh?.();
    } catch (e) {
      // said in the page's words, by its reason, as every refusal of the page (the server's message is English);
      // loaded here, not above: the pure parts run under node, where the page's words are not (i18n.js)
      said.textContent = (await import("../screens/common.js")).refusal(e);
    } finally {
      sitOut.disabled = false;
    }
  }

  function drawTools() {
    const seated = ctx.seat !== null && ctx.seat !== undefined;
    tools.hidden = !seated; // kept at the game's end too: nothing under it moves then
    away = seated && sitsOut(ctx.info, ctx.seat);
    const playing = ctx.info?.status === "TABLE_STATUS_PLAYING";
    const out = Number(ctx.info?.seats?.[ctx.seat]?.place || 0) > 0;
    sitOut.hidden = !playing || (out && !away);
    sitOut.textContent = t(away ? "sitout.back" : "sitout.away");
    sitOut.classList.toggle("act", away);
    awayNote.hidden = !away;
    awayNote.textContent = t("sitout.note");
    soundLabel.textContent = t("alert.sound");
    notifyLabel.textContent = t("alert.notify");
  }

  /** The table its players made to play again, once there: who invites, and a seat to take (or to watch it). */
  async function readRematch() {
    const old = (await call("TableService", "GetTable", { tableId: ctx.tableId }).catch(() => null))?.table;
    if (!old?.rematch) return;
    const next = (await call("TableService", "GetTable", { tableId: old.rematch }).catch(() => null))?.table;
    const host = hostOf(next);
    if (!next || !host) return; // its maker is not seated yet: next time
    const mine = Boolean(seats()[old.rematch]);
    const seat = mine ? null : seatFor(next, ctx.seat);
    const key = JSON.stringify([old.rematch, host, mine, seat, ctx.t("rematch.join")]);
    if (key === invited) return;
    invited = key;
    const href = `#/table/${encodeURIComponent(old.rematch)}`;
    invite.hidden = false;
    invite.replaceChildren(
      h("p", {}, mine ? t("rematch.yours") : t("rematch.invite", { name: host })),
      mine ? h("a", { class: "button act", id: "rematch-open", href }, t("rematch.open"))
        : seat !== null ? h("button", { type: "button", class: "act", id: "rematch-join",
                                        onclick: () => ctx.join(old.rematch, seat) }, t("rematch.join"))
          : h("a", { class: "button", id: "rematch-watch", href }, t("rematch.watch")));
  }

  function update(next) {
    ctx = { ...ctx, ...next };
    const over = ctx.info?.status === "TABLE_STATUS_FINISHED";
    drawTools();
    showTurn(Boolean(ctx.turn) && !over && !away); // a seat sitting out has its moves made at once
    if (over && !poll) {
      readRematch();
      poll = setInterval(readRematch, POLL_MS);
    }
  }

  update(first);
  return {
    update,
    destroy() {
      clearInterval(poll);
      document.removeEventListener("visibilitychange", onVisibility);
      notified?.close();
      document.title = base.title;
      if (icon) icon.setAttribute("href", base.icon);
      audio?.close?.();
      node.replaceChildren();
    },
  };
}
