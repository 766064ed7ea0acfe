"""Issue 45's walk: every page a player can reach, in German, on a laptop and a phone, with every
English word reported with the page, the element and the file its text likely comes from.

    .venv/bin/python scripts/german_walk.py [--out /tmp/german_walk] [--viewport desktop|phone]
                                            [--no-screenshots] [--only SUBSTRING]

It starts its own server (scripts/german_walk_site.py: Daphne, SQLite, DEBUG off), makes the
objects every page needs (players, a correspondence, a live, a finished and an imported game, a
game against a bot, one of each of the four games, an analysis, a tournament, a challenge),
sets German (the `django_language` cookie, and Profile.language=de for the accounts), opens the
pages below as a visitor and as a logged-in player, also in the 3D view on a game page, and
collects the visible text, the title and the title/placeholder/aria-label/alt attributes and
button values. English is decided by scripts/german_words.py. Screenshots (full page) go to
--out, with report.json and report.txt. Exit status 1 when English was found.

Needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium) and Debian's word lists
(apt-get install wamerican wbritish wngerman)."""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scripts import german_words  # noqa: E402
from scripts.german_walk_site import PASSWORD, Site  # noqa: E402

VIEWPORTS = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
              "device_scale_factor": 2},
}
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--enable-unsafe-swiftshader",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
TIMEOUT_MS = 30_000

# Route (as Django's resolver spells it) -> the pages opened for it: (path, who, action), who
# being "anon" (a German visitor) or "person" (a German account; "other" is its opponent).
# {key} opens a page once per game; {running_of_key}/{finished_of_key} are a game of that game.
# action "3d": the game page's cube view as well; "4xx": a page that may answer with a refusal
# (the 404 page; a mail link already used). tests/i18n checks this covers every route.
PAGES: dict[str, list[tuple[str, str, str]]] = {
    "": [("/", "anon", ""), ("/", "person", "")],
    "profile/": [("/profile/", "person", "")],
    "players/<str:username>/": [("/players/{person}/", "anon", ""),
                                ("/players/{bot}/", "person", "")],
    "new/": [("/new/", "person", "")],
    "challenges/<str:challenge_id>/": [("/challenges/{challenge}/", "person", ""),
                                       ("/challenges/{challenge}/", "other", "")],
    "games/<str:game_id>/": [("/games/{running}/", "person", ""), ("/games/{running}/", "anon", ""),
                             ("/games/{finished}/", "person", ""), ("/games/{live}/", "person", "3d"),
                             ("/games/{live}/", "anon", ""), ("/games/{bot_game}/", "person", ""),
                             ("/games/{running_of_key}/", "person", ""),
                             ("/games/{finished_of_key}/", "anon", "")],
    "games/<str:game_id>/replay/": [("/games/{finished}/replay/", "person", ""),
                                    ("/games/{running}/replay/", "person", ""),
                                    ("/games/{finished_of_key}/replay/", "anon", ""),
                                    ("/games/{imported}/replay/", "anon", "")],
    "your-turn/next/": [("/your-turn/next/", "person", "")],
    "archive/": [("/archive/", "anon", ""), ("/archive/?player={person}", "person", "")],
    "import/": [("/import/", "person", "")],
    "rules/": [("/rules/", "anon", "")],
    "rules/<slug:key>/": [("/rules/{key}/", "anon", "")],
    "rules/<slug:key>/full/": [("/rules/{key}/full/", "anon", "")],
    "leaderboard/": [("/leaderboard/", "anon", "")],
    "leaderboard/<str:variant>/": [("/leaderboard/{key}/", "anon", "")],
    "tv/": [("/tv/", "anon", "")],
    "signup/": [("/signup/", "anon", "")],
    "login/": [("/login/", "anon", "")],
    "password/": [("/password/", "person", "")],
    "password/reset/": [("/password/reset/", "anon", "")],
    "password/reset/sent/": [("/password/reset/sent/", "anon", "")],
    "password/reset/<uidb64>/<token>/": [("/password/reset/{reset_uid}/{reset_token}/", "anon", "")],
    "password/reset/done/": [("/password/reset/done/", "anon", "")],
    "mail/settings/": [("/mail/settings/", "person", "")],
    "mail/unsubscribe/<str:token>/": [("/mail/unsubscribe/{unsubscribe}/", "anon", "")],
    "mail/verify/<str:token>/": [("/mail/verify/{verify}/", "anon", "4xx")],
    "analysis/": [("/analysis/", "anon", ""), ("/analysis/?game={finished}", "person", "")],
    "editor/": [("/editor/", "anon", "")],
    "editor/<slug:key>/": [("/editor/{key}/", "person", "")],
    "api/docs/": [("/api/docs/", "anon", "")],
    "tournaments/": [("/tournaments/", "person", "")],
    "tournaments/<str:tournament_id>/": [("/tournaments/{tournament}/", "anon", ""),
                                         ("/tournaments/{tournament}/", "person", "")],
    "training/": [("/training/", "anon", "")],
    "training/<str:variant>/": [("/training/{key}/", "person", "")],
    # The site's 404 page (no route: any unknown path).
    "404": [("/gibt-es-nicht/", "anon", "4xx")],
}
VARIANTS = ["raumschach", "fiveup", "hexraumschach", "startrek"]
# Pages whose text is not the site's: Swagger UI's own page (a third party's, English only).
NOT_OURS = {"/api/docs/"}

# The page's words and where each was seen: visible text nodes (as innerText shows them; the
# options of a visible select) but for titles and code, the page's title, and the attributes a
# person reads or hears.
COLLECT = r"""() => {
  const where = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      let s = e.tagName.toLowerCase();
      if (e.id) { parts.unshift(s + '#' + e.id); break; }
      if (e.classList.length) s += '.' + [...e.classList].slice(0, 2).join('.');
      parts.unshift(s);
    }
    return parts.join(' > ');
  };
  const seen = (el) => el.tagName === 'OPTION' ? seen(el.closest('select') || el.parentElement)
    : el.checkVisibility({visibilityProperty: true});
  const out = [{text: document.title, where: 'title'}];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement, text = n.textContent.trim();
    // cite: a title (a name); code, pre, kbd, samp: notation and identifiers, not words.
    if (!text || !el || el.closest('script,style,noscript,template,cite,code,pre,kbd,samp,[lang|="en"]')) continue;
    if (seen(el)) out.push({text, where: where(el)});
  }
  for (const el of document.querySelectorAll('[title],[placeholder],[aria-label],[alt],'
                                            + 'input[type=submit],input[type=button],button[value]')) {
    for (const attr of ['title', 'placeholder', 'aria-label', 'alt']) {
      const value = el.getAttribute(attr);
      if (value) out.push({text: value, where: where(el) + '@' + attr});
    }
    if (el.tagName === 'INPUT' && el.value) out.push({text: el.value, where: where(el) + '@value'});
  }
  return out;
}"""


def pages(objects: dict, only: str = "", table: dict | None = None,
          variants: list[str] = VARIANTS) -> list[tuple[str, str, str]]:
    """The (path, who, action) to open: of `table` (PAGES), `only` those whose path holds it."""
    found = []
    for entries in (PAGES if table is None else table).values():
        for path, who, action in entries:
            for key in (variants if "key}" in path else [None]):
                full = path.format(**objects, key=key,
                                   running_of_key=objects["running_of"].get(key),
                                   finished_of_key=objects["finished_of"].get(key))
                if only in full:
                    found.append((full, who, action))
    return found


def _log_in(context, base: str, username: str) -> None:
    page = context.new_page()
    page.goto(base + "/login/")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("form[action='/login/'] button[type=submit]").click()
    page.wait_for_url(lambda url: "/login/" not in url)
    page.close()


def _findings(items: list[dict], path: str, viewport: str, names: set[str]) -> list[dict]:
    found = []
    for item in items:
        for word in german_words.english_words(item["text"], names):
            found.append({"word": word, "page": path, "viewport": viewport,
                          "where": item["where"], "text": " ".join(item["text"].split())[:160]})
    return found


def walk(base: str, objects: dict, browser, viewport: str, out: Path | None,
         to_open: list[tuple[str, str, str]]) -> tuple[list[dict], list[dict]]:
    """Open the pages `to_open` (of pages()) at `viewport`, screenshots to `out` if given;
    returns (the English words found, the pages that failed to open)."""
    names = german_words.variant_name_words() | {
        w.lower() for name in (objects["person"], objects["other"], objects["bot"])
        for w in german_words.WORD.findall(name)}
    contexts = {}
    for who in ("anon", "person", "other"):
        context = browser.new_context(**VIEWPORTS[viewport], locale="de-DE")
        context.set_default_timeout(TIMEOUT_MS)
        context.add_cookies([{"name": "django_language", "value": "de", "url": base}])
        if who != "anon":
            _log_in(context, base, objects[who])
        contexts[who] = context
    found, failed = [], []
    try:
        for path, who, action in to_open:
            started = time.monotonic()
            page = contexts[who].new_page()
            try:
                response = page.goto(base + path)
                status = response.status if response else 0
                if status >= 500 or (status >= 400 and action != "4xx"):
                    failed.append({"page": path, "viewport": viewport, "status": status})
                page.wait_for_load_state("networkidle")
                if path not in NOT_OURS and page.evaluate("document.documentElement.lang") != "de":
                    failed.append({"page": path, "viewport": viewport, "status": "not lang=de"})
                views = [("", page.evaluate(COLLECT))]
                if action == "3d":
                    page.locator(".view-switch button[data-view='3d']").first.click()
                    page.wait_for_timeout(500)
                    views.append(("#3d", page.evaluate(COLLECT)))
                for suffix, items in views:
                    if path not in NOT_OURS:
                        found += _findings(items, path + suffix, viewport, names)
                if out is not None:
                    name = re.sub(r"[^A-Za-z0-9]+", "-", f"{viewport}-{who}-{path}").strip("-")
                    page.screenshot(path=str(out / f"{name}.png"), full_page=True,
                                    timeout=3 * TIMEOUT_MS)
            except Exception as exc:  # noqa: BLE001 - a page that fails is reported, the walk goes on
                failed.append({"page": path, "viewport": viewport, "status": repr(exc)[:300]})
            finally:
                page.close()
                print(f"{viewport} {who} {path} {time.monotonic() - started:.1f}s", file=sys.stderr)
    finally:
        for context in contexts.values():
            context.close()
    return found, failed


def report_text(found: list[dict], failed: list[dict]) -> str:
    """One block per English word: each text it was seen in (notation made "#", so a board's
    125 cells make one line), with up to three of its pages and elements, and its likely file."""
    lines = [f"{len({f['word'] for f in found})} English words, {len(found)} sightings; "
             f"{len(failed)} pages failed"]
    for fail in failed:
        lines.append(f"FAILED {fail['viewport']} {fail['page']}: {fail['status']}")
    by_word: dict[str, dict[str, list[dict]]] = {}
    for item in found:
        text = re.sub(r"[A-Za-z]*\d[\w.,+#-]*", "#", item["text"])
        by_word.setdefault(item["word"], {}).setdefault(text, []).append(item)
    for word, texts in sorted(by_word.items()):
        lines.append(f"\n{word}  ({sum(len(v) for v in texts.values())}x)")
        for text, items in texts.items():
            pages = sorted({f"{i['viewport']} {i['page']} [{i['where']}]" for i in items})
            lines.append(f"  \"{text[:110]}\" <- {german_words.source_of(items[0]['text'], word)}")
            lines += [f"      {page}" for page in pages[:3]]
            if len(pages) > 3:
                lines.append(f"      ... and {len(pages) - 3} more")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="/tmp/german_walk")
    parser.add_argument("--viewport", choices=sorted(VIEWPORTS), action="append")
    parser.add_argument("--no-screenshots", action="store_true")
    parser.add_argument("--only", default="", help="open only the pages whose path holds this")
    args = parser.parse_args(argv)
    missing = german_words.missing_lists()
    if missing:
        parser.error(f"missing word lists {missing}: apt-get install wamerican wbritish wngerman")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    site = Site().start()
    try:
        objects = site.arrange()
        found, failed = [], []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
                args=CHROMIUM_ARGS)
            for viewport in args.viewport or ["desktop", "phone"]:
                more, broken = walk(site.url, objects, browser, viewport,
                                    None if args.no_screenshots else out,
                                    pages(objects, args.only))
                found += more
                failed += broken
            browser.close()
    finally:
        site.stop()
    (out / "report.json").write_text(json.dumps({"found": found, "failed": failed}, indent=1))
    text = report_text(found, failed)
    (out / "report.txt").write_text(text + "\n")
    print(text)
    return 1 if found or failed else 0


if __name__ == "__main__":
    sys.exit(main())
