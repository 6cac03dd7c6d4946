// 次元戦 / 次元探索戦: the command zone beside the board (R19.8) — the face-up dimension (or a
// phenomenon whose ability is still working), the face-down dimension deck's size and the die
// rolls made this turn; in 次元探索戦 the cross of face-up dimensions with the token on the
// active one (R19.16, R19.17). Drawn from the observation's `command`, which every seat sees.
"use strict";

Object.assign(WORDS.en, {
  command: "Command zone", dimensionDeck: "Dimension deck", rollsThisTurn: "Rolls this turn",
  activeDimension: "Active dimension", noDimension: "none (a phenomenon is working)",
  token: "token",
});
Object.assign(WORDS.ja, {
  command: "統率領域", dimensionDeck: "次元デッキ", rollsThisTurn: "このターンのダイス",
  activeDimension: "有効な次元", noDimension: "なし（現象の処理中）",
  token: "駒",
});

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
