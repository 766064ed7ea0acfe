"""Frames per second of the game page's 3D view in Chromium's software renderer (SwiftShader),
a full board (the variant's start position), while the view turns without stop.

    python scripts/bench_3d_fps.py [--variant raumschach] [--seconds 8] [--runs 3]
                                   [--viewport 1366x900] [--mode turn|hover] [--shots DIR]

Starts its own server (Daphne, a throw-away SQLite database, DEBUG static files), creates a
game, opens its page as a logged-out watcher in the 3D view and drags the view round (pointer
events, one step per frame) for --seconds. While the view moves it is drawn at a reduced
resolution with coarser piece bodies (board3d.js, MOVING_SCALE): that is what a person sees
while turning it, and what --mode turn (the default) measures. --mode hover measures frames
drawn at rest instead, at full resolution: the mouse goes from cell to cell without a button
(each frame repaints the hover and draws a sharp frame, as the frame that ends a turn). The figure is the frames the view drew per second
(its data-frames counter) over that time, per run and the median; the page's requestAnimation
Frame rate is printed beside it, and Chromium's CPU time per frame drawn, split by process
(the GPU process is where SwiftShader draws). With --shots, also a screenshot per preset and
spacing.
Needs Playwright's Python package and Chromium ($CHROMIUM_PATH, default /usr/bin/chromium).
Quote the machine's load (uptime) with the figures: SwiftShader draws on the CPU.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.conftest import CHROMIUM_ARGS, _stop, _wait_for_http  # noqa: E402
from tests.realtime.servers import free_port  # noqa: E402

PRESETS = ["white", "black", "side", "corner", "top"]
SPIN = """async (seconds) => {
  const canvas = document.querySelector(".cube-canvas");
  const box = canvas.getBoundingClientRect();
  const y = box.top + box.height / 2;
  let x = box.left + box.width / 2;
  const fire = (type) => canvas.dispatchEvent(new PointerEvent(type,
    { pointerId: 7, clientX: x, clientY: y, bubbles: true, pointerType: "mouse", buttons: 1 }));
  fire("pointerdown");
  x += 10; fire("pointermove");  // past the click slop: a drag
  const drawn0 = Number(canvas.dataset.frames);
  let ticks = 0;
  const start = performance.now();
  await new Promise((done) => {
    const tick = () => {
      ticks += 1;
      x += 4; fire("pointermove");  // the view keeps turning (damped, so it never rests)
      if (performance.now() - start < seconds * 1000) requestAnimationFrame(tick);
      else done();
    };
    requestAnimationFrame(tick);
  });
  const elapsed = (performance.now() - start) / 1000;
  fire("pointerup");
  return { fps: (Number(canvas.dataset.frames) - drawn0) / elapsed, raf: ticks / elapsed };
}"""


HOVER = """async (seconds) => {
  // The mouse from cell to cell, one step a frame, no button: every frame a sharp one at rest.
  const canvas = document.querySelector(".cube-canvas");
  const box = canvas.getBoundingClientRect();
  const cells = Object.values(JSON.parse(canvas.dataset.cells));
  const drawn0 = Number(canvas.dataset.frames);
  let ticks = 0;
  const start = performance.now();
  await new Promise((done) => {
    const tick = () => {
      const [x, y] = cells[ticks % cells.length];
      ticks += 1;
      canvas.dispatchEvent(new PointerEvent("pointermove", { pointerId: 1, clientX: box.left + x,
        clientY: box.top + y, bubbles: true, pointerType: "mouse", buttons: 0 }));
      if (performance.now() - start < seconds * 1000) requestAnimationFrame(tick);
      else done();
    };
    requestAnimationFrame(tick);
  });
  const elapsed = (performance.now() - start) / 1000;
  if (canvas.closest(".board3d").dataset.moving !== "0") throw new Error("the view moved while hovering");
  return { fps: (Number(canvas.dataset.frames) - drawn0) / elapsed, raf: ticks / elapsed };
}"""


def chromium_cpu_seconds() -> dict[int, tuple[str, float]]:
    """CPU seconds (user + system) used so far by each Chromium process this script started
    (every descendant of this process whose name says chrom), by pid: (its --type, or
    "browser", and the seconds). Diff two of these over the processes in both (a process that
    ended or began in between would count its whole life)."""
    tick = os.sysconf("SC_CLK_TCK")
    children: dict[int, list[int]] = {}
    stats: dict[int, list[str]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            text = (entry / "stat").read_text()
        except OSError:
            continue
        name = text[text.index("(") + 1:text.rindex(")")]
        fields = text[text.rindex(")") + 2:].split()
        stats[int(entry.name)] = [name, *fields]
        children.setdefault(int(fields[1]), []).append(int(entry.name))
    found = {}
    todo = [os.getpid()]
    while todo:
        pid = todo.pop()
        todo.extend(children.get(pid, []))
        if pid in stats and "chrom" in stats[pid][0].lower():
            try:
                # Chromium rewrites its children's command lines as one string: split on both.
                args = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").split()
            except OSError:
                continue
            kind = next((a[7:] for a in args if a.startswith("--type=")), "browser")
            found[pid] = (kind, (int(stats[pid][12]) + int(stats[pid][13])) / tick)  # utime, stime
    return found


def cpu_used(before: dict, after: dict) -> dict[str, float]:
    """CPU seconds per process type between two chromium_cpu_seconds() readings."""
    used: dict[str, float] = {}
    for pid, (kind, seconds) in after.items():
        if pid in before:
            used[kind] = used.get(kind, 0.0) + seconds - before[pid][1]
    return used


def start_server(workdir: Path) -> tuple[subprocess.Popen, str, dict]:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{workdir / 'db.sqlite3'}", "DEBUG": "1",
           "DJANGO_SETTINGS_MODULE": "raumschach_site.settings", "PYTHONUNBUFFERED": "1"}
    env.pop("REDIS_URL", None)  # one process, in-memory channel layer: nothing else needed
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    port = free_port()
    log = workdir / "server.log"
    server = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                               "raumschach_site.asgi:application"], cwd=ROOT, env=env,
                              stdout=log.open("w"), stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    _wait_for_http(url + "/", server, log)
    return server, url, env


def create_game(env: dict, variant: str) -> str:
    code = ("import engine; from django.contrib.auth.models import User; from games.models import Game; "
            f"v = engine.variant_by_key({variant!r}); "
            "w = User.objects.create_user('fps-w', password='x-long-pass-1'); "
            "b = User.objects.create_user('fps-b', password='x-long-pass-1'); "
            "g = Game.objects.create(white=w, black=b, variant=v.key, start_fen=v.start_fen, fen=v.start_fen); "
            "print(g.public_id)")
    done = subprocess.run([sys.executable, "manage.py", "shell", "-v", "0", "-c", code], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=True)
    return done.stdout.strip().splitlines()[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="raumschach")
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--viewport", default="1366x900")
    parser.add_argument("--mode", choices=["turn", "hover"], default="turn",
                        help="turn: the view turns without stop (drawn as while moving); hover: frames at rest")
    parser.add_argument("--shots", type=Path, help="folder for a screenshot per preset and spacing")
    args = parser.parse_args()
    width, height = (int(v) for v in args.viewport.split("x"))
    with tempfile.TemporaryDirectory() as tmp:
        server, url, env = start_server(Path(tmp))
        try:
            game = create_game(env, args.variant)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"), args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": width, "height": height})
                page.goto(url + "/")
                page.evaluate(f"localStorage.setItem('raumschach.boardView.{args.variant}', '3d')")  # per variant
                page.goto(f"{url}/games/{game}/")
                page.wait_for_function("() => Number(document.querySelector('.cube-canvas')?.dataset.frames) > 0")
                page.wait_for_function("() => document.querySelector('.board3d').dataset.moving === '0'")
                pieces = page.evaluate("() => Object.keys(JSON.parse(document.querySelector('.cube-canvas').dataset.pieces)).length")
                size = page.evaluate("() => { const c = document.querySelector('.cube-canvas'); return [c.width, c.height]; }")
                print(f"{args.variant}: {pieces} pieces, canvas {size[0]}x{size[1]} px at rest, {args.seconds:g} s per run,"
                      f" mode {args.mode}")
                results = []
                for run in range(args.runs):
                    frames0 = int(page.evaluate("document.querySelector('.cube-canvas').dataset.frames"))
                    cpu0 = chromium_cpu_seconds()
                    result = page.evaluate(SPIN if args.mode == "turn" else HOVER, args.seconds)
                    used = cpu_used(cpu0, chromium_cpu_seconds())
                    cpu = sum(used.values())
                    frames = int(page.evaluate("document.querySelector('.cube-canvas').dataset.frames")) - frames0
                    # Chromium's CPU per frame drawn: the frame rate a free core would give.
                    result["cpu_fps"] = frames / cpu if cpu else float("nan")
                    result["ms"] = {kind: 1000 * seconds / frames for kind, seconds in used.items()} if frames else {}
                    results.append(result)
                    split = ", ".join(f"{kind} {ms:.1f}" for kind, ms in sorted(result["ms"].items()) if ms >= 0.05)
                    print(f"run {run + 1}: {result['fps']:.1f} frames/s drawn ({result['raf']:.1f} animation frames/s);"
                          f" {frames} frames in {cpu:.2f} CPU s of Chromium = {result['cpu_fps']:.1f} frames per CPU second"
                          f" ({1000 / result['cpu_fps']:.1f} CPU ms a frame: {split})")
                load = " ".join(f"{v:.2f}" for v in os.getloadavg())
                cpu_fps = statistics.median(r["cpu_fps"] for r in results)
                print(f"median: {statistics.median(r['fps'] for r in results):.1f} frames/s wall,"
                      f" {cpu_fps:.1f} frames per CPU second ({1000 / cpu_fps:.1f} CPU ms a frame,"
                      f" GPU process {statistics.median(r['ms'].get('gpu-process', 0) for r in results):.1f});"
                      f" load: {load}")
                if args.shots:
                    take_shots(page, args.shots, f"{args.variant}-{width}x{height}")
                browser.close()
        finally:
            _stop(server)


def take_shots(page, folder: Path, prefix: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for spacing in ("compact", "exploded"):
        page.locator(f'[data-spacing="{spacing}"]').click()
        for preset in PRESETS:
            page.locator(f'[data-preset="{preset}"]').click()
            page.wait_for_function("() => document.querySelector('.board3d').dataset.moving === '0'")
            time.sleep(0.1)
            page.locator(".board3d .stage").screenshot(path=str(folder / f"{prefix}-{spacing}-{preset}.png"))
    print(f"screenshots in {folder}")


if __name__ == "__main__":
    main()
