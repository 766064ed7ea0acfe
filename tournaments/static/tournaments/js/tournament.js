// The tournament page kept live: ws/tournaments/<id>/ sends the whole tournament (the REST
// detail) on connect and after every change (a join, a withdrawal, the start, a game's end, a
// new round); the standings, the crosstable, the games and the status are redrawn from it.
// The words come translated from the page (#tournament-texts), in one place.

import { ReconnectingSocket } from "../../games/js/socket.js";

const page = document.getElementById("tournament");
const TEXT = JSON.parse(document.getElementById("tournament-texts").textContent);

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

function link(href, text) {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  return a;
}

function drawStandings(t) {
  const body = document.querySelector("#standings tbody");
  const swiss = t.system === "swiss";
  const rows = t.standings.map((s) => {
    const tr = document.createElement("tr");
    tr.dataset.player = s.username;
    if (s.withdrawn) tr.classList.add("withdrawn");
    const name = document.createElement("td");
    name.append(link(`/players/${encodeURIComponent(s.username)}/`, s.username));
    const score = cell(String(s.score));
    score.dataset.score = "";
    tr.append(cell(String(s.rank)), name, score);
    if (swiss) tr.append(cell(String(s.buchholz)));
    if (t.system === "arena") {
      const sheet = cell(s.sheet);
      sheet.dataset.sheet = "";
      if (s.fire) {
        const fire = document.createElement("span");
        fire.className = "fire";
        fire.title = TEXT.streak;
        fire.textContent = " 🔥";
        sheet.append(fire);
      }
      tr.append(sheet);
    } else {
      tr.append(cell(String(s.sonneborn_berger)));
    }
    tr.append(cell(String(s.wins)));
    return tr;
  });
  if (!rows.length) {
    const tr = document.createElement("tr");
    const td = cell(TEXT.nobody);
    td.colSpan = 6;
    tr.append(td);
    rows.push(tr);
  }
  body.replaceChildren(...rows);
}

function drawCrosstable(t) {
  const head = document.querySelector("#crosstable thead tr");
  const numbers = t.crosstable.map((_, i) => {
    const th = document.createElement("th");
    th.textContent = String(i + 1);
    return th;
  });
  head.replaceChildren(head.children[0], head.children[1], ...numbers);
  const rows = t.crosstable.map((row, i) => {
    const tr = document.createElement("tr");
    tr.dataset.player = row.username;
    tr.append(cell(String(i + 1)), cell(row.username));
    for (const other of t.crosstable) {
      tr.append(cell(other.username === row.username ? "×" : row.results[other.username] || ""));
    }
    return tr;
  });
  document.querySelector("#crosstable tbody").replaceChildren(...rows);
}

function drawPairings(t) {
  const items = t.pairings.map((p) => {
    const li = document.createElement("li");
    li.dataset.round = String(p.round);
    li.append(`${TEXT.round} ${p.round}: ${p.white} – ${p.black || TEXT.bye} `);
    if (p.game) li.append(link(`/games/${p.game}/`, p.result || TEXT.playing));
    else if (p.result) li.append(p.result);
    return li;
  });
  if (!items.length) {
    const li = document.createElement("li");
    li.textContent = TEXT.no_games;
    items.push(li);
  }
  document.getElementById("pairings").replaceChildren(...items);
}

function drawStatus(t) {
  const status = page.querySelector('[data-field="status"]');
  if (status.dataset.status !== t.status) {
    status.dataset.status = t.status;
    status.textContent = TEXT[t.status];
    // Who may join, withdraw or start changed with the status: the forms come from the server.
    if (t.status !== "created") page.querySelectorAll('[data-action="join"], [data-action="start"], [data-action="invite"]')
      .forEach((button) => button.closest("form").remove());
  }
  page.querySelector('[data-field="nb_players"]').textContent = String(t.nb_players);
  const round = page.querySelector('[data-field="current_round"]');
  if (round) round.textContent = String(t.current_round);
  page.querySelector('[data-field="winner"]').textContent = t.winner || "—";
}

function draw(t) {
  drawStatus(t);
  drawStandings(t);
  drawCrosstable(t);
  drawPairings(t);
  page.dataset.updated = String(Date.now());
}

const socketStatus = page.querySelector("[data-socket-status]");
new ReconnectingSocket(`/ws/tournaments/${page.dataset.tournament}/`, {
  onMessage: (msg) => {
    if (msg.type === "tournament" && msg.tournament) draw(msg.tournament);
  },
  onStatus: (status) => {
    socketStatus.dataset.socket = status;
    socketStatus.textContent = status === "live" ? TEXT.live : TEXT.offline;
  },
}).connect();
