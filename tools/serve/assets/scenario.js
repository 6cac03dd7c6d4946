// The scenario page: the served sets' scenario files, and one of them run by the server and
// shown step by step — the board of each frame (drawn by table.js's draw(), as one seat sees
// it), the step's source lines beside it, and the failing expectation or the file's problems.
"use strict";

Object.assign(WORDS.en, {
  scenarios: "Scenarios", scenarioBack: "Scenarios", running: "running the scenario…",
  listing: "listing the scenario files…", noScenarios: "the served sets have no scenario files",
  prevStep: "◀ Back", nextStep: "Forward ▶", setup: "Setup", step: "Step", line: "line",
  seatView: "Seat {n}'s view", passed: "passed", failed: "failed", invalid: "invalid",
  failedAt: "Step {n} failed (line {l})", setupFailed: "The setup failed",
  expected: "expected", actual: "actual",
});
Object.assign(WORDS.ja, {
  scenarios: "シナリオ", scenarioBack: "シナリオ一覧", running: "シナリオを実行しています…",
  listing: "シナリオファイルを探しています…", noScenarios: "提供中のセットにシナリオファイルはありません",
  prevStep: "◀ 戻る", nextStep: "進む ▶", setup: "初期配置", step: "ステップ", line: "行",
  seatView: "席{n}の視点", passed: "成功", failed: "失敗", invalid: "不正",
  failedAt: "ステップ{n}が失敗しました（{l}行）", setupFailed: "初期配置が失敗しました",
  expected: "期待", actual: "実際",
});

// The open scenario: the server's view of it, the frame shown, the seat whose view is shown.
const scenario = { files: null, view: null, at: 0, seat: 0 };

function fill(key, values) {
  return Object.entries(values).reduce((s, [k, v]) => s.replace(`{${k}}`, v), t(key));
}

function showScenarioList() {
  $("lobby").hidden = true;
  $("scenario").hidden = true;
  $("table").hidden = true;
  document.body.classList.remove("scenario-mode");
  state = null;
  scenario.view = null;
  $("scenario-list").hidden = false;
  $("scenario-list-status").textContent = t("listing");
  send({ kind: "scenarios" });
  drawScenarioList();
}

function drawScenarioList() {
  const files = scenario.files ?? [];
  const sets = [...new Set(files.map((f) => f.set))];
  const blocks = sets.map((set) => el("section", {}, el("h3", {}, set),
    el("ul", {}, ...files.filter((f) => f.set === set).map((f) =>
      el("li", {}, el("button", { type: "button", class: "scenario-file",
                                  onclick: () => openScenario(f.path) }, f.path.slice(set.length + 1)))))));
  if (scenario.files !== null && files.length === 0) blocks.push(el("p", {}, t("noScenarios")));
  $("scenario-files").replaceChildren(...blocks);
}

// Opens a listed file by its path (an index could name another file once the list changed).
function openScenario(path) {
  $("scenario-list-status").textContent = t("running");
  send({ kind: "scenario", index: null, path, lang });
}

function scenarioBackToLobby() {
  $("scenario-list").hidden = true;
  $("lobby").hidden = false;
}

// A run arrived: open it at its failing step, or at the setup.
function showScenario(view) {
  const again = scenario.view !== null && scenario.view.file.path === view.file.path;
  scenario.view = view;
  const failing = view.failure === null ? -1 : view.frames.findIndex((f) => f.step === view.failure.step);
  if (!again) scenario.at = failing >= 0 ? failing : 0;
  scenario.at = Math.min(scenario.at, Math.max(view.frames.length - 1, 0));
  $("scenario-list").hidden = true;
  $("scenario-list-status").textContent = "";
  $("scenario").hidden = false;
  $("table").hidden = view.frames.length === 0;
  document.body.classList.add("scenario-mode");
  $("scenario-title").textContent = view.title;
  $("scenario-outcome").textContent = t(view.outcome);
  $("scenario-outcome").className = view.outcome;
  $("scenario-file").textContent = view.file.path;
  $("scenario-description").textContent = view.description ?? "";
  $("scenario-problems").replaceChildren(...(view.problems.length ? [problemList(view.problems)] : []));
  document.body.dataset.scenario = view.outcome;
  drawScenarioFrame();
}

function drawFailure(view) {
  const f = view.failure;
  if (f === null) return [];
  const head = el("h3", {}, f.step === 0 ? t("setupFailed") : fill("failedAt", { n: f.step, l: f.line }));
  return [head, ...f.findings.map((x) => el("div", { class: "finding" },
    el("div", { class: "what" }, x.lines === null ? x.what : `${t("line")} ${x.lines[0]}: ${x.what}`),
    x.expected === null
      ? el("pre", {}, x.actual)
      : el("pre", {}, `${t("expected")}: ${x.expected}\n${t("actual")}:   ${x.actual}`)))];
}

// The lines to mark red: the failing expectations' lines, the failing step's header when a
// finding names no expectation, and the lines of the file's problems.
function failingLines(view) {
  const lines = new Set();
  for (const p of view.problems) if (p.line > 0) lines.add(p.line);
  if (view.failure !== null) {
    for (const x of view.failure.findings) {
      if (x.lines === null) {
        if (view.failure.line > 0) lines.add(view.failure.line);
      } else {
        for (let l = x.lines[0]; l <= x.lines[1]; l++) lines.add(l);
      }
    }
  }
  return lines;
}

function drawSource(view, frame) {
  const failing = failingLines(view);
  const rows = view.source.split("\n").map((text, i) => {
    const no = i + 1;
    const cls = ["src-line"];
    if (frame && no >= frame.first_line && no <= frame.last_line) cls.push("current");
    if (failing.has(no)) cls.push("failing");
    return el("div", { class: cls.join(" "), "data-line": no }, el("span", { class: "no" }, String(no)), text);
  });
  const src = $("scenario-source");
  src.replaceChildren(...rows);
  // The step in view, its failing line a third of the way down if it has one.
  const shown = src.querySelector(".src-line.current.failing") ?? src.querySelector(".src-line.current");
  src.scrollTop = shown ? shown.offsetTop - src.clientHeight / 3 : 0;
}

function stepName(f) {
  return f.step === 0 ? t("setup") : `${t("step")} ${f.step}`;
}

function drawScenarioFrame() {
  const view = scenario.view;
  const frames = view.frames;
  const frame = frames[scenario.at] ?? null;
  $("scenario-nav").hidden = frame === null;
  $("scenario-prev").disabled = scenario.at <= 0;
  $("scenario-next").disabled = scenario.at >= frames.length - 1;
  $("scenario-seat").textContent = fill("seatView", { n: scenario.seat + 1 });
  $("scenario-at").textContent = frame === null ? "" :
    `${stepName(frame)}${frame.line ? ` · ${t("line")} ${frame.line}` : ""} (${scenario.at + 1}/${frames.length})`;
  const failedStep = view.failure?.step;
  $("scenario-steps").replaceChildren(...frames.map((f, i) => {
    const cls = [i === scenario.at ? "at" : "", f.step === failedStep ? "failed" : ""].join(" ").trim();
    return el("li", {}, el("button", { type: "button", class: cls, "data-frame": i,
                                       onclick: () => { scenario.at = i; drawScenarioFrame(); } }, stepName(f)));
  }));
  $("scenario-failure").replaceChildren(...drawFailure(view));
  drawSource(view, frame);
  document.body.dataset.scenarioStep = frame === null ? "" : String(frame.step);
  if (frame === null) return;
  state = frame.seats[scenario.seat];
  defs = new Map(state.cards.map((c) => [c.def, c]));
  log = state.log.slice();
  selected = null;
  menu = null;
  draw();
  $("prompt").textContent = state.result ? "" : state.prompt;
}

function scenarioStep(by) {
  const view = scenario.view;
  if (view === null) return;
  const at = Math.min(Math.max(scenario.at + by, 0), view.frames.length - 1);
  if (at !== scenario.at) {
    scenario.at = at;
    drawScenarioFrame();
  }
}

socket.addEventListener("message", (ev) => {
  const msg = JSON.parse(ev.data);
  if (msg.kind === "scenarios") {
    scenario.files = msg.files;
    $("scenario-list-status").textContent = "";
    drawScenarioList();
  } else if (msg.kind === "scenario") {
    showScenario(msg);
  } else if (msg.kind === "error") {
    $("scenario-list-status").textContent = "";
  }
});

$("scenarios-open").addEventListener("click", showScenarioList);
$("scenario-list-back").addEventListener("click", scenarioBackToLobby);
$("scenario-back").addEventListener("click", showScenarioList);
$("scenario-prev").addEventListener("click", () => scenarioStep(-1));
$("scenario-next").addEventListener("click", () => scenarioStep(1));
$("scenario-seat").addEventListener("click", () => {
  scenario.seat = 1 - scenario.seat;
  drawScenarioFrame();
});
$("lang").addEventListener("click", () => {
  // The board's words come from the server: the open scenario is run again in the new language.
  if (scenario.view !== null) send({ kind: "scenario", index: null, path: scenario.view.file.path, lang });
  else drawScenarioList();
});
document.addEventListener("keydown", (ev) => {
  if (scenario.view === null || ev.target instanceof HTMLInputElement) return;
  if (ev.key === "ArrowLeft") scenarioStep(-1);
  if (ev.key === "ArrowRight") scenarioStep(1);
});

words();
