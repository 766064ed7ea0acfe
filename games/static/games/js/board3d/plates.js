// What a level is drawn on: a square board's frame, a hex board's plate (its outline as a thin
// prism under the cells) and each cell's tile. Shapes only; a layout (layout.js) decides where
// each board sits.

import * as THREE from "../three.js";

export const PLATE_DEPTH = 0.12; // a hex level's plate under its cells
export const FRAME_COLOR = 0x6b7480;
const PLATE_COLOR = 0x9aa3ad;
const TILE_INSET = 0.92; // a tile is this much of its cell: the grid shows between tiles

/** A square cell's tile, lying flat (one geometry shared by every cell). */
export function squareTile() {
  const tile = new THREE.PlaneGeometry(TILE_INSET, TILE_INSET);
  tile.rotateX(-Math.PI / 2);
  return tile;
}

/** A hex cell's tile: a flat hexagon (the board's orientation), a little inside its cell. */
export function hexTile(variant, board) {
  const shape = new THREE.Shape(variant.hexCorners(board).map(([x, y]) =>
    new THREE.Vector2(x * TILE_INSET, y * TILE_INSET)));
  const geometry = new THREE.ShapeGeometry(shape);
  geometry.rotateX(-Math.PI / 2); // the shape's y becomes -z: up the board is away
  return geometry;
}

/** A square board's outline, centred on the origin at height 0. */
export function squareFrame(width, height) {
  return new THREE.LineSegments(new THREE.EdgesGeometry(new THREE.BoxGeometry(width, 0.001, height)),
    new THREE.LineBasicMaterial({ color: FRAME_COLOR }));
}

/** A hex board as a plate: its outline (the edges of its hexes that no other hex of the board
 * shares) as a thin prism under the cells, with the outline drawn on top; centred like the
 * cells (box: variant.paneBox(board)), at height 0. */
export function hexPlate(variant, board, box) {
  const corners = variant.hexCorners(board);
  const key = ([x, y]) => `${Math.round(x * 1000)}:${Math.round(y * 1000)}`;
  const edges = new Map();
  for (const c of variant.cells) {
    if (c.board !== board) continue;
    const points = corners.map(([x, y]) => [c.x + x - box.centerX, c.y + y - box.centerY]);
    points.forEach((a, k) => {
      const b = points[(k + 1) % points.length];
      const id = [key(a), key(b)].sort().join("|");
      edges.set(id, edges.has(id) ? null : [a, b]);
    });
  }
  const outline = [...edges.values()].filter(Boolean);
  const group = new THREE.Group();
  const segments = outline.flatMap(([a, b]) => [a, b]).map(([x, y]) => new THREE.Vector3(x, 0, -y));
  group.add(new THREE.LineSegments(new THREE.BufferGeometry().setFromPoints(segments),
    new THREE.LineBasicMaterial({ color: FRAME_COLOR })));
  const loop = chainLoop(outline, key);
  if (loop) {
    const plate = new THREE.ExtrudeGeometry(new THREE.Shape(loop.map(([x, y]) => new THREE.Vector2(x, y))),
      { depth: PLATE_DEPTH, bevelEnabled: false });
    plate.rotateX(-Math.PI / 2); // the shape's y becomes -z; the extrusion goes up from below
    plate.translate(0, -PLATE_DEPTH - 0.02, 0);
    const mesh = new THREE.Mesh(plate, new THREE.MeshBasicMaterial({
      color: PLATE_COLOR, transparent: true, opacity: 0.35, depthWrite: false }));
    mesh.renderOrder = -1;
    group.add(mesh);
    const rim = new THREE.LineSegments(new THREE.BufferGeometry().setFromPoints(rimSegments(loop)),
      new THREE.LineBasicMaterial({ color: FRAME_COLOR, transparent: true, opacity: 0.3 }));
    group.add(rim);
  }
  return group;
}

/** The plate's rim as line segments (pairs of points): its outline at its top and bottom
 * faces and an upright edge at each corner where the outline turns. Not the edges of its
 * triangles (EdgesGeometry): the caps' triangulation has triangles of no area along a straight
 * run of the outline, and their edges drew a faint line inside the left edge of every plate. */
export function rimSegments(loop) {
  const [top, bottom] = [-0.02, -PLATE_DEPTH - 0.02];
  const at = ([x, y], height) => new THREE.Vector3(x, height, -y);
  const points = [];
  loop.forEach((a, k) => {
    const b = loop[(k + 1) % loop.length];
    const before = loop[(k + loop.length - 1) % loop.length];
    for (const height of [top, bottom]) points.push(at(a, height), at(b, height));
    const turn = (a[0] - before[0]) * (b[1] - a[1]) - (a[1] - before[1]) * (b[0] - a[0]);
    if (Math.abs(turn) > 1e-6) points.push(at(a, top), at(a, bottom));
  });
  return points;
}

/** The boundary edges [[a, b], ...] joined end to end into one closed loop of points, or null
 * when they do not make exactly one loop (a board with a hole: drawn as lines only). */
export function chainLoop(edges, key) {
  if (!edges.length) return null;
  const next = new Map();
  for (const [a, b] of edges) {
    for (const [p, q] of [[a, b], [b, a]]) {
      if (!next.has(key(p))) next.set(key(p), []);
      next.get(key(p)).push(q);
    }
  }
  if ([...next.values()].some((list) => list.length !== 2)) return null;
  const loop = [edges[0][0]];
  let previous = null;
  let current = edges[0][0];
  for (let i = 0; i < edges.length; i += 1) {
    const [p, q] = next.get(key(current));
    const step = previous !== null && key(p) === key(previous) ? q : p;
    previous = current;
    current = step;
    if (key(current) === key(loop[0])) return i === edges.length - 1 ? loop : null;
    loop.push(current);
  }
  return null;
}
