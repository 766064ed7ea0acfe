// Show only the part of the form that fits the chosen kind of opponent, and only the chosen
// game's options and bot descriptions.
const form = document.getElementById("new-game-form");
const sync = () => {
  const kind = form.querySelector('input[name="opponent_kind"]:checked')?.value || "user";
  for (const set of form.querySelectorAll("fieldset[data-kind]")) set.hidden = set.dataset.kind !== kind;
  const variant = form.querySelector('input[name="variant"]:checked')?.value;
  for (const box of form.querySelectorAll(".variant-options")) box.hidden = box.dataset.variant !== variant;
  // A bot is described as it plays the chosen game (a level searches Five Up fewer plies).
  for (const text of form.querySelectorAll(".bot-description")) text.hidden = text.dataset.variant !== variant;
};
form.addEventListener("change", sync);
sync();
