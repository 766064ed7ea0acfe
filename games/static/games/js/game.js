// The game page: shows the embedded game state, sends moves and actions through the REST
// API, and follows the game live over ws/games/<id>/ (resuming with ?since=<ply>). A live game
// (one with a clock, issue 46) also shows the two clocks (clock.js), sends its moves over the
// socket it already holds, takes one premove (premove.js) and offers "play again" (rematch.js).

import { api } from "./api.js";
import { format, gettext } from "./i18n.js";
import { AttackHover } from "./attacks.js";
import { checkedColor } from "./board.js";
import { BoardView } from "./boardview.js";
import { pageVariant } from "./position.js";
import { renderMoveList } from "./movelist.js";
import { ReconnectingSocket } from "./socket.js";
import { colorName, playerName, isBot, describeResult, describeDeadline } from "./gameinfo.js";
import { ChatPanel } from "./chat.js";
import { PlanEditor } from "./conditional.js";
import { bindSoundToggle, playLowTimeSound, playMoveSound } from "./sound.js";
import { GameClocks, STRINGS as CLOCK_WORDS } from "./clock.js";
import { Premove, STRINGS as PREMOVE_WORDS } from "./premove.js";
import { PlayAgain } from "./rematch.js";

const DEADLINE_REFRESH_MS = 30000; // the deadline text counts down in minutes; 30 s is plenty
// A move sent over the socket is answered by its move event (or an error); without either in
// this long, the page reads the game instead.
const SOCKET_MOVE_WAIT_MS = 5000;
// A clock at zero here: ask the server (a read ends a game whose time is out) after these
// waits, unless the end event came first.
const FLAG_CHECKS_MS = [300, 1500, 4000];

// Every word of this module that is not the page's own, in one place.
// In the page's language through Django's JavaScript catalogue (i18n.js; locale/*/djangojs.po).
const STRINGS = {
  notYourTurn: gettext("It is not your turn yet: wait for your opponent's move."),
  couldNotLoad: (detail) => format(gettext("Could not load the game: %(detail)s"), { detail }),
  drawDeclined: gettext("Your draw offer was declined."),
  yourTurn: gettext("Your turn."),
  toMove: (side, who) => format(side === "white" ? gettext("White (%(who)s) to move.")
    : gettext("Black (%(who)s) to move."), { who }),
  clockStopped: gettext("Clock stopped: the player to move is on vacation."),
  theyOfferDraw: gettext("Your opponent offers a draw."),
  youOfferedDraw: gettext("You offered a draw."),
  connection: {
    connecting: gettext("Connecting…"),
    live: gettext("Live"),
    reconnecting: gettext("Reconnecting…"),
    offline: gettext("Offline: reload the page"),
    ended: gettext("Game over"),
  },
};

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
    // A live game: one with a clock (correspondence games have days per move, or nothing).
    this.live = !!this.state.clock;
    this.premove = this.live && this.ctx.my_color ? new Premove({
      variant: this.variant, reachUrl: this.ctx.urls.reach, onChange: () => this.premoveChanged(),
    }) : null;
    this.board = new BoardView(this.$(".board-root"), {
      premove: this.premove,
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
    if (this.live) this.setUpLive();
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

  /** The clocks, premove's cancel keys and the play-again panel of a live game. */
  setUpLive() {
    const clockOf = (side) => this.root.querySelector(`.clock[data-color="${side}"]`);
    this.clocks = new GameClocks({ white: clockOf("white"), black: clockOf("black") }, {
      mine: this.ctx.my_color || null,
      onLow: () => playLowTimeSound(),
      onZero: () => this.checkFlag(),
    });
    this.clockShown = null; // the clock object last given to the clocks
    // A hidden tab's timers are slowed down to once a minute: repaint the moment it is back.
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) this.clocks.paint();
    });
    if (this.premove) {
      // Esc anywhere, or a right click on the board, forgets the premove (lichess).
      document.addEventListener("keydown", (event) => {
        if (event.key === "Escape") this.premove.cancel();
      });
      this.$(".board-root").addEventListener("contextmenu", (event) => {
        if (this.premove.cancel()) event.preventDefault();
      });
    }
    const again = this.$(".play-again");
    if (again && this.ctx.my_color) {
      const opponent = playerName(this.state[this.ctx.my_color === "white" ? "black" : "white"]);
      const button = this.$("[data-play-again]");
      this.playAgain = new PlayAgain(again, {
        rematchUrl: this.ctx.urls.rematch, challengesUrl: this.ctx.urls.challenges, opponent,
        gameFits: (challenge) => this.isRematchOfThisGame(challenge), button,
      });
      if (button) button.addEventListener("click", () => this.playAgain.offer());
    }
  }

  /** A pending challenge between the same two players, same game and clock: our rematch. */
  isRematchOfThisGame(challenge) {
    const s = this.state;
    const variant = challenge.variant && typeof challenge.variant === "object" ? challenge.variant.key : challenge.variant;
    return (!s.variant || !variant || variant === s.variant.key) && !!s.clock &&
      challenge.clock_limit === s.clock.limit && challenge.clock_increment === s.clock.increment;
  }

  /** A clock reached zero on this screen: the server's timer ends the game, and so does any
   * read of it, so a player's page asks a few times unless the end event comes first (a
   * spectator's waits for the event: a crowd must not all read the game at the same moment). */
  checkFlag() {
    if (!this.ctx.my_color) return;
    const ply = this.state.ply;
    for (const wait of FLAG_CHECKS_MS) {
      setTimeout(() => {
        if (this.state.status === "active" && this.state.ply === ply) this.refresh();
      }, wait);
    }
  }

  premoveChanged() {
    this.board.repaintMarks();
    const note = this.$(".premove-note");
    const planned = this.premove && this.premove.move;
    if (note) {
      note.textContent = planned ? PREMOVE_WORDS.planned(this.variant.cellName(planned.from),
        this.variant.cellName(planned.to)) : "";
    }
    this.root.dataset.premove = planned
      ? `${this.variant.cellName(planned.from)}${this.variant.cellName(planned.to)}` : "";
  }

  /** Our turn has come with the server's legal moves: play the premove if it is one of them. */
  playPremove() {
    if (!this.premove || !this.premove.move || !this.myTurn || !this.loaded || this.pending) return;
    const text = this.premove.take(this.state.legal_moves);
    this.premoveChanged();
    if (text) this.play(text);
  }

  renderClocks() {
    if (!this.clocks) return;
    const s = this.state;
    if (s.clock && s.clock !== this.clockShown) {
      this.clockShown = s.clock;
      this.clocks.update(s.clock, { active: s.status === "active",
        flagged: s.termination === "timeout", result: s.result });
    }
  }

  bindControls() {
    this.$(".move-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const input = this.$(".move-form input");
      const text = input.value.trim();
      if (text && !this.myTurn && this.state.status === "active") {
        this.showError(STRINGS.notYourTurn);
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
    if (this.live && this.socket && this.socketLive) {
      const sent = this.playOverSocket(move);
      if (sent) return sent;
      // The socket closed in between: the REST route takes it.
    }
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

  /** A live game's move goes over the socket the page holds (no HTTP request: the server
   * measures this socket's lag and credits it). Its move event, which everyone gets, is the
   * answer; a refusal comes back as an error message. A promise of success, or null when the
   * socket could not take it. */
  playOverSocket(move) {
    const ply = this.state.ply;
    if (!this.socket.send({ type: "move", move, ply })) return null;
    return new Promise((resolve) => {
      const waiter = { ply };
      waiter.done = (ok) => {
        if (this.sentMove !== waiter) return;
        clearTimeout(waiter.timer);
        this.sentMove = null;
        this.setPending(false);
        resolve(ok);
        this.playPremove(); // a premove waiting for our answer may go now
      };
      waiter.timer = setTimeout(async () => {
        await this.refresh();
        waiter.done(this.state.ply > ply);
      }, SOCKET_MOVE_WAIT_MS);
      this.sentMove = waiter;
    });
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
      this.showError(STRINGS.couldNotLoad(err.message));
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
    this.playPremove();
    if (next.status !== "active" && this.socket) {
      this.socket.close();
      this.socket = null;
      this.setConnection("ended");
    }
  }

  follow() {
    this.socket = new ReconnectingSocket(this.ctx.urls.socket, {
      query: () => ({ since: String(this.state.ply) }),
      onStatus: (status) => {
        this.socketLive = status === "live";
        this.setConnection(status);
      },
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
            clock: msg.clock ?? this.state.clock ?? null,
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
          if (this.sentMove && msg.ply === this.sentMove.ply + 1) this.sentMove.done(true);
          else this.playPremove();
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
        if (this.sentMove) {
          const sent = this.sentMove;
          this.refresh().then(() => sent.done(false));
        }
        break;
      case "draw_declined":
        // The state only says the offer is gone; the offering player should hear why.
        if (msg.by && msg.by !== this.ctx.my_color) {
          this.drawNotice = { text: STRINGS.drawDeclined, ply: this.state.ply };
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
          clock_paused: !!msg.clock_paused, clock: msg.clock ?? this.state.clock ?? null,
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
    if (this.premove) {
      const planning = s.status === "active" && !this.myTurn && this.ctx.my_color;
      this.premove.enable(planning ? this.ctx.my_color : null);
      if (s.status !== "active" && this.premove.move) this.premove.cancel();
    }
    this.renderClocks();
    if (this.playAgain && s.status !== "active" && !this.playAgainLooked) {
      this.playAgainLooked = true; // an offer may already wait (or ours, after a reload)
      this.playAgain.look();
    }
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
    if (s.status !== "active") return describeResult(s, this.ctx.termination_words, this.ctx.on_time);
    const mover = colorName(s.turn);
    if (this.myTurn) return STRINGS.yourTurn;
    return STRINGS.toMove(mover, playerName(s[mover]));
  }

  renderDeadline() {
    const s = this.state;
    clearTimeout(this.firstMoveTimer);
    if (s.clock) {
      // A live game's clocks say the time; before a side's first move only its timer runs.
      let text = "";
      if (s.status === "active" && !s.clock.running && s.deadline) {
        const seconds = Math.max(0, Math.ceil((new Date(s.deadline).getTime() - Date.now()) / 1000));
        text = CLOCK_WORDS.firstMove(seconds);
        if (seconds > 0) this.firstMoveTimer = setTimeout(() => this.renderDeadline(), 1000);
      }
      this.$(".deadline").textContent = text;
      this.$(".deadline").title = text ? CLOCK_WORDS.firstMoveTitle : "";
      return;
    }
    this.$(".deadline").textContent = s.status !== "active" ? ""
      : s.clock_paused ? STRINGS.clockStopped
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
      theirOffer ? STRINGS.theyOfferDraw : STRINGS.youOfferedDraw;
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
    el.textContent = STRINGS.connection[status] || status;
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
