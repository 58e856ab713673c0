// The word games on a table (rulebook alphapoker.fr.md, section D): AlphaPoker bataille (two players lay their
// cards face up, the first to claim a word of the table's cards takes them) and AlphaPoker belote and secret
// belote (two teams of two lay vowels and consonants in turn and propose words; in secret belote the table is a
// stack, its top card alone showing). The table's letter tiles in the middle, each player's pile or hand, whose
// turn, the last word and how it was judged, the points; and a word box that lights the tiles a word would take.
// The contract every board follows is in board.js; the views are GetViewResponse.bataille and .belote.

import { h } from "../dom.js";
import { lexiconLabel } from "../options.js";
import { tile, tileRow, backs, foldLetters, reasonText, refusalText, refocus } from "./tiles.js";
import { matchWord } from "./previews.js";
import { clockElement, fill, latest, nameOf, num, parts, seatKey, seatsOf } from "./board.js";
import { listOf } from "../i18n.js";

export const STRINGS = {
  fr: {
    "wd.you": "vous", "wd.dealer": "donneur", "wd.dealer.mark": "D", "wd.points": "{n} pts", "wd.to.act": "à jouer",
    "wd.table": "La table", "wd.table.count": "{n} {n:carte|cartes}", "wd.table.empty": "La table est vide",
    "wd.champions": "Victoire : {names}", "wd.over": "Partie terminée",
    // bataille
    "wd.bat.lay": "Chacun pose à son tour", "wd.bat.lay.you": "À vous de poser une carte",
    "wd.bat.lay.other": "{name} pose une carte", "wd.bat.last": "Dernier appel : annoncez un mot ou passez",
    "wd.bat.rules": "on tape dès 5 cartes sur la table · mots de {n} lettres au moins",
    "wd.bat.courtesy": "courtoisie : seul l'adversaire de celui qui vient de poser peut annoncer",
    "wd.bat.red": "joue les rouges", "wd.bat.black": "joue les noires", "wd.bat.pile": "paquet", "wd.bat.won": "gagnées",
    "wd.bat.may": "peut taper", "wd.bat.lays": "pose", "wd.bat.passed": "a passé", "wd.bat.clock": "partie chronométrée",
    "wd.bat.claims": "annonces : {n}",
    // belote
    "wd.bel.deal": "Donne {n}", "wd.bel.target": "objectif {n}", "wd.bel.this.deal": "cette donne : {n} pts · {c} {c:carte|cartes}",
    "wd.bel.lay": "{name} pose une carte", "wd.bel.lay.you": "À vous de poser une carte",
    "wd.bel.propose": "{name} peut proposer un mot ou passer",
    "wd.bel.propose.you": "Proposez un mot de {n} lettres au moins, ou passez",
    "wd.bel.last": "Derniers mots : {name} peut en proposer un", "wd.bel.last.you": "Derniers mots : proposez-en un, ou passez",
    "wd.bel.vowel": "Prochaine carte : une voyelle (ou le Y)", "wd.bel.consonant": "Prochaine carte : une consonne (ou le Y)",
    "wd.bel.any": "Prochaine carte : au choix", "wd.bel.cards": "{n} {n:carte|cartes}", "wd.bel.partner": "partenaire",
    "wd.bel.tap": "Touchez une lettre pour la poser", "wd.bel.hand": "Votre jeu",
    "wd.bel.stack": "pile de {n} {n:carte|cartes} : seule celle du dessus se voit", "wd.bel.revealed": "la pile dévoilée",
    "wd.bel.end": "Fin de la donne", "wd.bel.end.points": "Fin de la donne : {n} pts", "wd.winner": "vainqueur", "wd.bel.bonus": "+ {n} de prime", "wd.bel.total": "total {n}",
    "wd.bel.secret": "belote secrète",
    // the last word
    "wd.last.claim": "Dernière annonce", "wd.last.proposal": "Dernière proposition",
    "wd.claims": "{name} annonce", "wd.claims.none": "{name} tape sans mot", "wd.proposes": "{name} propose",
    "wd.passes": "{name} passe", "wd.passes.many": "{n} passes : {names}", "wd.admitted": "admis", "wd.refused": "refusé", "wd.takes": "{name} prend",
    "wd.gives": "{name} donne une carte en pénalité",
    // the word box
    "wd.box.claim": "Votre mot", "wd.box.placeholder": "Tapez un mot…", "wd.box.send.claim": "Annoncer {word}",
    "wd.box.send.propose": "Proposer {word}", "wd.box.claim.empty": "Annoncer", "wd.box.propose.empty": "Proposer",
    "wd.box.none": "Taper sans mot", "wd.box.none.note": "coûte une carte de votre paquet",
    "wd.box.min": "{n} lettres au moins", "wd.box.max": "{n} lettres au plus", "wd.box.ok": "toutes ses lettres sont sur la table",
    "wd.box.jokers": "le joker donne {l}", "wd.box.hidden": "{n} à trouver dans la pile",
    "wd.box.missing": "absent de la table : {l}", "wd.box.joker.help": "?E : le joker pour un E",
    "wd.box.clear": "effacer", "wd.box.sending": "…", "wd.box.hints": "Conseils d'entraînement",
    "wd.box.penalty.bat": "mot refusé ou impossible : l'adversaire prend ses cartes et une de votre paquet",
    "wd.box.penalty.bel": "mot refusé ou impossible : l'autre équipe prend ses cartes",
  },
  en: {
    "wd.you": "you", "wd.dealer": "dealer", "wd.dealer.mark": "D", "wd.points": "{n} pts", "wd.to.act": "to act",
    "wd.table": "The table", "wd.table.count": "{n} {n:card|cards}", "wd.table.empty": "The table is empty",
    "wd.champions": "Won by {names}", "wd.over": "Game over",
    "wd.bat.lay": "Players lay in turn", "wd.bat.lay.you": "Your card to lay",
    "wd.bat.lay.other": "{name} lays a card", "wd.bat.last": "Last call: claim a word or pass",
    "wd.bat.rules": "claims from 5 cards on the table · words of at least {n} letters",
    "wd.bat.courtesy": "courtesy: only the opponent of whoever just laid may claim",
    "wd.bat.red": "plays red", "wd.bat.black": "plays black", "wd.bat.pile": "pile", "wd.bat.won": "won",
    "wd.bat.may": "may claim", "wd.bat.lays": "lays", "wd.bat.passed": "passed", "wd.bat.clock": "timed game",
    "wd.bat.claims": "claims: {n}",
    "wd.bel.deal": "Deal {n}", "wd.bel.target": "target {n}", "wd.bel.this.deal": "this deal: {n} pts · {c} {c:card|cards}",
    "wd.bel.lay": "{name} lays a card", "wd.bel.lay.you": "Your card to lay",
    "wd.bel.propose": "{name} may propose a word or pass",
    "wd.bel.propose.you": "Propose a word of at least {n} letters, or pass",
    "wd.bel.last": "Last words: {name} may propose one", "wd.bel.last.you": "Last words: propose one, or pass",
    "wd.bel.vowel": "Next card: a vowel (or the Y)", "wd.bel.consonant": "Next card: a consonant (or the Y)",
    "wd.bel.any": "Next card: any letter", "wd.bel.cards": "{n} {n:card|cards}", "wd.bel.partner": "partner",
    "wd.bel.tap": "Tap a letter to lay it", "wd.bel.hand": "Your hand",
    "wd.bel.stack": "a stack of {n}: only the top card shows", "wd.bel.revealed": "the stack shown",
    "wd.bel.end": "End of the deal", "wd.bel.end.points": "End of the deal: {n} pts", "wd.winner": "winner", "wd.bel.bonus": "+ {n} bonus", "wd.bel.total": "total {n}",
    "wd.bel.secret": "secret belote",
    "wd.last.claim": "Last claim", "wd.last.proposal": "Last proposal",
    "wd.claims": "{name} claims", "wd.claims.none": "{name} claimed with no word", "wd.proposes": "{name} proposes",
    "wd.passes": "{name} passes", "wd.passes.many": "{n} passes: {names}", "wd.admitted": "admitted", "wd.refused": "refused", "wd.takes": "{name} takes",
    "wd.gives": "{name} gives a penalty card",
    "wd.box.claim": "Your word", "wd.box.placeholder": "Type a word…", "wd.box.send.claim": "Claim {word}",
    "wd.box.send.propose": "Propose {word}", "wd.box.claim.empty": "Claim", "wd.box.propose.empty": "Propose",
    "wd.box.none": "Claim with no word", "wd.box.none.note": "costs a card of your pile",
    "wd.box.min": "at least {n} letters", "wd.box.max": "at most {n} letters", "wd.box.ok": "every letter is on the table",
    "wd.box.jokers": "the joker gives {l}", "wd.box.hidden": "{n} to be found in the stack",
    "wd.box.missing": "not on the table: {l}", "wd.box.joker.help": "?E: the joker as an E",
    "wd.box.clear": "clear", "wd.box.sending": "…", "wd.box.hints": "Practice hints",
    "wd.box.penalty.bat": "a refused or impossible word: your opponent takes its cards and one of your pile",
    "wd.box.penalty.bel": "a refused or impossible word: the other team takes its cards",
  },
};

// -- a word on the table ------------------------------------------------------------------------------

/** A typed word (capitals, "?X" a joker as X) as letters and the indexes a joker must give. */
export function parseWord(text, jokersAllowed = true) {
  const letters = [];
  const jokers = new Set();
  let joker = false;
  for (const c of foldLetters(text)) {
    if (c === "?") {
      joker = jokersAllowed;
      continue;
    }
    if (joker) jokers.add(letters.length);
    joker = false;
    letters.push(c);
  }
  return { letters, jokers };
}

/** The word's text form: capitals, "?X" where a joker gives X. */
function wordText({ letters, jokers }) {
  return letters.map((l, i) => (jokers.has(i) ? `?${l}` : l)).join("");
}

/** A TableWord's (JSON: {letters, jokers}) text form, as wordText's. */
const wordOf = (word) => wordText({ letters: [...(word.letters || "")], jokers: new Set(word.jokers || []) });

/** Lights the tiles of the table drawn in ``node`` (a board's) that a word takes. */
function lightTable(node, text, family) {
  const word = parseWord(text, family === "bataille");
  for (const row of node.querySelectorAll(".wd-table-tiles")) {
    const table = [...row.querySelectorAll("[data-idx]")];
    const cards = table.map((n) => n.dataset.card);
    const lit = new Map(matchWord(word, cards).filter((m) => m.idx >= 0).map((m) => [m.idx, m.letter]));
    table.forEach((n, i) => {
      n.classList.toggle("lt-lit", lit.has(i) && n.dataset.card !== "??");
      n.classList.toggle("lt-maybe-lit", lit.has(i) && n.dataset.card === "??");
    });
  }
}

// -- shared pieces ------------------------------------------------------------------------------------

/** Seats' names as the page's language lists them: "Léa et robot 3", "Léa and bot 3". */
const namesOf = (ctx, seats) => listOf(seats.map((s) => nameOf(ctx, s))).join("");

function turnMark(ctx, seat) {
  if (ctx.clock?.seat === seat) return h("span", { class: "wd-turn" }, clockElement(ctx.clock, ctx.t, "lw-clock"));
  return h("span", { class: "wd-turn" }, ctx.t("wd.to.act"));
}

function pendingOf(view, ctx) {
  if (view._showdown || view.phase === "PHASE_OVER" || view.stage === "STAGE_OVER") return new Set();
  if (ctx.pending instanceof Set) return ctx.pending;
  return new Set(seatsOf(view).filter((s) => s.pending).map((s) => s.seat));
}

/** The table's tiles, face up (bataille, belote) or a stack with its top alone showing (secret belote). */
function tableTiles(view, ctx, { secret = false } = {}) {
  const table = view.table || [];
  const over = view.phase === "PHASE_OVER" || view.stage === "STAGE_OVER";
  const row = h("div", { class: `wd-table-tiles${secret ? " stack" : ""}`, css: { "--backs": Math.max(1, table.length - 1) } });
  table.forEach((card, i) => {
    const node = tile(card, { big: true, lang: ctx.lang, newest: i === table.length - 1 && !view._showdown && !over });
    node.dataset.idx = String(i);
    row.append(node);
  });
  if (!table.length) row.append(h("span", { class: "wd-empty" }, ctx.t("wd.table.empty")));
  const count = ctx.t("wd.table.count", { n: table.length });
  return h("div", { class: "wd-table" },
    h("div", { class: "wd-table-head" }, h("b", {}, ctx.t("wd.table")), h("small", {}, secret && table.length
      ? ctx.t("wd.bel.stack", { n: table.length }) : count)), row);
}

/** What tableTiles draws from (a part's key). */
const tilesKey = (view, ctx, secret) => JSON.stringify([view.table, view.phase, view.stage, view._showdown, secret,
  ctx.lang]);

/** The events with each run of passes made one, {passes: [seat, ...]}: a belote's round of passes is a line. */
function passesGrouped(events) {
  const out = [];
  for (const e of events) {
    if (e.passed && out.at(-1)?.passes) out.at(-1).passes.push(num(e.passed.seat));
    else out.push(e.passed ? { passes: [num(e.passed.seat)] } : e);
  }
  return out;
}

/** A run of passes: "robot 2 passe"; several, how many and who ("19 passes : Léa, robot 2 et robot 3"). */
function passLine(seats, ctx) {
  if (seats.length === 1) return h("div", { class: "wd-pass" }, ctx.t("wd.passes", { name: nameOf(ctx, seats[0]) }));
  return h("div", { class: "wd-pass" }, ctx.t("wd.passes.many", { n: seats.length, names: namesOf(ctx, [...new Set(seats)]) }));
}

/** Whether secret belote's stack shown for a word (``stack``, its "revealed" event's cards) is still the table's:
 *  the table holds the stack less the cards the word's events took, no card laid since. The stack is shown to check
 *  the word, then its cards go back (the rulebook's D.3): once play goes on it is a stack again, to remember. */
function checking(stack, events, view) {
  const taken = events.reduce((n, e) => n + (e.takes?.cards || []).length, 0);
  return (view.table || []).length === stack.length - taken;
}

/** How the last word went: who claimed (proposed) what, the verdict and its reason, who took what, who passed. */
function lastWord(events, view, ctx, family) {
  if (!events?.length) return null;
  const lines = [];
  let stack = null;
  for (const e of passesGrouped(events)) {
    const claim = e.claimed || e.proposed;
    if (claim) {
      const word = claim.word?.letters ? wordOf(claim.word) : "";
      const who = nameOf(ctx, claim.seat || 0);
      lines.push(h("div", { class: "wd-claim" }, word
        ? [h("span", {}, ctx.t(e.claimed ? "wd.claims" : "wd.proposes", { name: who })), " ", h("b", { class: "wd-word" }, word)]
        : h("span", {}, ctx.t("wd.claims.none", { name: who }))));
    } else if (e.revealed) {
      stack = e.revealed.cards || [];
    } else if (e.admitted) {
      lines.push(h("div", { class: "wd-verdict yes" }, h("b", {}, `✓ ${ctx.t("wd.admitted")}`), " ",
        h("small", {}, reasonText(e.admitted.reason, ctx.lang))));
    } else if (e.refused) {
      lines.push(h("div", { class: "wd-verdict no" }, h("b", {}, `✗ ${ctx.t("wd.refused")}`), " ",
        h("small", { title: reasonText(e.refused.reason, ctx.lang) }, refusalText(e.refused, ctx.t, ctx.lang))));
    } else if (e.takes) {
      lines.push(h("div", { class: "wd-takes" }, h("span", {}, ctx.t("wd.takes", { name: nameOf(ctx, e.takes.seat || 0) })), " ",
        tileRow(e.takes.cards || [], { small: true, lang: ctx.lang })));
    } else if (e.gives) {
      lines.push(h("div", { class: "wd-takes" }, h("span", {}, ctx.t("wd.gives", { name: nameOf(ctx, e.gives.seat || 0) })), " ",
        tileRow([e.gives.card], { small: true, lang: ctx.lang })));
    } else if (e.passes) {
      lines.push(passLine(e.passes, ctx));
    }
  }
  if (!lines.length) return null;
  if (stack && checking(stack, events, view)) lines.splice(1, 0, h("div", { class: "wd-revealed" },
    h("small", {}, ctx.t("wd.bel.revealed")), " ", tileRow(stack, { small: true, lang: ctx.lang })));
  return h("div", { class: "wd-last" }, h("small", { class: "wd-last-head" }, ctx.t(family === "bataille" ? "wd.last.claim" : "wd.last.proposal")), lines);
}

// -- bataille -------------------------------------------------------------------------------------------

function batPlayer(seat, view, ctx, pending) {
  const mine = ctx.seat === seat.seat;
  const champion = (view.champions || []).includes(seat.seat);
  const red = seat.seat === 0;
  const pile = h("span", { class: "wd-pile", title: ctx.t("wd.bat.pile") },
    num(seat.pile) ? tile("??", { small: true }) : h("span", { class: "wd-pile-empty" }), h("b", {}, num(seat.pile)));
  const status = [];
  if (pending.has(seat.seat)) status.push(turnMark(ctx, seat.seat));
  if (view.turn === seat.seat && view.phase === "PHASE_LAY" && !pending.has(seat.seat)) status.push(h("span", { class: "wd-tag" }, ctx.t("wd.bat.lays")));
  if (seat.claimant) status.push(h("span", { class: "wd-tag claim" }, ctx.t("wd.bat.may")));
  if (seat.passed) status.push(h("span", { class: "wd-tag" }, ctx.t("wd.bat.passed")));
  if (champion) status.push(h("span", { class: "wd-tag win" }, `★ ${ctx.t("wd.winner")}`));
  return h("div", { class: `seat wd-player${mine ? " mine" : ""}${pending.has(seat.seat) ? " pending" : ""}${champion ? " champion" : ""}`,
                    "data-seat": seat.seat },
    h("div", { class: "wd-player-head" },
      h("span", { class: `wd-colour ${red ? "red" : "black"}`, title: ctx.t(red ? "wd.bat.red" : "wd.bat.black") }),
      h("b", { class: "wd-name" }, nameOf(ctx, seat.seat), mine ? h("small", {}, ` (${ctx.t("wd.you")})`) : null),
      h("small", { class: "wd-side" }, ctx.t(red ? "wd.bat.red" : "wd.bat.black")), ...status),
    h("div", { class: "wd-player-facts" },
      h("span", { class: "wd-fact" }, h("small", {}, ctx.t("wd.bat.pile")), pile),
      h("span", { class: "wd-fact" }, h("small", {}, ctx.t("wd.bat.won")), h("b", {}, num(seat.won))),
      h("span", { class: "wd-fact big" }, h("b", {}, ctx.t("wd.points", { n: num(seat.points) })))));
}

/** Bataille's parts (GetViewResponse.bataille), in the board's order, each kept by ``drawn`` (board.js's parts())
 *  while what it is drawn from is the same. */
function bataille(view, ctx, drawn) {
  const seats = seatsOf(view);
  const pending = pendingOf(view, ctx);
  const me = ctx.seat === 0 || ctx.seat === 1 ? ctx.seat : 0;
  const t = ctx.t;
  const player = (seat) => seat && drawn(`seat ${seat.seat}`, JSON.stringify([seat, view.champions, view.turn,
    view.phase, pending.has(seat.seat), ctx.seat, seatKey(ctx, seat.seat)]), () => batPlayer(seat, view, ctx, pending));
  const status = drawn("status", JSON.stringify([view.phase, view.champions, view.turn, view.minLength, view.courtesy,
    ctx.seat, ctx.names, ctx.lang]), () => {
    let phase;
    if (view.phase === "PHASE_OVER") {
      phase = (view.champions || []).length ? t("wd.champions", { names: namesOf(ctx, view.champions) }) : t("wd.over");
    } else if (view.phase === "PHASE_LAST") {
      phase = t("wd.bat.last");
    } else if (view.turn !== undefined) {
      phase = view.turn === ctx.seat ? t("wd.bat.lay.you") : t("wd.bat.lay.other", { name: nameOf(ctx, view.turn) });
    } else {
      phase = t("wd.bat.lay");
    }
    return h("div", { class: "wd-status" }, h("b", {}, phase), view.phase === "PHASE_OVER" ? null
      : h("small", {}, t("wd.bat.rules", { n: view.minLength || 3 }), view.courtesy ? ` · ${t("wd.bat.courtesy")}` : ""));
  });
  return [player(seats[1 - me]), status, drawn("table", tilesKey(view, ctx, false), () => tableTiles(view, ctx)),
    lastPart(view, ctx, drawn, "bataille"), player(seats[me]), judgedPart(view, ctx, drawn)];
}

/** The last word's part (lastWord), kept while its events are the same. */
function lastPart(view, ctx, drawn, family) {
  const events = view._last || view.previous;
  return drawn("last", JSON.stringify([events, (view.table || []).length, ctx.names, ctx.lang]),
    () => lastWord(events, view, ctx, family));
}

/** Who judges the words (the table's lexicon), at the board's foot. */
function judgedPart(view, ctx, drawn) {
  return drawn("judged", JSON.stringify([view.lexicon, ctx.lang]),
    () => (view.lexicon ? h("small", { class: "wd-judged" }, lexiconLabel(view.lexicon)) : null));
}

// -- belote ---------------------------------------------------------------------------------------------

const teamOf = (seat) => seat % 2;

function teamName(view, ctx, team) {
  return namesOf(ctx, seatsOf(view).filter((s) => teamOf(s.seat) === team).map((s) => s.seat));
}

function teamsBar(view, ctx) {
  const target = num(view.target) || 1000;
  const mine = ctx.seat === null || ctx.seat === undefined ? -1 : teamOf(ctx.seat);
  return h("div", { class: "wd-teams" }, [0, 1].map((team) => {
    const total = num(view.totals?.[team]);
    const end = view._deal?.[team];
    const won = (view.champions || []).some((s) => teamOf(s) === team);
    return h("div", { class: `wd-team team${team}${team === mine ? " mine" : ""}${won ? " champion" : ""}` },
      h("div", { class: "wd-team-head" }, h("b", {}, teamName(view, ctx, team)),
        h("span", { class: "wd-team-total" }, h("b", {}, total), h("small", {}, ` / ${target}`))),
      h("div", { class: "wd-bar", role: "progressbar", "aria-valuemin": 0, "aria-valuemax": target, "aria-valuenow": total },
        h("i", { css: { width: `${Math.min(100, (100 * total) / target).toFixed(1)}%` } })),
      end ? h("small", { class: "wd-team-deal end" }, ctx.t("wd.bel.end.points", { n: end.points }),
        end.bonus ? ` ${ctx.t("wd.bel.bonus", { n: end.bonus })}` : "")
        : h("small", { class: "wd-team-deal" }, ctx.t("wd.bel.this.deal", { n: num(view.dealPoints?.[team]), c: num(view.taken?.[team]) })));
  }));
}

function belSeat(seat, view, ctx, pending, place) {
  const mine = ctx.seat === seat.seat;
  const partner = ctx.seat !== null && ctx.seat !== undefined && !mine && teamOf(ctx.seat) === teamOf(seat.seat);
  const count = (seat.hand || []).length;
  return h("div", { class: `seat wd-seat ${place} team${teamOf(seat.seat)}${mine ? " mine" : ""}${pending.has(seat.seat) ? " pending" : ""}`,
                    "data-seat": seat.seat },
    h("div", { class: "wd-player-head" },
      h("b", { class: "wd-name" }, nameOf(ctx, seat.seat), mine ? h("small", {}, ` (${ctx.t("wd.you")})`) : null),
      (view.dealer || 0) === seat.seat && view.stage !== "STAGE_OVER" ? h("span", { class: "wd-dealer", title: ctx.t("wd.dealer") }, ctx.t("wd.dealer.mark")) : null,
      pending.has(seat.seat) ? turnMark(ctx, seat.seat) : null),
    partner ? h("small", { class: "wd-partner" }, ctx.t("wd.bel.partner")) : null,
    mine ? null : h("div", { class: "wd-hand-backs" }, backs(count, 16, { tiny: true }), h("small", {}, ctx.t("wd.bel.cards", { n: count }))));
}

function belHand(seat, view, ctx) {
  const hand = seat.hand || [];
  const myTurn = view.stage === "STAGE_LAY" && view.toAct === seat.seat && !view._showdown && typeof ctx.act === "function";
  // the cards it may lay now, as the rules say (its view's playable: of the kind required, or a Y)
  const ok = new Set(myTurn && seat.playable?.length ? seat.playable : hand);
  const row = h("div", { class: `wd-hand${myTurn ? " laying" : ""}`, css: { "--n": Math.min(8, Math.max(6, hand.length)) } });
  const sorted = [...hand].sort((a, b) => a.localeCompare(b));
  for (const card of sorted) {
    const node = tile(card, {
      big: true, lang: ctx.lang, dim: myTurn && !ok.has(card),
      onclick: myTurn && ok.has(card) ? () => {
        node.classList.add("lt-picked");
        Promise.resolve(ctx.act({ action: `lay ${card}` })).catch(() => node.classList.remove("lt-picked"));
      } : undefined,
    });
    if (myTurn && ok.has(card)) node.classList.add("plays"); // a click lays it (board.js's contract)
    row.append(node);
  }
  // The whole of the viewer's place (its plaque and its hand) is its seat, as the board contract says.
  return h("div", { class: "seat mine wd-mine", "data-seat": seat.seat }, belSeat(seat, view, ctx, pendingOf(view, ctx), "bottom"),
    row);
}

/** Belote's and secret belote's parts (GetViewResponse.belote), in the board's order, each kept by ``drawn`` while
 *  what it is drawn from is the same. */
function belote(view, ctx, drawn) {
  const t = ctx.t;
  const seats = seatsOf(view);
  const pending = pendingOf(view, ctx);
  const me = ctx.seat !== null && ctx.seat !== undefined && seats[ctx.seat] ? ctx.seat : null;
  const base = me ?? 0;
  const at = (k) => seats[(base + k) % seats.length];
  const actor = view.toAct;
  // a seat's plaque, and the viewer's place (its plaque and its hand), each kept while they read the same
  const plaque = [ctx.seat, view.dealer, view.stage];
  const seat = (k, place) => drawn(`seat ${at(k).seat}`, JSON.stringify([at(k), place, pending.has(at(k).seat), plaque,
    seatKey(ctx, at(k).seat)]), () => belSeat(at(k), view, ctx, pending, place));
  const status = drawn("status", JSON.stringify([view.deal, view.secret, view.target, view.stage, view._showdown,
    Boolean(view._deal), actor, me, view.wordLength, view.champions, view.required, ctx.names, ctx.lang]), () => {
    const you = actor !== undefined && actor === me;
    let stage = "";
    if (view.stage === "STAGE_OVER") {
      stage = (view.champions || []).length ? t("wd.champions", { names: namesOf(ctx, view.champions) }) : t("wd.over");
    } else if (view._showdown && view._deal) {
      stage = t("wd.bel.end");
    } else if (view.stage === "STAGE_LAY") {
      stage = you ? t("wd.bel.lay.you") : t("wd.bel.lay", { name: nameOf(ctx, actor ?? 0) });
    } else if (view.stage === "STAGE_PROPOSE") {
      stage = you ? t("wd.bel.propose.you", { n: view.wordLength || 5 }) : t("wd.bel.propose", { name: nameOf(ctx, actor ?? 0) });
    } else if (view.stage === "STAGE_LAST") {
      stage = you ? t("wd.bel.last.you") : t("wd.bel.last", { name: nameOf(ctx, actor ?? 0) });
    }
    const required = view.stage === "STAGE_LAY" && !view._showdown
      ? h("span", { class: `wd-required ${view.required ? (view.required === "LETTER_KIND_VOWEL" ? "vowel" : "consonant") : "any"}` },
        t(view.required === "LETTER_KIND_VOWEL" ? "wd.bel.vowel" : view.required === "LETTER_KIND_CONSONANT" ? "wd.bel.consonant" : "wd.bel.any"))
      : null;
    return h("div", { class: "wd-status" }, h("small", { class: "wd-deal" }, t("wd.bel.deal", { n: view.deal || 1 }),
      view.secret ? ` · ${t("wd.bel.secret")}` : "", ` · ${t("wd.bel.target", { n: num(view.target) || 1000 })}`),
    h("b", {}, stage), required);
  });
  const secret = Boolean(view.secret) && !view._revealed;
  const centre = drawn("centre", "", () => h("div", { class: "wd-centre" }));
  fill(centre, [status, drawn("table", tilesKey(view, ctx, secret), () => tableTiles(view, ctx, { secret }))]);
  const ring = drawn("ring", String(seats.length), () => h("div", { class: `wd-ring n${seats.length}` }));
  fill(ring, [seats.length > 2 ? seat(2, "top") : null, seats.length > 1 ? seat(1, "left") : null,
    seats.length > 3 ? seat(3, "right") : null, centre, me === null ? seat(0, "bottom") : null]);
  const teams = drawn("teams", JSON.stringify([view.target, view.totals, view._deal, view.champions, view.dealPoints,
    view.taken, seats.length, ctx.seat, ctx.names, ctx.lang]), () => teamsBar(view, ctx));
  const hand = me === null ? null : drawn("hand", JSON.stringify([seats[me], view.stage, view.toAct, view._showdown,
    typeof ctx.act, pending.has(me), plaque, seatKey(ctx, me)]), () => belHand(seats[me], view, ctx));
  return [teams, ring, lastPart(view, ctx, drawn, "belote"), hand, judgedPart(view, ctx, drawn)];
}

/** Which of the two families a view is: ctx.family ("bataille" or "belote"), else guessed from its fields. */
function familyOf(view, ctx) {
  if (ctx.family === "bataille" || ctx.family === "belote") return ctx.family;
  return "claims" in view ? "bataille" : "stage" in view || "totals" in view ? "belote" : "bataille";
}

/** The board of bataille, belote and secret belote (board.js's contract), made for ``node``: its parts kept from one
 *  view to the next, each drawn again when what it reads changed; the word being typed in its word box (input) is
 *  its own, and lights the tiles it takes on its own table. */
export function create(node, first = {}) {
  const ctx = latest({}, first);
  const typing = { node, draft: null }; // the word being typed: {text, family, error, sending, focused}
  let drawn = null;
  let root = null;
  let family = null;
  return {
    update(view, c = first) {
      latest(ctx, c);
      view = view || {};
      const kind = familyOf(view, ctx);
      if (!root || kind !== family) {
        family = kind;
        drawn = parts();
        root = h("div");
        node.replaceChildren(root);
      }
      const showdown = view._showdown ? " showdown" : "";
      if (kind === "belote") {
        root.className = `lw wd bel${view.secret ? " secret" : ""}${showdown}`;
        root.dataset.stage = view.stage || "";
        fill(root, belote(view, ctx, drawn));
      } else {
        root.className = `lw wd bat${showdown}`;
        root.dataset.phase = view.phase || "";
        fill(root, bataille(view, ctx, drawn));
      }
      // The word being typed lights its tiles while a word may still be said: not on the game's or a hand's end,
      // where the tiles left would glow as if chosen (the word is let go then).
      const over = view.phase === "PHASE_OVER" || view.stage === "STAGE_OVER";
      if (over || view._showdown) typing.draft = null;
      else if (typing.draft?.text) lightTable(node, typing.draft.text, typing.draft.family);
    },
    /** The board's own control for a word (claim, propose) and for belote's card, laid by a tap on it in the hand
     *  (the bar says so: however many cards fit, it is the same gesture); the screen makes the others (pass,
     *  bataille's lay). */
    input(move, view, c) {
      if (move?.kind === "claim") return wordBox(move, view, c, "bataille", typing);
      if (move?.kind === "propose") return wordBox(move, view, c, "belote", typing);
      if (move?.kind === "lay" && c.family === "belote") return h("p", { class: "wd-help" }, c.t("wd.bel.tap"));
      return null;
    },
    /** A hint's word said as a word, after its move's name ("Annoncer AVI"; "?V": a joker as V), never the claim's
     *  count glued to it ("2AVI"). */
    hint(x, c) {
      const claim = x?.bataille?.claim;
      const word = (claim || x?.belote?.propose)?.word;
      if (!word?.letters) return null;
      return [c.t(claim ? "act.claim" : "act.propose"), " ", h("b", { class: "wd-word" }, wordOf(word))];
    },
    destroy() {
      node.replaceChildren();
      root = null;
      typing.draft = null;
    },
  };
}

// -- the word box -----------------------------------------------------------------------------------------

function hintWords(ctx, family) {
  return (ctx.hints?.hints || []).map((x) => {
    const word = family === "bataille" ? x.bataille?.claim?.word : x.belote?.propose?.word;
    return word?.letters ? wordOf(word) : "";
  }).filter(Boolean);
}

/** A word to claim (bataille) or propose (belote): typed, its tiles lit on the board's table as it is typed
 *  (``typing``: the board's node and its draft, what the box holds across redraws). */
function wordBox(move, view, ctx, family, typing) {
  const t = ctx.t;
  const choice = move.word || {};
  const table = choice.cards || view?.table || [];
  const least = Number(choice.minLength || (family === "bataille" ? view?.minLength || 3 : view?.wordLength || 5));
  const most = Number(choice.maxLength || table.length);
  const jokers = family === "bataille";
  const draft = typing.draft || (typing.draft = { text: "", family, error: "", sending: false });
  draft.family = family;
  // A redraw replaces the box: it keeps the typing's focus (an element taken out of the page fires no blur).
  const hadFocus = draft.focused || document.activeElement?.classList?.contains("wd-input");

  const field = h("input", { type: "text", class: "wd-input", id: "wd-word", value: draft.text, placeholder: t("wd.box.placeholder"),
                             autocomplete: "off", autocapitalize: "characters", spellcheck: "false", enterkeyhint: "send",
                             "aria-label": t("wd.box.claim") });
  const preview = h("div", { class: "wd-preview", "aria-live": "polite" });
  const note = h("small", { class: "wd-note" });
  const send = h("button", { type: "button", class: "act wd-send" });
  const status = h("small", { class: "wd-box-status", role: "status" });

  const current = () => parseWord(field.value, jokers);
  const render = () => {
    const word = current();
    const matched = matchWord(word, table);
    preview.replaceChildren(...matched.map((m) => {
      if (m.via === "missing") return tile("??", { missing: true, letter: m.letter, lang: ctx.lang });
      if (m.via === "hidden") return tile("??", { maybe: true, letter: m.letter, lang: ctx.lang });
      const card = table[m.idx];
      return tile(m.via === "joker" ? `${card}=${m.letter}` : card, { lang: ctx.lang });
    }));
    const n = word.letters.length;
    const missing = matched.filter((m) => m.via === "missing").map((m) => m.letter);
    const hidden = matched.filter((m) => m.via === "hidden").length;
    const viaJoker = matched.filter((m) => m.via === "joker").map((m) => m.letter);
    const notes = [];
    if (n && n < least) notes.push([t("wd.box.min", { n: least }), "warn"]);
    if (n > most) notes.push([t("wd.box.max", { n: most }), "warn"]);
    if (missing.length) notes.push([t("wd.box.missing", { l: missing.join(" ") }), "warn"]);
    if (viaJoker.length) notes.push([t("wd.box.jokers", { l: viaJoker.join(" ") }), ""]);
    if (hidden) notes.push([t("wd.box.hidden", { n: hidden }), ""]);
    if (n >= least && n <= most && !missing.length && !hidden) notes.push([t("wd.box.ok"), "ok"]);
    if (!n) notes.push([t("wd.box.min", { n: least }) + (jokers ? ` · ${t("wd.box.joker.help")}` : ""), ""]);
    note.replaceChildren(...notes.flatMap(([text, kind], i) => [i ? " · " : "", h("span", { class: kind }, text)]));
    const text = wordText(word);
    send.textContent = draft.sending ? t("wd.box.sending")
      : text ? t(`wd.box.send.${family === "bataille" ? "claim" : "propose"}`, { word: text })
        : t(`wd.box.${family === "bataille" ? "claim" : "propose"}.empty`);
    send.disabled = draft.sending || n < least || n > most;
    status.textContent = draft.error || "";
    status.classList.toggle("error", Boolean(draft.error));
    lightTable(typing.node, field.value, family);
  };
  const act = async (text) => {
    if (draft.sending) return;
    draft.sending = true;
    draft.error = "";
    render();
    try {
      // The screen's act resolves null when the table refused (it says why itself); a rejection carries it.
      if ((await ctx.act({ action: text })) !== null) {
        draft.text = "";
        field.value = "";
      }
    } catch (e) {
      draft.error = e?.message || String(e);
    } finally {
      draft.sending = false;
      if (field.isConnected) render();
    }
  };
  const claimText = (word) => (family === "bataille" ? `claim ${num(view?.claims)} ${word}` : `propose ${word}`);
  field.addEventListener("input", () => {
    const clean = foldLetters(field.value);
    field.value = jokers ? clean : clean.replace(/\?/g, "");
    draft.text = field.value;
    draft.error = "";
    render();
  });
  field.addEventListener("focus", () => { draft.focused = true; });
  // A redraw taking the box out of the page blurs it too: only a blur that leaves it in the page is the player's.
  field.addEventListener("blur", () => setTimeout(() => { if (field.isConnected) draft.focused = false; }));
  field.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !send.disabled) send.click();
    if (e.key === "Escape") {
      field.value = draft.text = "";
      render();
    }
  });
  send.addEventListener("click", () => {
    const text = wordText(current());
    if (text) act(claimText(text));
  });
  const clear = h("button", { type: "button", class: "quiet small", onclick: () => { field.value = draft.text = ""; render(); field.focus(); } },
    t("wd.box.clear"));
  const none = family === "bataille" && view?.phase !== "PHASE_LAST" // at the last call, "pass" says no word for free
    ? h("button", { type: "button", class: "quiet small wd-none", title: t("wd.box.none.note"), onclick: () => act(claimText("-")) },
      t("wd.box.none"), h("small", {}, ` (${t("wd.box.none.note")})`))
    : null;
  const hints = hintWords(ctx, family);
  const box = h("div", { class: `lw wd-box ${family}` },
    h("div", { class: "wd-box-row" }, field, send),
    preview, note,
    h("div", { class: "wd-box-row minor" }, clear, none,
      h("small", { class: "wd-penalty" }, t(family === "bataille" ? "wd.box.penalty.bat" : "wd.box.penalty.bel"))),
    status,
    hints.length ? h("details", { class: "wd-hints" }, h("summary", {}, t("wd.box.hints")),
      h("div", {}, hints.map((w) => h("button", { type: "button", class: "quiet small", onclick: () => {
        field.value = draft.text = w;
        render();
      } }, w)))) : null);
  render();
  if (hadFocus) refocus(field);
  return box;
}

// -- the end of a hand ------------------------------------------------------------------------------------

/** The view as the hand ended: the last word and its verdict, cards taken, points and the winners (see board.js). */
export function showdown(view, events) {
  const copy = structuredClone(view || {});
  copy.seats = (copy.seats || []).map((s, i) => ({ ...s, seat: i }));
  const belote = "stage" in copy || "totals" in copy || (events || []).some((e) => e?.belote);
  // The events may be the whole hand's or only those after the view, and the view the last one drawn or the
  // final one. A verdict, points or a total are set alike either way; the table's cards are not: they are laid
  // again from the deal's start when the events hold it, left as the view has them once the game is over, else
  // the events after the view are laid on its table.
  const over = copy.phase === "PHASE_OVER" || copy.stage === "STAGE_OVER";
  const fromStart = (events || []).some((e) => e?.belote?.hand);
  const moving = !over;
  const shownTop = (view?.table || []).at(-1);
  if (fromStart && moving) {
    copy.table = [];
    delete copy._revealed;
  }
  let last = null;
  let began = false;
  for (const event of events || []) {
    const e = event?.bataille || event?.belote;
    if (!e) continue;
    if (e.hand) {
      if (began) break; // the next deal
      continue;
    }
    began = true;
    copy.table = copy.table || [];
    if (e.played) {
      last = null; // a card laid since: the last word is the one before (the view's), not this one and its passes
      if (!moving) continue;
      if (copy.secret) { // the stack: only its top shows, the more so once a shown stack is squared again
        copy.table = copy.table.map(() => "??");
        delete copy._revealed;
      }
      copy.table.push(e.played.card);
    } else if (e.claimed || e.proposed) {
      last = [e];
    } else if (e.revealed) {
      if (moving) {
        copy.table = [...(e.revealed.cards || [])];
        copy._revealed = true;
      }
      (last || (last = [])).push(e);
    } else if (e.admitted || e.refused || e.gives) {
      (last || (last = [])).push(e);
    } else if (e.passed) {
      if (last) last.push(e); // a pass alone leaves the last word on show
    } else if (e.takes) {
      (last || (last = [])).push(e);
      if (!moving) continue;
      for (const card of e.takes.cards || []) { // off the table, the earliest of each
        const at = copy.table.indexOf(card);
        const back = copy.table.indexOf("??");
        if (at >= 0 || back >= 0) copy.table.splice(at >= 0 ? at : back, 1);
      }
    } else if (e.points) {
      const seat = copy.seats[e.points.seat || 0];
      if (seat) seat.points = e.points.points;
    } else if (e.dealPoints) {
      const team = e.dealPoints.team || 0;
      copy._deal = copy._deal || {};
      copy._deal[team] = { points: num(e.dealPoints.points), bonus: num(e.dealPoints.bonus), total: num(e.dealPoints.total) };
      copy.totals = [...(copy.totals || ["0", "0"])];
      copy.totals[team] = String(num(e.dealPoints.total));
      copy.dealPoints = [...(copy.dealPoints || ["0", "0"])];
      copy.dealPoints[team] = String(num(e.dealPoints.points));
    } else if (e.champions) {
      copy.champions = e.champions.seats || [];
      if (belote) copy.stage = "STAGE_OVER";
      else copy.phase = "PHASE_OVER";
    }
  }
  // Secret belote laid again from the start: another's card reached this seat as "??"; the view showed the top.
  const table = copy.table || [];
  if (copy.secret && !copy._revealed && table.at(-1) === "??" && shownTop && shownTop !== "??" && table.length === (view?.table || []).length) {
    table[table.length - 1] = shownTop;
  }
  if (last) copy._last = last;
  copy._showdown = true;
  delete copy.toAct;
  delete copy.turn;
  copy.seats.forEach((s) => delete s.pending);
  return copy;
}
