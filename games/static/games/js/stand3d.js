// Movable boards in 3D (Star Trek, docs/variant-seam.md section 10): the stand. Main boards
// are plates at their levels' heights, attack boards 2x2 plates on posts at the main boards'
// corners (their pins), a free pin a short peg with a faint outline where a board could stand.
// Board3D (board3d.js) asks this layout for the cells' centres and hands it the position, the
// drawing after each paint and every click first (its hook: `layout`); the pieces, the camera
// and the pieces' picking stay Board3D's. An attack board is picked up by clicking its knob (the
// ball at its outer corner) or an empty cell of it, and put down on a highlighted free pin;
// the pins it may go to are those of the server's legal board moves ("Q1dK6d").
//
// Test hook: the canvas carries data-pin-points (pin id -> [x, y] in CSS pixels: a held
// board's knob, a free pin's centre); the root data-pins, data-selected-pin, data-pin-targets.

import * as THREE from "./three.js";

const COLORS = {
  plate: 0x8a94a3, attack: 0x3d4a5c, frame: 0x5b6573, free: 0xaab2bd, selected: 0x2878dc,
  target: 0x2d9a4a, last: 0xd6b214, post: 0x6b7480, knob: 0x3d4a5c, label: "#2f5d8a",
};
const PLATE = 0.1; // a plate's thickness under its cells
const PIECE_TOP = 1.05;

export class StandLayout {
  constructor(variant) {
    this.variant = variant;
    const zs = variant.boards.map((b) => b.z);
    this.zMid = (Math.min(...zs) + Math.max(...zs)) / 2;
    const xs = variant.cells.map((c) => c.x);
    const ys = variant.cells.map((c) => c.y);
    this.xMid = (Math.min(...xs) + Math.max(...xs)) / 2;
    this.yMid = (Math.min(...ys) + Math.max(...ys)) / 2;
    this.pinsHeld = new Set();
    this.exists = new Array(variant.ncells).fill(true);
    this.boardMoves = new Map();
    this.selectedPin = null;
    this.lastBoardMove = null;
  }

  /** The first view: from a corner, where the stand's boards stand apart (from straight behind
   * White the offset boards line up into one column). */
  get defaultView() { return "corner"; }

  /** One level step in scene units: half the cube's level gap, so the main boards (every
   * second level) stand a cube's gap apart with the attack boards between. */
  step(gap) { return gap / 2; }

  /** Each cell's centre: x along the files, y up the levels, z towards White (rank 0). */
  centers(gap) {
    this.gap = gap;
    const step = this.step(gap);
    return this.variant.cells.map((c) => new THREE.Vector3(c.x - this.xMid,
      (this.variant.boards[c.board].z - this.zMid) * step, this.yMid - c.y));
  }

  /** A pane's box in scene units: {x, z, w, d, y} (centre, width, depth, plane height). */
  paneBox(board, pane) {
    const cells = this.variant.cells.map((c, i) => [c, i]).filter(([c]) => c.board === pane).map(([, i]) => i);
    const points = cells.map((cell) => board.centers[cell]);
    const xs = points.map((p) => p.x);
    const zs = points.map((p) => p.z);
    const [x0, x1, z0, z1] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
    return { x: (x0 + x1) / 2, z: (z0 + z1) / 2, w: x1 - x0 + 1, d: z1 - z0 + 1, y: points[0].y, cells };
  }

  /** Build the stand's meshes into Board3D's scene (called once, and again for a new spacing). */
  build(board) {
    if (this.group) {
      board.scene.remove(this.group);
      disposeAll(this.group);
    }
    this.group = new THREE.Group();
    board.scene.add(this.group);
    const variant = this.variant;
    const mains = [];
    this.pinMeshes = new Map();
    variant.boards.forEach((pane, index) => {
      const box = this.paneBox(board, index);
      const pin = variant.pinOfBoard.get(index);
      if (!pin) {
        mains.push(box);
        this.group.add(plate(box, COLORS.plate, 0.35), frame(box, COLORS.frame));
      }
    });
    for (const pin of variant.pins) {
      const box = this.paneBox(board, pin.board);
      // The main board this pin belongs to: the one whose corner cell the pin's box touches
      // (a level above or below); the post stands at that corner.
      const main = mains.reduce((best, m) => (overlap(m, box) > overlap(best, box) ? m : best), mains[0]);
      // The corner of the main board nearest the pin's box, a little inside both.
      const corner = new THREE.Vector3(main.x + Math.sign(box.x - main.x) * (main.w / 2 - 0.1), 0,
        main.z + Math.sign(box.z - main.z) * (main.d / 2 - 0.1));
      const [low, high] = box.y < main.y ? [box.y - PLATE, main.y - PLATE] : [main.y - PLATE, box.y - PLATE];
      const post = cylinder(new THREE.Vector3(corner.x, low, corner.z), new THREE.Vector3(corner.x, high, corner.z),
        COLORS.post, 0.05);
      const peg = cylinder(new THREE.Vector3(corner.x, main.y - PLATE, corner.z),
        new THREE.Vector3(corner.x, main.y - PLATE + Math.sign(box.y - main.y) * 0.45, corner.z), COLORS.free, 0.07);
      const base = plate(box, COLORS.attack, 0.45);
      const edge = frame(box, COLORS.attack);
      const ghost = frame(box, COLORS.free);
      const spot = plate(box, COLORS.target, 0.35);
      // The knob: outside the board's outer corner (away from the main board), to pick it up.
      const out = new THREE.Vector3(Math.sign(box.x - main.x), 0, Math.sign(box.z - main.z));
      const knobAt = new THREE.Vector3(box.x + out.x * (box.w / 2 + 0.3), box.y, box.z + out.z * (box.d / 2 + 0.3));
      const knob = new THREE.Mesh(new THREE.SphereGeometry(0.17, 16, 12),
        new THREE.MeshBasicMaterial({ color: COLORS.knob }));
      knob.position.copy(knobAt);
      const label = textSprite(pin.id, "#3d4a5c", 0.9);
      label.position.set(box.x, box.y + 0.05, box.z);
      this.group.add(post, peg, base, edge, ghost, spot, knob, label);
      this.pinMeshes.set(pin.index, { box, post, peg, base, edge, ghost, spot, knob, label, knobAt,
        center: new THREE.Vector3(box.x, box.y, box.z) });
    }
    // The levels' letters, left of the stand at each height.
    const letters = new Map();
    variant.boards.forEach((pane, index) => {
      if (!letters.has(pane.z)) letters.set(pane.z, { letter: pane.level || String(pane.z), box: this.paneBox(board, index) });
    });
    const left = Math.min(...board.centers.map((p) => p.x)) - 1.6;
    this.labels = [];
    for (const { letter, box } of letters.values()) {
      const name = textSprite(letter, COLORS.label, 1);
      name.material.depthTest = false;
      name.renderOrder = 5;
      name.position.set(left, box.y + 0.2, box.z);
      this.group.add(name);
      this.labels.push(name);
    }
    this.paint(board);
  }

  /** A new position: which pins hold a board (their cells exist), the board moves by pin.
   * Returns the legal moves Board3D itself handles (the pieces' moves). */
  setPosition(board, parsed, legalMoves, lastMove) {
    this.pinsHeld = new Set(parsed.pins || []);
    this.exists = parsed.exists;
    board.hidden = this.exists.map((e) => !e);
    this.boardMoves = new Map();
    this.selectedPin = null;
    const pieceMoves = [];
    for (const text of legalMoves) {
      const move = this.variant.parseCoordMove(typeof text === "string" ? text : text.move);
      if (!move.board) {
        pieceMoves.push(text);
        continue;
      }
      if (!this.boardMoves.has(move.fromPin.index)) this.boardMoves.set(move.fromPin.index, []);
      this.boardMoves.get(move.fromPin.index).push(move);
    }
    const last = lastMove ? this.variant.parseCoordMove(lastMove) : null;
    this.lastBoardMove = last && last.board ? last : null;
    return pieceMoves;
  }

  targets() {
    return new Set((this.selectedPin === null ? [] : this.boardMoves.get(this.selectedPin) || [])
      .map((m) => m.toPin.index));
  }

  /** After Board3D painted the cells: hide the cells of free pins, draw each pin held or free,
   * picked up, a target, or the last board move's. */
  paint(board) {
    if (!this.pinMeshes) return;
    board.cellMeshes.forEach((mesh, cell) => { mesh.visible = this.exists[cell]; });
    const targets = this.targets();
    const last = this.lastBoardMove;
    for (const [index, m] of this.pinMeshes) {
      const held = this.pinsHeld.has(this.variant.pins[index].id);
      const picked = index === this.selectedPin;
      const movable = held && board.enabled && this.boardMoves.has(index);
      m.post.visible = held;
      m.base.visible = held;
      m.edge.visible = held;
      m.peg.visible = !held;
      // A free pin is its peg; its outline and name only while it is a picked-up board's target.
      m.ghost.visible = !held && targets.has(index);
      m.label.visible = !held && targets.has(index);
      m.knob.visible = movable;
      m.spot.visible = targets.has(index);
      const edgeColor = picked ? COLORS.selected : last && last.toPin.index === index ? COLORS.last : COLORS.attack;
      m.edge.material.color.setHex(edgeColor);
      m.base.material.color.setHex(picked ? COLORS.selected : COLORS.attack);
      m.knob.material.color.setHex(picked ? COLORS.selected : COLORS.knob);
      m.ghost.material.color.setHex(last && last.fromPin.index === index ? COLORS.last : COLORS.free);
    }
    const root = board.root;
    root.dataset.pins = [...this.pinsHeld].sort().join(",");
    root.dataset.selectedPin = this.selectedPin === null ? "" : this.variant.pins[this.selectedPin].id;
    root.dataset.pinTargets = [...targets].map((i) => this.variant.pins[i].id).sort().join(" ");
  }

  /** A click at (x, y) of the canvas: true if it was the stand's (a pin picked up, put down or
   * put back), false to let Board3D treat it as a click on a cell. */
  click(board, x, y) {
    if (!board.enabled || !this.points) return false;
    const near = (point, reach) => Math.hypot(point[0] - x, point[1] - y) <= reach;
    if (this.selectedPin !== null) {
      const moves = this.boardMoves.get(this.selectedPin) || [];
      const hit = moves.find((m) => near(this.points.get(m.toPin.index), this.reach * 1.4));
      if (hit) {
        this.selectedPin = null;
        this.paint(board);
        if (board.onMove) board.onMove(hit.text);
        return true;
      }
      this.selectedPin = null;
      this.paint(board);
      board.requestRender();
      return true; // put back: the click is spent
    }
    for (const index of this.boardMoves.keys()) {
      if (near(this.points.get(index), this.reach * 0.8)) return this.pick(board, index);
    }
    // A click on an empty cell of a board that can move (no piece of its own to select there).
    const cell = board.cellAt(x, y);
    const pin = cell === null ? null : this.variant.pinOfBoard.get(this.variant.boardOf(cell));
    if (pin && this.boardMoves.has(pin.index) && !board.movesByFrom.has(cell) && board.selected === null) {
      return this.pick(board, pin.index);
    }
    return false;
  }

  pick(board, index) {
    board.selected = null;
    this.selectedPin = index;
    board.paint();
    return true;
  }

  /** After each frame: where the pins are on screen (picking, tests). */
  project(board, toScreen) {
    this.points = new Map();
    const named = {};
    for (const [index, m] of this.pinMeshes || []) {
      const held = this.pinsHeld.has(this.variant.pins[index].id);
      const [x, y] = toScreen(held ? m.knobAt : m.center);
      this.points.set(index, [x, y]);
      named[this.variant.pins[index].id] = [Math.round(x), Math.round(y)];
    }
    // A cell's width on screen: how near a click must be.
    const [ax, ay] = toScreen(new THREE.Vector3(0, 0, 0));
    const [bx, by] = toScreen(new THREE.Vector3(1, 0, 0));
    this.reach = Math.max(10, Math.hypot(bx - ax, by - ay));
    board.canvas.dataset.pinPoints = JSON.stringify(named);
  }

  /** Every point the camera must frame: each pane's corners, at its plane and its pieces' top,
   * and the level letters. */
  extentPoints(board) {
    const points = [];
    this.variant.boards.forEach((pane, index) => {
      const box = this.paneBox(board, index);
      for (const [dx, dz] of [[-1, -1], [-1, 1], [1, -1], [1, 1]]) {
        for (const dy of [-PLATE, PIECE_TOP]) {
          points.push(new THREE.Vector3(box.x + dx * (box.w / 2 + 0.4), box.y + dy, box.z + dz * (box.d / 2 + 0.4)));
        }
      }
    });
    for (const label of this.labels || []) points.push(label.position.clone());
    return points;
  }

  /** How steep the camera may look: the stand's boards sit over each other's corners, so no
   * angle keeps them all apart; up to about 35 degrees every level's plate is seen edge-on
   * enough to tell the levels apart (a steeper view flattens the stand into one picture). */
  elevationLimit() { return 0.6; }
}

function overlap(main, box) {
  const dx = Math.min(main.x + main.w / 2, box.x + box.w / 2) - Math.max(main.x - main.w / 2, box.x - box.w / 2);
  const dz = Math.min(main.z + main.d / 2, box.z + box.d / 2) - Math.max(main.z - main.d / 2, box.z - box.d / 2);
  return Math.max(0, dx) * Math.max(0, dz) - Math.abs(main.y - box.y) * 0.01;
}

function plate(box, color, opacity) {
  const geometry = new THREE.BoxGeometry(box.w, PLATE, box.d);
  const mesh = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ color, transparent: true, opacity,
    depthWrite: false }));
  mesh.position.set(box.x, box.y - PLATE / 2 - 0.02, box.z);
  mesh.renderOrder = -1;
  return mesh;
}

function frame(box, color) {
  const lines = new THREE.LineSegments(new THREE.EdgesGeometry(new THREE.BoxGeometry(box.w, 0.001, box.d)),
    new THREE.LineBasicMaterial({ color }));
  lines.position.set(box.x, box.y, box.z);
  return lines;
}

function cylinder(a, b, color, radius) {
  const geometry = new THREE.CylinderGeometry(radius, radius, Math.max(0.01, a.distanceTo(b)), 10);
  const mesh = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ color }));
  mesh.position.copy(a).add(b).multiplyScalar(0.5);
  mesh.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), b.clone().sub(a).normalize());
  return mesh;
}

function textSprite(text, color, size) {
  const canvas = document.createElement("canvas");
  canvas.width = 128;
  canvas.height = 64;
  const g = canvas.getContext("2d");
  g.fillStyle = color;
  g.font = "bold 40px system-ui, sans-serif";
  g.textAlign = "center";
  g.textBaseline = "middle";
  g.fillText(text, 64, 34);
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  const sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map: texture, transparent: true }));
  sprite.scale.set(size, size / 2, 1);
  return sprite;
}

function disposeAll(group) {
  group.traverse((child) => {
    if (child.geometry) child.geometry.dispose();
    if (child.material) {
      if (child.material.map) child.material.map.dispose();
      child.material.dispose();
    }
  });
}
