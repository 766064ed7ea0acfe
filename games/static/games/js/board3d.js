// The board in 3D (three.js, vendored): the same contract as the 2D Board (setPosition with the
// server's legal moves; onMove(coordinate move)), drawn as the variant's boards in space. It
// only offers moves the server listed. The parts live in board3d/ (see
// /work/notes/board3d-split.md): layout.js (where cells and levels sit), plates.js (frames,
// plates, tiles), pieces.js (the piece models), camera.js (orbit, fit, levels kept apart),
// controls.js (pointer, pinch, wheel, keys), marks.js (move lines, arrows, dots); boards that
// move whole (Star Trek): stand.js (the stand's layout) and pins.js (picking a board up and
// putting it on a pin, at the places marked "board moves").
//
// Test and tooling hook: after each frame the canvas carries data-cells, a JSON map of cell
// name -> [x, y] (CSS pixels from the canvas's top-left), data-levels (each level's box on
// screen), data-pieces (cell name -> [model, left, top, right, bottom, depth]: the model drawn
// there, its box on screen and how far its foot is from the camera, -1 nearest),
// data-frames (frames drawn so far) and data-labels (each label's text and its box on screen);
// the root carries data-selected, data-targets, data-hover, data-camera ("azimuth,elevation,zoom"
// this frame) and data-moving ("1" while the camera still glides towards where it was sent).
// With movable boards, pins.js's hooks too; a cell of a free pin (not there now) is left out of
// data-cells.

import * as THREE from "./three.js";
import { arrowOf } from "./board.js";
import { format, gettext } from "./i18n.js";
import { OrbitCamera, PRESETS, screenAxes } from "./board3d/camera.js";
import { bindControls } from "./board3d/controls.js";
import { SPACINGS, createLayout } from "./board3d/layout.js";
import { clearGroup, cone, dot, ring, tube } from "./board3d/marks.js";
import { PIECE_TOP, PieceSet, labelSprite } from "./board3d/pieces.js";
import { PinMoves } from "./board3d/pins.js";
import { staggered } from "./board3d/turned.js";

const SPACING_KEY = "raumschach.cubeSpacing";
const COLORS = {
  light: 0xefe3c8, mid: 0xd3b893, dark: 0xb48a5f, selected: 0x2878dc, target: 0x2d9a4a, capture: 0xd03a2f,
  last: 0xe6c828, check: 0xff3b30, best: 0x2878dc, better: 0x1f8a3c, hover: 0x5aa9ff,
  premove: 0x8e44ad, // a planned premove and the cells it may go to (lichess: another colour)
};
const LABEL_INK = 0.7; // the share of a label's sprite its glyphs cover (pieces.js's labelSprite)
const LABEL_OFFSET = 1.1; // a level's name sits this far left of its left edge (stacked)
const ROW_LABEL_OFFSET = 0.55; // side by side: this far in front of its near edge, under it on screen
// A pointer this close to a cell's centre (a share of the cell's half-width on screen) means
// that cell, even where a piece in front stands over it.
const ON_CENTRE = 0.3;
// A canvas at least this much wider than tall shows the levels side by side (camera.js's row):
// a laptop's stage (~2:1) and a phone held sideways; a phone upright keeps them stacked.
const ROW_ASPECT = 1.5;
// While the view moves (a drag, a pinch, a preset's glide) it is drawn at this share of its
// full resolution, and sharp again on the frame where it comes to rest: the software renderer
// (no GPU) pays for every pixel it shades, and a picture in motion is not read closely
// (scripts/bench_3d_fps.py measures this mode; docs/performance.md).
const MOVING_SCALE = 0.5;
// A phone held upright (as site.css's query): the stage is fitted to the first screen there.
const PHONE_UPRIGHT = window.matchMedia("(max-width: 899px) and (orientation: portrait)");
const STAGE_BOTTOM_GAP = 8; // px left under the stage at the bottom of the first screen
// Layouts whose levels may be moved apart sideways: the cube's levels, and a stand's main boards
// each with its attack boards (a column each: issue 39, stacked the tall stand filled a quarter
// of a laptop's canvas).
const ROW_LAYOUTS = new Set(["stacked", "stand"]);

/** Whether this browser can draw WebGL at all (else the page keeps the 2D levels). */
export function webglAvailable() {
  try {
    const canvas = document.createElement("canvas");
    return !!(window.WebGLRenderingContext &&
      (canvas.getContext("webgl2") || canvas.getContext("webgl")));
  } catch {
    return false;
  }
}

export class Board3D {
  /**
   * @param {HTMLElement} root  emptied and filled with the canvas and the viewpoint buttons
   * @param {object} options  variant (position.js); orientation: "white"|"black"; onMove(text);
   *   choose(choices) -> Promise<move|null> (the 2D board's promotion and placement picker)
   */
  constructor(root, { variant, orientation = "white", onMove = null, choose = null, premove = null } = {}) {
    this.root = root;
    this.premove = premove; // a live game's premove planner (premove.js), as the 2D board's
    this.variant = variant;
    this.spacing = readSpacing();
    this.onMove = onMove;
    this.choose = choose;
    this.board = new Array(variant.ncells).fill(null);
    this.movesByFrom = new Map();
    this.exists = new Array(variant.ncells).fill(true); // false: a cell of a free pin (not there now)
    this.pinMoves = variant.movable ? new PinMoves(variant) : null; // board moves
    this.enabled = false;
    this.selected = null;
    this.lastMove = null;
    this.checkers = [];
    this.checkColor = null;
    this.orientation = orientation;
    this.build();
    // A layout may look from elsewhere first (the stand: a corner).
    this.viewFrom(this.layout.defaultView || (orientation === "black" ? "black" : "white"));
  }

  build() {
    this.root.replaceChildren();
    this.root.classList.add("board3d");
    this.root.board3d = this; // for tooling (scripts/bench_3d_fps.py), not for page code
    const bar = document.createElement("div");
    bar.className = "view-presets";
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", gettext("Viewpoints"));
    for (const [name, preset] of Object.entries(PRESETS)) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "button secondary small";
      button.dataset.preset = name;
      button.textContent = preset.label;
      button.addEventListener("click", () => this.viewFrom(name));
      bar.append(button);
    }
    for (const [name, text] of [["compact", gettext("Compact")], ["exploded", gettext("Exploded")]]) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "button secondary small spacing";
      button.dataset.spacing = name;
      button.textContent = text;
      button.setAttribute("aria-pressed", String(name === this.spacing));
      button.addEventListener("click", () => this.setSpacing(name));
      bar.append(button);
    }
    this.stage = document.createElement("div");
    this.stage.className = "stage";
    // Opaque and without multisampling: the software renderer (no GPU) composites and shades
    // every pixel on the CPU, and both cost it frames (scripts/bench_3d_fps.py).
    this.renderer = new THREE.WebGLRenderer({ antialias: false, alpha: false });
    this.renderer.setClearColor(0xf3f0ea);
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    this.canvas = this.renderer.domElement;
    this.canvas.tabIndex = 0;
    this.canvas.className = "cube-canvas";
    this.canvas.setAttribute("role", "img");
    this.canvas.setAttribute("aria-label", this.variant.movable
      ? gettext("The stand in 3D. Drag or use the arrow keys to turn it, the wheel, pinch or + and - to zoom.")
      : this.variant.hex
        ? gettext("The levels in 3D. Drag or use the arrow keys to turn it, the wheel, pinch or + and - to zoom.")
        : gettext("The cube in 3D. Drag or use the arrow keys to turn it, the wheel, pinch or + and - to zoom."));
    this.stage.append(this.canvas);
    this.root.append(bar, this.stage);
    this.presetBar = bar;

    this.scene = new THREE.Scene();
    // Levels side by side: each level's things move by its rank times this vector (the screen's
    // right times the row's step), in the shaders of the pieces and tiles (board3d/turned.js).
    this.stagger = { value: new THREE.Vector3() };
    this.pieces = new PieceSet(this.variant, this.scene, this.stagger);
    this.view = new OrbitCamera({ levelPoints: (azimuth) => this.levels.map((level) => this.levelPoints(level, azimuth)),
      apart: (a, b) => (this.layout.apart ? this.layout.apart(a, b) : true),
      columnPoints: (azimuth) => this.columnPoints(azimuth) });
    this.camera = this.view.camera;
    // Light from the camera's side wherever it turns (the key light rides with it), and a sky
    // light so the shadowed side of a black piece still shows its shape.
    this.sky = new THREE.HemisphereLight(0xffffff, 0x556070, 1.9);
    this.scene.add(this.sky);
    const key = new THREE.DirectionalLight(0xffffff, 1.5);
    key.position.set(-0.6, 1, 1);
    this.camera.add(key);
    this.key = key;
    this.scene.add(this.camera);
    this.frames = 0;
    this.hover = null;
    // Three shades over a grey plate need more colour than the cube's two in open air.
    this.tileOpacity = this.variant.hex ? 0.6 : 0.3;
    this.levelGroup = new THREE.Group();
    this.markers = new THREE.Group(); // targets
    this.lines = new THREE.Group(); // last move and checks
    this.scene.add(this.levelGroup, this.markers, this.lines);
    this.applyLayout();

    bindControls(this.canvas, {
      orbit: (da, de) => { this.view.orbit(da, de); this.requestRender(); },
      zoom: (factor) => { this.view.zoom(factor); this.requestRender(); },
      click: (x, y) => this.click(x, y),
      hover: (x, y) => this.setHover(x === null ? null : this.cellAt(x, y)),
      escape: () => {
        this.selected = null;
        if (this.pinMoves) this.pinMoves.selected = null; // a picked-up board put back
        this.paint();
      },
    });
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(this.stage);
    this.resize();
  }

  /** A new layout for this spacing, and everything placed from it. */
  applyLayout() {
    this.layout = createLayout(this.variant, this.spacing);
    // A new layout starts from the variant's start (a stand's boards on their first pins): the
    // position's boards go where they stand now (a change of spacing drew the start's pins).
    if (this.parsed && this.layout.reposition) this.layout.reposition(this.parsed);
    this.placeLayout();
  }

  /** Place tiles, plates, labels and pieces where the layout says (again after a layout's
   * reposition() moved boards). */
  placeLayout() {
    this.centers = this.layout.centers;
    // Each level's rank (levels side by side: how many steps right of the middle it stands) and
    // each cell's, by its board. A level stands in its own column unless the layout puts it in
    // another's (level.column: a stand's attack boards beside their main board).
    const columns = this.layout.levels.map((level, k) => level.column ?? k);
    const count = Math.max(...columns) + 1;
    const rankOfBoard = new Map(this.layout.levels.map((level, k) => [level.index, columns[k] - (count - 1) / 2]));
    this.ranks = this.variant.cells.map((c) => rankOfBoard.get(c.board) ?? 0);
    this.buildTiles();
    this.pieces.place(this.board, this.centers, this.ranks);
    for (const level of this.levels || []) if (level.name) level.name.material.map.dispose();
    this.levelGroup.clear();
    this.levels = this.layout.levels.map((level, k) => {
      this.levelGroup.add(level.plate);
      // A level another one names (the stand's attack-board pins) has no label of its own.
      const name = level.label ? labelSprite(level.label, "#2f5d8a") : null;
      if (name) this.levelGroup.add(name);
      return { ...level, name, rank: columns[k] - (count - 1) / 2 };
    });
    this.staggerLevels();
    if (this.view) this.view.levelsChanged();
  }

  /** Plates and labels where their level stands now (tiles and pieces follow in the shader). */
  staggerLevels() {
    const shift = new THREE.Vector3();
    const azimuth = this.view ? this.view.state.azimuth : 0;
    for (const level of this.levels) {
      shift.copy(this.stagger.value).multiplyScalar(level.rank);
      level.plate.position.copy(level.origin).add(shift);
      if (level.name) level.name.position.copy(this.labelAt(level, azimuth)).add(shift);
    }
  }

  /** Where a level's name stands (before its level is moved sideways). Stacked: beside the
   * level's left edge, level with its middle row, outside every piece. Side by side: in front
   * of the level's near edge, so under it on screen, turning with the view (beside it, it
   * would widen every level of the row by a third). */
  labelAt({ origin, width, depth, labelAt }, azimuth) {
    // A stand's column (a main board with its attack boards) keeps its letter beside it: in
    // front, it fell on the attack boards at the near corners.
    if (!this.view || !this.view.row || this.layout.labelsBeside) {
      if (labelAt) return labelAt.clone(); // where the layout puts it (the stand's main boards)
      return origin.clone().add(new THREE.Vector3(-width / 2 - LABEL_OFFSET, 0.2, 0));
    }
    const reach = Math.abs(Math.sin(azimuth)) * width / 2 + Math.abs(Math.cos(azimuth)) * depth / 2;
    const forward = new THREE.Vector3(Math.sin(azimuth), 0, Math.cos(azimuth));
    return forward.multiplyScalar(reach + ROW_LABEL_OFFSET).add(origin);
  }

  /** Where a cell's centre is drawn: the layout's centre, moved with its level. */
  shown(cell) {
    return this.stagger.value.clone().multiplyScalar(this.ranks[cell]).add(this.centers[cell]);
  }

  /** Every cell's tile in one mesh (one draw call: the software renderer pays per call), each
   * tile's colour and opacity in its vertices' RGBA (paint() writes them). */
  buildTiles() {
    const parts = [];
    const ranks = [];
    this.tileVertices = []; // cell -> [first vertex, vertex count]
    let first = 0;
    for (let cell = 0; cell < this.variant.ncells; cell += 1) {
      const tile = this.layout.tile(cell);
      const flat = tile.index ? tile.toNonIndexed() : tile.clone();
      flat.translate(this.centers[cell].x, this.centers[cell].y, this.centers[cell].z);
      parts.push(flat.attributes.position.array);
      const count = flat.attributes.position.count;
      ranks.push(new Float32Array(count).fill(this.ranks[cell]));
      this.tileVertices.push([first, count]);
      first += count;
      flat.dispose();
    }
    const positions = new Float32Array(first * 3);
    let offset = 0;
    for (const array of parts) { positions.set(array, offset); offset += array.length; }
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute("position", new THREE.BufferAttribute(positions, 3));
    geometry.setAttribute("color", new THREE.BufferAttribute(new Float32Array(first * 4), 4));
    const rank = new Float32Array(first);
    ranks.reduce((at, array) => { rank.set(array, at); return at + array.length; }, 0);
    geometry.setAttribute("rank", new THREE.BufferAttribute(rank, 1));
    if (this.tiles) {
      this.tiles.geometry.dispose();
      this.tiles.geometry = geometry;
    } else {
      this.tiles = new THREE.Mesh(geometry, staggered(new THREE.MeshBasicMaterial({
        vertexColors: true, transparent: true, side: THREE.DoubleSide, depthWrite: false }), this.stagger));
      this.tiles.frustumCulled = false;
      this.scene.add(this.tiles);
    }
  }

  /** Every point of a level that must be on screen: its corners at its plane and at the top of
   * its pieces, and its label. */
  levelPoints(level, azimuth = this.view.state.azimuth) {
    const { origin, width, depth } = level;
    const label = this.labelAt(level, azimuth);
    const points = [];
    for (const [dx, dz] of [[-1, -1], [-1, 1], [1, -1], [1, 1]]) {
      for (const dy of [0, PIECE_TOP]) {
        points.push(origin.clone().add(new THREE.Vector3(dx * width / 2, dy, dz * depth / 2)));
      }
    }
    if (!level.label) return points; // a level another one names
    for (const [dx, dy] of [[-0.4, -0.4], [0.4, 0.4]]) points.push(label.clone().add(new THREE.Vector3(dx, dy, 0)));
    return points;
  }

  /** Per column of the row (levels of one rank), the points of its levels (levelPoints). */
  columnPoints(azimuth) {
    const columns = new Map();
    for (const level of this.levels) {
      if (!columns.has(level.rank)) columns.set(level.rank, []);
      columns.get(level.rank).push(...this.levelPoints(level, azimuth));
    }
    return [...columns.keys()].sort((a, b) => a - b).map((rank) => columns.get(rank));
  }

  /** A level's points (levelPoints) where the level is drawn now. */
  shownPoints(level) {
    const shift = this.stagger.value.clone().multiplyScalar(level.rank);
    return this.levelPoints(level).map((p) => p.add(shift));
  }

  /** A cell's colour: the theme's light and dark, and for a hex board Glinski's three shades
   * (light, mid, dark). `colors` maps light/mid/dark to numbers. */
  cellColor(cell, colors) {
    if (!this.variant.hex) return this.variant.isDark(cell) ? colors.dark : colors.light;
    return [colors.light, colors.mid, colors.dark][this.variant.shadeOf(cell)] ?? colors.light;
  }

  // ---- the position ----

  setPosition({ fen, legalMoves = [], lastMove = null, checkColor = null, checkers = [], enabled = false,
    arrow = null }) {
    const variant = this.variant;
    // An engine's move (the replay's analysis): a thicker tube with a cone at its target.
    this.arrow = arrowOf(variant, arrow);
    const parsed = variant.parseFen(fen);
    // The same position drawn again: a picked-up piece stays picked up (as in board.js).
    const picked = fen === this.fen && enabled ? this.selected : null;
    this.fen = fen;
    this.parsed = parsed;
    this.board = parsed.board;
    this.exists = parsed.exists;
    if (this.layout.reposition && this.layout.reposition(parsed)) this.placeLayout();
    this.movesByFrom = new Map();
    let moves = legalMoves.map((text) => variant.parseCoordMove(typeof text === "string" ? text : text.move));
    // Board moves: kept by pin, never as moves of the piece on a pin's anchor cell.
    if (this.pinMoves) moves = this.pinMoves.split(parsed, moves, lastMove);
    for (const move of moves) {
      if (!this.movesByFrom.has(move.from)) this.movesByFrom.set(move.from, []);
      this.movesByFrom.get(move.from).push(move);
    }
    this.enabled = enabled;
    this.selected = picked !== null && this.movesByFrom.has(picked) ? picked : null;
    this.lastMove = lastMove ? variant.parseCoordMove(lastMove) : null;
    this.checkers = (checkers || []).map((name) => variant.parseCell(name));
    // The server's checkers mean the side to move is in check, whatever the last move says.
    this.checkColor = checkColor || (this.checkers.length ? parsed.turn : null);
    this.pieces.place(this.board, this.centers, this.ranks);
    this.paint();
  }

  kingInCheck() {
    if (!this.checkColor) return null;
    const royal = this.variant.royal;
    const cell = this.board.findIndex((p) => p && p.kind === royal && p.color === this.checkColor);
    return cell >= 0 ? cell : null;
  }

  targets() {
    const pre = this.premove;
    if (pre && pre.selected !== null) return [...pre.targets];
    const moves = this.selected === null ? [] : this.movesByFrom.get(this.selected) || [];
    return [...new Set(moves.map((m) => m.to))];
  }

  paint() {
    const targets = new Set(this.targets());
    const pre = this.premove;
    const preview = !!pre && pre.selected !== null; // the targets are a premove's
    const king = this.kingInCheck();
    const last = this.lastMove && !this.lastMove.board ? this.lastMove : null; // board moves: the pins show it
    // The 2D theme's cell colours (CSS variables) tint the cube too.
    const style = getComputedStyle(this.root);
    const themed = (name, fallback) => {
      const value = style.getPropertyValue(name).trim();
      return value ? new THREE.Color(value).getHex() : fallback;
    };
    const shades = { light: themed("--light-cell", COLORS.light), mid: themed("--mid-cell", COLORS.mid),
      dark: themed("--dark-cell", COLORS.dark) };
    const colors = this.tiles.geometry.attributes.color;
    const rgb = new THREE.Color();
    for (let cell = 0; cell < this.variant.ncells; cell += 1) {
      let color = this.cellColor(cell, shades);
      let opacity = this.exists[cell] ? this.tileOpacity : 0; // a free pin's cell is not drawn
      if (last && (last.from === cell || last.to === cell)) { color = COLORS.last; opacity = 0.6; }
      if (cell === king) { color = COLORS.check; opacity = 0.75; }
      const planned = pre && pre.move && (pre.move.from === cell || pre.move.to === cell);
      if (planned) { color = COLORS.premove; opacity = 0.75; }
      if (targets.has(cell)) { color = preview ? COLORS.premove : this.board[cell] ? COLORS.capture : COLORS.target; opacity = 0.7; }
      if (cell === this.selected || (preview && cell === pre.selected)) { color = COLORS.selected; opacity = 0.8; }
      else if (cell === this.hover && !targets.has(cell)) { color = COLORS.hover; opacity = 0.6; }
      rgb.setHex(color);
      const [first, count] = this.tileVertices[cell];
      for (let v = first; v < first + count; v += 1) colors.setXYZW(v, rgb.r, rgb.g, rgb.b, opacity);
    }
    colors.needsUpdate = true;
    this.paintMarks();
    const name = (cell) => this.variant.cellName(cell);
    this.root.dataset.selected = this.selected === null ? "" : name(this.selected);
    this.root.dataset.premove = pre && pre.move ? `${name(pre.move.from)}${name(pre.move.to)}` : "";
    this.root.dataset.targets = [...targets].map(name).sort().join(" ");
    this.root.dataset.hover = this.hover === null ? "" : name(this.hover);
    this.root.dataset.lastMove = last ? last.text : "";
    this.root.dataset.arrow = this.arrow ? this.arrow.text : "";
    this.root.dataset.checkLines = String(king !== null ? this.checkers.length : 0);
    if (this.pinMoves) this.pinMoves.paint(this); // board moves
    this.requestRender();
  }

  /** The marks through the cube (rings, target dots, the last move, the arrow, check lines),
   * built where the cells are drawn now (again when levels side by side move). */
  paintMarks() {
    const targets = new Set(this.targets());
    const king = this.kingInCheck();
    const last = this.lastMove;
    const center = (cell) => this.shown(cell);
    clearGroup(this.markers);
    // A ring round the foot of the selected piece and of the one under the pointer: seen from
    // any side, even where the piece hides its own tile.
    if (this.selected !== null) this.markers.add(ring(center(this.selected), COLORS.selected));
    const pre = this.premove;
    if (pre && pre.selected !== null) this.markers.add(ring(center(pre.selected), COLORS.premove));
    if (this.hover !== null && this.hover !== this.selected) this.markers.add(ring(center(this.hover), COLORS.hover));
    if (king !== null) this.markers.add(ring(center(king), COLORS.check));
    for (const cell of targets) {
      const color = this.premove && this.premove.selected !== null ? COLORS.premove
        : this.board[cell] ? COLORS.capture : COLORS.target;
      this.markers.add(dot(center(cell).clone().add(new THREE.Vector3(0, this.board[cell] ? 0.85 : 0.15, 0)), color));
    }
    clearGroup(this.lines);
    if (last) this.lines.add(tube(center(last.from), center(last.to), COLORS.last, 0.05));
    if (pre && pre.move) this.lines.add(tube(center(pre.move.from), center(pre.move.to), COLORS.premove, 0.05));
    const arrow = this.arrow;
    if (arrow) {
      const color = arrow.kind === "better" ? COLORS.better : COLORS.best;
      const lift = new THREE.Vector3(0, 0.45, 0); // above the pieces' feet, below their heads
      const [a, b] = [center(arrow.from).clone().add(lift), center(arrow.to).clone().add(lift)];
      const head = Math.min(0.45, a.distanceTo(b) / 3);
      const neck = b.clone().sub(a).setLength(a.distanceTo(b) - head).add(a);
      this.lines.add(tube(a, neck, color, 0.09));
      this.lines.add(cone(neck, b, color, 0.2));
    }
    if (king !== null) {
      for (const from of this.checkers) {
        this.lines.add(tube(center(from), center(king), COLORS.check, 0.06));
      }
    }
  }

  // ---- choosing a move ----

  /** A click (not a drag) at (x, y) of the canvas: a board picked up or put down (board
   * moves), else the cell there. */
  click(x, y) {
    if (this.pinMoves && this.pinMoves.click(this, x, y)) return;
    const cell = this.cellAt(x, y);
    if (cell !== null) this.activate(cell);
  }

  async activate(cell) {
    if (!this.enabled) {
      if (this.premove && this.premove.click(cell, this.board[cell])) this.paint();
      return;
    }
    if (this.selected !== null) {
      const choices = (this.movesByFrom.get(this.selected) || []).filter((m) => m.to === cell);
      if (choices.length) {
        const move = choices.length === 1 ? choices[0]
          : this.choose ? await this.choose(choices) : null;
        this.selected = null;
        this.paint();
        if (move && this.onMove) this.onMove(move.text);
        return;
      }
    }
    this.selected = this.movesByFrom.has(cell) && cell !== this.selected ? cell : null;
    this.paint();
    if (this.selected !== null) {
      this.canvas.setAttribute("aria-description", format(gettext("%(cell)s, %(piece)s selected; targets %(cells)s"),
        { cell: this.variant.cellName(cell), piece: this.variant.pieceLabel(this.board[cell]),
          cells: this.root.dataset.targets }));
    }
  }

  /** The cell under a point of the canvas, at any angle: the piece the pointer is on (a ray
   * through the models: what is seen there, even a head standing over the cell behind), unless
   * the point is right on a cell's centre or on a target of the selected piece; else the
   * nearest projected centre, preferring cells that do something (a target, then a piece that
   * can move). */
  cellAt(x, y) {
    if (!this.projected) this.project();
    let best = null;
    let bestScore = Infinity;
    const targets = new Set(this.targets());
    for (let cell = 0; cell < this.variant.ncells; cell += 1) {
      if (!this.exists[cell]) continue; // a free pin's cell: not there now
      const [px, py, depth, reach] = this.projected[cell];
      const distance = Math.hypot(px - x, py - y);
      if (distance > reach) continue;
      let score = distance + depth * 0.5;
      if (targets.has(cell)) score -= reach;
      else if (this.enabled && this.movesByFrom.has(cell)) score -= reach / 2;
      if (score < bestScore) { best = cell; bestScore = score; }
    }
    if (best !== null) {
      const [px, py, , reach] = this.projected[best];
      if (targets.has(best) || Math.hypot(px - x, py - y) < reach * ON_CENTRE) return best;
    }
    return this.pieceUnder(x, y) ?? best;
  }

  /** The cell of the nearest piece model a ray through (x, y) meets, or null. */
  pieceUnder(x, y) {
    const width = this.canvas.clientWidth || 1;
    const height = this.canvas.clientHeight || 1;
    this.raycaster ??= new THREE.Raycaster();
    this.raycaster.setFromCamera(new THREE.Vector2((x / width) * 2 - 1, 1 - (y / height) * 2), this.camera);
    return this.pieces.hit(this.raycaster);
  }

  setHover(cell) {
    if (cell === this.hover) return;
    this.hover = cell;
    this.paint();
  }

  // ---- the view ----

  setSpacing(name) {
    if (!SPACINGS[name]) return;
    this.spacing = name;
    try { localStorage.setItem(SPACING_KEY, name); } catch { /* private mode: not kept */ }
    for (const button of this.root.querySelectorAll("[data-spacing]")) {
      button.setAttribute("aria-pressed", String(button.dataset.spacing === name));
    }
    this.applyLayout();
    this.view.orbit(0, 0); // the elevation limit depends on the spacing
    // The levels moved even where the camera does not (side by side, no limit changes): the
    // data-* read by tools are stale until the next frame has measured them.
    this.root.dataset.moving = "1";
    this.paint();
  }

  viewFrom(name) {
    this.preset = name;
    this.view.viewFrom(name, this.orientation, (this.layout.views || {})[name]);
    if (!this.frames) this.view.jump(); // the first view is not a glide from nowhere
    this.requestRender();
  }

  /** A phone upright: the stage ends inside the first screen, so the levels at its bottom
   * (White's own, from White's side) are in view without scrolling (its CSS height ran ~70 px
   * past a 390x844 screen's bottom); it keeps at least half the screen's height. The
   * viewpoints' two rows of buttons go under it there, so it need not shrink for them. */
  fitStageToScreen() {
    const stage = this.stage;
    const upright = PHONE_UPRIGHT.matches;
    this.presetBar.style.order = upright ? "1" : "";
    if (!upright || !stage.isConnected || this.root.closest("[hidden]")) {
      if (stage.style.height) stage.style.height = "";
      return;
    }
    stage.style.height = "";
    const cssHeight = stage.clientHeight;
    const top = stage.getBoundingClientRect().top + window.scrollY;
    const room = window.innerHeight - top - STAGE_BOTTOM_GAP;
    const height = Math.round(Math.min(cssHeight, Math.max(room, window.innerHeight / 2)));
    if (height < cssHeight) stage.style.height = `${height}px`;
  }

  resize() {
    this.fitStageToScreen();
    const width = this.stage.clientWidth || 300;
    const height = this.stage.clientHeight || 300;
    this.renderer.setSize(width, height, false);
    this.aspect = width / height;
    const row = ROW_LAYOUTS.has(this.layout.name) && this.aspect >= ROW_ASPECT;
    if (row !== this.view.row) {
      this.view.setRow(row);
      // The preset's elevation depends on the arrangement: take it again for this one.
      if (this.preset) this.viewFrom(this.preset);
    }
    this.requestRender();
  }

  /** Draw on the next frame; frames follow one another while the camera glides, and stop
   * when it rests (nothing is drawn while nothing changes). */
  requestRender() {
    // Said at once, not at the next frame: a reader of data-cells waits for "0".
    if (this.view.moving()) this.root.dataset.moving = "1";
    if (this.frame) return;
    this.frame = requestAnimationFrame((now) => {
      this.frame = null;
      // The first frame after a rest counts as one frame's time (not none: a step of no time
      // would jump straight to the goal, so no drag or preset would glide).
      const seconds = this.lastFrameAt ? Math.min(0.1, (now - this.lastFrameAt) / 1000) : 1 / 60;
      this.lastFrameAt = now;
      const moving = this.view.step(seconds);
      this.setQuality(moving);
      this.draw();
      if (moving) this.requestRender();
      else this.lastFrameAt = null;
      this.root.dataset.moving = moving ? "1" : "0";
    });
  }

  /** While the view turns or glides, draw at MOVING_SCALE of the full resolution with the
   * pieces' coarser models (pieces.js); at rest (the frame that ends a glide, and every frame drawn for a
   * change that does not move the camera) at full resolution with the fine bodies. */
  setQuality(moving) {
    const full = Math.min(window.devicePixelRatio || 1, 2);
    const ratio = moving ? full * MOVING_SCALE : full;
    if (ratio !== this.renderer.getPixelRatio()) {
      this.renderer.setPixelRatio(ratio);
      this.renderer.setSize(this.stage.clientWidth || 300, this.stage.clientHeight || 300, false);
    }
    this.pieces.setDetail(moving ? "moving" : "fine");
  }

  draw() {
    const { azimuth, elevation } = this.view.state;
    const { step, drop } = this.view.rowShift(azimuth, elevation);
    const axes = screenAxes(azimuth, elevation);
    const stagger = axes.right.multiplyScalar(step).addScaledVector(axes.up, -drop);
    if (!stagger.equals(this.stagger.value)) {
      this.stagger.value.copy(stagger);
      this.staggerLevels();
      this.paintMarks();
    }
    this.pieces.turnToward(azimuth);
    this.view.fit(this.levels.flatMap((level) => this.shownPoints(level)), this.aspect || 1);
    this.pieces.setLight(this.sky, this.key, this.camera);
    this.renderer.render(this.scene, this.camera);
    this.frames += 1;
    this.canvas.dataset.frames = String(this.frames);
    // Where cells are on screen is measured when the camera rests (or when a click needs it):
    // not on every frame of a glide.
    this.projected = null;
    if (!this.view.moving()) this.project();
  }

  /** Each cell's centre on screen (for picking, and for tests via data-cells). */
  project() {
    const width = this.canvas.clientWidth;
    const height = this.canvas.clientHeight;
    const toScreen = (v) => {
      const p = v.clone().project(this.camera);
      return [(p.x + 1) / 2 * width, (1 - p.y) / 2 * height, p.z];
    };
    this.projected = new Array(this.variant.ncells);
    const names = {};
    for (let cell = 0; cell < this.variant.ncells; cell += 1) {
      const center = this.shown(cell);
      const [x, y, depth] = toScreen(center);
      const [x2, y2] = toScreen(center.clone().add(new THREE.Vector3(0.5, 0, 0)));
      const [x3, y3] = toScreen(center.clone().add(new THREE.Vector3(0, 0, 0.5)));
      const reach = Math.max(8, Math.max(Math.hypot(x2 - x, y2 - y), Math.hypot(x3 - x, y3 - y)));
      this.projected[cell] = [x, y, depth, reach];
      if (this.exists[cell]) names[this.variant.cellName(cell)] = [Math.round(x), Math.round(y)];
    }
    this.canvas.dataset.cells = JSON.stringify(names);
    // Each level's box on screen (its plane, its pieces' tops and its label), in the layout's
    // order (bottom level first when stacked): [left, top, right, bottom] in CSS pixels.
    this.canvas.dataset.levels = JSON.stringify(this.levels.map((level) => {
      const xs = [];
      const ys = [];
      for (const v of this.shownPoints(level)) { const [px, py] = toScreen(v); xs.push(px); ys.push(py); }
      return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map(Math.round);
    }));
    // Each label drawn (a level's letter, a pin's name): its text and the box of its glyphs on
    // screen (LABEL_INK of its sprite), [left, top, right, bottom] (tests: no two overlap).
    const labels = [];
    const cameraAxes = screenAxes(this.view.state.azimuth, this.view.state.elevation);
    this.levelGroup.traverseVisible((object) => {
      if (!object.isSprite || object.userData.text === undefined) return;
      const middle = object.getWorldPosition(new THREE.Vector3());
      const corners = [[-1, -1], [1, 1]].map(([sx, sy]) => toScreen(middle.clone()
        .addScaledVector(cameraAxes.right, sx * object.scale.x * LABEL_INK / 2)
        .addScaledVector(cameraAxes.up, sy * object.scale.y * LABEL_INK / 2)));
      labels.push({ text: object.userData.text, box: [corners[0][0], corners[1][1], corners[1][0], corners[0][1]]
        .map(Math.round) });
    });
    this.canvas.dataset.labels = JSON.stringify(labels);
    // Each piece's model and its box on screen (tests: a model per kind, all inside the canvas).
    const pieces = {};
    for (const { cell, model, box } of this.pieces.boxes()) {
      const xs = [];
      const ys = [];
      for (const cx of [box.min.x, box.max.x]) for (const cy of [box.min.y, box.max.y]) for (const cz of [box.min.z, box.max.z]) {
        const [px, py] = toScreen(new THREE.Vector3(cx, cy, cz));
        xs.push(px); ys.push(py);
      }
      const depth = toScreen(this.shown(cell))[2]; // -1 nearest the camera .. 1 farthest
      pieces[this.variant.cellName(cell)] = [model,
        ...[Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map(Math.round),
        Number(depth.toFixed(4))];
    }
    this.canvas.dataset.pieces = JSON.stringify(pieces);
    if (this.pinMoves) this.pinMoves.project(this, toScreen); // board moves: the pins on screen
    const c = this.view.state;
    this.root.dataset.camera = `${c.azimuth.toFixed(2)},${c.elevation.toFixed(2)},${c.zoom.toFixed(2)}`;
  }

  destroy() {
    this.resizeObserver.disconnect();
    this.renderer.dispose();
  }
}

function readSpacing() {
  try {
    const stored = localStorage.getItem(SPACING_KEY);
    return SPACINGS[stored] ? stored : "compact";
  } catch {
    return "compact";
  }
}
