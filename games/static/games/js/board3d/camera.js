// The orbiting camera: azimuth, elevation and zoom, held so that no two levels overlap on
// screen (issue 29 item 6: B over C, A over B), and fitted so the whole board fills the canvas
// on any screen. Orthographic: every level is drawn at one size, so what is apart at one zoom is
// apart at every zoom and on every screen.

import * as THREE from "../three.js";

// Presets: elevation as a share of the steepest elevation that keeps levels apart there.
export const PRESETS = {
  white: { azimuth: 0, elevation: 0.95, label: "White's side" },
  black: { azimuth: Math.PI, elevation: 0.95, label: "Black's side" },
  side: { azimuth: Math.PI / 2, elevation: 0.45, label: "From the side" },
  corner: { azimuth: Math.PI / 4, elevation: 1, label: "Corner" },
  top: { azimuth: 0, elevation: 1, label: "High" },
};
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

const apartOnScreen = (a, b) => a.top + SCREEN_GAP < b.bottom || b.top + SCREEN_GAP < a.bottom ||
  a.right + SCREEN_GAP < b.left || b.right + SCREEN_GAP < a.left;

export class OrbitCamera {
  /**
   * @param {object} options  levelPoints() -> Vector3[][] (per level, every point of it that
   *   must be on screen: its corners, its pieces' tops, its label); apart(a, b) -> bool (which
   *   pairs of levels must stay apart; default every pair)
   */
  constructor({ levelPoints, apart = () => true }) {
    this.levelPoints = levelPoints;
    this.apart = apart;
    this.state = { azimuth: 0, elevation: 0, zoom: 1 }; // where the camera is (this frame)
    this.goal = { azimuth: 0, elevation: 0, zoom: 1 }; // where it is going
    this.camera = new THREE.OrthographicCamera(-1, 1, 1, -1, 0.1, 400);
    this.limits = new Map(); // azimuth (rounded) -> steepest elevation, until the levels change
  }

  /** The levels moved (spacing, a layout's boards): the limits are measured again. */
  levelsChanged() {
    this.limits.clear();
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

  /** The steepest elevation (radians) from which no two levels overlap, at this azimuth
   * (found by bisection: levels only come closer on screen as the view gets steeper). */
  elevationLimit(azimuth) {
    const turn = 2 * Math.PI;
    const key = Math.round((((azimuth % turn) + turn) % turn) * 1000);
    if (this.limits.has(key)) return this.limits.get(key);
    const levels = this.levelPoints();
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
    Object.assign(this.goal, { azimuth, elevation: preset.elevation * this.elevationLimit(azimuth), zoom: 1 });
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
