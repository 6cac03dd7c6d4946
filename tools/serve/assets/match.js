// Best-of-three matches (R2.4–R2.6, A26): the score beside the table, the swap page between
// duels (the seat's own deck and sideboard with counts; a click moves one copy across), the
// loser's choice of who plays first, and the match's result. Uses table.js.
"use strict";

Object.assign(WORDS.en, {
  bestOfThree: "Best-of-three match (decks with sideboards)",
  matchDuel: "Match · duel", matchDraw: "draw", matchWon: "You win the match", matchLost: "You lose the match",
  matchDrawn: "The match is a draw (A26)", matchRestored: "Both lists are back as they were before the match (R2.5).",
  swapTitle: "Between duels: swap cards (R2.5)",
  swapHelp: "Click a card to move one copy between deck and sideboard. The deck stays at its size and the sideboard at its. Confirm with nothing moved to keep your lists.",
  swapDeck: "Deck", swapSide: "Sideboard", swapReset: "Reset", swapConfirm: "Confirm",
  swapRefused: "Refused, nothing changed: ",
  chooseFirst: "You lost the last duel: choose who plays first in the next (R2.6).",
  playFirst: "Play first", playSecond: "Play second",
  waitSwap: "Waiting for the opponent to swap…", waitChoose: "The opponent lost the last duel and chooses who plays first…",
  firstWas: "first:", replayDuel: "Duel",
});
Object.assign(WORDS.ja, {
  bestOfThree: "3本勝負のマッチ（サイドボード付きデッキ）",
  matchDuel: "マッチ・第", matchDraw: "引き分け", matchWon: "マッチに勝利しました", matchLost: "マッチに敗北しました",
  matchDrawn: "マッチは引き分けです（A26）", matchRestored: "両者のデッキとサイドボードはマッチ前の内容に戻りました（R2.5）。",
  swapTitle: "対戦の合間：カードの入れ替え（R2.5）",
  swapHelp: "カードをクリックすると1枚がデッキとサイドボードの間を移動します。デッキとサイドボードの枚数は変えられません。何も動かさずに確定すると、そのままのリストで続けます。",
  swapDeck: "デッキ", swapSide: "サイドボード", swapReset: "元に戻す", swapConfirm: "確定",
  swapRefused: "受け付けられませんでした（変更なし）：",
  chooseFirst: "前の対戦に負けました：次の対戦の先攻・後攻を選んでください（R2.6）。",
  playFirst: "先攻", playSecond: "後攻",
  waitSwap: "相手の入れ替えを待っています…", waitChoose: "前の対戦に負けた相手が先攻・後攻を選んでいます…",
  firstWas: "先攻：", replayDuel: "対戦",
});

// The seat's match as last sent, and the copies moved on the swap page but not yet sent.
const match = { view: null, out: [], into: [] };

function matchView(msg) {
  match.view = msg;
  // The server's lists are the truth: what was moved and not accepted is put back.
  match.out = [];
  match.into = [];
  drawMatch();
}

const seatIndex = (seat) => (seat === "One" ? 0 : 1);

// `list` with one copy less of each card in `minus` and one more of each in `plus`
// (cards named by `from` when the list has none), counts of zero left out.
function moved(list, minus, plus, from) {
  const rows = list.map((c) => ({ ...c }));
  for (const d of minus) {
    const row = rows.find((c) => c.def === d);
    if (row) row.count -= 1;
  }
  for (const d of plus) {
    const row = rows.find((c) => c.def === d);
    if (row) row.count += 1;
    else rows.push({ ...from.find((c) => c.def === d), count: 1 });
  }
  return rows.filter((c) => c.count > 0);
}

function take(list, d) {
  const i = list.indexOf(d);
  if (i < 0) return false;
  list.splice(i, 1);
  return true;
}

function swapRow(card, onclick) {
  return el("li", {}, el("button", { type: "button", class: "swap-card", "data-def": card.def, onclick },
    `${card.count}× ${card.name}`, el("span", { class: "printed" }, ` ${card.cost}${card.power ? ` · ${card.power}` : ""}`)));
}

function drawSwap(v) {
  const all = [...v.deck, ...v.sideboard];
  const deck = moved(v.deck, match.out, match.into, all);
  const side = moved(v.sideboard, match.into, match.out, all);
  const size = (l) => l.reduce((n, c) => n + c.count, 0);
  $("swap-deck-title").textContent = `${t("swapDeck")} ${size(deck)}`;
  $("swap-side-title").textContent = `${t("swapSide")} ${size(side)}`;
  $("swap-deck").replaceChildren(...deck.map((c) => swapRow(c, () => {
    if (!take(match.into, c.def)) match.out.push(c.def);
    drawMatch();
  })));
  $("swap-side").replaceChildren(...side.map((c) => swapRow(c, () => {
    if (!take(match.out, c.def)) match.into.push(c.def);
    drawMatch();
  })));
  $("swap-refused").hidden = !v.refused;
  $("swap-refused").textContent = v.refused ? t("swapRefused") + v.refused : "";
}

function drawMatch() {
  const v = match.view;
  $("match-area").hidden = v === null;
  if (v === null) return;
  const me = seatIndex(v.seat);
  const results = v.results.map((w, i) =>
    `${i + 1}: ${w === null ? t("matchDraw") : seatIndex(w) === me ? t("you") : t("them")}`);
  const first = v.firsts[v.duel - 1];
  const firstText = v.stage === "playing" && first ? ` · ${t("firstWas")} ${seatIndex(first) === me ? t("you") : t("them")}` : "";
  $("match-score").textContent = `${t("matchDuel")} ${v.duel} · ${t("you")} ${v.wins[me]} – ${v.wins[1 - me]} ${t("them")}${
    results.length ? ` (${results.join(", ")})` : ""}${firstText}`;
  $("swap").hidden = v.stage !== "swap";
  if (v.stage === "swap") drawSwap(v);
  $("choose-first").hidden = v.stage !== "choose_first";
  const waiting = { opponent_swaps: "waitSwap", opponent_chooses: "waitChoose" }[v.stage];
  $("match-wait").hidden = !waiting;
  $("match-wait").textContent = waiting ? t(waiting) : "";
  $("match-over").hidden = v.stage !== "over";
  if (v.stage === "over") {
    const outcome = v.winner === null ? "matchDrawn" : seatIndex(v.winner) === me ? "matchWon" : "matchLost";
    $("match-over").textContent = `${t(outcome)} ${v.wins[me]}–${v.wins[1 - me]}. ${t("matchRestored")}`;
  }
  document.body.dataset.matchStage = v.stage;
  document.body.dataset.matchDuel = v.duel;
}

// The replay viewer on a whole match's file: the duel shown, chosen in the replay bar.
$("replay-bar").insertBefore(el("label", { id: "replay-duel-pick", hidden: "" },
  el("span", { "data-t": "replayDuel" }), " ", el("select", { id: "replay-duel" })), $("replay-step"));

function replayDuels(info) {
  $("replay-duel-pick").hidden = info.duels.length === 0;
  $("replay-duel").replaceChildren(...info.duels.map((start, k) => el("option", { value: start }, String(k + 1))));
}

function replayDuelAt(index) {
  const starts = viewer.info.duels;
  if (!starts.length) return;
  let k = 0;
  while (k + 1 < starts.length && starts[k + 1] <= index) k += 1;
  $("replay-duel").value = String(starts[k]);
  document.body.dataset.replayDuel = k + 1;
}

$("replay-duel").addEventListener("change", () => showFrame(Number($("replay-duel").value)));
$("swap-reset").addEventListener("click", () => { match.out = []; match.into = []; drawMatch(); });
$("swap-confirm").addEventListener("click", () => send({ kind: "swap", out: match.out, into: match.into }));
$("play-first").addEventListener("click", () => send({ kind: "play_first", first: true }));
$("play-second").addEventListener("click", () => send({ kind: "play_first", first: false }));
$("lang").addEventListener("click", drawMatch);

words();
