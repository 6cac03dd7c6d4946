// Hot reload while playing: the panel that says what the last save of the served sets did to
// the running game — the cards changed and how, a changed card list, or the located problems
// of a rejected edit. It stays until dismissed or replaced by the next reload.
"use strict";

Object.assign(WORDS.en, {
  reloadApplied: "Cards reloaded: the game plays the new definitions",
  reloadNothing: "No card's printed characteristics changed.",
  reloadScripts: "Scripts reloaded:",
  reloadCardList: "The card list changed: this game keeps the cards it started with; start a new game to play the new list",
  reloadAdded: "Added:", reloadRemoved: "Removed:", reloadReordered: "Cards were reordered.",
  reloadRejected: "Edit rejected: the last good version stays in play",
  dismiss: "Dismiss",
  field_cost: "cost", field_move_cost: "move cost", field_power: "power", field_smash: "smash",
  field_timing: "timing", field_race: "race", field_text: "text", field_abilities: "abilities",
});
Object.assign(WORDS.ja, {
  reloadApplied: "カードを再読み込みしました：ゲームは新しい定義で続きます",
  reloadNothing: "印刷された特徴の変わったカードはありません。",
  reloadScripts: "スクリプトを再読み込み：",
  reloadCardList: "カードの一覧が変わりました：このゲームは開始時のカードのままです。新しい一覧は新しいゲームで遊べます",
  reloadAdded: "追加：", reloadRemoved: "削除：", reloadReordered: "カードの順序が変わりました。",
  reloadRejected: "編集を受け付けませんでした：最後の正しい版のまま続きます",
  dismiss: "閉じる",
  field_cost: "コスト", field_move_cost: "移動コスト", field_power: "パワー", field_smash: "スマッシュ",
  field_timing: "タイミング", field_race: "種族", field_text: "テキスト", field_abilities: "能力の数",
});

// The last reload note received (null once dismissed).
let reloadNote = null;

function reloaded(msg) {
  reloadNote = msg;
  drawReload();
}

function cardChange(card) {
  return el("li", { "data-reload-card": card.name }, el("strong", {}, card.name),
    el("ul", {}, ...card.changes.map((c) => el("li", { "data-field": c.field },
      `${t(`field_${c.field}`)}: `, el("del", {}, c.before), " → ", el("ins", {}, c.after)))));
}

function drawReload() {
  const box = $("reload");
  box.hidden = reloadNote === null;
  if (reloadNote === null) return;
  const n = reloadNote;
  box.dataset.outcome = n.outcome;
  const body = [];
  if (n.outcome === "applied") {
    body.push(el("h3", {}, t("reloadApplied")));
    if (n.cards.length === 0 && n.scripts.length === 0) body.push(el("p", {}, t("reloadNothing")));
    if (n.cards.length) body.push(el("ul", { class: "reload-cards" }, ...n.cards.map(cardChange)));
    if (n.scripts.length) body.push(el("p", {}, `${t("reloadScripts")} ${n.scripts.join(", ")}`));
  } else if (n.outcome === "card_list") {
    body.push(el("h3", {}, t("reloadCardList")));
    if (n.added.length) body.push(el("p", {}, `${t("reloadAdded")} ${n.added.join(", ")}`));
    if (n.removed.length) body.push(el("p", {}, `${t("reloadRemoved")} ${n.removed.join(", ")}`));
    if (!n.added.length && !n.removed.length) body.push(el("p", {}, t("reloadReordered")));
  } else {
    body.push(el("h3", {}, t("reloadRejected")), problemList(n.problems));
  }
  box.replaceChildren(el("button", { type: "button", id: "reload-dismiss", onclick: () => {
    reloadNote = null;
    drawReload();
  } }, t("dismiss")), ...body);
}

$("lang").addEventListener("click", drawReload);
