// The rules page's start-position diagram: the game's start drawn by the same BoardView as
// the game page (2D levels or the 3D cube), nothing to move.

import { BoardView } from "./boardview.js";
import { pageVariant } from "./position.js";

const root = document.querySelector(".start-board");
if (root) {
  const ctx = JSON.parse(document.getElementById("rules-context").textContent);
  const view = new BoardView(root, { variant: pageVariant(), pieceUrls: ctx.piece_urls });
  view.setPosition({ fen: ctx.start_fen, enabled: false });
}
