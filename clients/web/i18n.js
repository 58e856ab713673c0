// The page's words in French and English: the browser's language unless the player chose one (the switch in
// the header), <html lang> set to it. A text may hold {name} slots: t("call", {n: 3}) is "Suivre 3"; and a word
// for a count, {n:carte|cartes} ("1 carte", "0 carte", "2 cartes": Intl.PluralRules says which); {n:clock}, n seconds
// as a clock shows them ("4:57", clockTime). French "de" and
// "que" elide before a slot read with a vowel ("Victoire d'anne"), and a bot's name takes its article ("Victoire du
// robot fort", "perd contre le robot fort", "Le robot fort passe"): one rule for every text, see pieces().
// Each board module brings its own words (its STRINGS), looked up first: see table/board.js.

const KEY = "brelan.lang";
export const LANGS = ["fr", "en"];

const WORDS = {
  fr: {
    "nav.tables": "Tables", "nav.tournaments": "Tournois", "nav.words": "Mots", "you.are": "vous êtes",
    "you.placeholder": "votre nom", "loading": "Chargement…", "lang.other": "English",
    "lobby.title": "Tables", "lobby.none": "Aucune table ouverte : créez-en une.", "lobby.newest": "les {n} plus récentes",
    "lobby.finished": "terminées aussi", "lobby.replay": "revoir", "col.table": "table", "col.game": "jeu", "col.status": "état",
    "col.seats": "places", "status.waiting": "en attente", "status.playing": "en jeu", "status.finished": "terminée",
    "join": "s'asseoir", "watch": "regarder", "play": "jouer", "free": "libre", "seat": "place {n}", "seat.free": "place libre",
    // a bot of the house, by its level (levels.js's botNames): numbered when bots of its table share one
    "bot": "robot {level}", "bot.nth": "robot {level} {n}", "bot.plain": "robot", "bot.plain.nth": "robot {n}",
    // bots of a level counted, in a table's title (levels.js's seatedNames): the level's word in the plural
    "bot.many": "{n} robots {level}", "bot.plain.many": "{n} robots",
    "form.title": "Nouvelle table", "form.game": "jeu", "form.bots": "robots aux places :", "form.time": "temps par décision",
    "form.time.default": "60 s (par défaut)", "form.time.none": "sans limite", "form.sit": "je prends la place 1",
    "form.practice": "entraînement : montrer les meilleurs mots et mains",
    "form.apart": "spectateurs à part : les joueurs ne voient pas leurs messages", "form.pace": "rythme des robots",
    "form.pause": "pause après chaque donne",
    "form.level": "niveau des robots",
    "pace.calm": "posé (8 s)", "pace.normal": "normal (5 s)", "pace.quick": "vif (3 s)", "pace.expert": "expert (1 s)",
    "form.create": "créer", "form.options": "règles de la table", "form.duration.none": "aucune",
    "form.hands": "{n} mains", "form.hands.rulebook": "jusqu'au dernier tapis (livret)",
    "table.you": "vous : {name}", "table.watching": "spectateur", "table.hand": "donne {n}", "table.deal": "donne {n}",
    "table.leave": "quitter",
    "table.leave.confirm": "Quitter la table ? Votre place vous est gardée le temps de la partie.",
    "table.take": "prendre une place", "table.secret": "code de place", "table.secret.join": "reprendre ma place",
    "table.kept": "Votre place vous est gardée : reprenez-la avec le code {secret}",
    "seat.lost": "Votre place a été reprise sur un autre appareil : vous regardez la table.",
    "seat.lost.back": "reprendre ma place ici",
    "table.feed": "ce qui s'est passé", "table.moved": "la table a avancé avant votre coup : regardez à nouveau",
    "turn.yours": "À vous de jouer", "turn.may": "Vous pouvez jouer", "turn.wait": "Les autres jouent", "turn.pause": "Pause entre les donnes",
    "wait.one": "en attente d'un joueur", "wait.many": "en attente de {n} joueurs",
    // a waiting table's seats on the felt (table/waiting.js)
    "wait.seats.note": "La partie commence quand chaque place est prise.", "wait.seat.you": "vous",
    "wait.seat.bot": "prêt", "wait.seat.here": "à sa place", "wait.seat.away": "place prise, pas encore là",
    "wait.seat.kept": "place gardée", "wait.seat.free": "place libre",
    "turn.watching": "Vous regardez : vous voyez ce que voit tout spectateur.", "turn.over": "La partie est finie.",
    "clock": "{n:clock}", "clock.left": "plus que {n:clock}", "continue": "continuer", "showdown": "Fin de la donne",
    // a seat out of the game while the others play on
    "out.you": "Vous finissez {place} sur {n} : vous êtes hors jeu, la table continue sans vous.", "out.skip": "voir le résultat",
    "out.watch": "regarder la suite", "out.skipping": "Le résultat s'affichera dès la fin de la partie.",
    "result.title": "Victoire de {names}", "result.none": "La partie est finie", "result.again": "rejouer",
    "result.tournament": "retour au tournoi",
    "result.forfeited": "Forfait (absents) : {names}", "result.abandoned": "Partie abandonnée : personne n'est revenu",
    "result.rank": "rang", "result.player": "joueur",
    // every per-seat field of the families' results (proto *Result), and what the game counted (facts)
    "result.chips": "jetons", "result.awards": "Awards", "result.deals": "donnes jouées", "result.stacks": "jetons",
    "result.points": "points", "result.totals": "total", "result.scores": "points", "result.hands": "donnes jouées",
    "result.rounds": "donnes jouées", "result.cards": "cartes", "result.team_points": "points de l'équipe",
    "result.pot": "reste au pot", "result.alphapoker.stacks": "PM", "result.chinese.totals": "unités",
    "result.out_hands": "éliminé à la donne", "result.never": "—",
    "result.fact": "{name} : {n}", "result.replay": "Revoir la partie",
    "replay.missing": "Revoir une partie n'est pas encore possible sur cette page.",
    "type.move": "écrire un coup", "type.placeholder": "un coup", "type.send": "jouer",
    "practice": "entraînement", "hint": "conseil", "hints.none": "pas de conseil pour cette décision",
    "pick.cards": "choisissez {sizes} {n:carte|cartes} dans votre jeu", "pick.range": "{a} à {b}", "amount": "montant",
    "act.bet": "Miser {n}", "act.call": "Suivre {n}", "act.call.all": "Suivre", "act.check": "Parole",
    "act.fold": "Se coucher", "act.raise": "Relancer à {n}", "act.voir": "Voir à {n}", "act.stop": "Stop",
    "act.exchange": "Échanger {n}", "act.exchange.none": "Garder mon jeu", "act.discard": "Écarter {n}",
    "act.discard.none": "Ne rien écarter", "act.lay": "Poser", "act.lay.card": "Poser", "act.claim": "Annoncer",
    "act.propose": "Proposer", "act.pass": "Passer", "act.pay": "Payer", "act.pay.n": "Payer {n}", "act.place": "Placer",
    "act.surrender": "Abandonner la main", "min": "min", "max": "tapis", "half.pot": "½ pot", "pot": "pot",
    "tournaments.title": "Tournois", "words.title": "Mots",
    "words.check": "vérifier", "words.explain": "expliquer", "words.score": "compter", "words.best": "meilleurs mots",
    "words.anagrams": "anagrammes", "words.pattern": "motif", "words.none": "aucun", "words.admitted": "admis :",
    "words.refused": "refusé :", "words.points": "{n} {n:point|points}", "words.breakdown": "longueur {length} + lettres {letters}",
    "words.doubled": "doublé : une seule couleur",
    "words.sources": "selon {sources}", "words.alone": "seulement dans {source} : non admis par défaut",
    "words.slip": "confusion avec {lemma} : non admis",
    // why a word is refused, by its code (lexicon.proto's WordRefusal): tiles.js's refusalText; the server's reason
    // in English says the details (the readings, the letters missing) beside it
    "refusal.WORD_REFUSAL_NO_LETTERS": "pas de lettres", "refusal.WORD_REFUSAL_NOT_IN_LEXICON": "absent du lexique",
    "refusal.WORD_REFUSAL_TOO_SHORT": "trop court", "refusal.WORD_REFUSAL_CONJUGATED_FORM": "forme conjuguée : non admise",
    "refusal.WORD_REFUSAL_COMPOUND": "mot composé : non admis", "refusal.WORD_REFUSAL_PROPER_NOUN": "nom propre : non admis",
    "refusal.WORD_REFUSAL_PRONOUN": "pronom : non admis", "refusal.WORD_REFUSAL_INTERJECTION": "interjection : non admise",
    "refusal.WORD_REFUSAL_OTHER_KIND": "préfixe ou mot étranger : non admis",
    "refusal.WORD_REFUSAL_ONLY_ONE_SOURCE": "un seul dictionnaire le connaît : non admis par défaut",
    "refusal.WORD_REFUSAL_SLIP": "confusion avec un autre mot : non admis", "refusal.WORD_REFUSAL_NO_WORD": "pas de mot",
    "refusal.WORD_REFUSAL_NOT_ON_TABLE": "pas sur la table",
    "tour.none": "Aucun tournoi en cours.", "tour.finished": "terminés aussi", "tour.new": "Nouveau tournoi", "tour.game": "Chaque partie est une table d'AlphaPoker à deux, chaque match au meilleur des trois parties.", "tour.players": "joueurs",
    "tour.format": "formule", "tour.name": "nom", "tour.name.default": "Tournoi du {date}", "tour.unnamed": "Tournoi", "tour.start": "lancer",
    "tour.format.knockout": "élimination directe", "tour.format.preliminary": "poules puis élimination",
    "tour.format.round-robin": "toutes rondes", "tour.won": "vainqueur : {name}", "tour.round": "tour {n} en cours",
    "tour.sit": "jouer pour {name}", "tour.col.#": "#", "tour.col.player": "joueur", "tour.col.points": "points",
    "tour.col.tiebreak": "départage", "tour.col.played": "joués", "tour.col.won": "gagnés", "tour.col.lost": "perdus",
    "tour.col.forfeited": "forfaits",
    "error.aborted": "la table a avancé avant votre coup : regardez à nouveau",
    // a table's title (table/screen.js's tableTitle): never its id
    "title.players": "{game} · {names}", "title.numbered": "{game} · table n° {n}",
    "title.place": "{tournament} · {stage} · match {match} · partie {game}",
    "stage.final": "finale", "stage.semi": "demi-finale", "stage.quarter": "quart de finale",
    "stage.knockout": "1/{n} de finale", "stage.preliminary": "tour préliminaire {n}", "stage.round-robin": "ronde {n}",
    // the new tournament's players: a name each, a bot or a person
    "tour.player.name": "nom du joueur {n}", "tour.player.bot": "robot", "tour.player.add": "ajouter un joueur",
    "tour.player.remove": "retirer", "tour.error.empty": "Chaque joueur a besoin d'un nom (joueur {n}).",
    "tour.error.twice": "Deux joueurs s'appellent {name} : chacun a besoin de son propre nom.",
    "tour.error.few": "Il faut au moins {n} joueurs.",
    "tour.error.knockout": "Une élimination directe se joue à 4, 8, 16, 32 ou 64 joueurs, pas {n} : sinon, choisissez les poules puis l'élimination.",
    "tour.error.preliminary": "Des poules se jouent à un nombre pair de joueurs, 4 au moins (128 au plus), pas {n}.",
    "tour.error.round-robin": "Toutes rondes : 2 à 128 joueurs, pas {n}.",
    // the table's chat (table/chat.js), its alerts and the end of a player's game (table/alerts.js)
    "chat.title": "Discussion", "chat.close": "fermer la discussion", "chat.unread": "{n} {n:message non lu|messages non lus}",
    "chat.placeholder": "écrire un message", "chat.send": "envoyer", "chat.name": "votre nom", "chat.spectator": "spectateur",
    "chat.empty": "Pas encore de message : dites bonjour !", "chat.mute": "masquer {name}", "chat.unmute": "réafficher {name}",
    "chat.muted": "Masqués (touchez pour réafficher) :",
    "chat.replay": "Ce qui s'est dit jusqu'à ce coup", "chat.replay.empty": "Rien n'a encore été dit à ce coup.",
    "chat.apart": "Les spectateurs discutent entre eux : les joueurs ne voient pas leurs messages.",
    "chat.quick": "bonjour !|bien joué|gg|merci|bonne chance|oups|j'arrive|on en refait une ?",
    "chat.error.rate": "Doucement : une ligne par seconde au plus (5 d'affilée).",
    "chat.error.long": "Message trop long : {n} caractères au plus.", "chat.error.empty": "Le message est vide.",
    "chat.error.text": "Une seule ligne de texte, sans caractère de contrôle.",
    "chat.error.name": "Nom trop long : 64 caractères au plus.", "chat.error.full": "Cette table a atteint sa limite de messages.",
    "chat.error.table": "Cette table n'existe plus.", "chat.error.seat": "Votre place à cette table ne vous appartient plus.",
    "chat.error.other": "Message non envoyé : réessayez dans un instant.",
    "alert.title": "● À vous · {title}", "alert.sound": "son à mon tour", "alert.notify": "notification si l'onglet est caché",
    "alert.notify.denied": "Le navigateur refuse les notifications de ce site : autorisez-les dans ses réglages.",
    "alert.notify.title": "À vous de jouer", "alert.notify.body": "{title} : {n:clock} pour jouer",
    "sitout.away": "faire une pause", "sitout.back": "je reviens",
    "sitout.note": "En pause : vos coups sont joués d'office, sans attendre.", "seat.away": "{name} (en pause)",
    "out.leave": "retour aux tables",
    "rematch.invite": "{name} vous invite à rejouer", "rematch.join": "rejoindre", "rematch.watch": "regarder",
    "rematch.yours": "Vous rejouez à une nouvelle table.", "rematch.open": "y aller",
  },
  en: {
    "nav.tables": "Tables", "nav.tournaments": "Tournaments", "nav.words": "Words", "you.are": "you are",
    "you.placeholder": "your name", "loading": "Loading…", "lang.other": "Français",
    "lobby.title": "Tables", "lobby.none": "No table open: make one.", "lobby.newest": "the {n} newest",
    "lobby.finished": "finished too", "lobby.replay": "replay", "col.table": "table", "col.game": "game", "col.status": "status",
    "col.seats": "seats", "status.waiting": "waiting", "status.playing": "playing", "status.finished": "finished",
    "join": "sit", "watch": "watch", "play": "play", "free": "free", "seat": "seat {n}", "seat.free": "free seat",
    "bot": "{level} bot", "bot.nth": "{level} bot {n}", "bot.plain": "bot", "bot.plain.nth": "bot {n}",
    "bot.many": "{n} {level} bots", "bot.plain.many": "{n} bots",
    "form.title": "New table", "form.game": "game", "form.bots": "bots at seats:", "form.time": "time per decision",
    "form.time.default": "60 s (default)", "form.time.none": "no limit", "form.sit": "I take seat 1",
    "form.practice": "practice: show the best words and hands",
    "form.apart": "spectators apart: the players do not see their chat lines", "form.pace": "bots' pace",
    "form.pause": "pause after each hand",
    "form.level": "bots' level",
    "pace.calm": "relaxed (8 s)", "pace.normal": "normal (5 s)", "pace.quick": "quick (3 s)", "pace.expert": "expert (1 s)",
    "form.create": "create", "form.options": "table rules", "form.duration.none": "none",
    "form.hands": "{n} hands", "form.hands.rulebook": "to the last stack (rulebook)",
    "table.you": "you: {name}", "table.watching": "watching", "table.hand": "hand {n}", "table.deal": "deal {n}",
    "table.leave": "leave",
    "table.leave.confirm": "Leave the table? Your seat is kept for you while the game goes on.",
    "table.take": "take a seat", "table.secret": "seat secret", "table.secret.join": "take my seat back",
    "table.kept": "Your seat is kept for you: take it back with the secret {secret}",
    "seat.lost": "Your seat was taken back on another device: you are watching the table.",
    "seat.lost.back": "take my seat back here",
    "table.feed": "what happened", "table.moved": "the table moved on before your move: look again",
    "turn.yours": "Your move", "turn.may": "You may act", "turn.wait": "The others are playing", "turn.pause": "Pause between hands",
    "wait.one": "waiting for 1 player", "wait.many": "waiting for {n} players",
    // a waiting table's seats on the felt (table/waiting.js)
    "wait.seats.note": "The game starts once every seat is taken.", "wait.seat.you": "you",
    "wait.seat.bot": "ready", "wait.seat.here": "seated", "wait.seat.away": "seated, not here yet",
    "wait.seat.kept": "seat kept", "wait.seat.free": "free seat",
    "turn.watching": "Watching: you see what any spectator sees.", "turn.over": "The game is over.",
    "clock": "{n:clock}", "clock.left": "only {n:clock} left", "continue": "continue", "showdown": "End of the hand",
    "out.you": "You finished {place} of {n}: you are out, the table plays on without you.", "out.skip": "see the result",
    "out.watch": "keep watching", "out.skipping": "The result shows as soon as the game ends.",
    "result.title": "{names} won", "result.none": "The game is over", "result.again": "play again",
    "result.tournament": "back to the tournament",
    "result.forfeited": "Forfeited (absent): {names}", "result.abandoned": "Abandoned: nobody came back",
    "result.rank": "rank", "result.player": "player",
    "result.chips": "chips", "result.awards": "Awards", "result.deals": "deals played", "result.stacks": "chips",
    "result.points": "points", "result.totals": "total", "result.scores": "points", "result.hands": "hands played",
    "result.rounds": "deals played", "result.cards": "cards", "result.team_points": "team points",
    "result.pot": "left in the pot", "result.alphapoker.stacks": "PM", "result.chinese.totals": "units",
    "result.out_hands": "out in hand", "result.never": "—",
    "result.fact": "{name}: {n}", "result.replay": "Replay the game",
    "replay.missing": "Replaying a game is not available on this page.",
    "type.move": "type a move", "type.placeholder": "a move", "type.send": "play",
    "practice": "practice", "hint": "hint", "hints.none": "no hint for this decision",
    "pick.cards": "pick {sizes} {n:card|cards} from your hand", "pick.range": "{a} to {b}", "amount": "amount",
    "act.bet": "Bet {n}", "act.call": "Call {n}", "act.call.all": "Call", "act.check": "Check",
    "act.fold": "Fold", "act.raise": "Raise to {n}", "act.voir": "See at {n}", "act.stop": "Stop",
    "act.exchange": "Exchange {n}", "act.exchange.none": "Keep my hand", "act.discard": "Discard {n}",
    "act.discard.none": "Discard nothing", "act.lay": "Lay", "act.lay.card": "Lay", "act.claim": "Claim",
    "act.propose": "Propose", "act.pass": "Pass", "act.pay": "Pay", "act.pay.n": "Pay {n}", "act.place": "Place",
    "act.surrender": "Surrender the hand", "min": "min", "max": "all-in", "half.pot": "½ pot", "pot": "pot",
    "tournaments.title": "Tournaments", "words.title": "Words",
    "words.check": "check", "words.explain": "explain", "words.score": "score", "words.best": "best words",
    "words.anagrams": "anagrams", "words.pattern": "pattern", "words.none": "none", "words.admitted": "admitted:",
    "words.refused": "refused:", "words.points": "{n} {n:point|points}", "words.breakdown": "length {length} + letters {letters}",
    "words.doubled": "doubled: one colour",
    "words.sources": "per {sources}", "words.alone": "only in {source}: not admitted by default",
    "words.slip": "a slip for {lemma}: not admitted",
    "refusal.WORD_REFUSAL_NO_LETTERS": "no letters", "refusal.WORD_REFUSAL_NOT_IN_LEXICON": "not in the lexicon",
    "refusal.WORD_REFUSAL_TOO_SHORT": "too short", "refusal.WORD_REFUSAL_CONJUGATED_FORM": "conjugated form: not admitted",
    "refusal.WORD_REFUSAL_COMPOUND": "compound word: not admitted", "refusal.WORD_REFUSAL_PROPER_NOUN": "proper noun: not admitted",
    "refusal.WORD_REFUSAL_PRONOUN": "pronoun: not admitted", "refusal.WORD_REFUSAL_INTERJECTION": "interjection: not admitted",
    "refusal.WORD_REFUSAL_OTHER_KIND": "prefix or foreign word: not admitted",
    "refusal.WORD_REFUSAL_ONLY_ONE_SOURCE": "known to one dictionary only: not admitted by default",
    "refusal.WORD_REFUSAL_SLIP": "taken for another word: not admitted", "refusal.WORD_REFUSAL_NO_WORD": "no word",
    "refusal.WORD_REFUSAL_NOT_ON_TABLE": "not on the table",
    "tour.none": "No tournament being played.", "tour.finished": "finished too", "tour.new": "New tournament", "tour.game": "Each game is an AlphaPoker table of two, each match the best of three games.", "tour.players": "players",
    "tour.format": "format", "tour.name": "name", "tour.name.default": "{date} tournament", "tour.unnamed": "Tournament", "tour.start": "start",
    "tour.format.knockout": "knockout", "tour.format.preliminary": "groups then knockout",
    "tour.format.round-robin": "round robin", "tour.won": "won by {name}", "tour.round": "round {n} being played",
    "tour.sit": "play as {name}", "tour.col.#": "#", "tour.col.player": "player", "tour.col.points": "points",
    "tour.col.tiebreak": "tie-break", "tour.col.played": "played", "tour.col.won": "won", "tour.col.lost": "lost",
    "tour.col.forfeited": "forfeited",
    "error.aborted": "the table moved on before your move: look again",
    "title.players": "{game} · {names}", "title.numbered": "{game} · table no. {n}",
    "title.place": "{tournament} · {stage} · match {match} · game {game}",
    "stage.final": "final", "stage.semi": "semi-final", "stage.quarter": "quarter-final",
    "stage.knockout": "round of {players}", "stage.preliminary": "preliminary round {n}", "stage.round-robin": "round {n}",
    "tour.player.name": "player {n}'s name", "tour.player.bot": "bot", "tour.player.add": "add a player",
    "tour.player.remove": "remove", "tour.error.empty": "Every player needs a name (player {n}).",
    "tour.error.twice": "Two players are called {name}: each needs a name of their own.",
    "tour.error.few": "At least {n} players are needed.",
    "tour.error.knockout": "A knockout takes 4, 8, 16, 32 or 64 players, not {n}: otherwise choose groups then knockout.",
    "tour.error.preliminary": "Groups take an even number of players, at least 4 (at most 128), not {n}.",
    "tour.error.round-robin": "A round robin takes 2 to 128 players, not {n}.",
    "chat.title": "Chat", "chat.close": "close the chat", "chat.unread": "{n} unread {n:message|messages}",
    "chat.placeholder": "write a message", "chat.send": "send", "chat.name": "your name", "chat.spectator": "spectator",
    "chat.empty": "No message yet: say hello!", "chat.mute": "mute {name}", "chat.unmute": "unmute {name}",
    "chat.muted": "Muted (tap to unmute):",
    "chat.replay": "What was said up to this move", "chat.replay.empty": "Nothing said yet at this move.",
    "chat.apart": "Spectators chat apart: the players do not see their lines.",
    "chat.quick": "hello!|well played|gg|thanks|good luck|oops|brb|one more?",
    "chat.error.rate": "Slow down: one line a second at most (5 in a row).",
    "chat.error.long": "Too long: {n} characters at most.", "chat.error.empty": "The message is empty.",
    "chat.error.text": "One line of text, without control characters.",
    "chat.error.name": "Name too long: 64 characters at most.", "chat.error.full": "This table's chat is full.",
    "chat.error.table": "This table is gone.", "chat.error.seat": "Your seat at this table is no longer yours.",
    "chat.error.other": "Not sent: try again in a moment.",
    "alert.title": "● Your move · {title}", "alert.sound": "sound on my turn", "alert.notify": "notify me when the tab is hidden",
    "alert.notify.denied": "The browser blocks this site's notifications: allow them in its settings.",
    "alert.notify.title": "Your move", "alert.notify.body": "{title}: {n:clock} to play",
    "sitout.away": "sit out", "sitout.back": "I'm back",
    "sitout.note": "Sitting out: your default move is made at once.", "seat.away": "{name} (sitting out)",
    "out.leave": "back to the tables",
    "rematch.invite": "{name} invites you to play again", "rematch.join": "join", "rematch.watch": "watch",
    "rematch.yours": "You play again at a new table.", "rematch.open": "go there",
  },
};

function chosen() {
  const saved = localStorage.getItem(KEY);
  if (LANGS.includes(saved)) return saved;
  const asked = (navigator.languages || [navigator.language || "fr"]).map((l) => l.slice(0, 2).toLowerCase());
  return asked.find((l) => LANGS.includes(l)) || "en";
}

export let lang = chosen();
document.documentElement.lang = lang;

/** Switch the page's language (kept for the next visit). */
export function setLang(next) {
  lang = LANGS.includes(next) ? next : lang;
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
}

/** One of ``items`` in words: either([1, 2]) is "1 ou 2" ("1, 2 ou 3"; "1 or 2" in English). */
export function either(items) {
  return new Intl.ListFormat(lang, { type: "disjunction" }).format(items.map(String));
}

/** ``items`` (names, or elements) as the page's language lists them: "anne, bob et robot 3", "anne and bot 3": a
 *  list of the items and the words between them (listed(): as a text). */
export function listOf(items) {
  const parts = new Intl.ListFormat(lang, { type: "conjunction" }).formatToParts(items.map((_, i) => String(i)));
  return parts.map((part) => (part.type === "element" ? items[Number(part.value)] : part.value));
}

/** A number in the page's language ("1 250", "1,250"), its minus sign the true one (U+2212), never a hyphen. */
export function number(n) {
  return new Intl.NumberFormat(lang).format(Number(n || 0)).replace("-", "\u2212");
}

/** A change of a score, its sign always said ("+6", "−6", "0"), as number() writes it. */
export function signed(n) {
  return new Intl.NumberFormat(lang, { signDisplay: "exceptZero" }).format(Number(n || 0)).replace("-", "\u2212");
}

/** Names as one text in the page's language: listed(["anne", "bob", "robot 3"]) is "anne, bob et robot 3". */
export function listed(items) {
  return listOf(items).join("");
}

/** A place in a ranking: "1er", "3e" in French, "1st", "3rd" in English. */
export function ordinal(n) {
  if (lang === "fr") return `${n}${Number(n) === 1 ? "er" : "e"}`;
  const suffix = { one: "st", two: "nd", few: "rd", other: "th" };
  return `${n}${suffix[new Intl.PluralRules("en", { type: "ordinal" }).select(Number(n))]}`;
}

/** A duration of ``seconds`` in the page's numbers, with the symbols both languages read (the browsers' own units
 *  say "sec" and "hr" in English): "30 s", "1,5 min" in French, "2 h". */
export function duration(seconds) {
  const [unit, size] = seconds >= 3600 && seconds % 3600 === 0 ? ["h", 3600] : seconds >= 60 ? ["min", 60] : ["s", 1];
  return `${new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(seconds / size)}\u00a0${unit}`;
}

/** The form of a word for a count, in the page's language: counted(1, "carte", "cartes") is "carte" (0 too, in
 *  French; "0 cards" in English). */
export function counted(n, one, other) {
  return new Intl.PluralRules(lang).select(Number(n)) === "one" ? one : other;
}

// A word read with a vowel first: a vowel, a mute h ("Hugo"), a y before a consonant ("Yves", not "Yann"); a
// number is not (de huit, de onze).
const VOWEL_SOUND = /^(?:[aeiouœæàâäéèêëîïôöùûü]|h|y[^aeiouyàâéèêëîïôöùû])/iu;

/** ``before`` as it reads in front of ``word``: French "de" and "que" that end it elide before a vowel sound
 *  ("Victoire de " and "anne": "Victoire d'"); the word itself is left as typed (a name keeps its case). */
export function elide(before, word) {
  if (lang !== "fr" || !VOWEL_SOUND.test(String(word).trim())) return before;
  return before.replace(/(?<!\p{L})(d|qu)e $/u, "$1'");
}

// A bot of the house is named as a common noun phrase ("robot fort": levels.js's botNames, the "bot" words), which
// French says with its article: after "de" and "à", "Victoire du robot fort", "anne paie 3 au robot fort"; after
// another word, "perd contre le robot fort"; a sentence's first, "Le robot fort passe"; where a person's name, a
// proper noun, takes none ("Victoire d'anne"). Told by its first word, the page's word for a bot (a
// person who calls themself "robot ..." is said as one too); a tournament's "Bot Cy" is a name.
const BOT_NAME = new RegExp(`^${WORDS.fr["bot.plain"]}(?: |$)`, "u");
const ARTICLED = { de: "du ", à: "au " }; // de + le, à + le
const PREPOSITION = /(?<!\p{L})(de|à) $/u;
// after any other word ("contre ", "bat ", "avec ", "par "), a bot's name takes "le"; a text that starts with one,
// "Le" ("Le robot fort passe"); after anything else (": ", "(") and when a text is only a name (a seat's label), none
const AFTER_WORD = /\p{L} $/u;
let between = null; // the words between listed names in French (", ", " et "), to read back a listed() text's names

/** ``value`` (a slot's: a name, listed() names as a text, listOf()'s list or an element) as its names and the words
 *  between them, in turn: [name, ", ", name, " et ", name]. */
function namesOf(value) {
  if (Array.isArray(value)) return value;
  if (typeof value !== "string") return [value];
  between ??= new RegExp(`(${[...new Set(new Intl.ListFormat("fr", { type: "conjunction" }).formatToParts(["a", "b", "c"])
    .filter((p) => p.type === "literal").map((p) => p.value))].join("|")})`, "u");
  return value.split(between);
}

/** ``before`` and ``value`` as they read together: French "de" and "à" that end ``before`` said again before each name
 *  of ``value`` once one is a bot's, with its article ("Victoire d'anne et du robot fort", "au robot fort");
 *  else "de" and "que" elided before a vowel (elide). ``value`` keeps its kind: a text, or a list of its pieces. */
function joined(before, value) {
  const preposition = lang === "fr" && before.match(PREPOSITION)?.[1];
  const word = lang === "fr" && !preposition && (before === "" || AFTER_WORD.test(before));
  const names = preposition || word ? namesOf(value) : [];
  const bot = (name) => BOT_NAME.test(textOf(name).trim());
  if (!names.some((name, i) => i % 2 === 0 && bot(name))) return [elide(before, textOf(value)), value];
  if (word) { // "contre le robot fort", "Le robot fort passe": the article before each bot's name, a person's bare
    const said = names.flatMap((name, i) => (i % 2 || !bot(name) ? [name] : [i || before ? "le " : "Le ", name]));
    return [before, typeof value === "string" ? said.join("") : said];
  }
  const article = (name) => (bot(name) ? ARTICLED[preposition] : elide(`${preposition} `, textOf(name)));
  const said = names.flatMap((name, i) => (i % 2 ? [name] : [article(name), name]));
  return [before.slice(0, -`${preposition} `.length), typeof value === "string" ? said.join("") : said];
}

/** A clock's time left, ``seconds`` (whole ones), as a clock shows it: "45 s" under a minute, then "4:57" (minutes and
 *  seconds), "1:02:05" past an hour, in both languages: a 5-minute clock is never "297 s". */
export function clockTime(seconds) {
  const s = Math.max(0, Math.ceil(Number(seconds) || 0));
  if (s < 60) return `${s} s`;
  const two = (n) => String(n).padStart(2, "0");
  const [h, m] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60)];
  return h ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

// A slot read in a form of its own, {name:form}: {n:clock} is n seconds as a clock shows them (clockTime).
const FORMS = { clock: clockTime };
const FORMED = /\{(\w+):(\w+)\}/g;
const COUNTED = /\{(\w+):([^|{}]*)\|([^{}]*)\}/g;
const textOf = (value) => [value].flat().map((v) => (v instanceof Node ? v.textContent : String(v ?? ""))).join("");

/** A text's pieces, its slots filled from ``vars`` (each value as given: a text, a number, an element or a list of
 *  them, for a sentence of elements: table/events.js): each count's word chosen, "de" and "que" elided before the
 *  slot that follows them, a bot's name with its article (joined). A slot ``vars`` lacks stays as written. */
export function pieces(text, vars = {}) {
  const out = [];
  const formed = text.replace(FORMED, (all, name, form) => {
    if (!(name in vars) || !FORMS[form]) return all;
    vars = { ...vars, [`${name}_${form}`]: FORMS[form](textOf(vars[name])) };
    return `{${name}_${form}}`;
  });
  const words = formed.replace(COUNTED, (all, name, one, other) =>
    (name in vars ? counted(textOf(vars[name]), one, other) : all));
  const parts = words.split(/(\{\w+\})/);
  parts.forEach((piece, p) => {
    const slot = piece.match(/^\{(\w+)\}$/)?.[1];
    if (slot && slot in vars) {
      const last = out.length - 1;
      // a text that starts with the slot, a sentence when a word follows it ("{who} passe", not "{name} : 12")
      const first = last < 0 && /^ \p{L}/u.test(parts[p + 1] ?? "");
      const [before, value] = typeof out[last] === "string" || first ? joined(first ? "" : out[last], vars[slot])
        : [null, vars[slot]];
      if (before !== null && !first) out[last] = before;
      out.push(value);
    } else if (piece) out.push(piece);
  });
  return out;
}

function fill(text, vars) {
  return vars ? pieces(text, vars).map(textOf).join("") : text;
}

/** The text of ``key`` in the page's language: ``extra`` (a board's STRINGS) first, then the page's own. */
export function t(key, vars = undefined, extra = undefined) {
  const text = extra?.[lang]?.[key] ?? WORDS[lang][key] ?? extra?.en?.[key] ?? WORDS.en[key];
  return text === undefined ? key : fill(text, vars);
}
