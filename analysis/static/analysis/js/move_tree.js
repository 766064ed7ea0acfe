// The analysis board's move tree: every position explored, the first child of a node its main
// continuation and the others variations (shown indented under the move they replace).

export class MoveTree {
  /** root: the server's position node; mainline: [{move, san, packed, fen}] (a game's moves);
   * startNumber: the root's move number. */
  constructor(root, mainline, startNumber = 1) {
    this.startNumber = startNumber;
    this.root = { parent: null, children: [], fen: root.fen, data: root, move: null, san: null, packed: null };
    let node = this.root;
    for (const m of mainline) {
      const child = { parent: node, children: [], fen: m.fen, data: null, move: m.move, san: m.san, packed: m.packed };
      node.children.push(child);
      node = child;
    }
    this.current = this.root;
  }

  /** A move played from the current position (the server's answer): its node becomes current. */
  add(answer) {
    const played = answer.played;
    const child = { parent: this.current, children: [], fen: answer.fen, data: answer,
                    move: played.move, san: played.san, packed: played.packed };
    this.current.children.push(child);
    this.current = child;
  }

  takeBack() {
    const node = this.current;
    if (!node.parent) return;
    node.parent.children.splice(node.parent.children.indexOf(node), 1);
    this.current = node.parent;
  }

  navigate(where) {
    const node = this.current;
    if (where === "first") this.current = this.root;
    else if (where === "back" && node.parent) this.current = node.parent;
    else if (where === "forward" && node.children.length) this.current = node.children[0];
    else if (where === "last") while (this.current.children.length) this.current = this.current.children[0];
  }

  goToPly(ply) {
    this.current = this.root;
    for (let i = 0; i < ply && this.current.children.length; i += 1) this.current = this.current.children[0];
  }

  path(node) {
    const out = [];
    for (let n = node; n.parent; n = n.parent) out.unshift(n);
    return out;
  }

  depthOf(node) { return this.path(node).length; }

  /** "12." before White's move, "12…" before Black's, from the root's move number. */
  moveLabel(node) {
    const ply = this.depthOf(node) - 1 + (this.root.data.turn === "black" ? 1 : 0);
    const number = this.startNumber + Math.floor(ply / 2);
    return ply % 2 === 0 ? `${number}.` : `${number}…`;
  }

  /** The tree as text with buttons; onPick(node) when a move is clicked. */
  render(box, onPick) {
    box.replaceChildren();
    const line = (start, container) => {
      for (let node = start; node; node = node.children[0]) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = `tree-move${node === this.current ? " current" : ""}`;
        button.dataset.move = node.move;
        button.textContent = `${this.moveLabel(node)} ${node.san}`;
        button.addEventListener("click", () => onPick(node));
        container.append(button, " ");
        const variations = node === node.parent.children[0] ? node.parent.children.slice(1) : [];
        for (const variation of variations) {
          const sub = document.createElement("span");
          sub.className = "variation";
          line(variation, sub);
          container.append(sub);
        }
      }
    };
    if (this.root.children.length) line(this.root.children[0], box);
  }
}
