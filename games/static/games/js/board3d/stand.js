// The stand (Star Trek, docs/variant-seam.md section 10a): the layout (layout.js's contract) of a
// variant whose boards move whole. The main boards are plates at their levels' heights, one
// level step (half the cube's gap) apart; each attack board is a 2x2 plate on a post at a main
// board's corner (its pin), with a knob at its outer corner to pick it up; a free pin is a short
// peg, with an outline and its name only while a picked-up board may go there.
//
// Every pin is a level of its own, held or free: a pin has its own cells (a board move carries
// the pieces to the other pin's cells), so no cell and no level ever moves. A board move only
// shows one pin's board and the other's peg (reposition), and the camera frames the whole stand
// whichever pins are held. The three main boards are the levels the camera keeps apart on screen
// (apart): the attack boards stand over the main boards' corners, so no view keeps those apart.

import * as THREE from "../three.js";
import { labelSprite } from "./pieces.js";
import { squareTile } from "./plates.js";
import { SPACINGS } from "./spacing.js";

const COLORS = {
  plate: 0x8a94a3, frame: 0x5b6573, attack: 0x3d4a5c, free: 0xaab2bd, selected: 0x2878dc,
  target: 0x2d9a4a, last: 0xd6b214, post: 0x6b7480, label: "#2f5d8a", pinLabel: "#3d4a5c",
};
const PLATE = 0.1; // a plate's thickness under its cells
const KNOB_OUT = 0.3; // the knob's centre beyond the board's outer corner, along x and z
const PIN_MARGIN = 0.9; // a pin's level reaches this far past its board (its knob and letter are framed)
const LETTER_OUT = 0.55; // an attack board's level letter: this far out from its outer side
// From the corner at 45 degrees, pins on opposite sides of the stand two levels apart fall on
// the same spot of the screen at the main boards' steepest elevation (Q4d on K3u, Q2d on K1u:
// a picked-up board could not be put on one of them); at 30 degrees the nearest two free
// pins' middles are at least 1.3 cells apart.
const CORNER = { azimuth: Math.PI / 6 };
// From the side the main boards stay apart only up to a low elevation (about 20 degrees); the
// cube's share of it (0.45) would show every board edge-on.
const SIDE = { elevation: 1 };

export const stand = {
  name: "stand",
  applies: (variant) => variant.movable,
  create: (variant, spacing) => new Stand(variant, spacing),
};

class Stand {
  constructor(variant, spacing) {
    this.variant = variant;
    this.defaultView = "corner"; // from straight behind White the offset boards line up
    this.views = { corner: CORNER, side: SIDE };
    this.labelsBeside = true; // side by side too (Board3D.labelAt)
    const step = (SPACINGS[spacing] ?? SPACINGS.compact) / 2;
    const zs = variant.boards.map((b) => b.z);
    const zMid = (Math.min(...zs) + Math.max(...zs)) / 2;
    const mid = (values) => (Math.min(...values) + Math.max(...values)) / 2;
    const [xMid, yMid] = [mid(variant.cells.map((c) => c.x)), mid(variant.cells.map((c) => c.y))];
    // x along the files, y up the levels, z towards White (rank 0).
    this.centers = variant.cells.map((c) => new THREE.Vector3(c.x - xMid,
      (variant.boards[c.board].z - zMid) * step, yMid - c.y));
    this.tileGeometry = squareTile();
    const boxes = variant.boards.map((pane, index) => this.paneBox(index));
    const mains = variant.boards.map((pane, index) => index).filter((index) => !variant.pinOfBoard.has(index))
      .sort((a, b) => variant.boards[a].z - variant.boards[b].z);
    // A main board's level letter beside its left edge (Board3D's place for a label).
    // On a wide canvas (Board3D's row) each main board is a column, bottom to top from left to
    // right, with the attack boards on its pins.
    this.levels = mains.map((index, column) => {
      const box = boxes[index];
      const pane = variant.boards[index];
      return { index, label: pane.level || pane.label, first: box.first, origin: box.center, width: box.w,
        depth: box.d, plate: mainPlate(box), main: true, column };
    });
    // An attack board's level letter is its own (pinParts), shown while a board stands there:
    // Board3D draws no label for a pin.
    this.parts = variant.pins.map((pin) => {
      const box = boxes[pin.board];
      const main = this.mainOf(pin, mains);
      const parts = pinParts(pin, box, boxes[main]);
      this.levels.push({ index: pin.board, label: "", first: box.first, origin: box.center,
        width: box.w + 2 * PIN_MARGIN, depth: box.d + 2 * PIN_MARGIN, plate: parts.group, main: false,
        column: mains.indexOf(main) });
      return parts;
    });
    this.held = new Set();
    this.show(variant.startPins);
  }

  /** A pane's box in scene units: centre (of its plane), width, depth and one of its cells. */
  paneBox(index) {
    const cells = this.variant.cells.map((c, i) => i).filter((i) => this.variant.cells[i].board === index);
    const points = cells.map((cell) => this.centers[cell]);
    const xs = points.map((p) => p.x);
    const zs = points.map((p) => p.z);
    const [x0, x1, z0, z1] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
    return { center: new THREE.Vector3((x0 + x1) / 2, points[0].y, (z0 + z1) / 2), w: x1 - x0 + 1,
      d: z1 - z0 + 1, first: cells[0] };
  }

  /** The main board a pin belongs to: one level above or below it, with a corner cell among
   * the pin's cells (an attack board stands over its main board's corner). */
  mainOf(pin, mains) {
    const variant = this.variant;
    const z = variant.boards[pin.board].z;
    const spots = new Set(pin.cells.map((cell) => `${variant.cells[cell].x}:${variant.cells[cell].y}`));
    const near = mains.filter((index) => Math.abs(variant.boards[index].z - z) === 1);
    const found = near.find((index) => {
      const mine = variant.cells.filter((c) => c.board === index);
      const [xs, ys] = [mine.map((c) => c.x), mine.map((c) => c.y)];
      return [Math.min(...xs), Math.max(...xs)].some((x) => [Math.min(...ys), Math.max(...ys)]
        .some((y) => spots.has(`${x}:${y}`)));
    });
    // A pin at no main board's corner (not in the ruling): the nearest main board in height.
    return found ?? near[0] ?? mains[0];
  }

  tile() {
    return this.tileGeometry;
  }

  /** Only the three main boards are kept apart on screen (see the top of this file). */
  apart(a, b) {
    return this.levels[a].main && this.levels[b].main;
  }

  /** A new position: which pins hold a board. No cell or level moves (false): Board3D only
   * paints again, with the cells of free pins hidden. */
  reposition(parsed) {
    this.show(parsed.pins || []);
    return false;
  }

  show(pinIds) {
    this.held = new Set(pinIds);
    this.variant.pins.forEach((pin, index) => {
      const held = this.held.has(pin.id);
      const p = this.parts[index];
      for (const mesh of [p.post, p.base, p.edge, p.letter]) mesh.visible = held;
      p.peg.visible = !held;
    });
  }

  /** Where a pin is clicked: a held board's knob, a free pin's middle. */
  pinPoint(index) {
    const p = this.parts[index];
    return (this.held.has(this.variant.pins[index].id) ? p.knob.position : new THREE.Vector3())
      .clone().add(p.group.position);
  }

  paintPins({ movable, selected, targets, last }) {
    this.variant.pins.forEach((pin, index) => {
      const p = this.parts[index];
      const held = this.held.has(pin.id);
      const picked = index === selected;
      const target = targets.has(index);
      p.knob.visible = held && movable.has(index);
      // A free pin's outline and name show only while a picked-up board may go there.
      p.ghost.visible = !held && target;
      p.label.visible = !held && target;
      p.spot.visible = target;
      const lastTo = last && last.toPin.index === index;
      p.edge.material.color.setHex(picked ? COLORS.selected : lastTo ? COLORS.last : COLORS.attack);
      p.base.material.color.setHex(picked ? COLORS.selected : COLORS.attack);
      p.knob.material.color.setHex(picked ? COLORS.selected : COLORS.attack);
      // The pin a board just left keeps a gold outline.
      const lastFrom = !held && last && last.fromPin.index === index;
      p.ghost.visible ||= !!lastFrom;
      p.ghost.material.color.setHex(lastFrom ? COLORS.last : COLORS.free);
    });
  }
}

/** A main board: a translucent plate under its cells and its outline, around (0, 0, 0). */
function mainPlate(box) {
  const group = new THREE.Group();
  group.add(slab(box.w, box.d, COLORS.plate, 0.35), outline(box.w, box.d, COLORS.frame));
  return group;
}

/** A pin's parts, around its board's centre: the board (plate, outline, post down or up to its
 * main board's corner, knob), the peg a free pin shows, and a free pin's outline, target spot
 * and name. */
function pinParts(pin, box, main) {
  const o = box.center;
  const out = new THREE.Vector3(Math.sign(o.x - main.center.x), 0, Math.sign(o.z - main.center.z));
  // The main board's corner under (or over) the attack board, a little inside both.
  const corner = new THREE.Vector3(main.center.x + out.x * (main.w / 2 - 0.1) - o.x, 0,
    main.center.z + out.z * (main.d / 2 - 0.1) - o.z);
  const mainY = main.center.y - o.y;
  const post = cylinder(corner.clone().setY(-PLATE), corner.clone().setY(mainY - PLATE), COLORS.post, 0.05);
  const peg = cylinder(corner.clone().setY(mainY - PLATE),
    corner.clone().setY(mainY - PLATE - Math.sign(mainY) * 0.45), COLORS.free, 0.07);
  const base = slab(box.w, box.d, COLORS.attack, 0.45);
  const edge = outline(box.w, box.d, COLORS.attack);
  const ghost = outline(box.w, box.d, COLORS.free);
  const spot = slab(box.w, box.d, COLORS.target, 0.35);
  const knob = new THREE.Mesh(new THREE.SphereGeometry(0.17, 16, 12), new THREE.MeshBasicMaterial({ color: COLORS.attack }));
  knob.position.set(out.x * (box.w / 2 + KNOB_OUT), 0, out.z * (box.d / 2 + KNOB_OUT));
  const label = textSprite(pin.id, COLORS.pinLabel, 0.9);
  label.position.set(0, 0.05, 0);
  const letter = labelSprite(pin.level, COLORS.label); // as the main boards' letters
  letter.position.set(out.x * (box.w / 2 + LETTER_OUT), 0.2, 0);
  const group = new THREE.Group();
  group.add(post, peg, base, edge, ghost, spot, knob, label, letter);
  return { group, post, peg, base, edge, ghost, spot, knob, label, letter };
}

/** A thin translucent slab under a plane of cells (its top just below the tiles). */
function slab(w, d, color, opacity) {
  const mesh = new THREE.Mesh(new THREE.BoxGeometry(w, PLATE, d), new THREE.MeshBasicMaterial({
    color, transparent: true, opacity, depthWrite: false }));
  mesh.position.y = -PLATE / 2 - 0.02;
  mesh.renderOrder = -1;
  return mesh;
}

function outline(w, d, color) {
  return new THREE.LineSegments(new THREE.EdgesGeometry(new THREE.BoxGeometry(w, 0.001, d)),
    new THREE.LineBasicMaterial({ color }));
}

function cylinder(a, b, color, radius) {
  const geometry = new THREE.CylinderGeometry(radius, radius, Math.max(0.01, a.distanceTo(b)), 10);
  const mesh = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ color }));
  mesh.position.copy(a).add(b).multiplyScalar(0.5);
  mesh.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), b.clone().sub(a).normalize());
  return mesh;
}

/** A pin's name (three letters: wider than pieces.js's level letters). */
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
  sprite.userData.text = text; // Board3D's data-labels
  return sprite;
}
