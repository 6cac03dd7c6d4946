// Playtesting around the table: undo and save during a game, going on with a saved game, and
// the replay viewer (step back and forth, jump to a turn, either seat's view). Uses table.js.
"use strict";

Object.assign(WORDS.en, {
  files: "Saved games and replays", loadGame: "Go on with a saved game (uses the seat and opponent above):",
  openReplay: "Watch a replay:", undo: "Undo", save: "Save", jump: "Go", viewOf: "View of seat",
  step: "Step", setup: "setup", noTurn: "no such turn in this replay", diverged: "This replay no longer plays the same: ",
  readFailed: "the file cannot be read",
  savedEdited: "Saved. The cards were edited during this game: the replay re-runs on the current cards only up to the first step the edits change.",
});
Object.assign(WORDS.ja, {
  files: "保存したゲームとリプレイ", loadGame: "保存したゲームの続きを遊ぶ（上の席と対戦相手を使います）：",
  openReplay: "リプレイを見る：", undo: "取り消し", save: "保存", jump: "移動", viewOf: "視点：席",
  step: "ステップ", setup: "準備", noTurn: "そのターンはこのリプレイにありません", diverged: "このリプレイは今のカードでは同じに進みません：",
  readFailed: "ファイルを読み込めません",
  savedEdited: "保存しました。このゲーム中にカードが編集されたため、リプレイは編集が影響する最初のステップまでしか今のカードで再現できません。",
});

// The replay open in the viewer: its info and the state shown.
const viewer = { info: null, at: 0 };

function drawPlaytest() {
  const undo = $("undo");
  undo.hidden = !state || state.undo === 0;
  undo.textContent = state && state.undo > 0 ? `${t("undo")} (${state.undo})` : t("undo");
  $("save").hidden = !state || !state.save;
}

function saved(msg) {
  const url = URL.createObjectURL(new Blob([msg.replay], { type: "application/json" }));
  const a = el("a", { href: url, download: msg.name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  document.body.dataset.saved = msg.name;
  if (msg.edited) showError(t("savedEdited"));
}

/// Reads the file chosen in `input` and hands its text to `use`.
function readFile(input, use) {
  const file = input.files[0];
  input.value = "";
  if (!file) return;
  file.text().then(use, () => showError(t("readFailed")));
}

function replayOpened(msg) {
  viewer.info = msg;
  viewer.at = 0;
  replayDuels(msg);
  $("lobby").hidden = true;
  $("table").hidden = false;
  $("replay-bar").hidden = false;
  document.body.classList.add("viewing");
  $("replay-note").textContent = msg.divergence ? t("diverged") + msg.divergence : "";
  showFrame(0);
}

function showFrame(index) {
  const last = viewer.info.turns.length - 1;
  viewer.at = Math.max(0, Math.min(last, index));
  send({ kind: "replay_show", index: viewer.at, seat: Number($("replay-seat").value), lang });
}

function replayFrame(msg) {
  if (!viewer.info) return;
  state = msg.view;
  defs = new Map(state.cards.map((c) => [c.def, c]));
  log = state.log;
  selected = null;
  menu = null;
  draw();
  const info = viewer.info;
  const last = info.turns.length - 1;
  $("replay-at").textContent = `${t("step")} ${msg.index} / ${last} · ${t("turn")} ${info.turns[msg.index]}`;
  $("replay-step").textContent = msg.step ?? `${info.decks[0]} (${info.players[0]}) — ${info.decks[1]} (${info.players[1]}) · ${t("setup")}`;
  $("result").hidden = msg.index !== last || !info.result;
  $("result").textContent = info.result ?? "";
  document.body.dataset.replayAt = msg.index;
  replayDuelAt(msg.index);
}

function jumpToTurn() {
  const turn = Number($("replay-turn").value);
  const i = viewer.info.turns.indexOf(turn);
  if (!Number.isInteger(turn) || i < 0) {
    showError(t("noTurn"));
    return;
  }
  showFrame(i);
}

$("undo").addEventListener("click", () => send({ kind: "undo" }));
$("save").addEventListener("click", () => send({ kind: "save" }));
$("load-file").addEventListener("change", (ev) => readFile(ev.target, (replay) =>
  send({ kind: "load", replay, seat: Number($("seat").value), opponent: $("opponent").value, lang })));
$("replay-file").addEventListener("change", (ev) => readFile(ev.target, (replay) =>
  send({ kind: "open_replay", replay })));
$("replay-first").addEventListener("click", () => showFrame(0));
$("replay-prev").addEventListener("click", () => showFrame(viewer.at - 1));
$("replay-next").addEventListener("click", () => showFrame(viewer.at + 1));
$("replay-last").addEventListener("click", () => showFrame(Infinity));
$("replay-go").addEventListener("click", jumpToTurn);
$("replay-turn").addEventListener("keydown", (ev) => { if (ev.key === "Enter") jumpToTurn(); });
$("replay-seat").addEventListener("change", () => showFrame(viewer.at));
$("replay-lobby").addEventListener("click", () => {
  viewer.info = null;
  state = null;
  document.body.classList.remove("viewing");
  $("replay-bar").hidden = true;
  $("table").hidden = true;
  $("lobby").hidden = false;
});
$("lang").addEventListener("click", () => { if (viewer.info) showFrame(viewer.at); });
document.addEventListener("keydown", (ev) => {
  if (!viewer.info || ev.target.tagName === "INPUT") return;
  if (ev.key === "ArrowRight") showFrame(viewer.at + 1);
  if (ev.key === "ArrowLeft") showFrame(viewer.at - 1);
});

words();
