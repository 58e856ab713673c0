// AlphaPoker's board: the word poker (rulebook alphapoker.fr.md, sections C.1 to C.7). Seats round a felt table
// with their stacks and bets, the pot in the middle, your hand as letter tiles (picked for an exchange), each word
// spelt in tiles at the reveal with its score counted as the rulebook counts it, and a word builder for your own.
// The contract every board follows is in board.js; the view is GetViewResponse.alphapoker (alphapoker.proto).

import { h } from "../dom.js";
import { lexiconLabel, policyLabel } from "../options.js";
import { tile, tileRow, backs, laidText, parseCard, foldLetters, reasonText, refusalText, refocus, LETTER_VALUES } from "./tiles.js";
import { scoreParts } from "./previews.js";
import { amountControl } from "./actions.js";
import { clockElement, fill, isPicked, latest, nameOf, num, parts, picksIn, seatKey, seatsOf } from "./board.js";
import { listOf } from "../i18n.js";

export const STRINGS = {
  fr: {
    "ap.deal": "Donne {n} sur {of}", "ap.deal.extra": "Donne {n}", "ap.tiebreak": "départage",
    "ap.phase.exchange": "Tour de change {n} sur {of}", "ap.phase.exchange.cap": "chacun change jusqu'à {n} {n:carte|cartes}",
    "ap.phase.bet": "Mises", "ap.phase.bet.opener": "{name} ouvre", "ap.phase.reveal": "Les mots sont dévoilés",
    "ap.phase.over": "Partie terminée", "ap.voir": "Relance pour voir : qui suit dévoile son mot",
    "ap.pot": "Pot", "ap.pot.won": "Pot remporté", "ap.pm": "{n} PM", "ap.cap": "mise plafonnée à {n} PM", "ap.stock": "pioche {n}",
    "ap.cap.quick": "plafond", // the bet's quick amount that goes to the cap (not all in: "tapis")
    "ap.discards": "écart {n}", "ap.carried": "dont {n} {n:reporté|reportés}", "ap.dealer": "donneur", "ap.dealer.mark": "D",
    "ap.bet": "mise {n}", "ap.folded": "couché", "ap.out": "éliminé", "ap.to.act": "à jouer", "ap.you": "vous",
    "ap.exchange.help": "Touchez les lettres à changer (jusqu'à {n}), puis validez.",
    "ap.exchange.full": "{n} {n:carte|cartes} au plus par tour de change",
    "ap.your.hand": "Votre jeu", "ap.laying": "pose son mot…", "ap.no.word": "pas de mot", "ap.refused": "refusé",
    "ap.points": "{n} pts", "ap.parts": "{count} lettres → {len} + valeurs {letters}", "ap.parts.letters": "valeurs {letters}",
    "ap.doubled": "× 2 une seule couleur", "ap.wins": "remporte {n} PM", "ap.remains": "{n} PM {n:reste|restent} au pot",
    "ap.previous": "Donne précédente", "ap.champions": "Victoire : {names}", "ap.winner": "vainqueur",
    "ap.judged": "mots jugés par le {name} · {policy}", "ap.simplified": "comptage simplifié",
    "ap.build.title": "Votre mot", "ap.build.help": "Touchez vos lettres dans l'ordre du mot, ou tapez-le.",
    "ap.build.type": "ou tapez le mot ici", "ap.build.back": "⌫", "ap.build.back.title": "retirer la dernière lettre",
    "ap.build.clear": "Effacer", "ap.build.lay": "Poser ce mot", "ap.build.lay.n": "Poser {word}",
    "ap.build.none": "Pas de mot", "ap.build.joker": "Le joker remplace quelle lettre ?", "ap.build.cancel": "annuler",
    "ap.build.empty": "Votre mot s'écrit ici", "ap.build.short": "moins de 3 lettres : 0 point",
    "ap.build.ifadmitted": "s'il est admis", "ap.build.missing": "absent de votre jeu : {l}",
    "ap.build.max": "{n} lettres au plus", "ap.build.sending": "…", "ap.hints": "Conseils d'entraînement",
    "ap.hint.use": "prendre ce mot", "ap.review": "Votre meilleur mot était {word} ({n} pts)",
    "ap.review.found": "Vous avez posé le meilleur mot possible",
  },
  en: {
    "ap.deal": "Deal {n} of {of}", "ap.deal.extra": "Deal {n}", "ap.tiebreak": "tie-break",
    "ap.phase.exchange": "Exchange {n} of {of}", "ap.phase.exchange.cap": "each may change up to {n} {n:card|cards}",
    "ap.phase.bet": "Betting", "ap.phase.bet.opener": "{name} opens", "ap.phase.reveal": "Showdown: the words",
    "ap.phase.over": "Game over", "ap.voir": "Raised to see: whoever calls shows a word",
    "ap.pot": "Pot", "ap.pot.won": "Pot won", "ap.pm": "{n} {n:chip|chips}", "ap.cap": "bets capped at {n}", "ap.stock": "stock {n}",
    "ap.cap.quick": "cap",
    "ap.discards": "discards {n}", "ap.carried": "{n} carried over", "ap.dealer": "dealer", "ap.dealer.mark": "D",
    "ap.bet": "bet {n}", "ap.folded": "folded", "ap.out": "out", "ap.to.act": "to act", "ap.you": "you",
    "ap.exchange.help": "Tap the letters to exchange (up to {n}), then confirm.",
    "ap.exchange.full": "at most {n} {n:card|cards} an exchange",
    "ap.your.hand": "Your hand", "ap.laying": "laying a word…", "ap.no.word": "no word", "ap.refused": "refused",
    "ap.points": "{n} pts", "ap.parts": "{count} letters → {len} + values {letters}", "ap.parts.letters": "values {letters}",
    "ap.doubled": "× 2 one colour", "ap.wins": "wins {n} {n:chip|chips}", "ap.remains": "{n} {n:chip stays|chips stay} in the pot",
    "ap.previous": "Last deal", "ap.champions": "Won by {names}", "ap.winner": "winner",
    "ap.judged": "words judged by the {name} · {policy}", "ap.simplified": "simplified scoring",
    "ap.build.title": "Your word", "ap.build.help": "Tap your letters in the word's order, or type it.",
    "ap.build.type": "or type the word here", "ap.build.back": "⌫", "ap.build.back.title": "take the last letter back",
    "ap.build.clear": "Clear", "ap.build.lay": "Lay this word", "ap.build.lay.n": "Lay {word}",
    "ap.build.none": "No word", "ap.build.joker": "Which letter does the joker stand for?", "ap.build.cancel": "cancel",
    "ap.build.empty": "Your word is spelt here", "ap.build.short": "under 3 letters: 0 points",
    "ap.build.ifadmitted": "if admitted", "ap.build.missing": "not in your hand: {l}",
    "ap.build.max": "at most {n} letters", "ap.build.sending": "…", "ap.hints": "Practice hints",
    "ap.hint.use": "use this word", "ap.review": "Your best word was {word} ({n} pts)",
    "ap.review.found": "You laid the best word there was",
  },
};


/** What a score is made of (a WordScore: the server's for a word laid, previews.js's for one being built), in words:
 *  "(7 lettres → 17 + valeurs 9) × 2 une seule couleur". */
function partsText(parts, count, simplified, t) {
  const letters = num(parts.letterPoints);
  const sum = simplified ? t("ap.parts.letters", { letters }) : t("ap.parts", { count, len: num(parts.lengthPoints), letters });
  return parts.doubled ? `(${sum}) ${t("ap.doubled")}` : sum;
}

/** A laid word's score as the server counted it (the seat's wordScore), or nothing where it says none. */
function scoreLine(laid, seat, simplified, t) {
  const parts = seat.wordScore;
  if (!laid?.length || !parts || num(parts.total) !== Number(seat.score)) return null;
  return h("small", { class: "ap-parts" }, partsText(parts, laid.length, simplified, t));
}

/** A seat's laid word: its tiles, its score and how it is counted, or why it is refused. */
function wordBlock(seat, view, ctx, { size = "small" } = {}) {
  const laid = seat.word || [];
  const refused = seat.score !== undefined && Number(seat.score) === 0;
  const block = h("div", { class: `ap-word${refused ? " ap-refused" : ""}` });
  if (laid.length) {
    const row = tileRow(laid.map(laidText), { [size]: true, lang: ctx.lang }, "ap-word-tiles");
    row.style.setProperty("--n", String(Math.max(size === "big" ? 7 : 5, laid.length)));
    block.append(row);
  }
  const word = laid.map((l) => l.letter).join("");
  if (refused) {
    block.append(h("div", { class: "ap-verdict" }, h("b", { class: "ap-score zero" }, "0"),
      h("span", { class: "ap-why", title: reasonText(seat.reason, ctx.lang) }, word ? `${word} ${ctx.t("ap.refused")} : ` : "",
        refusalText({ code: seat.code, reason: seat.reason || "no word" }, ctx.t, ctx.lang))));
  } else if (seat.score !== undefined) {
    block.append(h("div", { class: "ap-verdict" }, h("b", { class: "ap-score" }, ctx.t("ap.points", { n: seat.score })),
      scoreLine(laid, seat, view.simplified, ctx.t)),
    h("small", { class: "ap-reason" }, reasonText(seat.reason, ctx.lang)));
  }
  return block;
}

function pendingSet(view, ctx) {
  if (ctx.pending instanceof Set) return ctx.pending;
  return new Set(seatsOf(view).filter((s) => s.pending).map((s) => s.seat));
}

/** One seat's plaque: its name, the dealer's button, stack and bet, its hand (backs) or word. */
function seatPlaque(seat, view, ctx, { mine = false } = {}) {
  const pending = !view._showdown && view.phase !== "PHASE_OVER" && (pendingSet(view, ctx).has(seat.seat) || view.toAct === seat.seat);
  const folded = !seat.inDeal && !seat.out;
  const won = (view.champions || []).includes(seat.seat);
  const classes = ["seat", "ap-seat", mine && "mine", pending && "pending", folded && "folded", seat.out && "out",
                   seat._won && "winner", won && "champion"].filter(Boolean).join(" ");
  const head = h("div", { class: "ap-seat-head" },
    h("span", { class: "ap-avatar", "aria-hidden": "true" }, (nameOf(ctx, seat.seat) || "?").trim().slice(0, 1).toUpperCase()),
    h("b", { class: "ap-name" }, nameOf(ctx, seat.seat), mine ? h("small", {}, ` (${ctx.t("ap.you")})`) : null),
    (view.dealer || 0) === seat.seat && view.phase !== "PHASE_OVER"
      ? h("span", { class: "ap-dealer", title: ctx.t("ap.dealer") }, ctx.t("ap.dealer.mark")) : null,
    pending ? h("span", { class: "ap-turn" }, ctx.clock?.seat === seat.seat ? clockElement(ctx.clock, ctx.t, "lw-clock") : ctx.t("ap.to.act")) : null);
  const money = h("div", { class: "ap-money" },
    h("span", { class: "ap-stack", title: ctx.t("ap.pm", { n: num(seat.stack) }) }, h("i", { class: "ap-chip" }), ctx.t("ap.pm", { n: num(seat.stack) })),
    num(seat.bet) ? h("span", { class: "ap-bet" }, ctx.t("ap.bet", { n: num(seat.bet) })) : null,
    seat.out ? h("span", { class: "ap-tag out" }, ctx.t("ap.out")) : folded ? h("span", { class: "ap-tag" }, ctx.t("ap.folded")) : null,
    seat._won ? h("span", { class: "ap-tag win" }, ctx.t("ap.wins", { n: seat._won })) : null,
    won ? h("span", { class: "ap-tag win" }, `★ ${ctx.t("ap.winner")}`) : null);
  const plaque = h("div", { class: classes, "data-seat": seat.seat }, head, money);
  if (!mine) {
    if (seat.word?.length || seat.score !== undefined) plaque.append(wordBlock(seat, view, ctx));
    else if ((seat.hand || []).length && view.phase !== "PHASE_OVER") {
      plaque.append(backs((seat.hand || []).length, 9, { tiny: true }));
      if (view.phase === "PHASE_REVEAL" && pending) plaque.append(h("small", { class: "ap-laying" }, ctx.t("ap.laying")));
    }
  }
  return plaque;
}

/** The middle of the table: the phase in words, the pot, the cap, the stock. */
function centre(view, ctx) {
  const t = ctx.t;
  const deal = view.rounds && num(view.round) <= num(view.rounds) ? t("ap.deal", { n: view.round || 1, of: view.rounds })
    : t("ap.deal.extra", { n: view.round || 1 });
  let phase = "";
  let detail = "";
  if (view.phase === "PHASE_EXCHANGE") {
    phase = t("ap.phase.exchange", { n: view.exchangeRound || 1, of: view.exchangeRounds || 1 });
    detail = t("ap.phase.exchange.cap", { n: view.exchangeCap || 0 });
  } else if (view.phase === "PHASE_BET") {
    phase = t("ap.phase.bet");
    detail = view.voir ? t("ap.voir") : view.opener !== undefined ? t("ap.phase.bet.opener", { name: nameOf(ctx, view.opener) }) : "";
  } else if (view.phase === "PHASE_REVEAL" || view._showdown) {
    phase = t("ap.phase.reveal");
  } else if (view.phase === "PHASE_OVER") {
    phase = t("ap.phase.over");
    detail = (view.champions || []).length ? t("ap.champions", { names: listOf(view.champions.map((s) => nameOf(ctx, s))).join("") }) : "";
  }
  const winners = seatsOf(view).filter((s) => s._won);
  return h("div", { class: "ap-centre" },
    h("div", { class: "ap-phase" }, h("span", { class: "ap-deal" }, deal, view.tieBreak ? h("em", { class: "ap-tb" }, ` · ${t("ap.tiebreak")}`) : null),
      h("b", {}, phase), detail ? h("small", {}, detail) : null),
    h("div", { class: `ap-pot${winners.length ? " taken" : ""}` },
      h("span", { class: "ap-pot-chips", "aria-hidden": "true" }, h("i", {}), h("i", {}), h("i", {})),
      h("span", {}, h("small", {}, t(winners.length ? "ap.pot.won" : "ap.pot")), h("b", {}, ctx.t("ap.pm", { n: num(view.pot) })),
        num(view.carried) ? h("small", {}, t("ap.carried", { n: num(view.carried) })) : null)),
    view._remains ? h("small", { class: "ap-remains" }, t("ap.remains", { n: view._remains })) : null,
    h("div", { class: "ap-facts" },
      num(view.cap) ? h("span", {}, t("ap.cap", { n: num(view.cap) })) : null,
      h("span", {}, t("ap.stock", { n: num(view.stock) })),
      num(view.discards) ? h("span", {}, t("ap.discards", { n: num(view.discards) })) : null));
}

/** Your own seat: the plaque, your hand in big tiles (picked for an exchange, each by its place: two black E are two
 *  tiles, picked one by one), your word once laid. */
function mySeat(seat, view, ctx) {
  const plaque = seatPlaque(seat, view, ctx, { mine: true });
  const hand = seat.hand || [];
  const exchanging = view.phase === "PHASE_EXCHANGE" && view.toAct === seat.seat && typeof ctx.pick === "function";
  const cap = num(view.exchangeCap);
  const full = exchanging && cap > 0 && picksIn(ctx.picked, hand) >= cap;
  const laid = seat.word?.length || seat.score !== undefined;
  if (hand.length && !laid) {
    const row = h("div", { class: `ap-hand${exchanging ? " picking" : ""}`, css: { "--n": Math.max(6, hand.length) } });
    hand.forEach((card, i) => {
      const picked = exchanging && isPicked(ctx.picked, i, card);
      row.append(tile(card, {
        big: true, picked, lang: ctx.lang,
        onclick: exchanging && (picked || !full) ? () => ctx.pick(i, card) : undefined,
      }));
    });
    plaque.append(row);
    if (exchanging) plaque.append(h("small", { class: "ap-help" }, full ? ctx.t("ap.exchange.full", { n: cap }) : ctx.t("ap.exchange.help", { n: cap })));
  }
  if (laid) plaque.append(wordBlock(seat, view, ctx, { size: "big" }));
  const review = view._showdown ? reviewBlock(seat, view, ctx) : null;
  if (review) plaque.append(review);
  return plaque;
}

/** The deal's review (ctx.review, ReviewHand's answer, for this deal only): the best word your last hand allowed and
 *  its score, beside the word you laid; a word as good as it is said so. */
function reviewBlock(seat, view, ctx) {
  const cards = ctx.review?.best?.[0]?.alphapoker?.lay?.cards;
  if (!cards?.length || Number(ctx.review.hand || 0) !== Number(view.round || 0)) return null;
  const best = scoreParts(cards, view.simplified).total;
  if (seat.score !== undefined && Number(seat.score) >= best) {
    return h("p", { class: "ap-review found" }, "✓ ", ctx.t("ap.review.found"));
  }
  return h("div", { class: "ap-review" },
    h("small", {}, ctx.t("ap.review", { word: cards.map((c) => c.letter).join(""), n: best })),
    tileRow(cards.map(laidText), { small: true, lang: ctx.lang }, "ap-word-tiles"));
}

/** The last deal's words and wins (the view's `previous`, events without the cards). */
function previousDeal(view, ctx) {
  const rows = [];
  for (const e of view.previous || []) {
    if (e.scored) {
      rows.push(h("li", {}, h("b", {}, nameOf(ctx, e.scored.seat || 0)), " ", h("span", { class: "ap-prev-word" }, e.scored.word),
        " ", h("b", { class: "ap-score" }, ctx.t("ap.points", { n: e.scored.score || 0 })), " ",
        h("small", {}, reasonText(e.scored.reason, ctx.lang))));
    } else if (e.refused) {
      const word = e.refused.word && e.refused.word !== "-" ? e.refused.word : "";
      rows.push(h("li", { class: "ap-refused" }, h("b", {}, nameOf(ctx, e.refused.seat || 0)), " ",
        word ? h("span", { class: "ap-prev-word" }, word) : null, " ", h("b", { class: "ap-score zero" }, "0"), " ",
        h("small", { title: reasonText(e.refused.reason, ctx.lang) }, refusalText(e.refused, ctx.t, ctx.lang))));
    } else if (e.won) {
      rows.push(h("li", { class: "ap-prev-win" }, h("b", {}, nameOf(ctx, e.won.seat || 0)), " ", ctx.t("ap.wins", { n: num(e.won.amount) })));
    } else if (e.remains) {
      rows.push(h("li", {}, ctx.t("ap.remains", { n: num(e.remains.amount) })));
    }
  }
  if (!rows.length) return null;
  return h("details", { class: "ap-previous" }, h("summary", {}, ctx.t("ap.previous")), h("ul", {}, rows));
}

/** Draws AlphaPoker's view in ``root``, keeping each part (``drawn``, board.js's parts()) while what it reads is the
 *  same: each seat's plaque, the middle, the viewer's seat and hand, the foot. */
function draw(root, view, ctx, drawn) {
  const seats = seatsOf(view);
  const me = ctx.seat !== null && ctx.seat !== undefined && seats[ctx.seat] ? ctx.seat : null;
  const order = me === null ? seats : [...seats.slice(me + 1), ...seats.slice(0, me)];
  const pending = pendingSet(view, ctx);
  // what every plaque reads of the view beside its seat
  const table = [view.phase, view._showdown, view.toAct, view.dealer, view.champions, view.simplified];
  const plaque = (s) => drawn(`seat ${s.seat}`, JSON.stringify([s, table, pending.has(s.seat), seatKey(ctx, s.seat)]),
    () => seatPlaque(s, view, ctx));
  const others = drawn("others", String(order.length), () => h("div", { class: `ap-others n${order.length}` }));
  fill(others, order.map(plaque));
  const middle = drawn("centre", JSON.stringify([{ ...view, seats: seats.map((s) => s._won || 0), previous: null },
    ctx.names, ctx.lang]), () => centre(view, ctx));
  const picked = [...(ctx.picked instanceof Map ? ctx.picked : [])];
  const mine = me === null ? null : drawn("mine", JSON.stringify([seats[me], { ...view, seats: null, previous: null },
    pending.has(me), seatKey(ctx, me), picked, typeof ctx.pick, ctx.review]), () => mySeat(seats[me], view, ctx));
  const felt = drawn("felt", "", () => h("div", { class: "ap-felt" }));
  fill(felt, [others, middle, mine]);
  const foot = drawn("foot", JSON.stringify([view.previous, view.lexicon, view.policy, view.simplified, ctx.names,
    ctx.lang]), () => h("div", { class: "ap-foot" },
      previousDeal(view, ctx),
      view.lexicon ? h("small", { class: "ap-judged" }, ctx.t("ap.judged", { name: lexiconLabel(view.lexicon), policy: policyLabel(view.policy) }),
        view.simplified ? ` · ${ctx.t("ap.simplified")}` : "") : null));
  root.className = `lw ap${view._showdown ? " showdown" : ""}`;
  root.dataset.phase = view.phase || "";
  fill(root, [felt, foot]);
}

/** A bet's quick amounts at a table whose bets go to ``cap`` (a seat's total bet in a deal): its least, and its most,
 *  named as the cap when it is the cap (all in only when the seat holds less); no share of the pot, which bounds
 *  nothing here (actions.js's amountControl). */
const cappedAmounts = (cap) => (min, max, ctx) => [[ctx.t("min"), min],
  [ctx.t(max === cap ? "ap.cap.quick" : "max"), max]];

/** AlphaPoker's board (board.js's contract), made for ``node``: its parts kept from one view to the next, and the
 *  word being built in its word builder (its input) its own. */
export function create(node, first = {}) {
  const ctx = latest({}, first);
  const own = { word: null }; // the word being built: {key (the deal and its cards), state}
  let drawn = parts();
  let root = null;
  return {
    update(view, c = first) {
      latest(ctx, c);
      if (!root) {
        root = h("div");
        node.replaceChildren(root);
      }
      draw(root, view || {}, ctx, drawn);
    },
    /** The board's own controls: the reveal's word, and a bet's amount as the cap the view says bounds it; the
     *  screen makes the others (folds, calls, the exchange's picking). */
    input(move, view, c) {
      if (move?.kind === "lay" && move.word) return wordBuilder(move, view, c, own);
      if (move?.amount && num(view?.cap) && num(move.amount.max) > num(move.amount.min)) {
        return amountControl(move, c, cappedAmounts(num(view.cap)));
      }
      return null;
    },
    destroy() {
      node.replaceChildren();
      root = null;
      drawn = parts();
      own.word = null;
    },
  };
}

// -- the word builder -----------------------------------------------------------------------------------

/** The cards of a rack that spell `letters` (plain capitals): one colour when the rack allows it (it doubles the
 *  score), real cards before jokers; a letter no card gives is left out ({i: -1}). */
function spell(letters, rack) {
  const cards = rack.map(parseCard);
  const attempt = (colour) => {
    const used = new Set();
    const picks = [];
    for (const letter of letters) {
      const ok = (c, j) => !used.has(j) && (!colour || c.colour === colour);
      let j = cards.findIndex((c, k) => ok(c, k) && c.kind === "letter" && c.letter === letter);
      if (j < 0) j = cards.findIndex((c, k) => ok(c, k) && c.kind === "joker");
      if (j >= 0) used.add(j);
      picks.push({ i: j, letter });
    }
    return picks;
  };
  const whole = (picks) => picks.every((p) => p.i >= 0);
  for (const colour of ["r", "b"]) {
    const picks = attempt(colour);
    if (whole(picks)) return picks;
  }
  return attempt(null);
}

/** The lay move's control: click (or type) your tiles in the word's order, a joker asking its letter. ``own.word``
 *  keeps the word being built across redraws of the same decision (the board's). */
function wordBuilder(move, view, ctx, own) {
  const t = ctx.t;
  const choice = move.word || {};
  const fromMove = choice.cards || [];
  const hand = view?.seats?.[ctx.seat]?.hand || [];
  const sameCards = [...hand].sort().join(" ") === [...fromMove].sort().join(" ");
  const rack = sameCards ? hand : fromMove; // the player's own order when it holds the same cards
  const most = Number(choice.maxLength || rack.length);
  const key = `ap:${view?.round}:${[...fromMove].sort().join("")}`;
  if (own.word?.key !== key) own.word = { key, state: { picks: [], joker: -1, error: "", sending: false } };
  const { state } = own.word;
  const hadFocus = state.focused || document.activeElement?.classList?.contains("ap-type");

  const box = h("div", { class: "lw ap-builder" });
  const fit = { "--n": Math.max(6, rack.length, most) };
  const wordRow = h("div", { class: "ap-b-word", "aria-live": "polite", css: fit });
  const rackRow = h("div", { class: "ap-b-rack", css: fit });
  const scoreRow = h("div", { class: "ap-b-score" });
  const jokerRow = h("div", { class: "ap-b-joker" });
  const typed = h("input", { type: "text", class: "ap-type", id: "ap-word", placeholder: t("ap.build.type"), autocomplete: "off",
                             autocapitalize: "characters", spellcheck: "false", enterkeyhint: "done",
                             "aria-label": t("ap.build.type") });
  const layButton = h("button", { type: "button", class: "act ap-lay" });
  const noneButton = h("button", { type: "button", class: "quiet ap-none" }, t("ap.build.none"));
  const status = h("small", { class: "ap-b-status", role: "status" });

  const letters = () => state.picks.map((p) => p.letter).join("");
  const send = async (cards) => {
    if (state.sending) return;
    state.sending = true;
    state.error = "";
    render();
    try {
      // The screen's act resolves null when the table refused (it says why itself); a rejection carries it.
      if ((await ctx.act({ alphapoker: { lay: { cards } } })) !== null && own.word?.key === key) own.word = null;
    } catch (e) {
      state.error = e?.message || String(e);
    } finally {
      state.sending = false;
      if (box.isConnected) render();
    }
  };
  const add = (i) => {
    if (state.picks.length >= most || state.picks.some((p) => p.i === i)) return;
    const card = parseCard(rack[i]);
    if (card.kind === "joker" && !card.letter) {
      state.joker = i; // ask its letter first
    } else {
      state.picks.push({ i, letter: card.letter });
    }
    render();
  };
  const render = () => {
    const used = new Set(state.picks.map((p) => p.i));
    wordRow.replaceChildren(...(state.picks.length ? state.picks.map((p, k) => {
      if (p.i < 0) return tile("??", { missing: true, letter: p.letter, big: true, lang: ctx.lang });
      const card = parseCard(rack[p.i]);
      const text = card.kind === "joker" ? `${rack[p.i]}=${p.letter}` : rack[p.i];
      return tile(text, { big: true, lang: ctx.lang, onclick: () => { state.picks.splice(k, 1); render(); } });
    }) : [h("span", { class: "ap-b-empty" }, t("ap.build.empty"))]));
    rackRow.replaceChildren(...rack.map((card, i) => tile(card, {
      big: true, dim: used.has(i), lang: ctx.lang, picked: state.joker === i,
      onclick: used.has(i) ? undefined : () => add(i),
    })));
    // The joker's letter: the alphabet, each with its value.
    jokerRow.hidden = state.joker < 0;
    if (state.joker >= 0) {
      const colour = parseCard(rack[state.joker]).colour;
      jokerRow.replaceChildren(h("b", {}, t("ap.build.joker")),
        h("div", { class: "ap-b-alphabet" }, Object.keys(LETTER_VALUES).map((l) => tile(`?${colour}=${l}`, {
          small: true, lang: ctx.lang, onclick: () => {
            state.picks.push({ i: state.joker, letter: l });
            state.joker = -1;
            render();
          },
        }))),
        h("button", { type: "button", class: "quiet small", onclick: () => { state.joker = -1; render(); } }, t("ap.build.cancel")));
    }
    const missing = state.picks.filter((p) => p.i < 0).map((p) => p.letter);
    const laid = state.picks.filter((p) => p.i >= 0).map((p) => ({ card: rack[p.i], letter: p.letter }));
    const parts = scoreParts(laid, view?.simplified);
    scoreRow.replaceChildren();
    if (missing.length) {
      scoreRow.append(h("span", { class: "ap-b-warn" }, t("ap.build.missing", { l: missing.join(" ") })));
    } else if (laid.length && laid.length < 3) {
      scoreRow.append(h("span", { class: "ap-b-warn" }, t("ap.build.short")));
    } else if (laid.length) {
      scoreRow.append(h("b", { class: "ap-score" }, t("ap.points", { n: parts.total })), " ",
        h("small", {}, partsText(parts, laid.length, view?.simplified, t), " · ", t("ap.build.ifadmitted")));
    }
    if (document.activeElement !== typed) typed.value = letters();
    const word = letters();
    layButton.textContent = state.sending ? t("ap.build.sending") : word ? t("ap.build.lay.n", { word }) : t("ap.build.lay");
    layButton.disabled = state.sending || !laid.length || missing.length > 0;
    noneButton.disabled = state.sending;
    status.textContent = state.error;
    status.classList.toggle("error", Boolean(state.error));
  };
  typed.addEventListener("input", () => {
    const text = foldLetters(typed.value).replace(/\?/g, "").slice(0, most);
    state.picks = spell([...text], rack);
    if (typed.value !== text) typed.value = text;
    state.joker = -1;
    render();
  });
  typed.addEventListener("focus", () => { state.focused = true; });
  // A redraw taking the box out of the page blurs it too: only a blur that leaves it in the page is the player's.
  typed.addEventListener("blur", () => setTimeout(() => { if (typed.isConnected) state.focused = false; }));
  typed.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !layButton.disabled) layButton.click();
  });
  layButton.addEventListener("click", () => {
    const laid = state.picks.filter((p) => p.i >= 0).map((p) => ({ card: rack[p.i], letter: p.letter }));
    if (laid.length) send(laid);
  });
  noneButton.addEventListener("click", () => send([]));
  const back = h("button", { type: "button", class: "quiet ap-back", title: t("ap.build.back.title"), "aria-label": t("ap.build.back.title"),
                             onclick: () => { state.picks.pop(); state.joker = -1; render(); } }, t("ap.build.back"));
  const clear = h("button", { type: "button", class: "quiet", onclick: () => { state.picks = []; state.joker = -1; render(); } }, t("ap.build.clear"));

  box.append(...[
    h("div", { class: "ap-b-head" }, h("b", {}, t("ap.build.title")), h("small", {}, t("ap.build.help"))),
    wordRow, scoreRow, rackRow, jokerRow,
    h("div", { class: "ap-b-keys" }, typed, back, clear),
    h("div", { class: "ap-b-go" }, layButton, noneButton, most < rack.length ? h("small", {}, t("ap.build.max", { n: most })) : null),
    status,
    hintsBlock(ctx, rack, (picks) => { state.picks = picks; state.joker = -1; render(); })].filter(Boolean));
  render();
  if (hadFocus) refocus(typed);
  return box;
}

/** A practice table's hints (GetHints JSON): the suggested words, offered on demand, never at another table. */
function hintsBlock(ctx, rack, use) {
  const hints = (ctx.hints?.hints || []).map((x) => x.alphapoker?.lay?.cards).filter((c) => c?.length);
  if (!hints.length) return null;
  return h("details", { class: "ap-hints" }, h("summary", {}, ctx.t("ap.hints")),
    h("ul", {}, hints.map((cards) => {
      const picks = [];
      const taken = new Set();
      for (const c of cards) { // each hinted card to its place in the rack
        const i = rack.findIndex((r, k) => !taken.has(k) && r === c.card);
        taken.add(i);
        picks.push({ i, letter: c.letter });
      }
      const parts = scoreParts(cards);
      return h("li", {}, h("button", { type: "button", class: "ap-hint", title: ctx.t("ap.hint.use"), onclick: () => use(picks) },
        tileRow(cards.map(laidText), { small: true, lang: ctx.lang }), " ", h("b", {}, ctx.t("ap.points", { n: parts.total }))));
    })));
}

// -- the end of a deal --------------------------------------------------------------------------------

/** The view as the deal ended: the words laid, their scores, who won what (see board.js). */
export function showdown(view, events) {
  const copy = structuredClone(view || {});
  copy.seats = (copy.seats || []).map((s, i) => ({ ...s, seat: i }));
  const seat = (n) => copy.seats[n || 0] || (copy.seats[n || 0] = { seat: n || 0 });
  // A bet brings the seat's bet TO its amount: the stack pays only what the view's bet lacks (nothing for a bet
  // the view held already); the game's final view holds every chip where it ended already.
  const final = copy.phase === "PHASE_OVER";
  const betTo = (s, to) => {
    if (!final) s.stack = String(num(s.stack) - Math.max(0, num(to) - num(s.bet)));
    s.bet = to;
  };
  let began = false;
  for (const event of events || []) {
    const e = event?.alphapoker;
    if (!e) continue;
    if (e.hand) {
      if (began) break; // the next deal
      continue;
    }
    began = true;
    if (e.folded) Object.assign(seat(e.folded.seat), { inDeal: false, hand: [] });
    else if (e.bet) betTo(seat(e.bet.seat), e.bet.to);
    else if (e.raised) betTo(seat(e.raised.seat), e.raised.to);
    else if (e.raisedToSee) {
      betTo(seat(e.raisedToSee.seat), e.raisedToSee.to);
      copy.voir = true;
    } else if (e.called) { // a call matches the highest bet (the same whether or not the view had it already)
      betTo(seat(e.called.seat), String(Math.max(...copy.seats.map((s) => num(s.bet)))));
    } else if (e.phase) {
      if (e.phase.name === "reveal") copy.phase = "PHASE_REVEAL";
    } else if (e.wordLaid) {
      Object.assign(seat(e.wordLaid.seat), { word: e.wordLaid.cards || [], wordScore: e.wordScore }); // the server's parts
    } else if (e.scored) {
      Object.assign(seat(e.scored.seat), { score: e.scored.score || 0, reason: e.scored.reason || "" });
    } else if (e.refused) {
      Object.assign(seat(e.refused.seat), { score: 0, reason: e.refused.reason || "no word", code: e.refused.code });
    } else if (e.won) {
      const s = seat(e.won.seat); // the pot is paid: its stack holds the win, said beside it too
      s._won = num(s._won) + num(e.won.amount);
      if (!final) s.stack = String(num(s.stack) + num(e.won.amount));
    } else if (e.remains) {
      copy._remains = num(e.remains.amount);
    } else if (e.out) {
      Object.assign(seat(e.out.seat), { out: true, inDeal: false });
    } else if (e.tieBreak) {
      copy._tieBreak = e.tieBreak.seats || [];
    } else if (e.champions) {
      copy.champions = e.champions.seats || [];
      copy.phase = "PHASE_OVER";
    }
  }
  const won = copy.seats.reduce((n, s) => n + num(s._won), 0);
  if (won) copy.pot = String(won); // what was won of the pot (bets after the view read in); what remains is said apart
  copy._showdown = true;
  delete copy.toAct;
  copy.seats.forEach((s) => delete s.pending);
  return copy;
}
