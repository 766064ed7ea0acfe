// The header's menu on a narrow screen: the button opens and closes the links that do not fit
// on the header's one line (site.css hides them there; a wide screen shows them all and hides
// the button). A file, not an inline script: the Content-Security-Policy allows no inline code.

const header = document.querySelector(".site-header");
const button = header && header.querySelector("[data-menu-button]");

function setOpen(open) {
  header.classList.toggle("menu-open", open);
  button.setAttribute("aria-expanded", String(open));
}

if (button) {
  button.addEventListener("click", () => setOpen(!header.classList.contains("menu-open")));
  // Escape closes an open menu and gives the focus back to its button.
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && header.classList.contains("menu-open")) {
      setOpen(false);
      button.focus();
    }
  });
}
