// The marks drawn through the cube: a move's line, an arrow's head, a target's dot.

import * as THREE from "../three.js";

// One material per look, kept for the page's life: a material disposed with its mark frees its
// shader program when no other material uses it, and the next mark compiles it again (the
// software renderer spent more on that than on the rest of a frame while the pointer moved over
// the board).
const materials = new Map();

function material(color, { opacity = 1, depthTest = true } = {}) {
  const key = `${color}:${opacity}:${depthTest}`;
  if (!materials.has(key)) {
    materials.set(key, new THREE.MeshBasicMaterial({ color, transparent: opacity < 1, opacity, depthTest }));
  }
  return materials.get(key);
}

/** A thin cylinder from a to b (WebGL lines are one pixel wide everywhere). */
export function tube(a, b, color, radius) {
  const geometry = new THREE.CylinderGeometry(radius, radius, a.distanceTo(b), 10);
  const mesh = new THREE.Mesh(geometry, material(color, { opacity: 0.85, depthTest: false }));
  mesh.position.copy(a).add(b).multiplyScalar(0.5);
  mesh.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), b.clone().sub(a).normalize());
  mesh.renderOrder = 3; // over the pieces: a line through the cube is never hidden
  return mesh;
}

/** An arrow head: a cone from a (its base) to b (its tip). */
export function cone(a, b, color, radius) {
  const geometry = new THREE.ConeGeometry(radius, a.distanceTo(b), 12);
  const mesh = new THREE.Mesh(geometry, material(color, { opacity: 0.9, depthTest: false }));
  mesh.position.copy(a).add(b).multiplyScalar(0.5);
  mesh.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), b.clone().sub(a).normalize());
  mesh.renderOrder = 3; // over the pieces: a line through the cube is never hidden
  return mesh;
}

/** A target's dot at a point. */
export function dot(at, color) {
  const marker = new THREE.Mesh(new THREE.SphereGeometry(0.13, 8, 6), material(color));
  marker.position.copy(at);
  return marker;
}

/** Empty a group of marks, freeing their geometries (their materials are kept: material()). */
export function clearGroup(group) {
  for (const child of group.children) child.geometry.dispose();
  group.clear();
}

/** A flat ring round a cell's foot (the selected piece, the one under the pointer, a king in
 * check). */
export function ring(at, color) {
  const geometry = new THREE.TorusGeometry(0.41, 0.035, 4, 24);
  geometry.rotateX(Math.PI / 2);
  const mesh = new THREE.Mesh(geometry, material(color));
  mesh.position.copy(at).add(new THREE.Vector3(0, 0.02, 0));
  return mesh;
}
