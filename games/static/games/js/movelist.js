// The move list: numbered pairs in readable notation, boardmates (++) marked.

/**
 * @param {HTMLOListElement} list
 * @param {Array<{ply, move, san}>} moves
 * @param {object} [options] current: ply shown (highlighted); onJump(ply): makes moves buttons
 */
export function renderMoveList(list, moves, { current = null, onJump = null } = {}) {
  list.replaceChildren();
  for (let i = 0; i < moves.length; i += 2) {
    const li = document.createElement("li");
    const no = document.createElement("span");
    no.className = "no";
    no.textContent = `${i / 2 + 1}.`;
    li.append(no, moveItem(moves[i], current, onJump));
    if (moves[i + 1]) li.append(moveItem(moves[i + 1], current, onJump));
    list.append(li);
  }
  const shown = list.querySelector(".current") || list.lastElementChild;
  if (shown && shown.scrollIntoView) shown.scrollIntoView({ block: "nearest" });
}

function moveItem(move, current, onJump) {
  const el = document.createElement(onJump ? "button" : "span");
  el.className = "mv";
  el.dataset.ply = String(move.ply);
  const san = move.san || move.move;
  if (san.endsWith("++")) {
    // A boardmate: check with no escape on the king's own level (a display mark only).
    el.append(san.slice(0, -2));
    const mark = document.createElement("abbr");
    mark.className = "boardmate";
    mark.title = "boardmate";
    mark.textContent = "++";
    el.append(mark);
  } else {
    el.textContent = san;
  }
  if (onJump) {
    el.type = "button";
    el.setAttribute("aria-label", `Go to move ${Math.ceil(move.ply / 2)}${move.ply % 2 ? "" : "…"} ${san}`);
    el.addEventListener("click", () => onJump(move.ply));
  }
  if (current === move.ply) {
    el.classList.add("current");
    el.setAttribute("aria-current", "step");
  }
  return el;
}
