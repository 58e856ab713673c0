"""The browser client's benchmark (issue 26): how long a finished long table takes to open in a browser, and how
busy a live table keeps the page (issue 38, step 4).

    python bench/bench_web.py                     # ~80 s
    python bench/bench_web.py --hands 1200 --runs 11
    python bench/bench_web.py --live-only --seconds 20

Target: a finished table of 600 hands opens in under 2 s, from the navigation to the table screen's result
panel drawn, in Debian's headless Chromium on this 2-core machine (tests/test_browser.py checks that such a
table opens on its result with the feed's last events, without timing it: speed targets are not tests).

The table is POKER CHAMP played by bots alone until every Award is won (``length=long``): its length follows
``awards_total``, raised until a table reaches ``--hands``. Baseline, measured in the same run: a finished
table of one hand, opened the same way. Each figure is the median of ``--runs`` page loads after a first one
(the page's modules then come from the browser's cache, as for a player coming back); each load starts from
about:blank, so that the hash route opens a new document.

The live table (issue 38, step 4: an event redraws what it changed, not the whole table): a spectator on a
POKER CHAMP table of bots alone, played at about two hands a second (the bots' pace ``--pace``), watched for
``--seconds`` in Chromium with its CPU slowed 4 times (DevTools' Emulation.setCPUThrottlingRate, as Lighthouse's
slowed run): the main thread's busy time (Performance.getMetrics' TaskDuration, ScriptDuration the scripts' part of
it), from the navigation on. Baseline, measured in the same run and the same way: the finished table of one hand
opened and watched as long (the page's load and its clocks, nothing drawn again). A figure, not a target.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from selenium import webdriver

from brelan.api.v1 import table_pb2 as tpb
from brelan.clients.client import BrelanClient
from brelan.server.main import ServerThread
from brelan.server.shows import ShowRules

GAME = "poker-champ"
# In the page: once #result h3 is drawn, its time since the navigation began, then the feed's when it holds
# `kept` events (FEED_KEPT, or all of a short table's).
DRAWN = """
const [kept, done] = [arguments[0], arguments[arguments.length - 1]];
const times = {};
const look = () => {
  if (!times.result && document.querySelector('#result h3')) times.result = performance.now();
  if (!times.feed && document.querySelectorAll('#feed li').length >= kept) times.feed = performance.now();
  if (times.result && times.feed) { observer.disconnect(); done(times); }
};
const observer = new MutationObserver(look);
observer.observe(document.body, { childList: true, subtree: true });
look();
"""


def finished_table(api: BrelanClient, options: dict[str, str]) -> tpb.TableInfo:
    """A table of bots alone, once they finished it."""
    table = api.create_table(GAME, options, bot_seats=[0, 1])
    while table.status != tpb.TABLE_STATUS_FINISHED:
        time.sleep(0.05)
        table = api.get_table(table.table_id)
    return table


def long_table(api: BrelanClient, hands: int) -> tuple[tpb.TableInfo, float]:
    """A finished table of ``hands`` hands or a little more (the Awards' count aimed again at a table too short or
    too long, a few times), and the seconds making it took."""
    total = max(2, hands // 13)  # about 12 hands an Award, heads up with 12 chips
    for _ in range(6):
        t = time.perf_counter()
        table = finished_table(api, {"players": "2", "length": "long", "awards_to_win": "1", "awards_total": str(total)})
        made = time.perf_counter() - t
        if hands <= table.hand <= hands * 1.25 or (total == 100 and table.hand < hands):
            break
        total = min(100, max(2, round(total * hands * 1.1 / table.hand)))
    return table, made


def one_hand_table(api: BrelanClient) -> tpb.TableInfo:
    """A finished table of one hand: one chip each, one Award to win."""
    while True:
        table = finished_table(api, {"players": "2", "chips": "1", "awards_to_win": "1"})
        if table.hand == 1:
            return table


def open_times(driver: Any, site: str, table: tpb.TableInfo, runs: int) -> list[dict[str, float]]:
    """Each load's times (ms from the navigation's start) to the result panel and to the feed's last events."""
    kept = min(150, table.seq)  # the page's FEED_KEPT (table/screen.js)
    times = []
    for _ in range(runs + 1):
        driver.get("about:blank")
        driver.get(f"{site}#/table/{table.table_id}")
        times.append(driver.execute_async_script(DRAWN, kept))
    return times[1:]  # the first load fills the browser's cache


def busy(driver: Any, site: str, table: tpb.TableInfo, seconds: float) -> dict[str, float]:
    """The main thread's busy seconds (TaskDuration, ScriptDuration) while a spectator watches ``table`` for
    ``seconds`` with the CPU slowed 4 times, from the navigation on; its events seen (the feed's seq)."""
    driver.get("about:blank")
    driver.execute_cdp_cmd("Performance.enable", {})
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
    try:
        before = {m["name"]: m["value"] for m in driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}
        driver.get(f"{site}#/table/{table.table_id}")
        time.sleep(seconds)
        after = {m["name"]: m["value"] for m in driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}
    finally:
        driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
        driver.execute_cdp_cmd("Performance.disable", {})
    return {k: after.get(k, 0.0) - before.get(k, 0.0) for k in ("TaskDuration", "ScriptDuration", "LayoutDuration",
                                                                  "RecalcStyleDuration")}


def live_table(api: BrelanClient) -> tpb.TableInfo:
    """A POKER CHAMP table of bots alone that plays on for minutes (every Award played, 100 of them)."""
    return api.create_table(GAME, {"players": "2", "length": "long", "awards_to_win": "1", "awards_total": "100"},
                            bot_seats=[0, 1])


def live_case(driver: Any, seconds: float, runs: int, pace: float) -> None:
    """The live table's figure, and the baseline's, each the median of ``runs``: on a server of its own, whose
    tables of bots alone play at ``pace``."""
    with tempfile.TemporaryDirectory() as data:
        shows = ShowRules(pace=pace, per_caller=0, events_per_second=0.0, unwatched_seconds=0.0)
        server = ServerThread(Path(data), lexicons=False, web_port=0, rate=1000.0, shows=shows)
        site = f"http://127.0.0.1:{server.running.web.port}/"  # type: ignore[union-attr]
        try:
            with BrelanClient(server.target) as api:
                api.wait_ready()
                watch_live(api, driver, site, seconds, runs)
        finally:
            server.stop()


def watch_live(api: BrelanClient, driver: Any, site: str, seconds: float, runs: int) -> None:
    figures: dict[str, float] = {}
    for name in ("finished 1-hand table (baseline)", "live table"):
        measured, hands = [], []
        for _ in range(runs):
            table = one_hand_table(api) if name.startswith("finished") else live_table(api)
            at = api.get_table(table.table_id).hand
            took = busy(driver, site, table, seconds)
            hands.append(api.get_table(table.table_id).hand - at)
            measured.append(took)
        task = statistics.median(m["TaskDuration"] for m in measured)
        script = statistics.median(m["ScriptDuration"] for m in measured)
        layout = statistics.median(m["LayoutDuration"] + m["RecalcStyleDuration"] for m in measured)
        figures[name] = task
        pace = f", {statistics.median(hands) / seconds:.1f} hands/s" if not name.startswith("finished") else ""
        print(f"{name} watched {seconds:.0f} s, CPU slowed 4x: main thread busy {task:.2f} s (scripts {script:.2f} s, "
              f"style and layout {layout:.2f} s; median of {runs}{pace})")
    baseline, live = figures.values()
    print(f"live table's busy time: x{live / baseline:.2f} the baseline's")


def chromium() -> Any:
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1100,1000"):
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    service = webdriver.ChromeService(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_script_timeout(60)
    return driver


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=600, help="the long table's hands (default 600)")
    parser.add_argument("--runs", type=int, default=7, help="page loads measured for each table (default 7)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the live table is watched (default 20)")
    parser.add_argument("--live-runs", type=int, default=1, help="live tables watched (default 1)")
    parser.add_argument("--pace", type=float, default=0.1, help="a bot's seconds a move at the live table (default 0.1)")
    parser.add_argument("--live-only", action="store_true", help="only the live table and its baseline")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        server = ServerThread(Path(data), lexicons=False, web_port=0, rate=1000.0)
        site = f"http://127.0.0.1:{server.running.web.port}/"  # type: ignore[union-attr]
        driver = chromium()
        try:
            with BrelanClient(server.target) as api:
                api.wait_ready()
                live_case(driver, args.seconds, args.live_runs, args.pace)
                if args.live_only:
                    return
                long, made = long_table(api, args.hands)
                print(f"made a finished {GAME} table of {long.hand} hands ({long.seq} events) in {made:.2f} s "
                      f"({long.hand / made:,.0f} hands/s, bots alone)")
                short = one_hand_table(api)
            figures = {}
            for name, table in (("1 hand (baseline)", short), (f"{long.hand} hands", long)):
                times = open_times(driver, site, table, args.runs)
                result = statistics.median(t["result"] for t in times)
                feed = statistics.median(t["feed"] for t in times)
                figures[name] = result
                print(f"open a finished table of {name}: result panel drawn in {result:,.0f} ms (median of {args.runs};"
                      f" {min(t['result'] for t in times):,.0f}-{max(t['result'] for t in times):,.0f}), the feed's last "
                      f"{min(150, table.seq)} events in {feed:,.0f} ms")
            baseline, measured = figures.values()
            verdict = "met" if measured < 2000 else "MISSED"
            print(f"ratio to the 1-hand table: x{measured / baseline:.2f}; target < 2,000 ms for 600 hands: {verdict}")
        finally:
            driver.quit()
            server.stop()


if __name__ == "__main__":
    main()
