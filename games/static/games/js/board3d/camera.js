// The orbiting camera: azimuth, elevation and zoom, held so that no two levels overlap on
// screen (issue 29 item 6: B over C, A over B), and fitted so the whole board fills the canvas
// on any screen. Orthographic: every level is drawn at one size, so what is apart at one zoom is
// apart at every zoom and on every screen.
//
// On a wide canvas the levels stand side by side instead ("row"): each level is moved along
// the screen's right by its rank times rowStep(), the widest level's width on screen at this
// azimuth plus a gap, so no two overlap from any angle and the camera may look down steeply
// enough to see every cell and every pawn behind a piece. Stacked one over the other, five
// levels on a 1326x648 canvas had to be viewed from ~20 degrees and drawn 38 px a cell, pawns
// hidden behind the pieces in front (issue 29: pieces ~20 px wide on a laptop).

import * as THREE from "../three.js";
import { gettext } from "../i18n.js";

// Presets: elevation as a share of the steepest elevation that keeps levels apart there, and
// at most `most` radians (side by side every elevation keeps them apart: a player's view of a
// board, not a plan from above; ~49 degrees, so the pawns behind the pieces' row still show).
export const PRESETS = {
  white: { azimuth: 0, elevation: 0.95, most: 0.85, label: gettext("White's side") },
  black: { azimuth: Math.PI, elevation: 0.95, most: 0.85, label: gettext("Black's side") },
  side: { azimuth: Math.PI / 2, elevation: 0.45, most: 0.85, label: gettext("From the side") },
  corner: { azimuth: Math.PI / 4, elevation: 1, most: 0.8, label: gettext("Corner") },
  top: { azimuth: 0, elevation: 1, most: 1.2, label: gettext("High") },
};
const ROW_GAP = 0.5; // scene units between two levels side by side
const ROW_CLIMB_BACK = 0.6; // the share of the stack's rise a row takes back (rowShift)
const ZOOM_RANGE = [0.6, 4]; // times the zoom that frames the whole board
const FRAME_MARGIN = 1.08; // the fitted view leaves this much room around the board
const SCREEN_GAP = 0.12; // scene units kept between two levels' boxes on screen
const STEEPEST = Math.PI / 2 - 0.02;
// Damping: the view covers 1 - exp(-dt / EASE_SECONDS) of the way to where it is going each
// frame, so a drag, a pinch or a preset glides and stops without a jolt.
const EASE_SECONDS = 0.08;
const SETTLED = 1e-4; // radians (and zoom factor) close enough to stop animating

/** The camera's axes at (azimuth, elevation), looking at the origin with y up: right and up
 * on screen (a point's screen coordinates are its dot products with them). */
export function screenAxes(azimuth, elevation) {
  const right = new THREE.Vector3(Math.cos(azimuth), 0, -Math.sin(azimuth));
  const up = new THREE.Vector3(-Math.sin(elevation) * Math.sin(azimuth), Math.cos(elevation),
    -Math.sin(elevation) * Math.cos(azimuth));
  return { right, up };
}

function screenBox(points, axes) {
  let [left, right, bottom, top] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const p of points) {
    const x = p.dot(axes.right);
    const y = p.dot(axes.up);
    left = Math.min(left, x); right = Math.max(right, x);
    bottom = Math.min(bottom, y); top = Math.max(top, y);
  }
  return { left, right, bottom, top };
}

function azimuthKey(azimuth) {
  const turn = 2 * Math.PI;
  return Math.round((((azimuth % turn) + turn) % turn) * 1000);
}

const apartOnScreen = (a, b) => a.top + SCREEN_GAP < b.bottom || b.top + SCREEN_GAP < a.bottom ||
  a.right + SCREEN_GAP < b.left || b.right + SCREEN_GAP < a.left;

export class OrbitCamera {
  /**
   * @param {object} options  levelPoints(azimuth) -> Vector3[][] (per level, every point of it
   *   that must be on screen from that azimuth: its corners, its pieces' tops, its label); apart(a, b) -> bool (which
   *   pairs of levels must stay apart; default every pair); columnPoints(azimuth) -> Vector3[][]
   *   (per column of the row, the points of its levels; default one column per level: a
   *   stand's main board stands in a column with its attack boards)
   */
  constructor({ levelPoints, apart = () => true, columnPoints = levelPoints }) {
    this.levelPoints = levelPoints;
    this.columnPoints = columnPoints;
    this.apart = apart;
    this.state = { azimuth: 0, elevation: 0, zoom: 1 }; // where the camera is (this frame)
    this.goal = { azimuth: 0, elevation: 0, zoom: 1 }; // where it is going
    this.camera = new THREE.OrthographicCamera(-1, 1, 1, -1, 0.1, 400);
    this.limits = new Map(); // azimuth (rounded) -> steepest elevation, until the levels change
    this.steps = new Map(); // azimuth (rounded) -> rowStep, likewise
    this.row = false;
  }

  /** The levels moved (spacing, a layout's boards): the limits are measured again. */
  levelsChanged() {
    this.limits.clear();
    this.steps.clear();
  }

  /** Side by side (true) or stacked (false); the caller's choice by the canvas's shape. */
  setRow(row) {
    if (row === this.row) return;
    this.row = row;
    this.levelsChanged();
    this.orbit(0, 0); // the elevation's limit changed
  }

  /** How far apart (scene units along the screen's right) two neighbouring levels stand side
   * by side at this azimuth, 0 when stacked: the widest level's width on screen plus a gap.
   * The width along the screen's right does not depend on the elevation. */
  rowStep(azimuth) {
    if (!this.row) return 0;
    const key = azimuthKey(azimuth);
    if (!this.steps.has(key)) {
      const axes = screenAxes(azimuth, 0);
      const widest = Math.max(...this.columnPoints(azimuth).map((points) => {
        const box = screenBox(points, axes);
        return box.right - box.left;
      }));
      if (this.steps.size > 512) this.steps.clear();
      this.steps.set(key, widest + ROW_GAP);
    }
    return this.steps.get(key);
  }

  levelsApartAt(levels, azimuth, elevation) {
    const axes = screenAxes(azimuth, elevation);
    const boxes = levels.map((points) => screenBox(points, axes));
    for (let a = 0; a < boxes.length; a += 1) {
      for (let b = a + 1; b < boxes.length; b += 1) {
        if (this.apart(a, b) && !apartOnScreen(boxes[a], boxes[b])) return false;
      }
    }
    return true;
  }

  /** Levels side by side: how far each rank moves along the screen's right (`step`, scene
   * units) and down (`drop`) from (azimuth, elevation): 60% of the stack's own rise is taken
   * back, so a laptop's row fills its width rather than its height, yet still climbs from A to
   * E (and "exploded" climbs more: a share, not a fit to the canvas, which would make the two
   * spacings look the same). Both 0 when stacked. */
  rowShift(azimuth, elevation) {
    const step = this.rowStep(azimuth);
    if (!step) return { step: 0, drop: 0 };
    const axes = screenAxes(azimuth, elevation);
    const boxes = this.columnPoints(azimuth).map((points) => screenBox(points, axes));
    if (boxes.length < 2) return { step, drop: 0 };
    const height = Math.max(...boxes.map((b) => b.top)) - Math.min(...boxes.map((b) => b.bottom));
    const tallest = Math.max(...boxes.map((b) => b.top - b.bottom));
    const rise = Math.max(0, (height - tallest) / (boxes.length - 1));
    return { step, drop: ROW_CLIMB_BACK * rise };
  }

  /** The steepest elevation (radians) from which no two levels overlap, at this azimuth
   * (found by bisection: levels only come closer on screen as the view gets steeper). */
  elevationLimit(azimuth) {
    if (this.row) return STEEPEST; // side by side: apart from every elevation
    const key = azimuthKey(azimuth);
    if (this.limits.has(key)) return this.limits.get(key);
    const levels = this.levelPoints(azimuth);
    let [low, high] = [0, STEEPEST];
    if (this.levelsApartAt(levels, azimuth, high)) low = high;
    for (let i = 0; i < 24 && high - low > 1e-4; i += 1) {
      const mid = (low + high) / 2;
      if (this.levelsApartAt(levels, azimuth, mid)) low = mid;
      else high = mid;
    }
    if (this.limits.size > 512) this.limits.clear();
    this.limits.set(key, low);
    return low;
  }

  orbit(dAzimuth, dElevation) {
    const g = this.goal;
    g.azimuth += dAzimuth;
    const limit = this.elevationLimit(g.azimuth);
    g.elevation = Math.max(-limit, Math.min(limit, g.elevation + dElevation));
  }

  zoom(factor) {
    const [least, most] = ZOOM_RANGE;
    this.goal.zoom = Math.max(least, Math.min(most, this.goal.zoom / factor));
  }

  /** Move the camera `seconds` further towards its goal; true while it still moves. The
   * elevation is held inside the limit of the azimuth it passes (a preset's turn never shows
   * two levels over each other on the way). */
  step(seconds) {
    const s = this.state;
    const g = this.goal;
    const share = seconds > 0 ? 1 - Math.exp(-seconds / EASE_SECONDS) : 1;
    const towards = (from, to) => (Math.abs(to - from) < SETTLED ? to : from + (to - from) * share);
    s.azimuth = towards(s.azimuth, g.azimuth);
    s.zoom = towards(s.zoom, g.zoom);
    const limit = this.elevationLimit(s.azimuth);
    s.elevation = Math.max(-limit, Math.min(limit, towards(s.elevation, g.elevation)));
    return this.moving();
  }

  moving() {
    const s = this.state;
    const g = this.goal;
    return s.azimuth !== g.azimuth || s.zoom !== g.zoom || Math.abs(s.elevation - g.elevation) >= SETTLED;
  }

  /** Stop where the goal is (the first frame: nothing to glide from). */
  jump() {
    Object.assign(this.state, this.goal);
  }

  /** A preset, turned half round for Black (except the two sides' own presets); `changes`
   * (a layout's views[name]) replace its azimuth or elevation share. */
  viewFrom(name, orientation, changes = {}) {
    const preset = { ...PRESETS[name], ...changes };
    let azimuth = preset.azimuth + (orientation === "black" && name !== "black" &&
      name !== "white" ? Math.PI : 0);
    // The nearer way round from where the camera is.
    const turns = Math.round((this.state.azimuth - azimuth) / (2 * Math.PI));
    azimuth += turns * 2 * Math.PI;
    const elevation = Math.min(preset.most, preset.elevation * this.elevationLimit(azimuth));
    Object.assign(this.goal, { azimuth, elevation, zoom: 1 });
  }

  /** Aim the camera and fit the orthographic frustum so every point fills the canvas (zoom 1)
   * on any screen, portrait or landscape. */
  fit(points, aspect) {
    const { azimuth, elevation, zoom } = this.state;
    const camera = this.camera;
    const direction = new THREE.Vector3(Math.cos(elevation) * Math.sin(azimuth), Math.sin(elevation),
      Math.cos(elevation) * Math.cos(azimuth));
    camera.position.copy(direction).multiplyScalar(150);
    camera.up.set(0, 1, 0);
    camera.lookAt(0, 0, 0);
    camera.updateMatrixWorld();
    const inverse = camera.matrixWorldInverse;
    let [left, right, bottom, top] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const point of points) {
      const p = point.clone().applyMatrix4(inverse);
      left = Math.min(left, p.x); right = Math.max(right, p.x);
      bottom = Math.min(bottom, p.y); top = Math.max(top, p.y);
    }
    const cx = (left + right) / 2;
    const cy = (bottom + top) / 2;
    const halfHeight = Math.max((top - bottom) / 2, (right - left) / 2 / aspect) * FRAME_MARGIN / zoom;
    Object.assign(camera, { left: cx - halfHeight * aspect, right: cx + halfHeight * aspect,
      top: cy + halfHeight, bottom: cy - halfHeight });
    camera.updateProjectionMatrix();
  }
}
