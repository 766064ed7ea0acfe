// The rules page's worked examples: a position from the engine for each of pawn moves,
// promotion, check, boardmate and spacemate, drawn on the same board as the game page (2D or
// 3D), the move's line and the check lines through the cube. The words and facts (notation,
// escapes, the pawn's moves) come from the server (games/rules_examples.py); nothing here
// judges a move.

import { BoardView } from "./boardview.js";
import { pageVariant } from "./position.js";

class WorkedExamples {
  constructor(root) {
    this.root = root;
    this.examples = JSON.parse(document.getElementById("rules-examples-data").textContent);
    const ctx = JSON.parse(document.getElementById("rules-context").textContent);
    this.variant = pageVariant();
    this.text = root.querySelector(".example-text");
    this.facts = root.querySelector(".example-facts");
    this.buttons = [...root.querySelectorAll("[data-example]")];
    this.view = new BoardView(root.querySelector(".example-board"), {
      variant: this.variant, pieceUrls: ctx.piece_urls, viewStorage: "demo", // not the games' choice
      onMove: () => this.show(this.shown), // the pawn's targets are shown, not played
      onView: () => this.show(this.shown),
    });
    for (const button of this.buttons) {
      button.addEventListener("click", () => this.show(button.dataset.example));
    }
    this.show(this.examples[0].key);
  }

  show(key) {
    const example = this.examples.find((e) => e.key === key);
    if (!example) return;
    this.shown = key;
    for (const button of this.buttons) button.setAttribute("aria-pressed", String(button.dataset.example === key));
    this.text.textContent = example.text;
    this.facts.textContent = example.facts;
    if (example.key === "pawn") {
      this.view.setPosition({ fen: example.fen, enabled: true, legalMoves: example.moves });
      this.view.select(this.variant.parseCell(example.from));
    } else {
      this.view.setPosition({ fen: example.fen, enabled: false, lastMove: example.move,
        checkers: example.checkers });
    }
    this.root.dataset.shown = key;
  }
}

const root = document.getElementById("rules-examples");
if (root) new WorkedExamples(root);
