// The pieces: one drawable per piece kind and colour, standing on its cell's plane.
// PIECE_TOP is the highest a piece reaches above its plane (the camera keeps levels apart
// with it).

import * as THREE from "../three.js";

export const PIECE_TOP = 1.05;

export class PieceSet {
  constructor(variant) {
    this.variant = variant;
    this.textures = new Map();
  }

  /** A new drawable for a piece ({kind, color}), its origin on the cell's plane. */
  create(piece) {
    const sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map: this.texture(piece), transparent: true }));
    sprite.scale.set(0.62, 0.62, 1);
    sprite.position.y = 0.33;
    sprite.renderOrder = 2;
    const group = new THREE.Group();
    group.add(sprite);
    group.userData.key = keyOf(piece);
    return group;
  }

  /** Whether a drawable made by create() shows this piece. */
  shows(object, piece) {
    return object.userData.key === keyOf(piece);
  }

  /** A disc with the piece's letter (the variant's). */
  texture(piece) {
    const key = keyOf(piece);
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
}

const keyOf = (piece) => `${piece.color}${piece.kind}`;

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
  return sprite;
}
