// Show only the part of the form that fits the chosen kind of opponent.
const form = document.getElementById("new-game-form");
const sync = () => {
  const kind = form.querySelector('input[name="opponent_kind"]:checked')?.value || "user";
  for (const set of form.querySelectorAll("fieldset[data-kind]")) set.hidden = set.dataset.kind !== kind;
};
form.addEventListener("change", sync);
sync();
