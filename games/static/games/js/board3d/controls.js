// Turning and zooming the view: a mouse drag, two fingers (moved together they turn the view,
// pinched they zoom), wheel and keys; a pointer that barely moved clicked a cell instead.
// One finger moving up or down scrolls the page, as everywhere else on a phone (a swipe over
// the canvas used to turn the camera, so a phone could not scroll past a 3D view that fills
// its screen); moving sideways it turns the view round.

const CLICK_SLOP_PX = 6; // a pointer that moved less than this clicked rather than dragged

/**
 * @param {HTMLCanvasElement} canvas
 * @param {object} handlers  orbit(dAzimuth, dElevation); zoom(factor: >1 zooms out);
 *   click(x, y) (CSS pixels from the canvas's top-left); hover(x, y) (a mouse over the canvas
 *   with no button down; hover(null) when it leaves); escape()
 */
export function bindControls(canvas, { orbit, zoom, click, hover, escape }) {
  const pointers = new Map();
  let downAt = null;
  let moved = false;
  let pinch = null;
  // The browser pans the page for a vertical touch (and then cancels the pointer); sideways
  // and two-finger moves are this canvas's.
  canvas.style.touchAction = "pan-y";
  // Two fingers are the view's, whichever way they go: the page does not scroll under them.
  canvas.addEventListener("touchmove", (event) => {
    if (event.touches.length > 1) event.preventDefault();
  }, { passive: false });
  canvas.addEventListener("pointerdown", (event) => {
    try {
      canvas.setPointerCapture(event.pointerId);
    } catch { /* a pointer the browser no longer tracks: nothing to capture */ }
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    downAt = { x: event.clientX, y: event.clientY };
    moved = pointers.size > 1;
    pinch = null;
  });
  canvas.addEventListener("pointermove", (event) => {
    const previous = pointers.get(event.pointerId);
    if (!previous) {
      if (event.pointerType === "mouse" && pointers.size === 0) {
        const box = canvas.getBoundingClientRect();
        hover(event.clientX - box.left, event.clientY - box.top);
      }
      return;
    }
    const now = { x: event.clientX, y: event.clientY };
    pointers.set(event.pointerId, now);
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const span = Math.hypot(a.x - b.x, a.y - b.y);
      const middle = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      if (pinch) {
        // Damped and bounded per event: a 70 px pinch used to take the zoom from 15 to 6.
        zoom(Math.max(0.92, Math.min(1.08, (pinch.span / span) ** 0.6)));
        orbit((middle.x - pinch.middle.x) * -0.01, (middle.y - pinch.middle.y) * 0.01);
      }
      pinch = { span, middle };
      return;
    }
    if (Math.hypot(now.x - downAt.x, now.y - downAt.y) > CLICK_SLOP_PX) moved = true;
    // One finger turns only round (its up and down is the page's scroll, see touchAction).
    const tilt = event.pointerType === "touch" ? 0 : (now.y - previous.y) * 0.01;
    if (moved) orbit((now.x - previous.x) * -0.01, tilt);
  });
  const up = (event) => {
    if (!pointers.has(event.pointerId)) return;
    pointers.delete(event.pointerId);
    if (!moved && pointers.size === 0 && event.type === "pointerup") {
      const box = canvas.getBoundingClientRect();
      click(event.clientX - box.left, event.clientY - box.top);
    }
  };
  canvas.addEventListener("pointerleave", () => hover(null, null));
  canvas.addEventListener("pointerup", up);
  canvas.addEventListener("pointercancel", up);
  canvas.addEventListener("wheel", (event) => {
    event.preventDefault();
    zoom(event.deltaY > 0 ? 1.1 : 1 / 1.1);
  }, { passive: false });
  canvas.addEventListener("keydown", (event) => {
    const step = 0.12;
    const actions = {
      ArrowLeft: () => orbit(-step, 0), ArrowRight: () => orbit(step, 0),
      ArrowUp: () => orbit(0, step), ArrowDown: () => orbit(0, -step),
      "+": () => zoom(1 / 1.1), "=": () => zoom(1 / 1.1), "-": () => zoom(1.1),
      Escape: escape,
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  });
}
