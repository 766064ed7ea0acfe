// Many pieces drawn in one draw call: their models merged into one geometry, each vertex
// carrying the centre of its piece's cell, and every piece turned about its own upright axis
// in the vertex shader (one angle for the whole mesh: the pieces face the camera, see
// pieces.js). Chromium's software renderer pays for each instance of an instanced mesh about
// what it pays for a draw call (scripts/bench_3d_fps.py: 60 instances cost ~0.1 ms each on
// top of their triangles), so a full board is drawn in three calls (White, its outline,
// Black) instead of sixty instances; the geometry is rebuilt only when the pieces move.
// Levels side by side (camera.js's row) move each piece by its level's rank times the
// `stagger` uniform (a vector along the screen's right), so a turn of the view changes
// uniforms only.

import * as THREE from "../three.js";

const TURN_VERTEX = `
  // Turned about the piece's upright axis (three.js's makeRotationY(turn)), stretched first
  // (the outline hull), then stood on its cell.
  mat3 turnY = mat3(cos(turn), 0.0, -sin(turn), 0.0, 1.0, 0.0, sin(turn), 0.0, cos(turn));
`;

// Lambert's light (three.js's hemisphere light plus one directional light, diffuse only, the
// same sums as MeshLambertMaterial) worked out once per vertex into the vertex colour, for a
// MeshBasicMaterial with vertexColors: the software renderer then shades each pixel with one
// interpolated colour instead of a normal and a light loop (scripts/bench_3d_fps.py).
const LIT_VERTEX = `
  vec3 litNormal = normalize(normalMatrix * (turnY * normal));
  float skyShare = 0.5 * dot(litNormal, skyDirection) + 0.5;
  vColor = vec4((mix(groundColor, skyColor, skyShare) + max(dot(litNormal, keyDirection), 0.0) * keyColor)
    * RECIPROCAL_PI, 1.0);
`;

/** The uniforms of a lit turned material (turnedMaterial's `light`), set by setLight(). */
export function lightUniforms() {
  return { skyColor: { value: new THREE.Color() }, groundColor: { value: new THREE.Color() },
    skyDirection: { value: new THREE.Vector3() }, keyColor: { value: new THREE.Color() },
    keyDirection: { value: new THREE.Vector3() } };
}

/** Copy a hemisphere light and a directional light into lightUniforms() as three.js hands them
 * to its own shaders: colours times intensity, directions in the camera's space. */
export function setLight(uniforms, hemisphere, key, camera) {
  uniforms.skyColor.value.copy(hemisphere.color).multiplyScalar(hemisphere.intensity);
  uniforms.groundColor.value.copy(hemisphere.groundColor).multiplyScalar(hemisphere.intensity);
  uniforms.keyColor.value.copy(key.color).multiplyScalar(key.intensity);
  hemisphere.updateMatrixWorld();
  key.updateMatrixWorld();
  key.target.updateMatrixWorld();
  const view = camera.matrixWorldInverse;
  uniforms.skyDirection.value.setFromMatrixPosition(hemisphere.matrixWorld).normalize().transformDirection(view);
  const target = new THREE.Vector3().setFromMatrixPosition(key.target.matrixWorld);
  uniforms.keyDirection.value.setFromMatrixPosition(key.matrixWorld).sub(target).transformDirection(view);
}

/**
 * A material that turns and places merged pieces: `turn` (radians about +y) and `stretch`
 * (a scale applied before turning, and `lift` added after) are uniforms shared by the mesh;
 * `stagger` ({value: Vector3}) is shared by every mesh of the view (staggered()).
 * @param {THREE.Material} material  a Lambert or Basic material, changed in place
 * @returns {{turn: {value: number}}} the uniform to set each frame
 */
export function turnedMaterial(material, { stretch = [1, 1, 1], lift = 0, stagger, light = null }) {
  const turn = { value: 0 };
  material.onBeforeCompile = (shader) => {
    if (light) {
      Object.assign(shader.uniforms, light);
      shader.vertexShader = shader.vertexShader
        .replace("void main() {", "uniform vec3 skyColor;\nuniform vec3 groundColor;\nuniform vec3 skyDirection;\n" +
          "uniform vec3 keyColor;\nuniform vec3 keyDirection;\nvoid main() {")
        .replace("#include <color_vertex>", LIT_VERTEX);
    }
    shader.uniforms.turn = turn;
    shader.uniforms.stagger = stagger;
    shader.uniforms.stretch = { value: new THREE.Vector3(...stretch) };
    shader.uniforms.lift = { value: lift };
    shader.vertexShader = shader.vertexShader
      .replace("void main() {", "attribute vec3 center;\nattribute float rank;\nuniform float turn;\n" +
        "uniform vec3 stagger;\nuniform vec3 stretch;\nuniform float lift;\nvoid main() {" + TURN_VERTEX)
      .replace("#include <beginnormal_vertex>", "vec3 objectNormal = turnY * normal;")
      .replace("#include <begin_vertex>", "vec3 transformed = center + rank * stagger + " +
        "turnY * (position * stretch) + vec3(0.0, lift, 0.0);");
  };
  // Each such material compiles its own program (its uniforms differ from the stock one's).
  material.customProgramCacheKey = () => `turned:${stretch.join(",")}:${lift}:${!!light}`;
  return { turn };
}

/** A material (of geometry with a `rank` attribute: the tiles) moved by its level's rank times
 * the view's `stagger`, like the pieces. */
export function staggered(material, stagger) {
  material.onBeforeCompile = (shader) => {
    shader.uniforms.stagger = stagger;
    shader.vertexShader = shader.vertexShader
      .replace("void main() {", "attribute float rank;\nuniform vec3 stagger;\nvoid main() {")
      .replace("#include <begin_vertex>", "vec3 transformed = position + rank * stagger;");
  };
  material.customProgramCacheKey = () => "staggered";
  return material;
}

/**
 * One geometry of many models, each vertex's piece centre in attribute `center` and its
 * level's rank in `rank`.
 * @param {Array<{geometry: THREE.BufferGeometry, at: THREE.Vector3, rank: number}>} parts
 *   indexed models with positions and normals, where each stands and its level's rank
 * @returns {THREE.BufferGeometry}
 */
export function mergeAt(parts) {
  const vertices = parts.reduce((sum, p) => sum + p.geometry.attributes.position.count, 0);
  const corners = parts.reduce((sum, p) => sum + p.geometry.index.count, 0);
  const positions = new Float32Array(vertices * 3);
  const normals = new Float32Array(vertices * 3);
  const centers = new Float32Array(vertices * 3);
  const ranks = new Float32Array(vertices);
  const indices = new Uint32Array(corners);
  let vertex = 0;
  let corner = 0;
  for (const { geometry, at, rank } of parts) {
    const n = geometry.attributes.position.count;
    positions.set(geometry.attributes.position.array, vertex * 3);
    normals.set(geometry.attributes.normal.array, vertex * 3);
    for (let v = vertex; v < vertex + n; v += 1) {
      centers[v * 3] = at.x;
      centers[v * 3 + 1] = at.y;
      centers[v * 3 + 2] = at.z;
      ranks[v] = rank;
    }
    const index = geometry.index.array;
    for (let i = 0; i < index.length; i += 1) indices[corner + i] = index[i] + vertex;
    vertex += n;
    corner += index.length;
  }
  const merged = new THREE.BufferGeometry();
  merged.setAttribute("position", new THREE.BufferAttribute(positions, 3));
  merged.setAttribute("normal", new THREE.BufferAttribute(normals, 3));
  merged.setAttribute("center", new THREE.BufferAttribute(centers, 3));
  merged.setAttribute("rank", new THREE.BufferAttribute(ranks, 1));
  merged.setIndex(new THREE.BufferAttribute(indices, 1));
  return merged;
}
