// Show only the part of the form that fits the chosen kind of opponent, and only the chosen
// game's options and bot descriptions; for a live game the clock (a preset or custom minutes
// and increment, with its speed), for correspondence the days per move.

import { formatLimit, speedOf, STRINGS as CLOCK_WORDS } from "./clock.js";

const form = document.getElementById("new-game-form");
const checked = (name) => form.querySelector(`input[name="${name}"]:checked`)?.value;
const sync = () => {
  const kind = checked("opponent_kind") || "user";
  for (const set of form.querySelectorAll("fieldset[data-kind]")) set.hidden = set.dataset.kind !== kind;
  const variant = checked("variant");
  for (const box of form.querySelectorAll(".variant-options")) box.hidden = box.dataset.variant !== variant;
  // A bot is described as it plays the chosen game (a level searches Five Up fewer plies).
  for (const text of form.querySelectorAll(".bot-description")) text.hidden = text.dataset.variant !== variant;
  const mode = checked("time_mode") || "correspondence";
  for (const part of form.querySelectorAll("[data-time]")) part.hidden = part.dataset.time !== mode;
  const custom = form.querySelector("[data-custom-clock]");
  if (custom) custom.hidden = checked("clock") !== "custom";
  const limit = Number(form.querySelector('select[name="clock_limit"]')?.value);
  const increment = Number(form.querySelector('select[name="clock_increment"]')?.value);
  const speed = form.querySelector(".custom-speed");
  if (speed && limit >= 0 && increment >= 0) {
    speed.textContent = `${formatLimit(limit)}+${increment} · ${CLOCK_WORDS.speeds[speedOf(limit, increment)]}`;
  }
};
form.addEventListener("change", sync);
sync();
