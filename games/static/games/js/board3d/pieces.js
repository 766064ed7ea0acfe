// The pieces, modelled in code: Staunton-like turned bodies (LatheGeometry) with extruded
// heads for the horse pieces, one silhouette per kind so a piece is known by its shape alone
// from any side (issue 29 item 6: pieces were lettered discs). The unicorn is the knight's
// head with a long horn; the silver unicorn has two horns in a V. Each model is one merged
// geometry, drawn for all pieces of a kind and colour at once (instancing); White's pieces get
// an outline hull (the same model built coarser, a little larger, back faces only, dark) so ivory reads on
// light cells in every theme; Black's are dark on every theme's cells.
//
// A model's origin is the middle of its foot on the cell's plane; local +x is where a horse's
// nose points. Every piece is turned about its axis to face the camera (turnToward), so a head
// is always seen in profile and a cross or crest always broadside.

import * as THREE from "../three.js";
import { lightUniforms, mergeAt, setLight, turnedMaterial } from "./turned.js";

// Every model is drawn this much larger than modelled (its foot ~0.6-0.7 of a cell across, as
// on a real board): read at a laptop's size without filling the cell (issue 29: ~20 px pieces).
const MODEL_SCALE = 1.15;
export const PIECE_TOP = 1.06 * MODEL_SCALE; // the king's cross, the highest point of any model

// Around a turned body: a 12-gon's outline strays from a circle by 1.7% of its radius (half a
// pixel on a laptop's piece); 16 cost the software renderer a third more triangles for nothing
// one can see (scripts/bench_3d_fps.py: triangles are most of its frame time).
const SEGMENTS = 12;
const MATERIALS = {
  white: { body: 0xf2ebdd, rim: 0x1d2025 },
  black: { body: 0x2b2f36, rim: null }, // dark on every theme's cells: no outline needed
};
// The outline hull is the model built coarser (it only shows as a rim round the body): an
// 8-gon whose flats (cos 22.5 deg = 0.924 of its corners) still clear the body's 12-gon by ~3%.
const HULL_SEGMENTS = 8;
const HULL = 1.12; // the outline hull's scale across; 1 + (HULL - 1) / 4 upwards
// While the view moves (board3d.js draws it at a lower resolution then) every body and its hull
// are 6-gons: the hull is then the body scaled up, so it still clears it all round.
const DETAIL = { fine: { segments: SEGMENTS, sphere: [8, 6] }, coarse: { segments: HULL_SEGMENTS, sphere: [6, 4] },
  moving: { segments: 6, sphere: [5, 3] } };
let detail = DETAIL.fine; // set by build() while a model's parts are made

/** A turned body from a profile of [radius, height] points, bottom to top. */
function lathe(profile) {
  return new THREE.LatheGeometry(profile.map(([r, y]) => new THREE.Vector2(r, y)), detail.segments);
}

/** The foot every piece shares: a wide disc with a bevel and a collar, up to `top`. */
function foot(radius, top = 0.14) {
  return [[0, 0], [radius, 0], [radius, 0.045], [radius * 0.8, 0.085], [radius * 0.7, top]];
}

function ball(radius, y, x = 0, segments = detail.sphere) {
  const g = new THREE.SphereGeometry(radius, ...segments);
  g.translate(x, y, 0);
  return g;
}

function box(w, h, d, x, y, z = 0) {
  const g = new THREE.BoxGeometry(w, h, d);
  g.translate(x, y, z);
  return g;
}

/** A horn: a slim cone from `base` (x, y) along `angle` (radians from +x, upwards positive). */
function horn(base, angle, length, radius) {
  const g = new THREE.ConeGeometry(radius, length, 6);
  g.translate(0, length / 2, 0); // its base at the origin, tip up
  g.rotateZ(angle - Math.PI / 2);
  g.translate(base[0], base[1], 0);
  return g;
}

/** The horse's head and neck in profile (nose towards +x), extruded across. */
function horseHead() {
  const outline = [[-0.19, 0.12], [0.17, 0.12], [0.13, 0.24], [0.07, 0.32], [0.17, 0.39], [0.27, 0.45],
    [0.285, 0.5], [0.255, 0.55], [0.12, 0.62], [0.06, 0.7], [0.02, 0.74], [-0.02, 0.69], [-0.1, 0.65],
    [-0.18, 0.55], [-0.23, 0.4], [-0.24, 0.255]];
  const shape = new THREE.Shape(outline.map(([x, y]) => new THREE.Vector2(x, y)));
  const depth = 0.15;
  const g = new THREE.ExtrudeGeometry(shape, { depth, bevelEnabled: true, bevelThickness: 0.03,
    bevelSize: 0.025, bevelSegments: 1, curveSegments: 1 });
  g.translate(0, 0, -depth / 2);
  return g;
}

/** A shield face on (broadside to the camera, as pieces turn): square shoulders, a pointed
 * foot, extruded a little across. */
function shield() {
  const outline = [[-0.24, 0.78], [0.24, 0.78], [0.24, 0.5], [0.14, 0.34], [0, 0.26], [-0.14, 0.34],
    [-0.24, 0.5]];
  const shape = new THREE.Shape(outline.map(([x, y]) => new THREE.Vector2(x, y)));
  const depth = 0.08;
  const g = new THREE.ExtrudeGeometry(shape, { depth, bevelEnabled: true, bevelThickness: 0.02,
    bevelSize: 0.02, bevelSegments: 1, curveSegments: 1 });
  g.translate(0, 0, -depth / 2);
  return g;
}

// Each kind by its picture's name (the descriptor's `image`), so a variant's new piece with a
// known picture gets its model; the parts are merged into one geometry.
const MODELS = {
  pawn: () => [lathe([...foot(0.255, 0.12), [0.1, 0.24], [0.155, 0.28], [0.08, 0.31], [0, 0.31]]),
    ball(0.115, 0.4)],
  rook: () => {
    const body = lathe([...foot(0.28), [0.17, 0.2], [0.16, 0.46], [0.21, 0.5], [0.21, 0.6], [0.14, 0.6],
      [0.14, 0.57], [0, 0.57]]);
    const merlons = [0, 1, 2, 3, 4, 5].map((k) => {
      const m = box(0.09, 0.09, 0.07, 0.175, 0.64);
      m.rotateY((k * Math.PI) / 3);
      return m;
    });
    return [body, ...merlons];
  },
  knight: () => [lathe(foot(0.28, 0.14)), horseHead()],
  unicorn: () => [lathe(foot(0.28, 0.14)), horseHead(), horn([0.13, 0.62], 1.05, 0.42, 0.04)],
  // Two long horns in a wide V (short ones in a narrow V read as the unicorn's one at a
  // laptop's ~40 px, issue 39).
  "silver-unicorn": () => [lathe(foot(0.28, 0.14)), horseHead(), horn([0.13, 0.62], 0.8, 0.6, 0.05),
    horn([-0.05, 0.68], 2.3, 0.5, 0.05)],
  bishop: () => [lathe([...foot(0.27), [0.11, 0.2], [0.09, 0.42], [0.17, 0.45], [0.17, 0.48], [0.1, 0.5],
    [0.15, 0.56], [0.165, 0.63], [0.13, 0.71], [0.06, 0.78], [0, 0.8]]), ball(0.045, 0.83)],
  queen: () => {
    const body = lathe([...foot(0.3), [0.12, 0.22], [0.09, 0.55], [0.18, 0.59], [0.18, 0.62], [0.1, 0.65],
      [0.14, 0.76], [0.2, 0.84], [0.12, 0.83], [0, 0.86]]);
    const points = [...Array(9).keys()].map((k) => {
      const a = (k * 2 * Math.PI) / 9;
      return ball(0.034, 0.86, 0, [5, 3]).translate(0.19 * Math.cos(a), 0, 0.19 * Math.sin(a));
    });
    return [body, ...points, ball(0.065, 0.92)];
  },
  king: () => [lathe([...foot(0.3), [0.12, 0.22], [0.095, 0.6], [0.19, 0.64], [0.19, 0.67], [0.11, 0.69],
    [0.17, 0.83], [0.11, 0.87], [0, 0.88]]), box(0.06, 0.19, 0.06, 0, 0.965), box(0.16, 0.055, 0.06, 0, 0.99)],
  // Five Up's pieces, each a silhouette no other piece has at a laptop's ~40 px (issue 39: a
  // wizard's small hat read as a bishop, a guard's helmet as a pawn): the wizard's tall
  // pointed hat on a wide brim, taller than the queen; the guard a broad shield held broadside.
  wizard: () => [lathe([...foot(0.27), [0.12, 0.2], [0.1, 0.36], [0.31, 0.4], [0.31, 0.44], [0.14, 0.46],
    [0.035, 0.94], [0, 0.98]]), ball(0.05, 0.98)],
  guard: () => [lathe([...foot(0.29), [0.13, 0.2], [0.11, 0.3], [0, 0.31]]), shield(), ball(0.06, 0.83)],
};

/** One indexed geometry from several (positions and normals only): the vertex shader runs
 * once per shared vertex, not three times per triangle. Triangles without area (a lathe's
 * quads that meet its axis are half such) are left out: the software renderer sets up every
 * triangle it is given. */
function merge(parts) {
  const count = parts.reduce((sum, g) => sum + g.attributes.position.count, 0);
  const positions = new Float32Array(count * 3);
  const normals = new Float32Array(count * 3);
  const indices = [];
  const [a, b, c] = [new THREE.Vector3(), new THREE.Vector3(), new THREE.Vector3()];
  let vertex = 0;
  for (const g of parts) {
    if (!g.attributes.normal) g.computeVertexNormals();
    positions.set(g.attributes.position.array, vertex * 3);
    normals.set(g.attributes.normal.array, vertex * 3);
    const n = g.attributes.position.count;
    const corner = (i) => (g.index ? g.index.getX(i) : i);
    const corners = g.index ? g.index.count : n;
    for (let i = 0; i < corners; i += 3) {
      const [p, q, r] = [corner(i), corner(i + 1), corner(i + 2)];
      a.fromBufferAttribute(g.attributes.position, p);
      b.fromBufferAttribute(g.attributes.position, q).sub(a);
      c.fromBufferAttribute(g.attributes.position, r).sub(a);
      if (b.cross(c).lengthSq() < 1e-12) continue;
      indices.push(p + vertex, q + vertex, r + vertex);
    }
    vertex += n;
    g.dispose();
  }
  const merged = new THREE.BufferGeometry();
  merged.setAttribute("position", new THREE.BufferAttribute(positions, 3));
  merged.setAttribute("normal", new THREE.BufferAttribute(normals, 3));
  merged.setIndex(new THREE.BufferAttribute(new Uint32Array(indices), 1));
  merged.computeBoundingSphere();
  return merged;
}

/** A model's parts made at a level of detail and merged. */
function build(name, level) {
  detail = DETAIL[level];
  try {
    return merge((MODELS[name] || fallback)()).scale(MODEL_SCALE, MODEL_SCALE, MODEL_SCALE);
  } finally {
    detail = DETAIL.fine;
  }
}

/** The model of a kind whose picture has no model (a future variant's piece): a pawn's foot
 * with a plain cylinder, so it is still a piece. */
const fallback = () => [lathe([...foot(0.27), [0.14, 0.55], [0, 0.55]])];

export class PieceSet {
  /** All the pieces on the board, drawn as one merged mesh per colour (and one for White's
   * outline), turned to the camera in the vertex shader (turned.js): three draw calls for a
   * full board, which the software renderer needs. Picking and the tests' boxes use one
   * instanced mesh per model and colour that is never drawn, its matrices written only when
   * asked (pickers()). `stagger` ({value: Vector3}) moves each level's pieces by its rank
   * (levels side by side: camera.js). */
  constructor(variant, scene, stagger) {
    this.variant = variant;
    this.scene = scene;
    this.stagger = stagger;
    this.geometries = new Map(); // "king:fine" -> merged geometry
    this.batches = new Map(); // "white:king" -> { body: InstancedMesh (picking only), cells: [] }
    this.placed = []; // [{ cell, piece, batch, slot }]
    this.materials = {};
    this.drawn = {}; // colour -> { body: Mesh, hull: Mesh|null, turns: [uniform, ...] }
    this.azimuth = 0;
    this.detail = "fine";
    this.light = lightUniforms();
    for (const [color, shades] of Object.entries(MATERIALS)) {
      // Lit per vertex (turned.js): what MeshLambertMaterial draws, for less work per pixel.
      const body = new THREE.MeshBasicMaterial({ color: shades.body, vertexColors: true });
      const turns = [turnedMaterial(body, { stagger, light: this.light }).turn];
      let hull = null;
      if (shades.rim !== null) {
        // The hull's foot a little below the plane, so the rim shows round the foot too.
        hull = new THREE.MeshBasicMaterial({ color: shades.rim, side: THREE.BackSide });
        turns.push(turnedMaterial(hull, { stretch: [HULL, 1 + (HULL - 1) / 4, HULL], lift: -0.01, stagger }).turn);
      }
      this.materials[color] = { body, rim: hull };
      const mesh = (material) => {
        if (!material) return null;
        const m = new THREE.Mesh(new THREE.BufferGeometry(), material);
        m.frustumCulled = false; // the camera frames the whole board: everything is in view
        scene.add(m);
        return m;
      };
      this.drawn[color] = { body: mesh(body), hull: mesh(hull), turns };
    }
  }

  /** The picture name of a kind (the model's key). */
  modelName(kind) {
    return this.variant.pieceImage(kind);
  }

  /** A kind's merged model, "fine" (the body) or "coarse" (its outline hull). */
  geometry(kind, level = "fine") {
    const key = `${this.modelName(kind)}:${level}`;
    if (!this.geometries.has(key)) this.geometries.set(key, build(this.modelName(kind), level));
    return this.geometries.get(key);
  }

  batch(piece) {
    const key = `${piece.color}:${this.modelName(piece.kind)}`;
    if (!this.batches.has(key)) {
      const body = new THREE.InstancedMesh(this.geometry(piece.kind), this.materials[piece.color].body,
        this.variant.ncells);
      body.count = 0;
      const batch = { key, body, cells: [], model: this.modelName(piece.kind) };
      body.userData.batch = batch;
      this.batches.set(key, batch);
    }
    return this.batches.get(key);
  }

  /** Put the board's pieces (board[cell]: {kind, color} or null) on their cells' centres;
   * ranks[cell] is the rank of the cell's level (how many staggers it is moved). */
  place(board, centers, ranks) {
    for (const batch of this.batches.values()) batch.cells = [];
    this.placed = [];
    board.forEach((piece, cell) => {
      if (!piece) return;
      const batch = this.batch(piece);
      this.placed.push({ cell, piece, batch, slot: batch.cells.length });
      batch.cells.push(cell);
    });
    this.centers = centers;
    this.ranks = ranks;
    this.picksAt = null;
    for (const [color, drawn] of Object.entries(this.drawn)) {
      const mine = this.placed.filter(({ piece }) => piece.color === color);
      const merged = (level) => mergeAt(mine.map(({ cell, piece }) => ({ geometry: this.geometry(piece.kind, level),
        at: centers[cell], rank: ranks[cell] })));
      for (const geometry of Object.values(drawn.geometries || {})) geometry?.dispose();
      // At rest the fine body in its coarse hull; while the view moves both at the moving detail.
      drawn.geometries = { body: merged("fine"), hull: drawn.hull ? merged("coarse") : null, movingBody: merged("moving"),
        movingHull: drawn.hull ? merged("moving") : null };
      this.showDetail(drawn);
    }
  }

  /** Draw the pieces at rest ("fine") or while the view moves ("moving": fewer triangles). */
  setDetail(level) {
    if (level === this.detail) return;
    this.detail = level;
    for (const drawn of Object.values(this.drawn)) if (drawn.geometries) this.showDetail(drawn);
  }

  showDetail(drawn) {
    const moving = this.detail === "moving";
    drawn.body.geometry = drawn.geometries[moving ? "movingBody" : "body"];
    if (drawn.hull) drawn.hull.geometry = drawn.geometries[moving ? "movingHull" : "hull"];
  }

  /** The scene's lights as the bodies' shaders take them, for this frame's camera. */
  setLight(hemisphere, key, camera) {
    setLight(this.light, hemisphere, key, camera);
  }

  /** Turn every piece about its axis so its profile faces a camera at `azimuth` (White's
   * horses look to the right of the screen, Black's to the left): one uniform per mesh. */
  turnToward(azimuth) {
    this.azimuth = azimuth;
    for (const [color, drawn] of Object.entries(this.drawn)) {
      for (const turn of drawn.turns) turn.value = azimuth + (color === "black" ? Math.PI : 0);
    }
  }

  /** The instanced meshes that stand for the drawn pieces in picking, their matrices written
   * for the current azimuth (on demand: not on every frame of a turn). */
  pickers() {
    const stagger = this.stagger.value;
    const key = `${this.azimuth}:${stagger.x}:${stagger.z}`;
    if (this.picksAt !== key) {
      this.picksAt = key;
      const matrix = new THREE.Matrix4();
      const at = new THREE.Vector3();
      for (const { cell, piece, batch, slot } of this.placed) {
        at.copy(stagger).multiplyScalar(this.ranks[cell]).add(this.centers[cell]);
        matrix.makeRotationY(this.azimuth + (piece.color === "black" ? Math.PI : 0)).setPosition(at);
        batch.body.setMatrixAt(slot, matrix);
      }
      for (const batch of this.batches.values()) {
        batch.body.count = batch.cells.length;
        batch.body.instanceMatrix.needsUpdate = true;
        batch.body.boundingSphere = null; // measured again for picking
        batch.body.updateMatrixWorld();
      }
    }
    return [...this.batches.values()].filter((b) => b.cells.length).map((b) => b.body);
  }

  /** The cell of the nearest piece a raycaster's ray meets, or null. */
  hit(raycaster) {
    const hits = raycaster.intersectObjects(this.pickers(), false);
    if (!hits.length) return null;
    return hits[0].object.userData.batch.cells[hits[0].instanceId] ?? null;
  }

  /** Each piece's model and its box in world space (tests and tooling). */
  boxes() {
    const matrix = new THREE.Matrix4();
    this.pickers();
    return this.placed.map(({ cell, batch, slot }) => {
      const geometry = batch.body.geometry;
      if (!geometry.boundingBox) geometry.computeBoundingBox();
      batch.body.getMatrixAt(slot, matrix);
      return { cell, model: batch.model, box: geometry.boundingBox.clone().applyMatrix4(matrix) };
    });
  }

  /** Which kinds' models are shaped alike (tests: every kind's geometry is its own). */
  signature(kind) {
    const g = this.geometry(kind);
    g.computeBoundingBox();
    const { min, max } = g.boundingBox;
    return [g.attributes.position.count, ...[min.x, min.z, max.x, max.y, max.z].map((v) => v.toFixed(3))].join(":");
  }
}


/** A level's name as a sprite, drawn over everything (no depth test): a piece in front never
 * hides which level this is. */
export function labelSprite(text, color) {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 64;
  const g = canvas.getContext("2d");
  g.fillStyle = color;
  g.font = "bold 48px system-ui, sans-serif";
  g.textAlign = "center";
  g.textBaseline = "middle";
  g.fillText(text, 32, 34);
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  const sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map: texture, transparent: true, depthTest: false }));
  sprite.renderOrder = 5;
  sprite.scale.set(0.8, 0.8, 1);
  sprite.userData.text = text; // Board3D's data-labels
  return sprite;
}
