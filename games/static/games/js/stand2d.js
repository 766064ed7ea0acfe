// Movable boards in 2D (Star Trek, docs/variant-seam.md section 10): one column per level,
// every pane at its place on the whole stand (a cell's x, y are its file and rank there), the
// rows of all levels aligned by rank on a laptop. A level's panes are a main board, or the pins
// around the main boards at that height: an attack board on its pin is drawn with a handle
// (its pin's id) on its outer side; a free pin is a dashed marker. The handle picks the board
// up (Board.activatePin) and the free pins the server lists as its targets light up.
// Used by board.js (Board) only; knows nothing of the rules.

import { format, gettext } from "./i18n.js";

/** The columns a level uses, left to right as White sees them: x -> position in cell units.
 * Files no pane of the level uses (the middle of an attack-board level) shrink to a half-cell
 * gap, so an attack-board level is not wider than a main board's. */
function columnsOf(variant, panes) {
  const xs = [...new Set(variant.cells.filter((c) => panes.includes(c.board)).map((c) => c.x))]
    .sort((a, b) => a - b);
  const at = new Map();
  let position = 0;
  xs.forEach((x, i) => {
    if (i > 0) position += x - xs[i - 1] > 1 ? 1.5 : 1;
    at.set(x, position);
  });
  return { at, width: position + 1 };
}

const HANDLE = 0.42; // a handle's width beside its board, in cells
const RANKS = 0.5; // the rank labels' column

/** Each level group's drawn width in cells (boardview.js sizes the cells from them). */
export function levelWidths(variant) {
  return variant.groups.map((group) => {
    const hasPins = group.panes.some((pane) => variant.pinOfBoard.has(pane));
    return RANKS + columnsOf(variant, group.panes).width + (hasPins ? 2 * HANDLE : 0);
  });
}

/** The column of level group `g`: its cells (Board.makeCell), pane frames, pin markers and
 * handles, absolutely placed in cell units (--hx, --hy) inside a box of --w x --h. */
export function buildStandLevel(board, g, flipped) {
  const variant = board.variant;
  const group = variant.groups[g];
  const mine = variant.cells.filter((c) => group.panes.includes(c.board));
  const hasPins = group.panes.some((pane) => variant.pinOfBoard.has(pane));
  const columns = columnsOf(variant, group.panes);
  const ys = mine.map((c) => c.y);
  const [minY, maxY] = [Math.min(...ys), Math.max(...ys)];
  const allYs = variant.cells.map((c) => c.y);
  const [standMin, standMax] = [Math.min(...allYs), Math.max(...allYs)];
  const left = RANKS + (hasPins ? HANDLE : 0);
  const width = left + columns.width + (hasPins ? HANDLE : 0);
  const height = maxY - minY + 1;
  // White sees rank 9 at the top and file z at the left; Black the point reflection.
  const cx = (x) => left + (flipped ? columns.width - 1 - columns.at.get(x) : columns.at.get(x));
  const cy = (y) => (flipped ? y - minY : maxY - y);
  const put = (element, x, y, w = 1, h = 1) => {
    element.style.setProperty("--hx", x.toFixed(3));
    element.style.setProperty("--hy", y.toFixed(3));
    element.style.setProperty("--hw", w.toFixed(3));
    element.style.setProperty("--hh", h.toFixed(3));
  };
  const root = document.createElement("div");
  root.className = "stand-level";
  root.style.setProperty("--w", width.toFixed(3));
  root.style.setProperty("--h", (height + 0.5).toFixed(3));
  // On a laptop the levels' rows line up by rank: a level starts as far down as its top rank.
  root.style.setProperty("--top-gap", String(flipped ? minY - standMin : standMax - maxY));
  for (const pane of group.panes) {
    const cells = variant.cells.filter((c) => c.board === pane);
    const pxs = cells.map((c) => cx(c.x));
    const pys = cells.map((c) => cy(c.y));
    const [x, y] = [Math.min(...pxs), Math.min(...pys)];
    const [w, h] = [Math.max(...pxs) - x + 1, Math.max(...pys) - y + 1];
    const frame = document.createElement("div");
    frame.className = "stand-pane";
    put(frame, x, y, w, h);
    root.append(frame);
    const pin = variant.pinOfBoard.get(pane);
    if (!pin) {
      frame.classList.add("main-board");
      continue;
    }
    frame.classList.add("attack-board");
    frame.dataset.pin = pin.id;
    // The handle on the board's outer side (away from the level's middle).
    const outer = x + w / 2 < left + columns.width / 2 ? x - HANDLE : x + w;
    const handle = document.createElement("button");
    handle.type = "button";
    handle.className = "pin-handle";
    handle.dataset.pin = pin.id;
    handle.textContent = pin.id;
    handle.addEventListener("click", () => board.activatePin(pin.index));
    put(handle, outer, y, HANDLE, h);
    const marker = document.createElement("button");
    marker.type = "button";
    marker.className = "pin-marker";
    marker.dataset.pin = pin.id;
    marker.textContent = pin.id;
    marker.addEventListener("click", () => board.activatePin(pin.index));
    put(marker, x, y, w, h);
    root.append(handle, marker);
    board.pinParts.set(pin.index, { frame, handle, marker });
  }
  for (const c of mine) {
    const cell = variant.byName.get(c.name);
    const button = board.makeCell(cell);
    button.classList.add("stand-cell");
    put(button, cx(c.x), cy(c.y));
    root.append(button);
  }
  // Rank labels on the left, file labels under the level.
  for (let y = minY; y <= maxY; y += 1) {
    const text = span("stand-rank", String(y));
    put(text, 0, cy(y), RANKS, 1);
    root.append(text);
  }
  const files = new Map();
  for (const pane of group.panes) {
    const { columns: names, x0 } = variant.boards[pane];
    (names || []).forEach((name, i) => files.set(x0 + i, name));
  }
  for (const [x, name] of files) {
    const text = span("stand-file", name);
    put(text, cx(x), height, 1, 0.5);
    root.append(text);
  }
  return root;
}

function span(className, text) {
  const element = document.createElement("span");
  element.className = className;
  element.textContent = text;
  element.setAttribute("aria-hidden", "true");
  return element;
}

/** The pins after a position or a selection: a held pin shows its board and handle (marked
 * when its board can move, picked up when it is), a free pin its marker (a target of the
 * picked-up board: "dest"); the last board move marks both pins. Adds the targets to the
 * level counts. Also sets data-pins / data-selected-pin / data-pin-targets on the root (tests). */
export function paintStand(board) {
  const variant = board.variant;
  const picked = board.selectedPin;
  const targets = new Set((picked === null ? [] : board.boardMoves.get(picked) || []).map((m) => m.toPin.index));
  const last = board.lastBoardMove;
  for (const [index, { frame, handle, marker }] of board.pinParts) {
    const pin = variant.pins[index];
    const held = board.pinsHeld.has(pin.id);
    frame.hidden = !held;
    handle.hidden = !held;
    marker.hidden = held;
    const movable = held && board.enabled && board.boardMoves.has(index);
    handle.classList.toggle("movable", movable);
    handle.disabled = !movable;
    handle.classList.toggle("selected", index === picked);
    frame.classList.toggle("selected", index === picked);
    handle.setAttribute("aria-pressed", String(index === picked));
    handle.setAttribute("aria-label", format(movable ? gettext("Attack board %(pin)s, pick up to move it")
      : gettext("Attack board %(pin)s"), { pin: pin.id }));
    const target = targets.has(index);
    marker.classList.toggle("dest", target);
    marker.disabled = !target;
    marker.setAttribute("aria-label", format(target ? gettext("Pin %(pin)s, free, put the board here")
      : gettext("Pin %(pin)s, free"), { pin: pin.id }));
    frame.classList.toggle("last-to", !!last && last.toPin.index === index);
    marker.classList.toggle("last-from", !!last && last.fromPin.index === index);
    if (target) board.targetCounts[variant.groupOf(pin.anchor)] += 1;
  }
  board.root.dataset.pins = [...board.pinsHeld].sort().join(",");
  board.root.dataset.selectedPin = picked === null ? "" : variant.pins[picked].id;
  board.root.dataset.pinTargets = [...targets].map((i) => variant.pins[i].id).sort().join(" ");
}

/** The keyboard's next cell on a stand: a step within the level (over the gap between two
 * pins), or the same file and rank one level up or down; undefined where no cell is drawn. */
export function standNeighbour(board, cell, [dz, dx, dy]) {
  const variant = board.variant;
  const c = variant.cells[cell];
  const z = variant.boards[c.board].z;
  for (let k = 1; k <= (dz ? 1 : 3); k += 1) {
    const next = variant.byVoxel.get(`${z + dz * k}:${c.x + dx * k}:${c.y + dy * k}`);
    if (next !== undefined && board.exists[next]) return next;
  }
  return undefined;
}
