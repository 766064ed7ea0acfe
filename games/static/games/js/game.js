// The game page: shows the embedded game state, sends moves and actions through the REST
// API, and follows the game live over ws/games/<id>/ (resuming with ?since=<ply>).

import { api } from "./api.js";
import { AttackHover } from "./attacks.js";
import { checkedColor } from "./board.js";
import { BoardView } from "./boardview.js";
import { pageVariant } from "./position.js";
import { renderMoveList } from "./movelist.js";
import { ReconnectingSocket } from "./socket.js";
import { colorName, playerName, isBot, describeResult, describeDeadline } from "./gameinfo.js";
import { ChatPanel } from "./chat.js";
import { PlanEditor } from "./conditional.js";
import { bindSoundToggle, playMoveSound } from "./sound.js";

const DEADLINE_REFRESH_MS = 30000; // the deadline text counts down in minutes; 30 s is plenty

class GamePage {
  constructor(root) {
    this.root = root;
    this.ctx = JSON.parse(document.getElementById("game-context").textContent);
    this.state = JSON.parse(document.getElementById("game-state").textContent);
    this.words = this.ctx.takeback_words || {}; // translated by the server (games/web/views)
    this.pending = false; // a move or action of ours is on its way
    this.loaded = true; // the legal moves belong to the position shown
    this.$ = (sel) => root.querySelector(sel);
    this.variant = pageVariant();
    this.board = new BoardView(this.$(".board-root"), {
      variant: this.variant,
      pieceUrls: this.ctx.piece_urls,
      orientation: this.ctx.my_color === "black" ? "black" : "white",
      onMove: (move) => (this.plan && this.plan.drawing ? this.plan.addMove(move) : this.play(move)),
      onView: () => this.showError(""), // an error about the last attempt, not the new view
    });
    this.attackHover = new AttackHover({
      boardRoot: this.board.el2d,
      url: this.ctx.urls.attackers,
      currentFen: () => (this.board.state ? this.board.state.fen : null),
      toggleParent: this.$(".board-root .board-settings"),
    });
    const chatRoot = this.$(".chat-panel");
    if (chatRoot) {
      this.chat = new ChatPanel(chatRoot, { url: this.ctx.urls.chat, muteUrl: this.ctx.urls.chat_mute });
      this.chat.load();
    }
    const planRoot = this.$(".conditional-panel");
    if (planRoot) {
      this.plan = new PlanEditor(planRoot, { urls: this.ctx.urls, onChange: () => this.render() });
      this.plan.load();
      // The server tells only this player when a planned line was dropped or played.
      document.addEventListener("raumschach:notification", (event) => {
        if (String(event.detail.game) === String(this.ctx.game_id)) this.plan.load();
      });
    }
    bindSoundToggle(this.root.querySelector("[data-sound-toggle]"));
    this.bindControls();
    this.render();
    setInterval(() => this.renderDeadline(), DEADLINE_REFRESH_MS);
    // Anyone follows a live game, logged in or not (the socket is read-only for visitors).
    if (this.state.status === "active") this.follow();
  }

  get myTurn() {
    return this.state.status === "active" && !!this.ctx.my_color &&
      colorName(this.state.turn) === this.ctx.my_color;
  }

  bindControls() {
    this.$(".move-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const input = this.$(".move-form input");
      const text = input.value.trim();
      if (text && !this.myTurn && this.state.status === "active") {
        this.showError("It is not your turn yet: wait for your opponent's move.");
        return;
      }
      if (text) this.play(text).then((ok) => { if (ok) input.value = ""; });
    });
    for (const button of this.root.querySelectorAll("[data-action]")) {
      button.addEventListener("click", () => this.action(button.dataset.action, button));
    }
  }

  // ---- talking to the server ----

  async play(move) {
    if (this.pending) return false;
    this.setPending(true);
    this.showError("");
    try {
      const result = await api(this.ctx.urls.moves, { method: "POST", body: { move, ply: this.state.ply } });
      const next = stateIn(result);
      if (next) this.apply(next);
      else await this.refresh();
      return true;
    } catch (err) {
      this.showError(err.message);
      await this.refresh();
      return false;
    } finally {
      this.setPending(false);
    }
  }

  async action(name, button) {
    const spec = this.ctx.urls.actions[name];
    if (!spec) return;
    if (button.dataset.confirm && !window.confirm(button.dataset.confirm)) return;
    this.setPending(true);
    this.showError("");
    try {
      const next = stateIn(await api(spec.url, { method: "POST", body: spec.body || {} }));
      // An accepted takeback answers with an earlier ply: take it all the same.
      if (next) this.apply(next, { rewind: name.endsWith("_takeback") });
      else await this.refresh();
    } catch (err) {
      this.showError(err.message);
    } finally {
      this.setPending(false);
    }
  }

  async refresh() {
    try {
      this.apply(await api(this.ctx.urls.state));
    } catch (err) {
      this.showError(`Could not load the game: ${err.message}`);
    }
  }

  /** Take a fresh state unless it is older than the one shown (responses may cross); after
   * a takeback (`rewind`) an earlier ply is the newer state. */
  apply(next, { rewind = false } = {}) {
    if (!next || (next.ply < this.state.ply && !rewind)) return;
    if (next.moves_since > 0) {
      // A move's answer lists only the moves after the ply it was played at: keep ours before.
      const earlier = this.state.moves.filter((m) => m.ply <= next.moves_since);
      next = { ...next, moves: [...earlier, ...next.moves] };
    }
    this.state = next;
    this.loaded = true;
    this.render();
    if (next.status !== "active" && this.socket) {
      this.socket.close();
      this.socket = null;
      this.setConnection("ended");
    }
  }

  follow() {
    this.socket = new ReconnectingSocket(this.ctx.urls.socket, {
      query: () => ({ since: String(this.state.ply) }),
      onStatus: (status) => this.setConnection(status),
      // On every (re)connect the server replays the moves after ?since= and then sends the
      // full state (with legal moves), so nothing needs fetching here.
      onMessage: (msg) => this.onEvent(msg),
    }).connect();
  }

  onEvent(raw) {
    // Events may arrive flat ({type, ply, ...}) or wrapped ({type|event, data: {...}}).
    const msg = raw.data && typeof raw.data === "object"
      ? { ...raw.data, type: raw.event || raw.type } : { ...raw, type: raw.type || raw.event };
    switch (msg.type) {
      case "chat":
        if (this.chat) this.chat.add(msg);
        break;
      case "move":
        // A quiet sound for moves this user did not make (their own click needs none).
        if (msg.ply > this.state.ply && colorName(msg.turn) === this.ctx.my_color) playMoveSound();
        else if (msg.ply > this.state.ply && !this.ctx.my_color) playMoveSound();
        if (msg.ply === this.state.ply + 1) {
          // The event carries the legal moves of the new position (the list a fresh GET
          // would give), so the move is shown and playable without reading the game again.
          const known = Array.isArray(msg.legal_moves);
          this.state = {
            ...this.state,
            ply: msg.ply, fen: msg.fen, turn: msg.turn ?? this.state.turn,
            deadline: msg.deadline ?? null, clock_paused: !!msg.clock_paused,
            legal_moves: known ? msg.legal_moves : [],
            checkers: Array.isArray(msg.checkers) ? msg.checkers : [],
            draw_offer: "",
            takeback_offer: "", // any move lapses a takeback offer
            // Keyed by ply: a list can never hold a move twice, whatever order answers arrive in.
            moves: [...this.state.moves.filter((m) => m.ply < msg.ply),
              { ply: msg.ply, move: msg.move, san: msg.san, fen: msg.fen }],
          };
          this.loaded = known;
          this.render();
          if (!known) this.refresh(); // a server that does not send them
        } else if (msg.ply > this.state.ply) {
          this.refresh();
        }
        break;
      case "state":
      case "game":
        this.apply(msg.game || msg.state || msg);
        // Every reconnect starts with a state: lines said while we were away come with it.
        this.states = (this.states || 0) + 1;
        if (this.states > 1 && this.chat) this.chat.load();
        break;
      case "error":
        this.showError(msg.detail || msg.error);
        break;
      case "draw_declined":
        // The state only says the offer is gone; the offering player should hear why.
        if (msg.by && msg.by !== this.ctx.my_color) {
          this.drawNotice = { text: "Your draw offer was declined.", ply: this.state.ply };
        }
        this.refresh();
        break;
      case "takeback_declined":
        if (msg.by && msg.by !== this.ctx.my_color) {
          this.takebackNotice = { text: this.words.declined, ply: this.state.ply };
        }
        this.refresh();
        break;
      case "takeback":
        // The game is back at msg.ply: the event carries what a move event does, so the
        // board is playable at once; the moves after it are gone.
        this.state = {
          ...this.state,
          ply: msg.ply, fen: msg.fen, turn: msg.turn, deadline: msg.deadline ?? null,
          clock_paused: !!msg.clock_paused,
          legal_moves: Array.isArray(msg.legal_moves) ? msg.legal_moves : [],
          checkers: Array.isArray(msg.checkers) ? msg.checkers : [],
          draw_offer: "", takeback_offer: "",
          moves: this.state.moves.filter((m) => m.ply <= msg.ply),
        };
        this.takebackNotice = { text: this.words.done, ply: msg.ply };
        this.loaded = Array.isArray(msg.legal_moves);
        this.render();
        if (!this.loaded) this.refresh();
        if (this.plan) this.plan.load(); // its lines were planned from a position now gone
        break;
      default: // end, draw_offer, draw_declined, takeback_offer ...: the state says what changed
        this.refresh();
    }
  }

  // ---- drawing ----

  render() {
    const s = this.state;
    const last = s.moves.length ? s.moves[s.moves.length - 1].move : null;
    if (this.plan) {
      this.plan.sync(s.ply, s.status === "active" && !this.myTurn && this.loaded,
        s.status === "active");
    }
    if (this.plan && this.plan.drawing) {
      // Drawing a planned line: the board shows the planned position, both sides' moves.
      this.board.setPosition({ ...this.plan.boardView(), enabled: true });
    } else {
      this.board.setPosition({
        fen: s.fen,
        legalMoves: this.myTurn ? s.legal_moves || [] : [],
        lastMove: last,
        checkColor: checkedColor(s.moves, colorName(s.turn)),
        checkers: this.loaded ? s.checkers || [] : [],
        enabled: this.myTurn && !this.pending && this.loaded,
      });
    }
    const afterGame = this.$(".after-game");
    if (afterGame) afterGame.hidden = s.status === "active";
    this.root.dataset.ready = String(!this.pending && this.loaded);
    const turnKey = `${s.ply}:${s.status}`;
    if (this.turnKey !== undefined && this.turnKey !== turnKey) {
      // The header's "your turn" count: our own moves bring us no notification, so say so.
      document.dispatchEvent(new CustomEvent("raumschach:turns-changed"));
    }
    this.turnKey = turnKey;
    this.root.dataset.ply = String(s.ply);
    this.root.dataset.status = s.status;
    for (const color of ["white", "black"]) {
      const el = this.$(`.player-${color}`);
      el.textContent = playerName(s[color]);
      el.classList.toggle("to-move", s.status === "active" && colorName(s.turn) === color);
    }
    if (this.errorPly !== undefined && this.errorPly !== s.ply) this.showError("");
    this.$(".status-line").textContent = this.statusText();
    this.renderDeadline();
    const mover = s[colorName(s.turn)];
    const thinking = s.status === "active" &&
      (isBot(mover) || (this.ctx.bots || []).includes(playerName(mover)));
    this.$(".thinking").hidden = !thinking;
    renderMoveList(this.$(".move-list"), s.moves,
      { start: this.variant.parseFen(this.ctx.start_fen) });
    this.renderActions();
    this.$(".move-form").hidden = !this.ctx.my_color || s.status !== "active";
    // Not disabled on the opponent's turn: Enter then says why nothing happens.
    this.$(".move-form button").disabled = this.pending;
    this.$(".keyboard-hint").hidden = !this.ctx.my_color || s.status !== "active";
    document.dispatchEvent(new CustomEvent("raumschach:rendered", { detail: this }));
  }

  statusText() {
    const s = this.state;
    if (s.status !== "active") return describeResult(s, this.ctx.termination_words);
    const mover = colorName(s.turn);
    if (this.myTurn) return "Your turn.";
    const who = playerName(s[mover]);
    return `${mover === "white" ? "White" : "Black"} (${who}) to move.`;
  }

  renderDeadline() {
    const s = this.state;
    this.$(".deadline").textContent = s.status !== "active" ? ""
      : s.clock_paused ? "Clock stopped: the player to move is on vacation."
        : describeDeadline(s.deadline);
  }

  renderActions() {
    const s = this.state;
    const active = s.status === "active" && !!this.ctx.my_color;
    const offer = s.draw_offer ? colorName(s.draw_offer) : "";
    const theirOffer = active && offer && offer !== this.ctx.my_color;
    const show = (name, visible) => {
      const button = this.root.querySelector(`[data-action="${name}"]`);
      if (button) button.hidden = !visible;
    };
    show("resign", active);
    show("offer_draw", active && !offer);
    show("accept_draw", theirOffer);
    show("decline_draw", theirOffer);
    // A hint only (the service refuses an abort once both sides have moved).
    show("abort", active && (s.can_abort ?? s.ply < 2));
    // The decline notice stays until the next move or a new offer.
    const notice = this.drawNotice && this.drawNotice.ply === s.ply ? this.drawNotice.text : "";
    const note = this.$(".draw-note");
    note.textContent = !active ? "" : !offer ? notice :
      theirOffer ? "Your opponent offers a draw." : "You offered a draw.";
    this.renderTakeback(active);
  }

  /** Takebacks (casual games): propose once one has a move to take back; answer theirs. */
  renderTakeback(active) {
    const s = this.state;
    const offer = s.takeback_offer ? colorName(s.takeback_offer) : "";
    const theirs = active && offer && offer !== this.ctx.my_color;
    // A move of mine to take back: the last one is mine, or there are two to go back.
    const mine = s.ply >= 2 || (s.ply === 1 && colorName(s.turn) !== this.ctx.my_color);
    const show = (name, visible) => {
      const button = this.root.querySelector(`[data-action="${name}"]`);
      if (button) button.hidden = !visible;
    };
    show("offer_takeback", active && !s.rated && !offer && mine);
    show("accept_takeback", theirs);
    show("decline_takeback", theirs);
    const notice = this.takebackNotice && this.takebackNotice.ply === s.ply
      ? this.takebackNotice.text : "";
    const note = this.$(".takeback-note");
    if (note) {
      note.textContent = !active ? "" : !offer ? notice
        : theirs ? this.words.theirs : this.words.yours;
    }
  }

  setPending(pending) {
    this.pending = pending;
    this.render();
  }

  setConnection(status) {
    const el = this.$(".conn-status");
    el.dataset.state = status;
    el.textContent = {
      connecting: "Connecting…",
      live: "Live",
      reconnecting: "Reconnecting…",
      offline: "Offline: reload the page",
      ended: "Game over",
    }[status] || status;
  }

  /** An error belongs to the position it was about: the next move (anyone's) clears it. */
  showError(text) {
    this.errorPly = text ? this.state.ply : undefined;
    this.$(".game-error").textContent = text;
  }
}

/** The game state inside an API answer: the state itself, or {..., game: state} after a move. */
function stateIn(result) {
  if (result && result.game && Array.isArray(result.game.legal_moves)) return result.game;
  if (result && Array.isArray(result.legal_moves)) return result;
  return null;
}

const root = document.getElementById("game");
if (root) window.gamePage = new GamePage(root);
