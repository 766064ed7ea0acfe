// Where things sit: each cell's centre and each level (a board drawn as one plane) in scene
// units (a cell is 1 wide; y is up). A layout is chosen per variant from LAYOUTS, the first
// whose applies(variant) is true; "stacked" (the cube's five levels, or hexagon plates, one
// above the other by each board's z) takes every variant no other layout claims.
//
// The contract a layout keeps (docs: /work/notes/board3d-split.md):
//   create(variant, spacing) -> {
//     centers: THREE.Vector3[]   one per cell (variant.cells order): where a piece stands
//     levels: [{ index, label, first, origin: Vector3, width, depth, plate: Object3D }]
//        index: the board's index in variant.boards; first: one cell on it; origin: the
//        centre of its plane; width/depth: its extent along x and z; plate: its frame or
//        plate, built around (0, 0, 0) - Board3D moves it to origin
//     tile(cell) -> BufferGeometry   the cell's flat tile (shared between cells: never disposed)
//     apart(a, b) -> bool (optional) whether levels a and b must never overlap on screen
//        (default: every pair); the camera's steepest elevation keeps these pairs apart
//     reposition(position) -> bool (optional) for boards that move with the game (a stand's
//        attack boards): update centers/levels from the parsed position, true if anything moved
//   For boards that move whole (a variant with pins, stand.js), also:
//     defaultView: a camera preset to look from first (camera.js PRESETS)
//     views: { preset name: { azimuth?, elevation? } } where this layout looks from otherwise
//     level.labelAt: Vector3 (optional) where its label sits; level.label "" draws none
//     pinPoint(pinIndex) -> Vector3   where a pin is clicked (a held board's knob, a free pin)
//     paintPins({ held, movable, selected, targets, last })   show each pin: held (Set of ids),
//        movable (pin indexes whose board may move now), selected (a picked-up board's pin
//        index or null), targets (Set of pin indexes it may go to), last (the last board move)
//   }
// The spacing ("compact" or "exploded") is the person's choice of how far apart levels are.

import * as THREE from "../three.js";
import { hexPlate, hexTile, squareFrame, squareTile } from "./plates.js";
import { SPACINGS } from "./spacing.js";
import { stand } from "./stand.js";

export { SPACINGS };

/** The cube's levels (square or hex boards) stacked by each board's z, the whole stack
 * centred on the origin. */
const stacked = {
  name: "stacked",
  applies: () => true,
  create(variant, spacing) {
    const gap = SPACINGS[spacing] ?? SPACINGS.compact;
    const zs = variant.boards.map((b) => b.z);
    const zMid = (Math.min(...zs) + Math.max(...zs)) / 2;
    const boxes = variant.boards.map((b, i) => variant.paneBox(i));
    const heightOf = (board) => (variant.boards[board].z - zMid) * gap;
    const centers = variant.cells.map((c) => {
      const box = boxes[c.board];
      return new THREE.Vector3(c.x - box.centerX, heightOf(c.board), box.centerY - c.y);
    });
    const levels = [];
    variant.boards.forEach((pane, index) => {
      const first = variant.cells.findIndex((c) => c.board === index);
      if (first < 0) return;
      const box = boxes[index];
      levels.push({
        index, label: pane.label, first, origin: new THREE.Vector3(0, heightOf(index), 0),
        width: box.width, depth: box.height,
        plate: variant.hex ? hexPlate(variant, index, box) : squareFrame(pane.width, pane.height),
      });
    });
    const tiles = new Map();
    const tile = (cell) => {
      const key = variant.hex ? variant.boardOf(cell) : "square";
      if (!tiles.has(key)) tiles.set(key, variant.hex ? hexTile(variant, key) : squareTile());
      return tiles.get(key);
    };
    return { centers, levels, tile };
  },
};

// A new layout goes before "stacked" (the catch-all). The stand takes a variant with pins
// (Star Trek's attack boards).
export const LAYOUTS = [stand, stacked];

export function createLayout(variant, spacing) {
  const layout = LAYOUTS.find((l) => l.applies(variant));
  // Named in place, not copied: a layout may be an object whose methods keep its state.
  return Object.assign(layout.create(variant, spacing), { name: layout.name });
}
