// "Copy link" next to an open challenge's link: the clipboard API where the page may use it
// (HTTPS or localhost), else select the text and fall back to the older copy command.

import { gettext } from "./i18n.js";

for (const button of document.querySelectorAll("[data-copy]")) {
  const field = document.querySelector(button.dataset.copy);
  const status = button.parentElement.querySelector(".copy-status");
  button.addEventListener("click", async () => {
    let copied = false;
    try {
      await navigator.clipboard.writeText(field.value);
      copied = true;
    } catch {
      field.select();
      try { copied = document.execCommand("copy"); } catch { copied = false; }
    }
    if (status) status.textContent = copied ? gettext("Copied.") : gettext("Select the link and copy it.");
    button.dataset.copied = String(copied);
  });
}
