// The page of boardgames_fr's web app: plain JavaScript, no build step, nothing fetched
// from elsewhere. It uses only the JSON API of docs/frontend.md.
"use strict";

const WORDS = {
  fr: {
    other: "English", games: "Choisissez un jeu", players: "Joueurs", start: "Commencer",
    options: "Options", seats: "Places", here: "une personne à cet écran",
    remote: "une personne ailleurs (lien)", bot_random: "bot au hasard",
    bot_heuristic: "bot heuristique", bot_search: "bot de recherche", table: "Compagnon de table : entrer les dés et les cartes tirés à la main",
    seed: "Graine (vide : au hasard)", play: "Jouer", load: "Reprendre une sauvegarde",
    replay: "Revoir une sauvegarde", your_turn: "À vous de jouer", waiting: "On attend",
    over: "Partie finie", winner: "Gagnant", winners: "Gagnants", scores: "Scores",
    undo: "Reprendre le coup", redo: "Rejouer le coup", save: "Télécharger la sauvegarde",
    log: "Journal", pass: "Passez l'appareil à", iam: "Je suis", links: "Liens des joueurs à distance (à envoyer à chacun)",
    table_turn: "Entrez ce que la table a tiré", draw: "Laisser l'ordinateur tirer",
    secret: "Toutes les cartes que ce tirage peut donner : ce qui reste dans la pioche est secret.",
    prev: "◀ Précédent", next: "Suivant ▶", step: "Coup", of: "sur", seat: "Place",
    you_are: "Vous êtes", chance: "Hasard", choose_seats: "Places de la partie chargée",
  },
  en: {
    other: "Français", games: "Choose a game", players: "Players", start: "Start",
    options: "Options", seats: "Seats", here: "a person at this screen",
    remote: "a person elsewhere (link)", bot_random: "random bot",
    bot_heuristic: "heuristic bot", bot_search: "search bot", table: "Table companion: enter the dice and cards drawn by hand",
    seed: "Seed (empty: random)", play: "Play", load: "Load a save",
    replay: "Replay a save", your_turn: "Your turn", waiting: "Waiting for",
    over: "Game over", winner: "Winner", winners: "Winners", scores: "Scores",
    undo: "Undo", redo: "Redo", save: "Download the save",
    log: "Log", pass: "Pass the device to", iam: "I am", links: "Links of the remote players (send one to each)",
    table_turn: "Enter what the table drew", draw: "Let the computer draw",
    secret: "Every card this draw can give: what is left in the deck is secret.",
    prev: "◀ Previous", next: "Next ▶", step: "Move", of: "of", seat: "Seat",
    you_are: "You are", chance: "Chance", choose_seats: "Seats of the loaded game",
  },
};

let lang = localStorage.getItem("bgf-lang") || document.documentElement.lang || "fr";
const main = document.getElementById("main");
let rerender = () => {};

function t(key) { return WORDS[lang][key]; }

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function showError(message) {
  const box = document.getElementById("error");
  box.textContent = message || "";
  box.hidden = !message;
}

async function api(method, path, { body, key, query, raw } = {}) {
  const params = new URLSearchParams({ lang, ...(query || {}) });
  const headers = {};
  if (key) headers["X-Key"] = key;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${path}?${params}`, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (raw && response.ok) return response.text();  // a save, byte for byte
  const data = (response.headers.get("Content-Type") || "").startsWith("application/json")
    ? await response.json() : await response.text();
  if (!response.ok) throw new Error(data.error || String(response.status));
  return data;
}

function setLang(value) {
  lang = value;
  localStorage.setItem("bgf-lang", lang);
  document.documentElement.lang = lang;
  document.getElementById("lang").textContent = t("other");
  rerender();
}

document.getElementById("lang").addEventListener("click", () => setLang(lang === "fr" ? "en" : "fr"));

// --- the start page ---------------------------------------------------------------

let BOTS = ["heuristic", "random"];  // replaced by the server's list (/api/games)

function seatChoices(n, prefix) {
  // Seat 1: a person at this screen; the others: the first bot the server names.
  const box = el("fieldset", { id: prefix + "seats" }, el("legend", { text: t("seats") }));
  const kinds = ["here", "remote", ...BOTS.map((b) => "bot_" + b)];
  for (let i = 0; i < n; i++) {
    const select = el("select", { name: "seat" + i, "data-seat": i });
    const chosen = i === 0 ? "here" : "bot_" + BOTS[0];
    for (const kind of kinds) {
      select.append(el("option", { value: kind, text: t(kind) || kind.slice(4), selected: kind === chosen }));
    }
    box.append(el("label", {}, `${t("seat")} ${i + 1} : `, select));
  }
  return box;
}

function readSeats(box) {
  return [...box.querySelectorAll("select")].map((s) =>
    s.value.startsWith("bot_") ? { kind: "bot", bot: s.value.slice(4) } : { kind: s.value });
}

function optionField(o) {
  let input;
  if (o.kind === "bool") {
    input = el("input", { type: "checkbox", name: o.name, checked: o.default });
  } else if (o.kind === "choice") {
    input = el("select", { name: o.name });
    for (const c of o.choices) input.append(el("option", { value: JSON.stringify(c), text: String(c), selected: c === o.default }));
  } else if (o.kind === "int") {
    input = el("input", { type: "number", name: o.name, value: o.default, min: o.min, max: o.max });
  } else {
    input = el("input", { type: "text", name: o.name, value: o.default });
  }
  return el("label", {}, `${o.name} `, input, el("span", { class: "help", text: o.help }));
}

function readOptions(box, options) {
  const out = {};
  for (const o of options) {
    const input = box.querySelector(`[name="${o.name}"]`);
    let value;
    if (o.kind === "bool") value = input.checked;
    else if (o.kind === "choice") value = JSON.parse(input.value);
    else if (o.kind === "int") value = Number(input.value);
    else value = input.value;
    if (JSON.stringify(value) !== JSON.stringify(o.default)) out[o.name] = value;
  }
  return out;
}

async function startMatch(body) {
  const created = await api("POST", "/api/matches", { body });
  sessionStorage.setItem("bgf-links-" + created.match, JSON.stringify(created.seat_keys));
  location.href = `/play/${created.match}#key=${created.host_key}`;
}

function gameForm(game) {
  const form = el("form", { id: "new-game" }, el("h2", { text: game.name }), el("p", { text: game.summary }));
  const players = el("select", { name: "players" });
  for (const n of game.players) players.append(el("option", { value: n, text: n, selected: n === game.default_players }));
  let seats = seatChoices(game.default_players, "");
  players.addEventListener("change", () => { const s = seatChoices(Number(players.value), ""); seats.replaceWith(s); seats = s; });
  const optionsBox = el("fieldset", {}, el("legend", { text: t("options") }), ...game.options.map(optionField));
  const table = el("input", { type: "checkbox", name: "table", disabled: !game.chance });
  const seed = el("input", { type: "number", name: "seed" });
  form.append(el("label", {}, `${t("players")} `, players), seats, optionsBox,
    el("label", {}, table, " " + t("table")), el("label", {}, `${t("seed")} `, seed),
    el("button", { type: "submit", class: "primary", id: "start", text: t("start") }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { game: game.id, players: Number(players.value), seats: readSeats(seats),
      options: readOptions(optionsBox, game.options), chance: table.checked ? "explicit" : "auto" };
    if (seed.value !== "") body.seed = Number(seed.value);
    try { await startMatch(body); } catch (e) { showError(e.message); }
  });
  return form;
}

function fileInput(id, onText) {
  const input = el("input", { type: "file", id, accept: ".json,application/json" });
  input.addEventListener("change", async () => { if (input.files[0]) onText(await input.files[0].text()); });
  return input;
}

async function startPage() {
  document.getElementById("title").textContent = "";
  const games = await api("GET", "/api/games");
  if (games.length) BOTS = [...games[0].bots].sort((a, b) => (a === "heuristic" ? -1 : b === "heuristic" ? 1 : 0));
  const formBox = el("div", { id: "form-box" });
  const list = el("div", { class: "games" });
  for (const g of games) {
    list.append(el("div", { class: "game-card", "data-game": g.id },
      el("h2", { text: g.name }), el("p", { text: g.summary }), el("p", { text: g.players_text }),
      el("button", { type: "button", class: "primary", "data-play": g.id, text: t("play"),
        onclick: () => { formBox.replaceChildren(gameForm(g)); formBox.scrollIntoView(); } })));
  }
  const loadBox = el("div", { id: "load-box" });
  const load = fileInput("load-file", (text) => {
    let n = 2;
    try { n = JSON.parse(text).num_players || 2; } catch (e) { /* the server says why */ }
    const seats = seatChoices(n, "load-");
    loadBox.replaceChildren(el("h3", { text: t("choose_seats") }), seats,
      el("button", { type: "button", class: "primary", id: "load-start", text: t("start"),
        onclick: async () => { try { await startMatch({ log: text, seats: readSeats(seats) }); } catch (e) { showError(e.message); } } }));
  });
  const replay = fileInput("replay-file", async (text) => {
    try {
      const r = await api("POST", "/api/replays", { body: { log: text } });
      location.href = `/replay/${r.replay}`;
    } catch (e) { showError(e.message); }
  });
  main.replaceChildren(el("h1", { text: t("games") }), list, formBox,
    el("h2", { text: t("load") }), load, loadBox, el("h2", { text: t("replay") }), replay);
}

// --- the play page ------------------------------------------------------------------

function svgImage(svg) {
  // An image, not inline markup: the picture can run no script and load nothing.
  return el("img", { src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg), alt: "" });
}

function playPage(matchId) {
  const key = new URLSearchParams(location.hash.slice(1)).get("key") || "";
  let view = null;
  let asked = null; // the local seat that said it holds the device
  let timer = null;
  let busy = false;
  let shown = "";
  const links = JSON.parse(sessionStorage.getItem("bgf-links-" + matchId) || "{}");

  const query = () => (asked === null ? {} : { seat: asked });

  async function refresh() {
    clearTimeout(timer);
    try {
      const v = await api("GET", `/api/matches/${matchId}`, { key, query: query() });
      draw(v);
    } catch (e) { showError(e.message); }
    schedule();
  }

  function schedule() {
    clearTimeout(timer);
    if (!view || view.over) return;
    const wait = view.bot_in !== null ? Math.max(30, view.bot_in * 1000 + 20) : 1000;
    timer = setTimeout(refresh, wait);
  }

  async function send(path, body) {
    if (busy) return;
    busy = true;
    for (const b of main.querySelectorAll("button.action, .tools button")) b.disabled = true;
    try {
      const v = await api("POST", `/api/matches/${matchId}/${path}`, { key, body, query: query() });
      showError("");
      draw(v);
    } catch (e) {
      showError(e.message);
      await refresh();
    } finally {
      busy = false;
      schedule();
    }
  }

  function download() {
    api("GET", `/api/matches/${matchId}/save`, { key, raw: true }).then((text) => {
      const blob = new Blob([text], { type: "application/json" });
      const a = el("a", { href: URL.createObjectURL(blob), download: `${view.game}-${view.version}.json` });
      document.body.append(a);
      a.click();
      a.remove();
    }).catch((e) => showError(e.message));
  }

  function draw(v) {
    const signature = `${v.version}|${v.lang}|${v.viewer}|${v.handover}|${v.to_move}`;
    view = v;
    if (signature === shown) return;
    shown = signature;
    if (v.handover === null && asked !== null && v.viewer !== asked) asked = null;
    document.getElementById("title").textContent = v.name;
    if (v.handover !== null) {
      main.replaceChildren(el("div", { id: "handover" },
        el("p", { text: `${t("pass")} ${v.handover_name}` }),
        el("button", { type: "button", class: "primary", id: "handover-ok", text: `${t("iam")} ${v.handover_name}`,
          onclick: () => { asked = v.handover; refresh(); } })));
      return;
    }
    // The tab's title tells a person elsewhere, looking at another tab, that it is their turn.
    document.title = (v.your_turn ? "● " : "") + v.name;
    let status;
    if (v.over) status = t("over");
    else if (v.your_turn) status = v.to_move === -1 ? t("table_turn") : `${t("your_turn")} (${v.to_move_name})`;
    else status = `${t("waiting")} : ${v.to_move_name}`;
    const side = el("div", { id: "side" });
    if (v.viewer_name) side.append(el("p", { id: "you", text: `${t("you_are")} ${v.viewer_name}` }));
    side.append(el("p", { id: "status", class: v.your_turn ? "turn" : "", text: status }));
    if (v.over) {
      const label = v.winners.length === 1 ? t("winner") : t("winners");
      side.append(el("div", { id: "result" },
        el("p", { text: `${label} : ${v.winners.join(", ")}` }),
        el("p", { text: `${t("scores")} : ` + v.seats.map((s, i) => `${s.name} ${v.scores[i]}`).join(", ") })));
    }
    const actions = el("div", { id: "actions" });
    if (v.to_move === -1 && v.your_turn) {
      if (v.secret_draw) actions.append(el("p", { class: "chance-note", text: t("secret") }));
      actions.append(el("button", { type: "button", class: "action draw", id: "draw", text: t("draw"),
        onclick: () => send("act", { version: v.version, action: { draw: true } }) }));
    }
    const groups = new Map();
    for (const a of v.actions) {
      const button = el("button", { type: "button", class: "action", text: a.label,
        onclick: () => send("act", { version: v.version, action: a.action }) });
      if (!a.group) { actions.append(button); continue; }
      if (!groups.has(a.group)) {
        const box = el("fieldset", {}, el("legend", { text: a.group }));
        groups.set(a.group, box);
        actions.append(box);
      }
      groups.get(a.group).append(button);
    }
    const tools = el("div", { class: "tools" },
      el("button", { type: "button", id: "undo", text: t("undo"), disabled: !v.can_undo, onclick: () => send("undo") }),
      el("button", { type: "button", id: "redo", text: t("redo"), disabled: !v.can_redo, onclick: () => send("redo") }),
      v.role === "host" ? el("button", { type: "button", id: "save", text: t("save"), disabled: !v.can_save, onclick: download }) : null);
    side.append(actions, tools);
    if (v.role === "host" && Object.keys(links).length) {
      const box = el("div", { id: "links" }, el("h3", { text: t("links") }));
      for (const [seat, seatKey] of Object.entries(links)) {
        const url = `${location.origin}/play/${matchId}#key=${seatKey}`;
        box.append(el("label", {}, v.seats[Number(seat)].name, el("input", { readonly: true, value: url, "data-seat-link": seat })));
      }
      side.append(box);
    }
    const log = el("ol", { id: "log" }, ...v.log.map((e) => el("li", { text: `${e.who} : ${e.what}` })));
    side.append(el("h3", { text: t("log") }), log);
    const board = el("div", { id: "board" }, svgImage(v.svg), el("pre", { id: "private", text: v.text }));
    main.replaceChildren(el("div", { class: "play" }, board, side));
    log.scrollTop = log.scrollHeight;
  }

  rerender = () => { shown = ""; refresh(); };
  refresh();
}

// --- the replay viewer ----------------------------------------------------------------

function replayPage(replayId) {
  let step = 0;
  let steps = 0;
  async function show() {
    try {
      const f = await api("GET", `/api/replays/${replayId}/${step}`);
      steps = f.steps;
      document.getElementById("title").textContent = f.name;
      const slider = el("input", { type: "range", min: 0, max: steps, value: step, id: "replay-slider",
        oninput: (e) => { step = Number(e.target.value); show(); } });
      main.replaceChildren(
        el("div", { class: "replay-nav" },
          el("button", { type: "button", id: "prev", text: t("prev"), disabled: step === 0, onclick: () => { step -= 1; show(); } }),
          slider,
          el("button", { type: "button", id: "next", text: t("next"), disabled: step === steps, onclick: () => { step += 1; show(); } }),
          el("span", { id: "replay-step", text: `${t("step")} ${step} ${t("of")} ${steps}` })),
        el("p", { id: "replay-move", text: f.who ? `${f.who} : ${f.what}` : f.what }),
        f.over ? el("p", { id: "result", text: `${t(f.winners.length === 1 ? "winner" : "winners")} : ${f.winners.join(", ")}` }) : null,
        el("div", { id: "board" }, svgImage(f.svg), el("pre", { id: "private", text: f.text })));
      showError("");
    } catch (e) { showError(e.message); }
  }
  rerender = show;
  show();
}

// --- routing --------------------------------------------------------------------------

document.documentElement.lang = lang;
document.getElementById("lang").textContent = t("other");
const path = location.pathname.split("/");
if (path[1] === "play" && path[2]) playPage(path[2]);
else if (path[1] === "replay" && path[2]) replayPage(path[2]);
else { rerender = () => startPage().catch((e) => showError(e.message)); rerender(); }
