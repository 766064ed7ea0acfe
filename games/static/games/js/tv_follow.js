// Bot TV (/tv/): on a showcase game opened from the TV, go on to the channel's next game once
// this one ends; on the TV's "next game is starting" page, look again shortly.
const NEXT_AFTER_MS = 4000; // long enough to read the result

const game = document.getElementById("game");
const waiting = document.getElementById("tv-waiting");
const tvUrl = (game || waiting)?.dataset.tv;

function goOn(delay) {
  setTimeout(() => window.location.assign(tvUrl), delay);
}

if (tvUrl && game) {
  if (game.dataset.status !== "active") {
    goOn(NEXT_AFTER_MS);
  } else {
    const watcher = new MutationObserver(() => {
      if (game.dataset.status !== "active") {
        watcher.disconnect();
        goOn(NEXT_AFTER_MS);
      }
    });
    watcher.observe(game, { attributes: true, attributeFilter: ["data-status"] });
  }
} else if (tvUrl && waiting) {
  goOn(1500);
}
