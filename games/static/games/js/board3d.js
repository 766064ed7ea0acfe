// The board in 3D (three.js, vendored): the same contract as the 2D Board (setPosition with the
// server's legal moves; onMove(coordinate move)), drawn as the variant's boards (the cube's
// five levels) stacked in space at each board's height, from the variant descriptor, spaced so
// that no viewpoint draws one level over another. Pieces are sprites (always facing the camera,
// so readable from any angle); the last
// move and a check are tubes through the cube. It only offers moves the server listed.
//
// Test and tooling hook: after each frame the canvas carries data-cells, a JSON map of cell
// name -> [x, y] (CSS pixels from the canvas's top-left) and data-levels (each level's box on
// screen), and the root carries data-selected, data-targets and data-camera
// ("azimuth,elevation,zoom").

import * as THREE from "./three.js";
import { arrowOf } from "./board.js";

// The levels' spacing (scene units between the planes of two levels; a cell is 1). The view is
// orthographic, so a level's plane of depth D seen at elevation e covers D·sin(e) on screen
// and the gap to the next one G·cos(e): they never overlap while tan(e) < (G - PIECE_TOP) / D.
// The camera's elevation is held below that limit for the azimuth it looks from (a corner view
// sees a level's diagonal), so no viewpoint, preset or dragged, can stack one level over another
// (issue 29 item 6: B over C, A over B). "Exploded" spaces them further and allows steeper views.
const SPACINGS = { compact: 3.4, exploded: 5.2 };
const PIECE_TOP = 1.05;
const PLATE_DEPTH = 0.12; // a hex level's plate under its cells // the highest thing on a level (a piece, a capture marker) above its plane
const ELEVATION_SAFETY = 0.94; // of the limit: a margin between two levels on screen
// Presets: elevation as a share of the limit at that azimuth (1 = as steep as allowed).
const PRESETS = {
  white: { azimuth: 0, elevation: 0.95, label: "White's side" },
  black: { azimuth: Math.PI, elevation: 0.95, label: "Black's side" },
  side: { azimuth: Math.PI / 2, elevation: 0.45, label: "From the side" },
  corner: { azimuth: Math.PI / 4, elevation: 1, label: "Corner" },
  top: { azimuth: 0, elevation: 1, label: "High" },
};
const ZOOM_RANGE = [0.6, 4]; // times the zoom that frames the whole stack
const FRAME_MARGIN = 1.08; // the fitted view leaves this much room around the stack
const SPACING_KEY = "raumschach.cubeSpacing";
const COLORS = {
  light: 0xefe3c8, mid: 0xd3b893, dark: 0xb48a5f, plate: 0x9aa3ad, selected: 0x2878dc, target: 0x2d9a4a, capture: 0xd03a2f,
  last: 0xe6c828, check: 0xff3b30, frame: 0x6b7480, best: 0x2878dc, better: 0x1f8a3c,
};
const CLICK_SLOP_PX = 6; // a pointer that moved less than this clicked rather than dragged

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

/** The centre of each cell in scene units: x along the board's x, y up the boards (by their
 * z), z towards the board's bottom row; the whole stack centred on the origin. */
function cellCenters(variant, gap) {
  const zs = variant.boards.map((b) => b.z);
  const zMid = (Math.min(...zs) + Math.max(...zs)) / 2;
  const boxes = variant.boards.map((b, i) => variant.paneBox(i));
  return variant.cells.map((c) => {
    const pane = variant.boards[c.board];
    const box = boxes[c.board];
    return new THREE.Vector3(c.x - box.centerX, (pane.z - zMid) * gap, box.centerY - c.y);
  });
}

export class Board3D {
  /**
   * @param {HTMLElement} root  emptied and filled with the canvas and the viewpoint buttons
   * @param {object} options  variant (position.js); orientation: "white"|"black"; onMove(text);
   *   choose(choices) -> Promise<move|null> (the 2D board's promotion and placement picker)
   */
  constructor(root, { variant, orientation = "white", onMove = null, choose = null, layout = null } = {}) {
    this.root = root;
    this.variant = variant;
    this.spacing = readSpacing();
    // Layout hook: a board that is not a stack of levels (movable boards: stand3d.js) places
    // the cells and draws its own plates; it is asked at the places marked "layout hook".
    this.layout = layout;
    this.hidden = new Array(variant.ncells).fill(false); // cells not there now (layout hook)
    this.centers = this.cellCenters();
    this.onMove = onMove;
    this.choose = choose;
    this.board = new Array(variant.ncells).fill(null);
    this.movesByFrom = new Map();
    this.enabled = false;
    this.selected = null;
    this.lastMove = null;
    this.checkers = [];
    this.checkColor = null;
    this.orientation = orientation;
    // zoom 1 frames the whole stack on any screen (fitted at every frame, see fitCamera()).
    this.camState = { azimuth: 0, elevation: 0, zoom: 1 };
    this.build();
    // Layout hook: a layout may look from elsewhere first (the stand: a corner).
    this.viewFrom((this.layout && this.layout.defaultView) || (orientation === "black" ? "black" : "white"));
  }

  /** The cells' centres for the current spacing: the layout's, else the stacked levels'. */
  cellCenters() {
    const gap = SPACINGS[this.spacing];
    return this.layout ? this.layout.centers(gap) : cellCenters(this.variant, gap);
  }

  build() {
    this.root.replaceChildren();
    this.root.classList.add("board3d");
    const bar = document.createElement("div");
    bar.className = "view-presets";
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", "Viewpoints");
    for (const [name, preset] of Object.entries(PRESETS)) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "button secondary small";
      button.dataset.preset = name;
      button.textContent = preset.label;
      button.addEventListener("click", () => this.viewFrom(name));
      bar.append(button);
    }
    for (const [name, text] of [["compact", "Compact"], ["exploded", "Exploded"]]) {
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
    this.renderer = new THREE.WebGLRenderer({ antialias: true, alpha: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    this.canvas = this.renderer.domElement;
    this.canvas.tabIndex = 0;
    this.canvas.className = "cube-canvas";
    this.canvas.setAttribute("role", "img");
    this.canvas.setAttribute("aria-label",
      `${this.variant.hex ? "The levels" : "The cube"} in 3D. Drag or use the arrow keys to turn it, ` +
      "the wheel, pinch or + and - to zoom.");
    this.stage.append(this.canvas);
    this.root.append(bar, this.stage);

    this.scene = new THREE.Scene();
    // Orthographic: every level drawn at one size, and the spacing rule above exact.
    this.camera = new THREE.OrthographicCamera(-1, 1, 1, -1, 0.1, 400);
    this.textures = new Map();
    // Three shades over a grey plate need more colour than the cube's two in open air.
    this.tileOpacity = this.variant.hex ? 0.6 : 0.3;
    const ncells = this.variant.ncells;
    this.cellMeshes = new Array(ncells);
    this.sprites = new Array(ncells).fill(null);
    const tile = this.variant.hex ? null : new THREE.PlaneGeometry(0.92, 0.92);
    if (tile) tile.rotateX(-Math.PI / 2);
    for (let cell = 0; cell < ncells; cell += 1) {
      const material = new THREE.MeshBasicMaterial({
        color: this.cellColor(cell, COLORS), transparent: true, opacity: this.tileOpacity,
        side: THREE.DoubleSide, depthWrite: false,
      });
      const mesh = new THREE.Mesh(tile || this.hexTile(this.variant.boardOf(cell)), material);
      mesh.position.copy(this.centers[cell]);
      mesh.renderOrder = 0;
      this.scene.add(mesh);
      this.cellMeshes[cell] = mesh;
    }
    // Each board's frame and label, at the height of its cells. The label is drawn over
    // everything (no depth test): a piece in front never hides which level this is.
    this.levels = [];
    this.variant.boards.forEach((pane, index) => {
      const first = this.variant.cells.findIndex((c) => c.board === index);
      if (first < 0 || this.layout) return; // layout hook: it draws its own plates
      const box = this.variant.paneBox(index);
      const lines = this.variant.hex ? this.hexPlate(index, box)
        : new THREE.LineSegments(new THREE.EdgesGeometry(new THREE.BoxGeometry(pane.width, 0.001, pane.height)),
          new THREE.LineBasicMaterial({ color: COLORS.frame }));
      this.scene.add(lines);
      const name = this.labelSprite(pane.label, "#2f5d8a");
      name.material.depthTest = false;
      name.renderOrder = 5;
      name.scale.set(0.8, 0.8, 1);
      this.scene.add(name);
      this.levels.push({ index, pane: box, first, lines, name });
    });
    this.placeLevels();
    if (this.layout) this.layout.build(this); // layout hook
    this.markers = new THREE.Group(); // targets
    this.lines = new THREE.Group(); // last move and checks
    this.scene.add(this.markers, this.lines);

    this.bindPointer();
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(this.stage);
    this.resize();
  }

  /** A cell's colour: the theme's light and dark, and for a hex board Glinski's three shades
   * (light, mid, dark). `colors` maps light/mid/dark to numbers. */
  cellColor(cell, colors) {
    if (!this.variant.hex) return this.variant.isDark(cell) ? colors.dark : colors.light;
    return [colors.light, colors.mid, colors.dark][this.variant.shadeOf(cell)] ?? colors.light;
  }

  /** A hex cell's tile: a flat hexagon (the board's orientation), a little inside its cell. */
  hexTile(board) {
    if (!this.hexTiles) this.hexTiles = new Map();
    if (!this.hexTiles.has(board)) {
      const shape = new THREE.Shape(this.variant.hexCorners(board).map(([x, y]) =>
        new THREE.Vector2(x * 0.92, y * 0.92)));
      const geometry = new THREE.ShapeGeometry(shape);
      geometry.rotateX(-Math.PI / 2); // the shape's y becomes -z: up the board is away
      this.hexTiles.set(board, geometry);
    }
    return this.hexTiles.get(board);
  }

  /** A hex board as a plate: its outline (the edges of its hexes that no other hex of the
   * board shares) as a thin prism under the cells, with the outline drawn on top. The group
   * is centred like the cells (cellCenters) and moved to the level's height by placeLevels. */
  hexPlate(board, box) {
    const corners = this.variant.hexCorners(board);
    const key = ([x, y]) => `${Math.round(x * 1000)}:${Math.round(y * 1000)}`;
    const edges = new Map();
    for (const c of this.variant.cells) {
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
      new THREE.LineBasicMaterial({ color: COLORS.frame })));
    const loop = chainLoop(outline, key);
    if (loop) {
      const plate = new THREE.ExtrudeGeometry(new THREE.Shape(loop.map(([x, y]) => new THREE.Vector2(x, y))),
        { depth: PLATE_DEPTH, bevelEnabled: false });
      plate.rotateX(-Math.PI / 2); // the shape's y becomes -z; the extrusion goes up from below
      plate.translate(0, -PLATE_DEPTH - 0.02, 0);
      const mesh = new THREE.Mesh(plate, new THREE.MeshBasicMaterial({
        color: COLORS.plate, transparent: true, opacity: 0.35, depthWrite: false }));
      mesh.renderOrder = -1;
      group.add(mesh);
      const rim = new THREE.LineSegments(new THREE.EdgesGeometry(plate), new THREE.LineBasicMaterial({
        color: COLORS.frame, transparent: true, opacity: 0.3 }));
      group.add(rim);
    }
    return group;
  }

  // ---- textures: one per piece and colour, a disc with the piece's letter (the variant's) ----

  pieceTexture(piece) {
    const key = `${piece.color}${piece.kind}`;
    if (!this.textures.has(key)) {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 128;
      const g = canvas.getContext("2d");
      const white = piece.color === "white";
      g.beginPath();
      g.arc(64, 64, 58, 0, Math.PI * 2);
      g.fillStyle = white ? "#fbfaf6" : "#23272e";
      g.fill();
      g.lineWidth = 7;
      g.strokeStyle = white ? "#23272e" : "#fbfaf6";
      g.stroke();
      g.fillStyle = white ? "#23272e" : "#fbfaf6";
      g.font = "bold 76px system-ui, sans-serif";
      g.textAlign = "center";
      g.textBaseline = "middle";
      const known = this.variant.pieces.get(piece.kind);
      g.fillText((known ? known.letter : piece.kind).toUpperCase(), 64, 70);
      const texture = new THREE.CanvasTexture(canvas);
      texture.colorSpace = THREE.SRGBColorSpace;
      this.textures.set(key, texture);
    }
    return this.textures.get(key);
  }

  labelSprite(text, color) {
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
    return new THREE.Sprite(new THREE.SpriteMaterial({ map: texture, transparent: true }));
  }

  // ---- the position ----

  setPosition({ fen, legalMoves = [], lastMove = null, checkColor = null, checkers = [], enabled = false,
    arrow = null }) {
    const variant = this.variant;
    // An engine's move (the replay's analysis): a thicker tube with a cone at its target.
    this.arrow = arrowOf(variant, arrow);
    const parsed = variant.parseFen(fen);
    this.board = parsed.board;
    this.movesByFrom = new Map();
    // Layout hook: the layout keeps the moves that are not a piece's (a board move).
    if (this.layout) legalMoves = this.layout.setPosition(this, parsed, legalMoves, lastMove);
    for (const text of legalMoves) {
      const move = variant.parseCoordMove(typeof text === "string" ? text : text.move);
      if (!this.movesByFrom.has(move.from)) this.movesByFrom.set(move.from, []);
      this.movesByFrom.get(move.from).push(move);
    }
    this.enabled = enabled;
    this.selected = null;
    this.lastMove = lastMove ? variant.parseCoordMove(lastMove) : null;
    this.checkers = (checkers || []).map((name) => variant.parseCell(name));
    // The server's checkers mean the side to move is in check, whatever the last move says.
    this.checkColor = checkColor || (this.checkers.length ? parsed.turn : null);
    for (let cell = 0; cell < variant.ncells; cell += 1) {
      const piece = this.board[cell];
      let sprite = this.sprites[cell];
      if (!piece) {
        if (sprite) this.scene.remove(sprite);
        this.sprites[cell] = null;
        continue;
      }
      const map = this.pieceTexture(piece);
      if (!sprite) {
        sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map, transparent: true }));
        sprite.scale.set(0.62, 0.62, 1);
        sprite.position.copy(this.centers[cell]).add(new THREE.Vector3(0, 0.33, 0));
        sprite.renderOrder = 2;
        this.scene.add(sprite);
        this.sprites[cell] = sprite;
      } else if (sprite.material.map !== map) {
        sprite.material.map = map;
        sprite.material.needsUpdate = true;
      }
    }
    this.paint();
  }

  kingInCheck() {
    if (!this.checkColor) return null;
    const royal = this.variant.royal;
    const cell = this.board.findIndex((p) => p && p.kind === royal && p.color === this.checkColor);
    return cell >= 0 ? cell : null;
  }

  targets() {
    const moves = this.selected === null ? [] : this.movesByFrom.get(this.selected) || [];
    return [...new Set(moves.map((m) => m.to))];
  }

  paint() {
    const targets = new Set(this.targets());
    const king = this.kingInCheck();
    const last = this.lastMove && !this.lastMove.board ? this.lastMove : null; // a board move moves no piece
    // The 2D theme's cell colours (CSS variables) tint the cube too.
    const style = getComputedStyle(this.root);
    const themed = (name, fallback) => {
      const value = style.getPropertyValue(name).trim();
      return value ? new THREE.Color(value).getHex() : fallback;
    };
    const shades = { light: themed("--light-cell", COLORS.light), mid: themed("--mid-cell", COLORS.mid),
      dark: themed("--dark-cell", COLORS.dark) };
    const center = (cell) => this.centers[cell];
    for (let cell = 0; cell < this.variant.ncells; cell += 1) {
      const material = this.cellMeshes[cell].material;
      let color = this.cellColor(cell, shades);
      let opacity = this.tileOpacity;
      if (last && (last.from === cell || last.to === cell)) { color = COLORS.last; opacity = 0.6; }
      if (cell === king) { color = COLORS.check; opacity = 0.75; }
      if (targets.has(cell)) { color = this.board[cell] ? COLORS.capture : COLORS.target; opacity = 0.7; }
      if (cell === this.selected) { color = COLORS.selected; opacity = 0.8; }
      material.color.setHex(color);
      material.opacity = opacity;
    }
    clearGroup(this.markers);
    for (const cell of targets) {
      const color = this.board[cell] ? COLORS.capture : COLORS.target;
      const marker = new THREE.Mesh(new THREE.SphereGeometry(0.13, 16, 12), new THREE.MeshBasicMaterial({ color }));
      marker.position.copy(center(cell)).add(new THREE.Vector3(0, this.board[cell] ? 0.85 : 0.15, 0));
      this.markers.add(marker);
    }
    clearGroup(this.lines);
    if (last) this.lines.add(tube(center(last.from), center(last.to), COLORS.last, 0.05));
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
    const name = (cell) => this.variant.cellName(cell);
    this.root.dataset.selected = this.selected === null ? "" : name(this.selected);
    this.root.dataset.targets = [...targets].map(name).sort().join(" ");
    this.root.dataset.lastMove = last ? last.text : "";
    this.root.dataset.arrow = arrow ? arrow.text : "";
    this.root.dataset.checkLines = String(king !== null ? this.checkers.length : 0);
    if (this.layout) this.layout.paint(this); // layout hook
    this.requestRender();
  }

  // ---- choosing a move ----

  async activate(cell) {
    if (!this.enabled) return;
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
      this.canvas.setAttribute("aria-description",
        `${this.variant.cellName(cell)}, ${this.variant.pieceLabel(this.board[cell])} selected; ` +
        `targets ${this.root.dataset.targets}`);
    }
  }

  /** The cell under a point of the canvas: the nearest projected centre, preferring cells
   * that do something (a target of the selected piece, then a piece that can move). */
  cellAt(x, y) {
    let best = null;
    let bestScore = Infinity;
    const targets = new Set(this.targets());
    for (let cell = 0; cell < this.variant.ncells; cell += 1) {
      if (this.hidden[cell]) continue; // not there now (layout hook)
      const [px, py, depth, reach] = this.projected[cell];
      const distance = Math.hypot(px - x, py - y);
      if (distance > reach) continue;
      let score = distance + depth * 0.5;
      if (targets.has(cell)) score -= reach;
      else if (this.enabled && this.movesByFrom.has(cell)) score -= reach / 2;
      if (score < bestScore) { best = cell; bestScore = score; }
    }
    return best;
  }

  // ---- camera: orbit with pointer, wheel, pinch and keys ----

  bindPointer() {
    const pointers = new Map();
    let downAt = null;
    let moved = false;
    let pinch = null;
    this.canvas.addEventListener("pointerdown", (event) => {
      try {
        this.canvas.setPointerCapture(event.pointerId);
      } catch { /* a pointer the browser no longer tracks: nothing to capture */ }
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      downAt = { x: event.clientX, y: event.clientY };
      moved = pointers.size > 1;
      pinch = null;
    });
    this.canvas.addEventListener("pointermove", (event) => {
      const previous = pointers.get(event.pointerId);
      if (!previous) return;
      const now = { x: event.clientX, y: event.clientY };
      pointers.set(event.pointerId, now);
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        const span = Math.hypot(a.x - b.x, a.y - b.y);
        // Damped and bounded per event: a 70 px pinch used to take the zoom from 15 to 6.
        if (pinch) this.zoom(Math.max(0.92, Math.min(1.08, (pinch / span) ** 0.6)));
        pinch = span;
        return;
      }
      if (Math.hypot(now.x - downAt.x, now.y - downAt.y) > CLICK_SLOP_PX) moved = true;
      if (moved) this.orbit((now.x - previous.x) * -0.01, (now.y - previous.y) * 0.01);
    });
    const up = (event) => {
      if (!pointers.has(event.pointerId)) return;
      pointers.delete(event.pointerId);
      if (!moved && pointers.size === 0 && event.type === "pointerup") {
        const box = this.canvas.getBoundingClientRect();
        const [x, y] = [event.clientX - box.left, event.clientY - box.top];
        if (this.layout && this.layout.click(this, x, y)) return; // layout hook: a pin's click
        const cell = this.cellAt(x, y);
        if (cell !== null) this.activate(cell);
      }
    };
    this.canvas.addEventListener("pointerup", up);
    this.canvas.addEventListener("pointercancel", up);
    this.canvas.addEventListener("wheel", (event) => {
      event.preventDefault();
      this.zoom(event.deltaY > 0 ? 1.1 : 1 / 1.1);
    }, { passive: false });
    this.canvas.addEventListener("keydown", (event) => {
      const step = 0.12;
      const actions = {
        ArrowLeft: () => this.orbit(-step, 0), ArrowRight: () => this.orbit(step, 0),
        ArrowUp: () => this.orbit(0, step), ArrowDown: () => this.orbit(0, -step),
        "+": () => this.zoom(1 / 1.1), "=": () => this.zoom(1 / 1.1), "-": () => this.zoom(1.1),
        Escape: () => { this.selected = null; this.paint(); },
      };
      const action = actions[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    });
  }

  /** Put each level's frame and label at its height (after the spacing changed). */
  placeLevels() {
    for (const { pane, first, lines, name } of this.levels) {
      const height = this.centers[first].y;
      lines.position.set(0, height, 0);
      // Beside the level's left edge, level with its middle row: outside every piece.
      name.position.set(-pane.width / 2 - 1.1, height + 0.2, 0);
    }
  }

  setSpacing(name) {
    if (!SPACINGS[name]) return;
    this.spacing = name;
    try { localStorage.setItem(SPACING_KEY, name); } catch { /* private mode: not kept */ }
    for (const button of this.root.querySelectorAll("[data-spacing]")) {
      button.setAttribute("aria-pressed", String(button.dataset.spacing === name));
    }
    this.centers = this.cellCenters();
    this.cellMeshes.forEach((mesh, cell) => mesh.position.copy(this.centers[cell]));
    if (this.layout) this.layout.build(this); // layout hook: plates at the new heights
    this.sprites.forEach((sprite, cell) => {
      if (sprite) sprite.position.copy(this.centers[cell]).add(new THREE.Vector3(0, 0.33, 0));
    });
    this.placeLevels();
    this.orbit(0, 0); // the elevation limit depends on the spacing
    this.paint();
  }

  /** The steepest elevation (radians) from which no two levels overlap, at this azimuth. */
  elevationLimit(azimuth) {
    if (this.layout) return this.layout.elevationLimit(azimuth); // layout hook
    const gap = SPACINGS[this.spacing];
    // A level's depth seen along the view: its width and height projected on the horizontal
    // viewing direction, plus the label beside it.
    const depth = Math.max(...this.variant.boards.map((b, i) => this.variant.paneBox(i)).map((b) =>
      (b.width + 2) * Math.abs(Math.sin(azimuth)) + b.height * Math.abs(Math.cos(azimuth))));
    // A hex level's plate hangs below its plane: the level under it must clear that too.
    const below = this.variant.hex ? PLATE_DEPTH + 0.02 : 0;
    return Math.atan((gap - PIECE_TOP - below) / depth) * ELEVATION_SAFETY;
  }

  orbit(dAzimuth, dElevation) {
    const c = this.camState;
    c.azimuth += dAzimuth;
    const limit = this.elevationLimit(c.azimuth);
    c.elevation = Math.max(-limit, Math.min(limit, c.elevation + dElevation));
    this.requestRender();
  }

  zoom(factor) {
    const [least, most] = ZOOM_RANGE;
    this.camState.zoom = Math.max(least, Math.min(most, this.camState.zoom / factor));
    this.requestRender();
  }

  viewFrom(name) {
    const preset = PRESETS[name];
    const azimuth = preset.azimuth + (this.orientation === "black" && name !== "black" &&
      name !== "white" ? Math.PI : 0);
    const limit = this.elevationLimit(azimuth);
    Object.assign(this.camState, { azimuth, elevation: preset.elevation * limit, zoom: 1 });
    this.requestRender();
  }

  resize() {
    const width = this.stage.clientWidth || 300;
    const height = this.stage.clientHeight || 300;
    this.renderer.setSize(width, height, false);
    this.aspect = width / height;
    this.requestRender();
  }

  /** Every point that must be on screen: each level's corners, at its plane and at the top of
   * its pieces, and its label. */
  extentPoints() {
    if (this.layout) return this.layout.extentPoints(this); // layout hook
    const points = [];
    for (const { pane, first, name } of this.levels) {
      const y = this.centers[first].y;
      for (const [dx, dz] of [[-1, -1], [-1, 1], [1, -1], [1, 1]]) {
        for (const dy of [0, PIECE_TOP]) {
          points.push(new THREE.Vector3(dx * pane.width / 2, y + dy, dz * pane.height / 2));
        }
      }
      points.push(name.position.clone().add(new THREE.Vector3(-0.4, 0.4, 0)));
    }
    return points;
  }

  /** Aim the camera and fit the orthographic frustum so the whole stack fills the canvas
   * (zoom 1) on any screen, portrait or landscape. */
  fitCamera() {
    const { azimuth, elevation, zoom } = this.camState;
    const direction = new THREE.Vector3(Math.cos(elevation) * Math.sin(azimuth), Math.sin(elevation),
      Math.cos(elevation) * Math.cos(azimuth));
    this.camera.position.copy(direction).multiplyScalar(150);
    this.camera.up.set(0, 1, 0);
    this.camera.lookAt(0, 0, 0);
    this.camera.updateMatrixWorld();
    const inverse = this.camera.matrixWorldInverse;
    let [left, right, bottom, top] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const point of this.extentPoints()) {
      const p = point.applyMatrix4(inverse);
      left = Math.min(left, p.x); right = Math.max(right, p.x);
      bottom = Math.min(bottom, p.y); top = Math.max(top, p.y);
    }
    const cx = (left + right) / 2;
    const cy = (bottom + top) / 2;
    const aspect = this.aspect || 1;
    const halfHeight = Math.max((top - bottom) / 2, (right - left) / 2 / aspect) * FRAME_MARGIN / zoom;
    Object.assign(this.camera, { left: cx - halfHeight * aspect, right: cx + halfHeight * aspect,
      top: cy + halfHeight, bottom: cy - halfHeight });
    this.camera.updateProjectionMatrix();
  }

  requestRender() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.draw();
    });
  }

  draw() {
    this.fitCamera();
    this.renderer.render(this.scene, this.camera);
    this.project();
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
      const center = this.centers[cell];
      const [x, y, depth] = toScreen(center);
      const [x2, y2] = toScreen(center.clone().add(new THREE.Vector3(0.5, 0, 0)));
      const [x3, y3] = toScreen(center.clone().add(new THREE.Vector3(0, 0, 0.5)));
      const reach = Math.max(8, Math.max(Math.hypot(x2 - x, y2 - y), Math.hypot(x3 - x, y3 - y)));
      this.projected[cell] = [x, y, depth, reach];
      names[this.variant.cellName(cell)] = [Math.round(x), Math.round(y)];
    }
    this.canvas.dataset.cells = JSON.stringify(names);
    // Each level's box on screen (its plane, its pieces' tops and its label), bottom level
    // first: [left, top, right, bottom] in CSS pixels.
    this.canvas.dataset.levels = JSON.stringify(this.levels.map(({ pane, first, name }) => {
      const y = this.centers[first].y;
      const xs = [];
      const ys = [];
      const add = (v) => { const [px, py] = toScreen(v); xs.push(px); ys.push(py); };
      for (const [dx, dz] of [[-1, -1], [-1, 1], [1, -1], [1, 1]]) {
        for (const dy of [0, PIECE_TOP]) add(new THREE.Vector3(dx * pane.width / 2, y + dy, dz * pane.height / 2));
      }
      for (const [dx, dy] of [[-0.4, -0.4], [0.4, 0.4]]) add(name.position.clone().add(new THREE.Vector3(dx, dy, 0)));
      return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map(Math.round);
    }));
    if (this.layout) this.layout.project(this, toScreen); // layout hook: the pins on screen
    const c = this.camState;
    this.root.dataset.camera = `${c.azimuth.toFixed(2)},${c.elevation.toFixed(2)},${c.zoom.toFixed(2)}`;
  }

  destroy() {
    this.resizeObserver.disconnect();
    this.renderer.dispose();
  }
}

function clearGroup(group) {
  for (const child of group.children) {
    child.geometry.dispose();
    child.material.dispose();
  }
  group.clear();
}

/** A thin cylinder from a to b (WebGL lines are one pixel wide everywhere). */
function tube(a, b, color, radius) {
  const length = a.distanceTo(b);
  const geometry = new THREE.CylinderGeometry(radius, radius, length, 10);
  const mesh = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ color, transparent: true, opacity: 0.85 }));
  mesh.position.copy(a).add(b).multiplyScalar(0.5);
  mesh.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), b.clone().sub(a).normalize());
  mesh.renderOrder = 1;
  return mesh;
}

/** An arrow head: a cone from a (its base) to b (its tip). */
function cone(a, b, color, radius) {
  const geometry = new THREE.ConeGeometry(radius, a.distanceTo(b), 12);
  const mesh = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ color, transparent: true, opacity: 0.9 }));
  mesh.position.copy(a).add(b).multiplyScalar(0.5);
  mesh.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), b.clone().sub(a).normalize());
  mesh.renderOrder = 1;
  return mesh;
}

/** The boundary edges [[a, b], ...] joined end to end into one closed loop of points, or null
 * when they do not make exactly one loop (a board with a hole: drawn as lines only). */
function chainLoop(edges, key) {
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

function readSpacing() {
  try {
    const stored = localStorage.getItem(SPACING_KEY);
    return SPACINGS[stored] ? stored : "compact";
  } catch {
    return "compact";
  }
}
