// The dzero play table: draws the seat's state as the server sends it and sends back only
// indices into the legal actions it was given. A play is announced by clicking its card, then
// chosen piece by piece where the pieces are: squares and targets on the board, cost and
// paying cards in their zones, the rest (X, done, automatic payment, cancel) as buttons.
"use strict";

const WORDS = {
  en: {
    connecting: "connecting…", connected: "connected", closed: "connection closed — reload the page",
    newGame: "New game", deck1: "Seat 1 deck", deck2: "Seat 2 deck", yourSeat: "Your seat",
    opponent: "Opponent", seed: "Seed", start: "Start", human: "a second human (open a seat)",
    inviteText: "Open this link in another tab or on another machine to play the other seat:",
    hand: "Your hand", stack: "Stack", log: "Log", card: "Card", announcing: "Announcing",
    chosen: "Chosen", next: "Next",
    deck: "Deck", theirHand: "Hand", graveyard: "Graveyard", energy: "Energy", smash: "Smash",
    remove: "Remove", plan: "Plan", turn: "Turn", priority: "priority", you: "you", them: "opponent",
    waiting: "waiting for the opponent…",
    pending: "pending", power: "power", damage: "damage",
    validation: "Validation", back: "Back to the lobby", validating: "validating the served sets…",
    set: "Set", cards: "Cards", textOnly: "Text only", lua: "Lua", vanilla: "Vanilla",
    problems: "Problems", noProblem: "no problem", notLoaded: "the set does not load",
    elsewhere: "Files outside the served sets",
  },
  ja: {
    connecting: "接続中…", connected: "接続済み", closed: "接続が切れました。再読み込みしてください",
    newGame: "新しいゲーム", deck1: "席1のデッキ", deck2: "席2のデッキ", yourSeat: "あなたの席",
    opponent: "対戦相手", seed: "シード", start: "開始", human: "人間（席を開く）",
    inviteText: "別のタブか別のマシンでこのリンクを開くと、もう一方の席で遊べます：",
    hand: "あなたの手札", stack: "スタック", log: "ログ", card: "カード", announcing: "宣言中",
    chosen: "選択済み", next: "次に選ぶもの",
    deck: "山札", theirHand: "手札", graveyard: "墓地", energy: "エネルギー", smash: "スマッシュ",
    remove: "リムーブ", plan: "計画", turn: "ターン", priority: "優先権", you: "あなた", them: "相手",
    waiting: "相手を待っています…",
    pending: "待機中", power: "パワー", damage: "ダメージ",
    validation: "検証", back: "ロビーに戻る", validating: "提供中のセットを検証しています…",
    set: "セット", cards: "カード", textOnly: "テキストのみ", lua: "Lua", vanilla: "能力なし",
    problems: "問題", noProblem: "問題なし", notLoaded: "セットを読み込めません",
    elsewhere: "提供中のセット外のファイル",
  },
};
const KEYWORDS = [[1, "accel", "加速"], [2, "haste", "速攻"], [4, "hexproof", "相手の対象にならない"], [8, "shroud", "対象にならない"]];

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let lang = localStorage.getItem("dzero-lang") === "ja" ? "ja" : "en";
let socket = null;
let state = null;
let defs = new Map();
let selected = null;
let detailCard = null;
// The menu of a clicked card's (or square's) actions when it has several: the actions and
// where it was clicked.
let menu = null;
let log = [];

function t(key) { return WORDS[lang][key] ?? key; }

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

function send(msg) { socket.send(JSON.stringify(msg)); }

function words() {
  document.documentElement.lang = lang;
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = t(e.dataset.t);
  $("lang").textContent = lang === "en" ? "日本語" : "English";
}

function connect() {
  socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
  socket.onopen = () => { $("status").textContent = t("connected"); };
  socket.onclose = () => { $("status").textContent = t("closed"); };
  socket.onmessage = (ev) => receive(JSON.parse(ev.data));
}

function receive(msg) {
  switch (msg.kind) {
    case "lobby": return lobby(msg);
    case "joined": return joined(msg);
    case "state": return table(msg);
    case "validation": return validation(msg);
    case "saved": return saved(msg);
    case "replay_opened": return replayOpened(msg);
    case "replay_frame": return replayFrame(msg);
    case "reloaded": return reloaded(msg);
    case "match": return matchView(msg);
    case "error":
      showError(msg.message);
      // A seat link that does not open (wrong token, finished game): back to the lobby.
      if (state === null && params.has("game") && lobby.offer) {
        params.delete("game");
        history.replaceState(null, "", location.pathname);
        lobby(lobby.offer);
      }
      return;
  }
}

function showError(text) {
  const box = $("error");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { box.hidden = true; }, 5000);
}

function lobby(msg) {
  lobby.offer = msg;
  if (params.has("game")) {
    send({ kind: "join", game: Number(params.get("game")), seat: Number(params.get("seat")),
           token: params.get("token") ?? "", lang });
    return;
  }
  for (const id of ["deck1", "deck2"]) {
    const s = $(id);
    s.replaceChildren(...msg.decks.map((d, i) => el("option", { value: i }, `${d.set} / ${d.name}`)));
  }
  $("deck2").value = String(Math.min(1, msg.decks.length - 1));
  drawDimensionChoice();
  $("opponent").replaceChildren(...msg.opponents.map((o) => el("option", { value: o }, o === "human" ? t("human") : o)));
  $("opponent").value = msg.opponents.includes("greedy") ? "greedy" : msg.opponents[0];
  $("lobby").hidden = false;
}

function validate() {
  validation.last = null;
  $("lobby").hidden = true;
  $("validation").hidden = false;
  $("validation-status").textContent = t("validating");
  $("validation-sets").replaceChildren();
  send({ kind: "validate" });
}

function problemList(problems) {
  if (problems.length === 0) return el("p", {}, t("noProblem"));
  return el("ol", { class: "problems" }, ...problems.map((p) => el("li", {},
    el("code", {}, p.line === 0 ? p.file : `${p.file}:${p.line}:${p.col}`),
    p.card === null ? null : ` 「${p.card}」`, `: ${p.message}`,
    p.snippet === "" ? null : el("pre", {}, p.snippet))));
}

function validation(msg) {
  if ($("validation").hidden) return;
  validation.last = msg;
  const count = (n) => (n === undefined ? "—" : String(n));
  const blocks = msg.sets.map((s) => el("section", { class: "set-validation" },
    el("h3", {}, s.id),
    el("table", {},
      el("tr", {}, ...["set", "cards", "textOnly", "lua", "vanilla", "problems"].map((k) => el("th", {}, t(k)))),
      el("tr", {}, el("td", {}, s.id), ...["cards", "text_only", "lua", "vanilla"].map((k) => el("td", {}, count(s.counts?.[k]))),
        el("td", {}, String(s.problems.length)))),
    s.counts === null ? el("p", {}, t("notLoaded")) : null,
    problemList(s.problems)));
  if (msg.elsewhere.length > 0) {
    blocks.push(el("section", { class: "set-validation" }, el("h3", {}, t("elsewhere")), problemList(msg.elsewhere)));
  }
  $("validation-status").textContent = "";
  $("validation-sets").replaceChildren(...blocks);
}

function backToLobby() {
  $("validation").hidden = true;
  $("lobby").hidden = false;
}

function joined(msg) {
  const url = new URL(location.href);
  url.search = `?game=${msg.game}&seat=${msg.seat}&token=${msg.token}`;
  history.replaceState(null, "", url);
  $("lobby").hidden = true;
  $("table").hidden = false;
  if (msg.invite) {
    const link = new URL(location.href);
    link.search = msg.invite;
    $("invite-link").href = link.href;
    $("invite-link").textContent = link.href;
    $("invite").hidden = false;
  }
  log = [];
}

const mine = (player) => player === state.seat;
const defOf = (card) => defs.get(card.def);
// The key of a card named by place (a face-down card in a zone).
const placeKey = (p) => `${p.owner}:${p.zone}:${p.index}`;

// The seat's legal actions, each with its index.
function listed() {
  return state.actions.map((a, i) => ({ ...a, index: i }));
}

function actionsFor(card) {
  return listed().filter((a) => a.card === card);
}

function actionsAtPlace(key) {
  return listed().filter((a) => a.place && placeKey(a.place) === key);
}

function cardView(card, extra = "") {
  const d = defOf(card);
  const cls = ["card", mine(card.stats?.controller ?? card.owner) ? "mine" : "theirs", extra];
  if (card.frozen) cls.push("frozen");
  if (actionsFor(card.id).length) cls.push("can-act");
  if (selected === card.id) cls.push("selected");
  const ann = state.announcement;
  if (ann && ann.card === card.id) cls.push("announced");
  if (ann && ann.chosen.includes(card.id)) cls.push("chosen");
  const e = el("div", { class: cls.join(" "), "data-card": card.id },
    el("span", { class: "name" }, d ? d.name : `#${card.id}`));
  if (card.stats) {
    const s = card.stats;
    e.append(el("span", { class: "stats" }, `${s.power}${s.damage ? ` −${s.damage}` : ""} / ◆${s.smash}`));
    const kw = KEYWORDS.filter(([bit]) => s.keywords & bit).map(([, en, ja]) => (lang === "ja" ? ja : en));
    if (kw.length) e.append(el("div", { class: "kw" }, kw.join(" ")));
  } else if (d) {
    e.append(el("span", { class: "printed" }, d.power || d.smash ? `${d.cost} · ${d.power} / ◆${d.smash}` : d.cost));
  }
  e.addEventListener("click", (ev) => {
    ev.stopPropagation();
    detailCard = card;
    offer(actionsFor(card.id), card.id, e);
  });
  return e;
}

// A face-down card; `place` (owner:zone:index) when the seat's actions may name it by place.
function back(frozen, place = null) {
  const cls = ["card", "back"];
  if (frozen) cls.push("frozen");
  const acts = place === null ? [] : actionsAtPlace(place);
  if (acts.length) cls.push("can-act");
  if (place !== null && (state.announcement?.places ?? []).some((p) => placeKey(p) === place)) cls.push("chosen");
  const e = el("div", { class: cls.join(" ") });
  if (place !== null) e.dataset.place = place;
  if (acts.length) e.addEventListener("click", (ev) => { ev.stopPropagation(); offer(acts, place, e); });
  return e;
}

// A click on a card or square with actions `acts`: one announcement or piece is taken at once;
// several actions (a card's uses: play, ☆ method, ● abilities, move), or one that is not part
// of an announcement (energy, smash), open a menu beside what was clicked.
function offer(acts, key, elem) {
  if (acts.length === 0) {
    selected = null;
    menu = null;
  } else if (acts.length === 1 && !["energy", "smash"].includes(acts[0].what)) {
    act(acts[0].index);
    return;
  } else {
    selected = selected === key ? null : key;
    const r = elem.getBoundingClientRect();
    menu = selected === null ? null : { acts, left: r.left, top: r.bottom };
  }
  draw();
}

// The picked card's definition, as the latest state has it (a reload may have changed it).
function drawDetail() {
  const d = detailCard && defOf(detailCard);
  if (d) $("detail").textContent = `${d.name}\n${d.kind}  ${d.cost}  ${t("power")} ${d.power}  ◆${d.smash}\n${d.text}`;
}

function act(index) {
  send({ kind: "act", version: state.version, index });
  selected = null;
  menu = null;
}

function drawMenu() {
  const box = $("menu");
  box.hidden = menu === null;
  if (menu === null) return;
  box.replaceChildren(...menu.acts.map((a) =>
    el("button", { type: "button", class: "option", onclick: (ev) => { ev.stopPropagation(); act(a.index); draw(); } }, a.text)));
  box.style.left = `${Math.max(0, Math.min(menu.left, innerWidth - box.offsetWidth - 8))}px`;
  box.style.top = `${Math.min(menu.top + 4, innerHeight - box.offsetHeight - 8)}px`;
}

function table(msg) {
  state = msg;
  defs = new Map(msg.cards.map((c) => [c.def, c]));
  if (msg.log_start === 0) log = [];
  log.push(...msg.log);
  selected = null;
  menu = null;
  draw();
}

function zoneBox(title, ...content) {
  return el("div", { class: "zone" }, el("h4", {}, title), el("div", { class: "cards" }, ...content));
}

function zones(z, owner, own) {
  const boxes = [zoneBox(t("deck"), String(z.deck))];
  if (!own) boxes.push(zoneBox(t("theirHand"), ...Array.from({ length: z.hand_count }, (_, i) => back(false, `${owner}:hand:${i}`))));
  boxes.push(zoneBox(t("plan"), z.plan ? cardView(z.plan) : "—"));
  boxes.push(zoneBox(`${t("energy")} ${z.energy.length}`, ...z.energy.map((c) => cardView(c))));
  boxes.push(zoneBox(`${t("smash")} ${z.smash.length}`, ...z.smash.map((c, i) => back(c.frozen, `${owner}:smash:${i}`))));
  boxes.push(zoneBox(`${t("graveyard")} ${z.graveyard.length}`, ...z.graveyard.slice(-6).map((c) => cardView(c))));
  boxes.push(zoneBox(`${t("remove")} ${z.remove.length}`, ...z.remove.map((c) => cardView(c))));
  return boxes;
}

function draw() {
  const s = state;
  const me = s.seat === "One" ? 0 : 1;
  const them = s.seat === "One" ? "Two" : "One";
  const obs = s.obs;
  $("turn").textContent = `${t("turn")} ${obs.turn} · ${s.phase} · ${t("priority")}: ${
    obs.priority === null ? "—" : mine(obs.priority) ? t("you") : t("them")}`;
  $("prompt").textContent = s.actions.length ? s.prompt : s.result ? "" : `${s.prompt} — ${t("waiting")}`;
  $("result").hidden = !s.result;
  $("result").textContent = s.result ?? "";
  $("their-zones").replaceChildren(...zones(obs.players[1 - me], them, false));
  $("my-zones").replaceChildren(...zones(obs.players[me], s.seat, true));
  $("hand").replaceChildren(...(obs.players[me].hand ?? []).map((c) => cardView(c)));
  drawBoard();
  drawDetail();
  drawControls();
  drawChoice();
  $("stack").replaceChildren(...s.frames.flatMap((f, i) => {
    const pendingLevel = i < s.frames.length - 1 ? ` (${t("pending")})` : "";
    const rows = f.items.map((item) => el("div", {}, item + pendingLevel));
    if (f.battle) rows.unshift(el("div", {}, `⚔ ${f.battle}`));
    return rows;
  }));
  $("log").replaceChildren(...log.slice(-200).map((line) => el("li", {}, line)));
  $("side").scrollTop = $("side").scrollHeight;
  document.body.dataset.version = s.version;
  document.body.dataset.decides = s.actions.length ? "yes" : "no";
  document.body.dataset.over = s.result ? "yes" : "no";
  document.body.dataset.announcing = s.announcement ? "yes" : "no";
  drawPlaytest();
  drawCommand();
  drawAnnouncement();
  drawMenu();
}

function drawBoard() {
  const s = state;
  const flip = s.seat === "Two";
  const rows = [3, 2, 1, 0, -1];
  if (flip) rows.reverse();
  const cols = flip ? [2, 1, 0] : [0, 1, 2];
  const battles = new Set(s.obs.frames.filter((f) => f.battle).map((f) => f.battle.square));
  const chosen = new Set(s.announcement?.squares ?? []);
  const squares = [];
  for (const r of rows) for (const c of cols) {
    const sq = s.squares.find((q) => q.row === r && q.col === c);
    const here = s.obs.field.filter((f) => f.loc.Square === sq.index);
    const acts = listed().filter((a) => a.square === sq.index);
    const cls = ["square", r < 0 || r > 2 ? "base" : "battle"];
    if (acts.length) cls.push("target");
    if (chosen.has(sq.index)) cls.push("chosen");
    if (battles.has(sq.index)) cls.push("battle-here");
    const e = el("div", { class: cls.join(" "), "data-square": sq.index },
      ...here.map((f) => cardView(f)), el("span", { class: "label" }, sq.label));
    if (acts.length) e.addEventListener("click", (ev) => { ev.stopPropagation(); offer(acts, `square:${sq.index}`, e); });
    squares.push(e);
  }
  $("board").replaceChildren(...squares);
}

// The buttons of the decisions taken outside the board: passing, ending a phase, the plan
// zone and the die, a mulligan (an announcement's pieces are in its own bar).
function drawControls() {
  const general = state.announcement ? [] : listed()
    .filter((a) => a.card === null && a.square === null && a.what !== "choose");
  $("general").replaceChildren(...general.map((a) =>
    el("button", { type: "button", class: ["pass", "energy", "smash"].includes(a.what) ? "pass" : "general",
                   onclick: () => act(a.index) }, a.text)));
}

// The announcement in progress: what is used, the pieces chosen so far and the one chosen
// next, with a button for each option not clickable on the table (X, done, automatic
// payment, a player or stack item target, a card not shown) and Cancel last.
function drawAnnouncement() {
  const ann = state.announcement;
  const box = $("announcement");
  box.hidden = !ann;
  if (!ann) return;
  const shown = (a) => (a.square !== null) || (a.card !== null && (a.place
    ? document.querySelector(`#table [data-place="${placeKey(a.place)}"]`)
    : document.querySelector(`#table [data-card="${a.card}"]`)) !== null);
  const buttons = listed().filter((a) => a.what !== "cancel" && !shown(a));
  const cancel = listed().filter((a) => a.what === "cancel");
  const parts = [el("div", { class: "what" }, `${t("announcing")}: `, el("b", {}, ann.what))];
  if (ann.pieces.length) parts.push(el("div", { class: "pieces" }, `${t("chosen")}: ${ann.pieces.join(" · ")}`));
  if (state.actions.length) parts.push(el("div", { class: "next" }, `${t("next")}: ${ann.step}`));
  box.replaceChildren(...parts,
    el("div", { id: "pick" },
      ...buttons.map((a) => el("button", { type: "button", class: "pick", "data-what": a.what,
                                           onclick: () => act(a.index) }, a.text)),
      ...cancel.map((a) => el("button", { type: "button", class: "cancel", id: "cancel",
                                          onclick: () => act(a.index) }, a.text))));
}

function drawChoice() {
  const dialog = $("choice");
  const choices = listed().filter((a) => a.what === "choose");
  if (!choices.length) {
    if (dialog.open) dialog.close();
    return;
  }
  $("question").textContent = state.question ?? state.prompt;
  $("choice-options").replaceChildren(...choices.map((a) =>
    el("button", { type: "button", class: "option", onclick: () => { dialog.close(); act(a.index); } }, a.text)));
  if (!dialog.open) dialog.showModal();
}

$("lang").addEventListener("click", () => {
  lang = lang === "en" ? "ja" : "en";
  localStorage.setItem("dzero-lang", lang);
  words();
  if (state) send({ kind: "lang", lang });
  if (validation.last) validation(validation.last);
  if (lobby.offer) drawDimensionChoice();
});

$("validate").addEventListener("click", validate);
$("validation-back").addEventListener("click", backToLobby);

$("new-game").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const seed = $("seed").value.trim();
  if (seed !== "" && !/^\d{1,15}$/.test(seed)) {
    showError(lang === "ja" ? "シードは数字で入力してください" : "the seed must be a whole number");
    return;
  }
  send({ kind: $("match").checked ? "new_match" : "new", decks: [Number($("deck1").value), Number($("deck2").value)],
         seat: Number($("seat").value), opponent: $("opponent").value,
         seed: seed === "" ? null : Number(seed), dimensions: chosenDimensions(), lang });
});

$("choice").addEventListener("cancel", (ev) => ev.preventDefault());

// Escape closes a card's menu, else withdraws the announcement in progress.
document.addEventListener("keydown", (ev) => {
  if (ev.key !== "Escape" || state === null) return;
  const cancel = listed().find((a) => a.what === "cancel");
  if (menu !== null) {
    selected = null;
    menu = null;
    draw();
  } else if (cancel) {
    act(cancel.index);
  }
});

document.addEventListener("click", () => {
  if (menu !== null) {
    selected = null;
    menu = null;
    draw();
  }
});

words();
connect();
