// The move list: numbered pairs in readable notation, boardmates (++) marked.

import { format, gettext } from "./i18n.js";

/** A computer analysis's judgement of a move, in the page's language. */
export const JUDGEMENTS = { inaccuracy: gettext("inaccuracy"), mistake: gettext("mistake"),
  blunder: gettext("blunder") };

/**
 * @param {HTMLOListElement} list
 * @param {Array<{ply, move, san}>} moves
 * @param {object} [options] current: ply shown (highlighted); onJump(ply): makes moves buttons;
 *   start: the game's start position, parsed (Variant.parseFen; for the move numbers);
 *   notes: {ply: {judgement, glyph, better}} a computer analysis's marks (review.js): the glyph
 *   (?!, ?, ??) after the move and the better move beside it
 */
export function renderMoveList(list, moves, { current = null, onJump = null, start, notes = {} } = {}) {
  list.replaceChildren();
  // Numbering follows the start position (a game may start mid-way, or with Black to move).
  let number = start.fullmove || 1;
  let i = 0;
  while (i < moves.length) {
    const li = document.createElement("li");
    const no = document.createElement("span");
    no.className = "no";
    no.textContent = `${number}.`;
    li.append(no);
    if (i === 0 && start.turn === "black") {
      const gap = document.createElement("span");
      gap.className = "mv";
      gap.textContent = "…";
      li.append(gap);
    } else {
      li.append(moveItem(moves[i], current, onJump, notes[moves[i].ply]));
      i += 1;
    }
    if (moves[i]) li.append(moveItem(moves[i], current, onJump, notes[moves[i].ply]));
    i += 1;
    number += 1;
    list.append(li);
  }
  const shown = list.querySelector(".current") || list.lastElementChild;
  // Scroll the list itself, never the page: on a phone the list sits below the board, and
  // scrollIntoView would pull the page away from the board after every move.
  if (shown && list.scrollHeight > list.clientHeight) {
    const offset = shown.getBoundingClientRect().top - list.getBoundingClientRect().top;
    list.scrollTop += offset - list.clientHeight / 2;
  }
}

function moveItem(move, current, onJump, note) {
  const el = document.createElement(onJump ? "button" : "span");
  el.className = "mv";
  el.dataset.ply = String(move.ply);
  const san = move.san || move.move;
  if (san.endsWith("++")) {
    // A boardmate: check with no escape on the king's own level (a display mark only).
    el.append(san.slice(0, -2));
    const mark = document.createElement("abbr");
    mark.className = "boardmate";
    mark.title = gettext("boardmate");
    mark.textContent = "++";
    el.append(mark);
  } else {
    el.textContent = san;
  }
  let judged = "";
  if (note && note.judgement) {
    el.classList.add(`judged-${note.judgement}`);
    el.dataset.judgement = note.judgement;
    const glyph = document.createElement("span");
    glyph.className = "glyph";
    glyph.textContent = note.glyph;
    const judgement = JUDGEMENTS[note.judgement] || note.judgement;
    glyph.title = judgement;
    el.append(glyph);
    if (note.better) {
      const better = document.createElement("span");
      better.className = "better";
      better.textContent = `(${note.better})`;
      better.title = format(gettext("Better was %(move)s"), { move: note.better });
      el.append(better);
    }
    judged = `, ${judgement}` + (note.better ? format(gettext("; better was %(move)s"), { move: note.better }) : "");
  }
  if (onJump) {
    el.type = "button";
    el.setAttribute("aria-label", format(gettext("Go to move %(move)s %(san)s"),
      { move: `${Math.ceil(move.ply / 2)}${move.ply % 2 ? "" : "…"}`, san }) + judged);
    el.addEventListener("click", () => onJump(move.ply));
  }
  if (current === move.ply) {
    el.classList.add("current");
    el.setAttribute("aria-current", "step");
  }
  return el;
}
