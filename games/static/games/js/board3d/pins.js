// Moving a whole board in 3D (Star Trek's attack boards, docs/variant-seam.md section 10a): the
// server's board moves ("Q1dK6d") kept by the pin they leave, never as moves of the piece on a
// pin's anchor cell; a board picked up by its knob (or by a click on an empty cell of it) and
// put down on one of the pins its moves list, which the layout highlights (paintPins). The
// layout (stand.js) draws the pins and says where each is clicked (pinPoint); Board3D calls
// this at the places marked "board moves".
//
// Test hook: the canvas carries data-pin-points (pin id -> [x, y] in CSS pixels: a held
// board's knob, a free pin's middle); the root data-pins, data-selected-pin, data-pin-targets.

import * as THREE from "../three.js";

const PUT_DOWN = 1.4; // how near a target pin a click counts, in cell widths on screen
const PICK_UP = 0.8; // how near a knob, in cell widths on screen
const LEAST_REACH_PX = 10;
// Whatever a cell measures on screen, a knob or a target pin answers a tap this near (CSS
// pixels): a fingertip's 44 px target on a phone, where a cell is ~20 px wide. A knob gives way
// to a cell whose centre is nearer the tap (a piece beside it stays clickable).
const LEAST_HIT_PX = 22;
const LEAST_PUT_DOWN_PX = 28;

export class PinMoves {
  constructor(variant) {
    this.variant = variant;
    this.byPin = new Map(); // from pin index -> [board moves]
    this.pins = [];
    this.selected = null; // a picked-up board's pin index
    this.last = null;
    this.points = null; // pin index -> [x, y] on screen, after a frame
    this.reach = LEAST_REACH_PX;
  }

  /** A new position: the board moves kept by pin, the other moves returned (the pieces'). */
  split(parsed, moves, lastMove) {
    this.pins = parsed.pins || [];
    this.byPin = new Map();
    this.selected = null;
    const pieceMoves = [];
    for (const move of moves) {
      if (!move.board) {
        pieceMoves.push(move);
        continue;
      }
      if (!this.byPin.has(move.fromPin.index)) this.byPin.set(move.fromPin.index, []);
      this.byPin.get(move.fromPin.index).push(move);
    }
    const last = lastMove ? this.variant.parseCoordMove(lastMove) : null;
    this.last = last && last.board ? last : null;
    return pieceMoves;
  }

  targets() {
    return new Set((this.selected === null ? [] : this.byPin.get(this.selected) || []).map((m) => m.toPin.index));
  }

  /** Show the pins (layout.paintPins) and say so on the root. */
  paint(board) {
    const targets = this.targets();
    if (board.layout.paintPins) {
      board.layout.paintPins({ movable: new Set(board.enabled ? this.byPin.keys() : []), selected: this.selected,
        targets, last: this.last });
    }
    const id = (index) => this.variant.pins[index].id;
    board.root.dataset.pins = [...this.pins].sort().join(",");
    board.root.dataset.selectedPin = this.selected === null ? "" : id(this.selected);
    board.root.dataset.pinTargets = [...targets].map(id).sort().join(" ");
  }

  /** A click at (x, y) of the canvas: true if it was a board's (picked up, put down or put
   * back), false to let Board3D treat it as a click on a cell. */
  click(board, x, y) {
    if (!board.enabled || !this.points) return false;
    const near = (index, reach) => {
      const point = this.points.get(index);
      return !!point && Math.hypot(point[0] - x, point[1] - y) <= reach;
    };
    const away = (index) => Math.hypot(this.points.get(index)[0] - x, this.points.get(index)[1] - y);
    if (this.selected !== null) {
      // The nearest listed pin within reach (two pins may be close on screen).
      const distance = (m) => away(m.toPin.index);
      const putDown = Math.max(this.reach * PUT_DOWN, LEAST_PUT_DOWN_PX);
      const moves = (this.byPin.get(this.selected) || []).filter((m) => near(m.toPin.index, putDown));
      const hit = moves.sort((a, b) => distance(a) - distance(b))[0];
      this.selected = null;
      board.paint();
      if (hit && board.onMove) board.onMove(hit.text);
      return true; // put down, or put back: the click is spent either way
    }
    // The nearest knob within reach; beyond a cell's reach (a finger's), only if no cell's
    // centre is nearer the tap.
    const knob = [...this.byPin.keys()].filter((index) => near(index, Math.max(this.reach * PICK_UP, LEAST_HIT_PX)))
      .sort((a, b) => away(a) - away(b))[0];
    if (knob !== undefined && (away(knob) <= this.reach * PICK_UP || away(knob) <= nearestCell(board, x, y))) {
      return this.pick(board, knob);
    }
    // An empty cell of a board that can move (no piece of its own to select there).
    const cell = board.selected === null ? board.cellAt(x, y) : null;
    const pin = cell === null ? null : this.variant.pinOfBoard.get(this.variant.boardOf(cell));
    if (pin && this.byPin.has(pin.index) && !board.movesByFrom.has(cell)) return this.pick(board, pin.index);
    return false;
  }

  pick(board, index) {
    board.selected = null;
    this.selected = index;
    board.paint();
    return true;
  }

  /** After a frame: where each pin is on screen, and a cell's width there (how near a click
   * must be). */
  project(board, toScreen) {
    this.points = new Map();
    const named = {};
    this.variant.pins.forEach((pin, index) => {
      const [x, y] = toScreen(board.layout.pinPoint(index));
      this.points.set(index, [x, y]);
      named[pin.id] = [Math.round(x), Math.round(y)];
    });
    const [ax, ay] = toScreen(new THREE.Vector3(0, 0, 0));
    const [bx, by] = toScreen(new THREE.Vector3(1, 0, 0));
    this.reach = Math.max(LEAST_REACH_PX, Math.hypot(bx - ax, by - ay));
    board.canvas.dataset.pinPoints = JSON.stringify(named);
  }
}

/** How far the nearest drawn cell's centre is from (x, y) on screen, in CSS pixels. */
function nearestCell(board, x, y) {
  if (!board.projected) board.project();
  let best = Infinity;
  board.projected.forEach(([px, py], cell) => {
    if (board.exists[cell]) best = Math.min(best, Math.hypot(px - x, py - y));
  });
  return best;
}
