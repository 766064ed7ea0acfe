// Name suggestions for the archive's player fields: as one types, the datalist the inputs name
// is filled with the names starting so (GET /api/v1/users/?prefix=), so "ann" offers "annie".
const list = document.getElementById("name-suggestions");
const DELAY_MS = 200; // one request per pause in typing, not per key

if (list) {
  let timer = null;
  let asked = "";
  const suggest = async (prefix) => {
    if (!prefix || prefix === asked) return;
    asked = prefix;
    try {
      const url = `${list.dataset.url}?prefix=${encodeURIComponent(prefix)}`;
      const response = await fetch(url, { credentials: "same-origin" });
      if (!response.ok) return; // suggestions are a help: a refusal leaves the field as typed
      const names = await response.json();
      if (asked !== prefix) return; // a later keystroke asked for another prefix
      list.replaceChildren(...names.map(({ username }) => {
        const option = document.createElement("option");
        option.value = username;
        return option;
      }));
    } catch {
      // offline or the server went away: typing still works, without suggestions
    }
  };
  for (const input of document.querySelectorAll("input[data-name-suggest]")) {
    input.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(() => suggest(input.value.trim()), DELAY_MS);
    });
  }
}
