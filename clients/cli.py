"""The ``brelan`` command line.

Word commands answer from the embedded lexicon (built into the data directory
on first use) or, with ``--server HOST:PORT``, from a running server; both
print the same thing. ``--json`` prints one JSON object per line.

Exit codes: 0 success; 1 ``word check`` found a word not admitted; 2 bad
arguments or a request the service refused.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Sequence

import grpc
from google.protobuf.json_format import MessageToDict
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from brelan.lexicon.readings import Policy, PolicyError
from brelan.lexicon.store import DEFAULT_LEXICON, LexiconNotFound, Store, builtin_status
from brelan.server.refusals import Refusal
from brelan.server.log_store import StoreError
from brelan.server.seeds import NamedSeeds
from brelan.server.shows import FLAT_OUT, ShowRules

from . import cli_chinese, cli_tables, cli_tournament
from .console import WEB_PORT, CliError, connect, count, credentials_of, emit, err, fail, out, positive, seconds
from .client import LexiconCalls


EXAMPLES = """\
examples:
  brelan serve                              start the server on 127.0.0.1:50051 (browsers: http://127.0.0.1:8080/)
  brelan word check porte mangeons          is each word admitted by the rulebook?
  brelan word check --policy conjugated mangeons
  brelan word explain porte                 every reading of PORTE
  brelan word score Qr Ur ?r=I              score a word as laid
  brelan word best Er Sb Tr Ab Ib Nr ?r     the best words of a hand
  brelan word anagram CHIEN?                words from these letters, ? a blank
  brelan word match 'CH??T*' --max 7        words of a pattern
  brelan lexicon info                       what the lexicon holds
  brelan play poker-champ                   play POKER CHAMP against bots in the terminal
  brelan play chinese --option style=ofc    open-face Chinese poker (styles: classic ofc pineapple progressive)
  brelan chinese solve As Ad Kc Kd Qh ...   the best arrangement of 13 to 17 cards
  brelan table create poker-champ --bots 3  open a table on a server (see brelan table -h)
  brelan bots run --game poker-champ --tables 4 --games 25 --json

house rules (--policy): rulebook (default), or a comma list of conjugated,
compound, proper, pronoun, interjection, other, all, min=N
"""

@contextmanager
def progress_bar(enabled: bool = True) -> Iterator[Any]:
    """A callback for lexicon builds that draws a bar per stage on stderr."""
    if not enabled:
        yield None
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=err, transient=False) as bar:
        tasks: dict[str, Any] = {}

        def update(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(stage, total=total)
            bar.update(tasks[stage], completed=done, total=total)

        yield update


# -- backends --------------------------------------------------------------
def lexicon_calls(args: argparse.Namespace) -> LexiconCalls:
    if args.server:
        client = connect(args)
        client.wait_ready(timeout=5)
        return client
    from brelan.server.lexicon_service import LexiconHandler

    from .local import LocalClient

    store = Store(args.data_dir)
    name = args.lexicon or store.default
    with progress_bar(not args.json and sys.stderr.isatty()) as progress:
        try:
            lexicon = store.get(name, progress)
        except LexiconNotFound as e:
            fail(str(e))
    return LocalClient(LexiconHandler(store, {name: lexicon}))


def policy_arg(text: str) -> Policy:
    try:
        return Policy.parse(text)
    except PolicyError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


# -- word commands ------------------------------------------------------------
def cmd_check(args: argparse.Namespace, api: LexiconCalls) -> int:
    verdicts = api.check_words(args.words, lexicon=args.lexicon, policy=args.policy)
    for v in verdicts:
        if args.json:
            emit({"word": v.word, "key": v.key, "admissible": v.admissible, "reason": v.reason, "zipf": round(v.zipf, 1)})
        else:
            mark = Text("yes", style="green") if v.admissible else Text("no ", style="red")
            out.print(Text.assemble(mark, f" {v.key:<12} {v.reason}"))
    return 0 if all(v.admissible for v in verdicts) else 1


def cmd_explain(args: argparse.Namespace, api: LexiconCalls) -> int:
    answer = api.explain(args.word, lexicon=args.lexicon, policy=args.policy)
    v = answer.verdict
    if args.json:
        readings = [MessageToDict(r, preserving_proto_field_name=True, always_print_fields_with_no_presence=True) for r in answer.readings]
        emit({"word": v.word, "key": v.key, "admissible": v.admissible, "reason": v.reason, "readings": readings})
        return 0
    out.print(f"{v.key}: {'admitted' if v.admissible else 'not admitted'} under {args.policy} (Zipf {v.zipf:.1f})")
    table = Table("form", "lemma", "reading", "kind", "sources", "admitted", box=None, pad_edge=False)
    for r in answer.readings:
        table.add_row(r.form, r.lemma, r.description, r.kind + (", compound" if r.compound else ""), sources_of(r),
                      "yes" if r.admitted else "no")  # fmt: skip
    if answer.readings:
        out.print(table)
    else:
        out.print(v.reason)
    return 0


def sources_of(r: Any) -> str:
    """Which sources attest a reading: "dela + abu", "dela + wordfreq", "only dela", "slip for cheval"."""
    if r.refused.startswith("slip="):
        return f"{r.source}: slip for {r.refused[5:]}"
    if r.refused:
        return f"only {r.source}"
    return " + ".join([r.source, *r.attested_by])


def cmd_score(args: argparse.Namespace, api: LexiconCalls) -> int:
    s = api.score(args.cards, hand=args.hand or (), simplified=args.simplified, lexicon=args.lexicon, policy=args.policy)
    if args.json:
        emit({"word": s.word, "score": s.score, "cards": list(s.cards), "admissible": s.admissible, "reason": s.reason})
        return 0
    how = f"{s.length_points} length + {s.letter_points} letters" + (", x2 one colour" if s.doubled else "")
    if s.admissible:
        out.print(f"{s.word} {s.score}  ({how})  {' '.join(s.cards)}")
    else:
        out.print(f"{s.word} 0  not admissible: {s.reason}")
    return 0


def _hands(args: argparse.Namespace) -> list[list[str]]:
    if args.hands is None:
        if not args.cards:
            fail("give the cards of a hand, or --hands FILE")
        return [args.cards]
    try:
        text = sys.stdin.read() if str(args.hands) == "-" else Path(args.hands).read_text(encoding="utf-8")
    except OSError as e:
        fail(f"cannot read {args.hands}: {e.strerror}")
    return [line.replace(",", " ").split() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def cmd_best(args: argparse.Namespace, api: LexiconCalls) -> int:
    hands = _hands(args)
    batch = args.hands is not None
    for number, hand in enumerate(hands, 1):
        try:
            words = api.best_words(hand, top_k=args.top, simplified=args.simplified, lexicon=args.lexicon, policy=args.policy)
        except Refusal as e:
            if not batch:
                raise
            fail(f"line {number} of {args.hands}: {e}")
        found = [{"word": w.word, "score": w.score, "cards": list(w.cards)} for w in words]
        if args.json:
            if batch:
                emit({"hand": hand, "words": found})
            else:
                for f in found:
                    emit(f)
        elif batch:
            best = "  ".join(f"{w.word} {w.score} [{' '.join(w.cards)}]" for w in words) or "-"
            out.print(f"{' '.join(hand)}\t{best}")
        else:
            for w in words:
                out.print(f"{w.score:>4}  {w.word:<10} {' '.join(w.cards)}")
            if not words:
                out.print("no admissible word in this hand")
    return 0


def _print_pages(args: argparse.Namespace, fetch: Any) -> int:
    token, shown = "", 0
    while True:
        page = fetch(token)
        for word in page.words:
            emit({"word": word}) if args.json else out.print(word)
        shown += len(page.words)
        token = page.next_page_token
        if not token or not args.all:
            break
    if token and not args.json:
        err.print(f"({shown} of {page.total}; --all for every one)")
    return 0


def cmd_anagram(args: argparse.Namespace, api: LexiconCalls) -> int:
    return _print_pages(
        args,
        lambda token: api.anagrams(
            args.letters, exact=args.exact, page_size=args.page_size, page_token=token, lexicon=args.lexicon, policy=args.policy
        ),
    )


def cmd_match(args: argparse.Namespace, api: LexiconCalls) -> int:
    return _print_pages(
        args,
        lambda token: api.match(
            args.pattern, min_length=args.min, max_length=args.max, page_size=args.page_size, page_token=token,
            lexicon=args.lexicon, policy=args.policy,
        ),  # fmt: skip
    )


# -- lexicon commands --------------------------------------------------------------
def cmd_lexicon_build(args: argparse.Namespace) -> int:
    store = Store(args.data_dir)
    if args.list:
        return list_sources(store, args.json)
    name = args.name or (args.words.stem.lower() if args.words else DEFAULT_LEXICON)
    if args.words and not args.words.is_file():
        fail(f"no word list at {args.words}")
    with progress_bar(sys.stderr.isatty()) as progress:
        try:
            result = store.build(name, words=args.words, base=args.base, progress=progress)
        except (LexiconNotFound, ValueError) as e:
            fail(str(e))
    m = result.manifest
    if args.json:
        emit(m)
    else:
        out.print(f"built {m['name']} {m['version']}: {m['keys']} keys, {m['policy_counts']['rulebook']} admitted by the rulebook")
        out.print(f"  at {result.path}")
    return 0


def list_sources(store: Store, as_json: bool) -> int:
    """``lexicon build --list``: the built-in lexicons, whether their sources are here, how to get the others."""
    built = set(store.built())
    builtins = builtin_status()
    own = [(name, "built here (lexicon build --words)", True, "") for name in sorted(built - {n for n, *_ in builtins})]
    for name, made_of, present, how in [*builtins, *own]:
        if as_json:
            emit({"name": name, "sources": made_of, "present": present, "built": name in built, "get": "" if present else how})
            continue
        state = ("built" if name in built else "can be built") if present else f"missing: {how}"
        out.print(f"{name:<16} {made_of}: {state}")
    return 0


def cmd_lexicon_info(args: argparse.Namespace, api: LexiconCalls) -> int:
    for info in api.list_lexicons():
        if args.json:
            emit(MessageToDict(info, preserving_proto_field_name=True))
            continue
        out.print(f"{info.name} {info.version}{'  (default)' if info.is_default else ''}  built {info.built_at}")
        for s in info.sources:
            out.print(f"  source  {s.name} {s.version}: {s.entries} entries")
        out.print(f"  keys    {info.keys}")
        for c in info.policy_counts:
            out.print(f"  {c.policy:<16} {c.keys} admitted")
        out.print(f"  sha256  {info.checksum}")
    return 0


def opened(store: Store, name: str | None) -> Any:
    """A lexicon of the store (the default one for None), built first if it is a source's and missing."""
    with progress_bar(sys.stderr.isatty()) as progress:
        try:
            return store.get(name or None, progress)
        except LexiconNotFound as e:
            fail(str(e))


def cmd_lexicon_words(args: argparse.Namespace) -> int:
    lex = opened(Store(args.data_dir), args.lexicon)
    write = sys.stdout.write
    for key in sorted(k for k, _ in lex.admissible_keys(args.policy)):
        write(key + "\n")
    return 0


def cmd_lexicon_diff(args: argparse.Namespace) -> int:
    """The keys one lexicon admits and the other does not: ``- KEY`` only in A, ``+ KEY`` only in B."""
    store = Store(args.data_dir)
    a, b = ({k for k, _ in opened(store, name).admissible_keys(args.policy)} for name in (args.a, args.b))
    only_a, only_b = sorted(a - b), sorted(b - a)
    if args.json:
        emit({"a": args.a, "b": args.b, "policy": str(args.policy), "only_a": only_a, "only_b": only_b,
              "both": len(a & b)})  # fmt: skip
        return 0
    write = sys.stdout.write
    for key in spread(only_a, args.sample):
        write(f"- {key}\n")
    for key in spread(only_b, args.sample):
        write(f"+ {key}\n")
    err.print(f"{args.a}: {len(a)} admitted, {len(only_a)} of them not by {args.b}; {args.b}: {len(b)} admitted, "
              f"{len(only_b)} of them not by {args.a}; {len(a & b)} by both (policy {args.policy})")  # fmt: skip
    return 0


def spread(keys: list[str], n: int | None) -> list[str]:
    """``n`` of the keys, evenly spread over them (all of them for None)."""
    if n is None or len(keys) <= n:
        return keys
    return [keys[i * len(keys) // n] for i in range(n)]


def tls_files(args: argparse.Namespace) -> tuple[bytes, bytes] | None:
    """The key and certificate ``serve`` was given, read; None without them."""
    if not (args.tls_cert or args.tls_key):
        return None
    if not (args.tls_cert and args.tls_key):
        fail("--tls-cert and --tls-key go together")
    try:
        return args.tls_key.read_bytes(), args.tls_cert.read_bytes()
    except OSError as e:
        fail(f"cannot read {e.filename}: {e.strerror}")


def cmd_serve(args: argparse.Namespace) -> int:
    from brelan.server.main import host_port, serve

    def ready(running: Any) -> None:
        names = ", ".join(sorted(running.handler.lexicons)) if running.handler else "none, tables only"
        node = running.cluster.node if running.cluster else None
        where = f"; node {node.node_id} of a cluster, reached at {node.address}" if node else ""
        scheme = "https" if args.tls_cert else "http"
        web = f"; browsers: {scheme}://{host_port(args.host, running.web.port)}/" if running.web else ""
        if running.metrics_web:
            web += f"; Prometheus: {scheme}://{host_port(args.host, running.metrics_web.port)}/metrics"
        listening = host_port(args.host, running.port)
        err.print(f"brelan serving on {listening} (lexicons: {names}){where}{web}; Ctrl-C stops")

    # Warnings and worse from every part; which node takes which table over, from the cluster.
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("brelan.server.cluster").setLevel(logging.INFO)

    tls = tls_files(args)
    # Over TLS, the calls relayed to the other nodes go over TLS too (trusting --tls-ca, else the system's roots).
    peers = (credentials_of(args) or grpc.ssl_channel_credentials()) if tls else None
    with progress_bar(sys.stderr.isatty()) as progress:
        try:
            asyncio.run(serve(args.host, args.port, args.data_dir, progress, ready, lexicons=not args.no_lexicon,
                              rate=args.rate, bot_delay=args.bot_pace, database=args.database,
                              advertise=args.advertise,
                              lease_seconds=args.lease_seconds, tls=tls, peers=peers,
                              web_port=None if args.no_web else args.web_port,
                              allowed_hosts=tuple(args.allowed_host), shows=show_rules(args),
                              metrics_port=args.metrics_port,
                              seeds=NamedSeeds(args.test_seeds) if args.test_seeds else None))  # fmt: skip
        except (OSError, StoreError) as e:
            fail(str(e))
    return 0


def show_rules(args: argparse.Namespace) -> ShowRules:
    """How ``serve`` plays tables of bots only, from its flags."""
    if args.flat_out_bots:
        return FLAT_OUT
    return ShowRules(pace=args.show_pace, per_caller=args.shows_per_caller, events_per_second=args.show_events,
                     unwatched_seconds=args.show_unwatched)  # fmt: skip


# -- parser ----------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--data-dir", type=Path, help="where lexicons are built and kept (default: $BRELAN_DATA_DIR or ~/.local/share/brelan)")
    common.add_argument("--json", action="store_true", help="print one JSON object per line")
    common.add_argument("--tls-ca", type=Path, metavar="FILE", default=os.environ.get("BRELAN_TLS_CA") or None,
                        help="reach --server over TLS, trusting the CA certificate in FILE (default $BRELAN_TLS_CA)")
    common.add_argument("--tls", action="store_true", help="reach --server over TLS, trusting the system's roots")
    words = argparse.ArgumentParser(add_help=False, parents=[common])
    words.add_argument("--server", metavar="HOST:PORT", help="ask a running server instead of the embedded lexicon")
    words.add_argument("--lexicon", default="", metavar="NAME", help=f"which lexicon (default: {DEFAULT_LEXICON})")
    words.add_argument("--policy", type=policy_arg, default=Policy(), metavar="RULES", help="house rules, e.g. conjugated,proper,min=2 (default: rulebook)")

    parser = argparse.ArgumentParser(
        prog="brelan", description="French letter-card games: lexicon, scoring and game servers.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter,
    )  # fmt: skip
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    serve = sub.add_parser("serve", parents=[common], help="run the gRPC server")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; 0.0.0.0 for all)")
    serve.add_argument("--port", type=int, default=50051, help="port (default 50051; 0 picks a free one)")
    serve.add_argument("--no-lexicon", action="store_true", help="serve tables only: no lexicon to load or build")
    serve.add_argument("--web-port", type=int, default=WEB_PORT, metavar="PORT",
                       help=f"serve browsers there: the page to play in, and every service over Connect (JSON over "
                            f"HTTP, e.g. curl -d '{{\"words\":[\"porte\"]}}' -H 'content-type: application/json' "
                            f"http://HOST:PORT/brelan.api.v1.LexiconService/CheckWords); default {WEB_PORT}, 0 picks "
                            "a free one")  # fmt: skip
    serve.add_argument("--no-web", action="store_true", help="no browsers' port: gRPC only")
    serve.add_argument("--metrics-port", type=int, default=None, metavar="PORT",
                       help="serve the Prometheus metrics there, alone (GET /metrics, whatever Host it is reached "
                            "by); the web port's /metrics has them too; 0 picks a free one")  # fmt: skip
    serve.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                       help="a name browsers may reach the web port by (its Host header), again for more; the "
                            "loopback names, --host and --advertise's are always allowed, any other is answered 421 "
                            "(a stranger's page that DNS rebinding points here cannot call); * allows any name")
    serve.add_argument("--rate", type=positive, default=50, metavar="N",
                       help="actions a second a seat may send, bursts of 2N (default 50)")
    serve.add_argument("--bot-pace", type=seconds, default=0.0, metavar="S",
                       help="seconds the bots of turn-based games take before each move (default 0: at once); 1 or 2 "
                            "make a bots' table one can watch, and keep many of them from taking every CPU cycle")
    shows = serve.add_argument_group(
        "tables of bots only", "A table whose every seat is a bot is a show to watch: it plays at a watchable pace, a "
        "caller may have only a few at once, their events are budgeted per caller, and one nobody watches ends as "
        "abandoned. 0 turns a limit off.")  # fmt: skip
    shows.add_argument("--show-pace", type=seconds, default=ShowRules.pace, metavar="S",
                       help=f"seconds about a bot move at such a table, in turn-based games (default {ShowRules.pace:g})")
    shows.add_argument("--shows-per-caller", type=count, default=ShowRules.per_caller, metavar="N",
                       help=f"such tables one address may have at once (default {ShowRules.per_caller})")
    shows.add_argument("--show-events", type=count, default=int(ShowRules.events_per_second), metavar="N",
                       help="events a second one address's such tables may write together (default "
                            f"{ShowRules.events_per_second:g})")  # fmt: skip
    shows.add_argument("--show-unwatched", type=seconds, default=ShowRules.unwatched_seconds, metavar="S",
                       help="such a table no stream has watched for S seconds ends as abandoned (default "
                            f"{ShowRules.unwatched_seconds:g})")  # fmt: skip
    shows.add_argument("--flat-out-bots", action="store_true",
                       help="none of these limits: bots-only tables play at full speed (tests, benches)")
    # Tests only, so not in --help: anyone who knows NAME knows every deal before it is dealt.
    serve.add_argument("--test-seeds", metavar="NAME", help=argparse.SUPPRESS)
    serve.add_argument("--database", default=os.environ.get("BRELAN_DATABASE") or None, metavar="URL",
                       help="keep tables and tournaments in PostgreSQL (postgresql://USER@HOST:PORT/DB), shared by "
                            "every node pointed at it: several nodes make a cluster; default $BRELAN_DATABASE, else "
                            "SQLite in the data directory (one node)")
    serve.add_argument("--advertise", metavar="HOST:PORT",
                       help="with --database: how the other nodes reach this one, to relay the calls for the tables "
                            "it plays (default: --host and the bound port; 127.0.0.1 for 0.0.0.0)")
    serve.add_argument("--lease-seconds", type=float, default=3.0, metavar="S",
                       help="with --database: a dead node's tables are taken over this long after its last "
                            "heartbeat (default 3; nodes beat every S/3)")
    serve.add_argument("--tls-cert", type=Path, metavar="FILE", help="serve over TLS: the certificate chain (PEM)")
    serve.add_argument("--tls-key", type=Path, metavar="FILE", help="serve over TLS: its private key (PEM)")
    serve.set_defaults(run=cmd_serve)

    lexicon = sub.add_parser("lexicon", help="build and inspect lexicons").add_subparsers(dest="action", required=True, metavar="ACTION")
    build = lexicon.add_parser("build", parents=[common], help="compile a lexicon (fr-agreed, fr-dela, fr-union, ..., or a club's word list)")
    build.add_argument("name", nargs="?", help=f"lexicon name (default {DEFAULT_LEXICON}; a word list's file name)")
    build.add_argument("--words", type=Path, metavar="FILE", help="a plain word list, one word a line")
    build.add_argument("--base", metavar="NAME", help=f"the tagged lexicon that tells a listed word's readings (default {DEFAULT_LEXICON})")
    build.add_argument("--list", action="store_true", help="the lexicons there are, whether their sources are here, "
                       "and how to get the missing ones; builds nothing")  # fmt: skip
    build.set_defaults(run=cmd_lexicon_build)
    info = lexicon.add_parser("info", parents=[words], help="what the lexicons hold")
    info.set_defaults(run=cmd_lexicon_info, remote=True)
    every = lexicon.add_parser("words", parents=[words], help="every admissible key, one a line")
    every.set_defaults(run=cmd_lexicon_words)
    diff = lexicon.add_parser("diff", parents=[words], help="the keys one lexicon admits and the other does not",
                              description="Print '- KEY' for each key A admits and B does not, then '+ KEY' for each "
                              "key B admits and A does not (under --policy), and the counts on stderr: what a table "
                              "changes by choosing another lexicon.")  # fmt: skip
    diff.add_argument("a", metavar="A", help="a lexicon (e.g. fr-dela)")
    diff.add_argument("b", metavar="B", help="another (e.g. fr-union, or a word list you built)")
    diff.add_argument("--sample", type=positive, metavar="N", help="print N keys of each side, evenly spread, not all")
    diff.set_defaults(run=cmd_lexicon_diff)

    word = sub.add_parser("word", help="check, explain, score and find words").add_subparsers(dest="action", required=True, metavar="ACTION")
    check = word.add_parser("check", parents=[words], help="is each word admissible? (exit 1 if one is not)")
    check.add_argument("words", nargs="+", metavar="WORD")
    check.set_defaults(run=cmd_check, remote=True)
    explain = word.add_parser("explain", parents=[words], help="every reading of a word, and the verdict")
    explain.add_argument("word")
    explain.set_defaults(run=cmd_explain, remote=True)
    score = word.add_parser("score", parents=[words], help="score a word as laid: Er Tb ?r=E ...")
    score.add_argument("cards", nargs="+", metavar="CARD")
    score.add_argument("--hand", nargs="+", metavar="CARD", help="check the laid cards come from this hand")
    score.add_argument("--simplified", action="store_true", help="simplified counting: no length points")
    score.set_defaults(run=cmd_score, remote=True)
    best = word.add_parser("best", parents=[words], help="the best words of a hand: Er Sb ?r ...")
    best.add_argument("cards", nargs="*", metavar="CARD")
    best.add_argument("--top", type=positive, default=10, metavar="K", help="how many words (default 10)")
    best.add_argument("--hands", metavar="FILE", help="one hand a line ('-' for stdin), one result line a hand")
    best.add_argument("--simplified", action="store_true", help="simplified counting: no length points")
    best.set_defaults(run=cmd_best, remote=True)
    for name, helptext, arg in (("anagram", "words from up to 9 letters, ? a blank (2 at most)", "letters"), ("match", "words of a pattern: ? one letter, * any run", "pattern")):
        p = word.add_parser(name, parents=[words], help=helptext)
        p.add_argument(arg)
        p.add_argument("--page-size", type=positive, default=100, metavar="N", help="words a page (default 100)")
        p.add_argument("--all", action="store_true", help="every page, not just the first")
        if name == "anagram":
            p.add_argument("--exact", action="store_true", help="only words using every letter")
            p.set_defaults(run=cmd_anagram, remote=True)
        else:
            p.add_argument("--min", type=int, default=0, metavar="N", help="at least N letters")
            p.add_argument("--max", type=int, default=0, metavar="N", help="at most N letters")
            p.set_defaults(run=cmd_match, remote=True)
    cli_tables.add_commands(sub, common)
    cli_chinese.add_commands(sub)
    cli_tournament.add_commands(sub, common)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if getattr(args, "remote", False):
            return args.run(args, lexicon_calls(args))
        return args.run(args)
    except (CliError, Refusal) as e:
        err.print(f"brelan: error: {e}")
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # a bug of ours: say so in one line, the traceback on request
        if os.environ.get("BRELAN_DEBUG"):
            raise
        err.print(f"brelan: internal error: {type(e).__name__}: {e} (BRELAN_DEBUG=1 shows the traceback)")
        return 70
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
