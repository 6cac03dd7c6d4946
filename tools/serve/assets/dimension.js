// 次元戦 / 次元探索戦: in the lobby, the choice of the dimension deck list (R19.2); at the table,
// the command zone beside the board (R19.8) — the face-up dimension (or a phenomenon whose
// ability is still working), the face-down dimension deck's size and the die rolls made this
// turn; in 次元探索戦 the cross of face-up dimensions with the token on the active one (R19.16,
// R19.17). Drawn from the observation's `command`, which every seat sees.
"use strict";

Object.assign(WORDS.en, {
  command: "Command zone", dimensionDeck: "Dimension deck", rollsThisTurn: "Rolls this turn",
  activeDimension: "Active dimension", noDimension: "none (a phenomenon is working)",
  token: "token", dimensionList: "Dimension deck list", refusedList: "not under these rules",
  noList: "the set has no dimension deck list",
});
Object.assign(WORDS.ja, {
  command: "統率領域", dimensionDeck: "次元デッキ", rollsThisTurn: "このターンのダイス",
  activeDimension: "有効な次元", noDimension: "なし（現象の処理中）",
  token: "駒", dimensionList: "次元デッキのリスト", refusedList: "このルールでは使えません",
  noList: "このセットには次元デッキのリストがありません",
});

// The lobby's offer for the set the two chosen decks play in: the one that is, or builds on,
// both decks' sets (as the server finds it); null when none is.
function hostOffer() {
  const offer = lobby.offer;
  const sets = ["deck1", "deck2"].map((id) => offer.decks[Number($(id).value)]?.set);
  return offer.dimensions.find((o) => sets.includes(o.set)
    && sets.every((s) => s === o.set || o.requires.includes(s))) ?? null;
}

// The dimension deck lists of the chosen decks' set, when its rule set has a dimension deck:
// the lists it refuses disabled, why below them; the choice kept while it stays playable, else the
// first playable list (the server's default).
function drawDimensionChoice() {
  const host = hostOffer();
  const pick = $("dimensions-pick");
  pick.hidden = !host?.dimension_deck;
  if (pick.hidden) return;
  const select = $("dimensions");
  const kept = select.value;
  select.replaceChildren(...host.lists.map((l) => (l.refused
    ? el("option", { value: l.name, disabled: "", title: l.refused }, `${l.name} — ${t("refusedList")}`)
    : el("option", { value: l.name }, l.name))));
  if (host.lists.length === 0) select.append(el("option", { value: "", disabled: "" }, t("noList")));
  $("dimensions-note").replaceChildren(...host.lists.filter((l) => l.refused)
    .map((l) => el("span", {}, `${l.name}: ${l.refused}`)));
  const playable = host.lists.filter((l) => !l.refused).map((l) => l.name);
  select.value = playable.includes(kept) ? kept : (playable[0] ?? "");
}

// The chosen list's name for a new game or match; null when there is nothing to choose.
function chosenDimensions() {
  return $("dimensions-pick").hidden || $("dimensions").value === "" ? null : $("dimensions").value;
}


// The cross's positions as a grid, token marked; rows and columns span the cards laid out.
function crossView(cmd) {
  const rows = cmd.cross.map(([p]) => p.row);
  const cols = cmd.cross.map(([p]) => p.col);
  const [r0, r1, c0, c1] = [Math.min(...rows), Math.max(...rows), Math.min(...cols), Math.max(...cols)];
  const grid = el("div", { class: "cross", style: `grid-template-columns: repeat(${c1 - c0 + 1}, auto)` });
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) {
    const here = cmd.cross.find(([p]) => p.row === r && p.col === c);
    const tokenHere = cmd.token && cmd.token.row === r && cmd.token.col === c;
    const cell = el("div", { class: `cell${tokenHere ? " token" : ""}`, "data-row": r, "data-col": c },
      ...(here ? [cardView(here[1])] : []));
    if (tokenHere) cell.append(el("span", { class: "token-mark", title: t("token") }, "●"));
    grid.append(cell);
  }
  return grid;
}

function drawCommand() {
  const box = $("command");
  const cmd = state.obs.command;
  box.hidden = !cmd;
  $("table").classList.toggle("with-command", Boolean(cmd));
  if (!cmd) return;
  const shown = [...(cmd.up ? [cmd.up] : []), ...cmd.cross.map(([, c]) => c)];
  const activeCard = shown.find((c) => c.id === cmd.active);
  const active = activeCard ? defOf(activeCard) : null;
  box.replaceChildren(
    el("h3", {}, t("command")),
    el("div", { id: "active-dimension" },
      `${t("activeDimension")}: ${active ? active.name : t("noDimension")}`),
    cmd.token ? crossView(cmd) : el("div", { class: "cards" }, ...(cmd.up ? [cardView(cmd.up)] : [])),
    el("div", {}, `${t("dimensionDeck")}: ${cmd.deck} · ${t("rollsThisTurn")}: ${cmd.rolls}`));
}

$("deck1").addEventListener("change", drawDimensionChoice);
$("deck2").addEventListener("change", drawDimensionChoice);
words();
