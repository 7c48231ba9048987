"""The playground in headless Chromium, against the built site on 127.0.0.1 (see conftest):
it becomes ready, checks as the CLI does, plays a deal whose transcript the CLI replays,
shares a ruleset by link, shows a hostile ruleset as text, runs and stops a simulation.
Times are printed (cold and warm ready, a check, 200 games), never asserted."""

from __future__ import annotations

import base64
import json
import subprocess
import sys
import time
import zlib
from pathlib import Path
from typing import Any

import pytest
from playground_support import ROOT, Browsing, build_site, link_fragment, report, serving

from nainjaune_rules.playground import DealSession, builtin_source

HOUSE = ROOT / "rules" / "house" / "1902-per-card.nj"
BROKEN = ('ruleset broken\ntitle "Broken"\nperiod "house"\nextends fr-sheet\n\n'
          'starting tokens lots\n')
HOSTILE_TITLE = ("<script>window.__pwned=1</script><img src=x onerror='window.__pwned=2'>"
                 "[x](javascript:alert(1)) {{ 7*7 }}")
HOSTILE = (f'ruleset hostile\ntitle "{HOSTILE_TITLE}"\nperiod "house"\nextends fr-sheet\n')


def set_source(page: Any, text: str) -> dict[str, Any]:
    """Replace the editor's text through the test contract; returns the page's timings."""
    page.evaluate("text => window.playground.setSource(text)", text)
    return dict(page.evaluate("window.playground.timings"))


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nainjaune_rules", *args], cwd=cwd or ROOT,
                          capture_output=True, text=True, timeout=300)


def test_ready_cold_then_warm(browsing_cached: Browsing,
                              capsys: pytest.CaptureFixture[str]) -> None:
    served = browsing_cached.server.served
    for load in ("cold", "warm"):  # the second load may use the browser's cache
        before = len(served)
        page, seconds = browsing_cached.open()
        steps = page.evaluate("window.playground.timings")
        report(capsys, f"{load} load: ready in {seconds:.2f} s, "
                       f"{sum(served[before:]):,} bytes transferred (in the worker, ms "
                       f"since it started: {steps['boot_steps']}; then the first check "
                       f"{steps['first_check_ms']} ms)")
        if load == "cold":
            assert sum(served[before:]) > 1_000_000  # the runtime came from this server
            # the budget for the first load (Pyodide 0.27.7 is about 14.1 MB of it);
            # the page leaves out the site search, whose index alone is about 750 KB
            assert sum(served[before:]) <= 15_000_000
            assert not [u for u in browsing_cached.requests if "search_index" in u]
        assert "Ready" in (page.locator("[data-testid=status]").text_content() or "")
        page.close()


def test_broken_ruleset_shows_the_cli_diagnostic(browsing: Browsing, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    page, _ = browsing.open()
    timings = set_source(page, BROKEN)
    shown = page.locator("[data-testid=diagnostics] pre").all_text_contents()
    (tmp_path / "playground.nj").write_text(BROKEN, encoding="utf-8")
    checked = cli("check", "playground.nj", cwd=tmp_path)
    assert checked.returncode == 1
    assert shown and "playground.nj:6:" in shown[0]
    # the same wording, location, source line and caret as `nainjaune check`
    assert "\n".join(shown) + "\n" in checked.stdout
    # the editor's lint mark: line 6, column 17, under 'lots', the message on hover
    marks = page.evaluate("window.playground.editor.marks()")
    assert [(m["line"], m["column"], m["length"], m["severity"]) for m in marks] == [
        (6, 17, 4, "error")]
    assert page.locator(".cm-lintRange-error").all_text_contents() == ["lots"]
    assert page.locator(".cm-lint-marker-error").count() == 1
    assert (page.locator("[data-testid=verdict]").text_content() or "").startswith("Invalid")
    started = time.monotonic()
    cli("check", str(HOUSE))
    report(capsys, f"check in the page: {timings['check_ms']} ms (round trip to the worker); "
                   f"`nainjaune check` process: {time.monotonic() - started:.2f} s")


def test_house_ruleset_is_valid_and_told_in_words(browsing: Browsing,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from nainjaune_rules.playground.editing import check

    page, _ = browsing.open()
    text = HOUSE.read_text(encoding="utf-8")
    timings = set_source(page, text)
    assert page.locator("[data-testid=diagnostics] pre").count() == 0
    verdict = page.locator("[data-testid=verdict]").text_content() or ""
    assert verdict.startswith("Valid: ruleset house-1902-per-card")
    expected = check(text)["rules"]
    shown = page.locator("[data-testid=rules] li").all_text_contents()
    assert shown == [f"{r['label']}: {r['sentence']}" for r in expected]
    times = sorted([timings["check_ms"]] + [set_source(page, text + "#" * i)["check_ms"]
                                            for i in range(1, 5)])
    report(capsys, f"check of {HOUSE.name} in the page (edit to diagnostics shown, "
                   f"5 checks): median {times[2]} ms, min {times[0]} ms, max {times[-1]} ms")


def _play_by_clicks(page: Any, waits: list[float]) -> tuple[int, int]:
    """Click the first playable card (or pass) until the deal is over; returns the clicks
    and how many times the hand showed a card that could not be played (disabled).
    ``waits`` gets the seconds from each click to the next hand drawn (the bots' moves)."""
    clicks = disabled_seen = 0
    over = page.locator("[data-testid=download-transcript]")
    while not over.is_enabled():
        page.wait_for_function(
            "document.querySelector('[data-testid=hand] button:enabled')"
            " || !document.querySelector('[data-testid=download-transcript]').disabled")
        if over.is_enabled():
            break
        disabled_seen += page.locator("[data-testid=hand] button.pg-card:disabled").count() > 0
        button = page.locator("[data-testid=hand] button:enabled").first.element_handle()
        started = time.monotonic()
        button.click()
        clicks += 1
        button.wait_for_element_state("hidden")  # the hand is drawn anew after each move
        waits.append(time.monotonic() - started)
    return clicks, disabled_seen


def test_deal_by_clicks_replays_with_the_cli(browsing: Browsing, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    page, _ = browsing.open()
    text = HOUSE.read_text(encoding="utf-8")
    set_source(page, text)
    page.uncheck("[data-testid=autoplay]")
    page.select_option("[data-testid=bots]", "greedy")
    page.fill("[data-testid=seed]", "3")
    page.click("[data-testid=play]")
    page.locator("[data-testid=log]").filter(has_text="Deal 1").wait_for()
    waits: list[float] = []
    clicks, disabled_seen = _play_by_clicks(page, waits)
    assert clicks > 0 and disabled_seen > 0  # illegal cards were shown disabled
    waits.sort()
    report(capsys, f"a click until the next hand is drawn (the bots' moves included), "
                   f"{clicks} clicks: median {waits[len(waits) // 2] * 1000:.0f} ms, "
                   f"max {waits[-1] * 1000:.0f} ms")
    log = page.locator("[data-testid=log]").text_content() or ""
    assert log.splitlines()[-1].startswith("The deal is won by seat ")
    with page.expect_download() as download:
        page.click("[data-testid=download-transcript]")
    transcript = tmp_path / "game.json"
    download.value.save_as(transcript)
    set_source(page, text + "# edited after the deal\n")
    ruleset = tmp_path / "house.nj"
    with page.expect_download() as download:
        page.click("[data-testid=download-deal-ruleset]")
    download.value.save_as(ruleset)
    assert ruleset.read_text(encoding="utf-8") == text  # the deal's text, not the edited one
    doc = json.loads(transcript.read_text(encoding="utf-8"))
    assert doc["seats"][0] == "human" and doc["seed"] == 3
    replayed = cli("replay", str(transcript), "--ruleset", str(ruleset))
    assert replayed.returncode == 0, replayed.stderr
    assert "every event verified" in replayed.stdout


def test_automated_deal_log_ends_with_the_winner(browsing: Browsing) -> None:
    page, _ = browsing.open()
    assert page.is_checked("[data-testid=autoplay]")  # navigator.webdriver: automated
    text = builtin_source("fr-sheet")
    set_source(page, text)
    page.click("[data-testid=play]")
    log = page.locator("[data-testid=log]")
    log.filter(has_text="The deal is won by").wait_for(timeout=60_000)
    # the same deal played by the package outside the browser, with the same choices
    expected = DealSession(text, 4, 0, "lowest", 0, autoplay=True).state()["log"]
    assert (log.text_content() or "").splitlines() == expected
    assert expected[-1].startswith("The deal is won by seat")


def test_shared_link_round_trips(browsing: Browsing) -> None:
    page, _ = browsing.open()
    text = builtin_source("house/two-player-suits") + "# chez mémé — ♠♥ 🂡\n"
    page.wait_for_function("location.hash.startsWith('#r=')")  # the first text's link
    before = page.evaluate("location.hash")
    set_source(page, text)
    page.wait_for_function("before => location.hash !== before", arg=before)
    link = page.url
    assert unpack(urlfragment(link)) == text  # deflate-raw + base64url, read by zlib
    other, _ = browsing.open(link[link.index("#"):])
    assert other.evaluate("window.playground.text()") == text
    assert (other.locator("[data-testid=verdict]").text_content() or "").startswith("Valid")


def urlfragment(url: str) -> str:
    return url.split("#", 1)[1]


def unpack(fragment: str) -> str:
    assert fragment.startswith("r=")
    data = fragment[2:]
    packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    return zlib.decompressobj(-15).decompress(packed).decode("utf-8")


def test_link_size_limit_is_told(browsing: Browsing) -> None:
    page, _ = browsing.open()
    noise = "".join(f"# {i * 7919 % 100003:x}{i * 104729 % 65521:x}\n" for i in range(3000))
    set_source(page, builtin_source("fr-sheet", stub=True) + noise)
    page.click("[data-testid=share]")
    status = page.locator("[data-testid=status]")
    status.filter(has_text="too long for a link").wait_for()
    assert "#r=" not in page.url or not unpack(urlfragment(page.url)).endswith(noise)


def test_hostile_ruleset_from_a_link_is_text(browsing: Browsing) -> None:
    page, _ = browsing.open(link_fragment(HOSTILE))
    assert page.evaluate("window.playground.text()") == HOSTILE
    verdict = page.locator("[data-testid=verdict]")
    verdict.filter(has_text="Valid").wait_for()
    assert HOSTILE_TITLE in (verdict.text_content() or "")
    assert page.evaluate("window.__pwned") is None
    assert page.locator("#pg script, #pg img").count() == 0
    assert "<script>" in (page.locator(".cm-content").text_content() or "")
    # and in a diagnostic, which quotes the text at fault
    set_source(page, HOSTILE + "<img src=x onerror='window.__pwned=3'>\n")
    shown = "".join(page.locator("[data-testid=diagnostics] pre").all_text_contents())
    assert "<img src=x onerror='window.__pwned=3'>" in shown
    assert page.evaluate("window.__pwned") is None
    assert page.locator("#pg script, #pg img").count() == 0


def test_quick_statistics_match_the_cli_and_stop(browsing: Browsing,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    page, _ = browsing.open()
    set_source(page, builtin_source("fr-sheet"))
    page.click("[data-testid=stats]")
    output = page.locator("[data-testid=stats-output]")
    output.filter(has_text="200 games").wait_for(timeout=300_000)
    seconds = page.evaluate("window.playground.timings.stats_ms") / 1000
    started = time.monotonic()
    expected = cli("simulate", "fr-sheet", "--games", "200")
    cli_seconds = time.monotonic() - started
    assert expected.returncode == 0
    assert output.text_content() == expected.stdout
    report(capsys, f"200 games of fr-sheet: {seconds:.2f} s in the page, "
                   f"{cli_seconds:.2f} s for the `nainjaune simulate` process")
    # again, stopped at once: the worker reads the stop between two chunks of 10 games, so
    # it stops after the first (waiting for progress first raced the 200 games' end)
    page.click("[data-testid=stats]")
    page.click("[data-testid=cancel-stats]")
    page.locator("[data-testid=status]").filter(has_text="Stopped").wait_for(timeout=30_000)
    assert "games" in (output.text_content() or "")
    assert 0 < page.evaluate("document.querySelector('[data-testid=stats-progress]').value") < 200
    assert page.is_enabled("[data-testid=stats]")


def test_without_the_runtime_the_page_says_so(browser: Any, tmp_path: Path) -> None:
    """The site built without NAINJAUNE_PLAYGROUND (no node needed): the page explains."""
    build_site(tmp_path, playground=False)
    assert not (tmp_path / "playground" / "py").exists()
    with serving(tmp_path) as server:
        context = browser.new_context()
        try:
            page, _ = Browsing(context, server).open(expect="missing")
            status = page.locator("[data-testid=status]").text_content() or ""
            assert "NAINJAUNE_PLAYGROUND=1" in status
            assert page.is_disabled("[data-testid=play]")
        finally:
            context.close()
