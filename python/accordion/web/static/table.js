// The web table: the row drawn with the package's card pictures, piles picked and
// dropped by click, tap or keys, and the solver's help. Every rule is the server's:
// the page draws the state it is sent and asks for each action.

import * as api from "./api.js";
import * as record from "./record.js";

const $ = (id) => document.getElementById(id);

const view = {
  id: null,
  state: null,
  games: [],
  picked: null, // the place picked up, or null
  focus: 0, // the place the keyboard is on
  hinted: [], // places lit by a hint
  steps: [], // the solution's moves not yet played
  counted: false, // whether this game's end went into the record
  assisted: false, // whether hint, solution or analysis was used in this game
  busy: false,
};

// What the last action said; an error is marked as one (and drawn so) until the next.
function say(text, error = false) {
  $("say").textContent = text;
  $("say").classList.toggle("error", error);
}

function gameOf(name) {
  return view.games.find((game) => game.name === name) || view.games[0];
}

// The difficulty levels deals are drawn at, as the server lists them (GET /api/games).
function levels() {
  return [...new Set(view.games.flatMap((game) => game.levels))];
}

function listed(words) {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

function drawSpecHelp() {
  const choices = ["winnable", ...levels()];
  $("spec").placeholder = `number, ${choices.slice(0, 2).join(", ")}…`;
  $("spec-help").textContent =
    `empty: a random deal; a number; ${listed(choices)}; or a row of cards`;
}

// Drawing --------------------------------------------------------------------------

function drawChoices() {
  const select = $("game");
  select.replaceChildren(
    ...view.games.map((game) => {
      const option = document.createElement("option");
      option.value = game.name;
      option.textContent = game.title;
      return option;
    }),
  );
}

function drawRules(name, chosen) {
  const game = gameOf(name);
  $("rules").replaceChildren(
    ...game.rules.map((rules) => {
      const option = document.createElement("option");
      option.value = rules;
      option.textContent = rules;
      option.selected = rules === chosen;
      return option;
    }),
  );
}

function pile(data, state) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "pile";
  button.dataset.place = data.place;
  button.dataset.card = data.top;
  const number = document.createElement("span");
  number.className = "number";
  number.textContent = String(data.place + 1);
  number.setAttribute("aria-hidden", "true");
  const picture = document.createElement("img");
  picture.src = `/cards/${data.top}/${data.cards.length}.svg`;
  picture.alt = "";
  picture.width = 56;
  picture.height = 78;
  button.append(number, picture);
  let label = data.label;
  const target = view.picked !== null && targetsOf(view.picked).includes(data.place);
  if (view.picked === data.place) {
    button.classList.add("picked");
    button.setAttribute("aria-pressed", "true");
    label += ", picked up";
  } else {
    button.setAttribute("aria-pressed", "false");
  }
  if (target) {
    button.classList.add("target");
    label += ", a place to move to";
  } else if (view.picked === null && data.targets.length) {
    button.classList.add("movable");
    label += ", can move";
  }
  if (view.hinted.includes(data.place)) {
    button.classList.add("hinted");
    label += ", hinted";
  }
  button.setAttribute("aria-label", label);
  button.tabIndex = data.place === view.focus ? 0 : -1;
  button.addEventListener("click", () => choose(data.place));
  return button;
}

function targetsOf(place) {
  const found = view.state.piles[place];
  return found ? found.targets : [];
}

function draw() {
  const state = view.state;
  $("title").textContent = state.title;
  document.title = `${state.title} — accordion`;
  $("status").textContent = state.status;
  const row = $("row");
  const piles = state.piles.map((data) => pile(data, state));
  if (state.blind) {
    const stock = document.createElement("button");
    stock.type = "button";
    stock.className = "stock";
    stock.textContent = String(state.stock);
    stock.setAttribute(
      "aria-label",
      `${state.stock_name}: ${state.stock} card${state.stock === 1 ? "" : "s"} face down` +
        (state.can_deal ? ", deal the next" : ""),
    );
    stock.disabled = !state.can_deal;
    stock.addEventListener("click", () => perform("deal"));
    piles.push(stock);
  }
  row.replaceChildren(...piles);
  const enabled = {
    undo: state.can_undo,
    redo: state.can_redo,
    deal: state.can_deal,
    forced: state.automatic && !state.over,
    hint: !state.over,
    solve: !state.over,
    analyse: !state.over,
    restart: state.can_undo,
  };
  for (const button of document.querySelectorAll("#actions [data-do]")) {
    button.disabled = !enabled[button.dataset.do];
  }
  document.querySelector('[data-do="deal"]').hidden = !state.blind;
  document.querySelector('[data-do="forced"]').hidden = !state.automatic;
  $("next-step").disabled = view.steps.length === 0;
  drawRecord();
}

function drawRecord() {
  const games = record.read();
  const rows = Object.keys(games)
    .sort()
    .map((name) => {
      const entry = games[name];
      const tr = document.createElement("tr");
      for (const value of [
        name,
        entry.played,
        entry.won,
        entry.best ?? "–",
        entry.streak,
        entry.best_streak,
      ]) {
        const cell = document.createElement("td");
        cell.textContent = String(value);
        tr.append(cell);
      }
      return tr;
    });
  if (!rows.length) {
    const tr = document.createElement("tr");
    const cell = document.createElement("td");
    cell.colSpan = 6;
    cell.textContent = "no game finished yet";
    tr.append(cell);
    rows.push(tr);
  }
  document.querySelector("#record-table tbody").replaceChildren(...rows);
}

function focusPile(place) {
  const count = view.state.piles.length;
  if (!count) return;
  view.focus = Math.max(0, Math.min(place, count - 1));
  for (const button of document.querySelectorAll("#row .pile")) {
    button.tabIndex = Number(button.dataset.place) === view.focus ? 0 : -1;
  }
  const button = document.querySelector(`#row .pile[data-place="${view.focus}"]`);
  if (button) button.focus();
}

// Talking to the server --------------------------------------------------------------

async function perform(action, extra = {}, options = {}) {
  if (!view.id || view.busy) return null;
  view.busy = true;
  document.body.classList.add("busy");
  const before = view.state;
  try {
    const answer = await api.act(view.id, { action, ...extra });
    const fresh = answer.state;
    if (fresh.deal !== before.deal || (!fresh.can_undo && before.can_undo && action !== "undo")) {
      leaving(before);
    }
    view.state = fresh;
    view.picked = null;
    view.hinted = [];
    if (!["hint", "solve", "analyse", "state"].includes(action)) {
      if (!options.step) view.steps = [];
      $("analysis").hidden = true;
    }
    if (answer.hint) {
      view.hinted = answer.hint.places;
      view.assisted = true;
      if (answer.hint.places.length) view.focus = answer.hint.places[0];
    }
    if (answer.solution) showSolution(answer.solution);
    if (answer.analysis) showAnalysis(answer.analysis);
    say(answer.message || "");
    draw();
    ended();
    return answer;
  } catch (error) {
    say(error.message, true);
    if (error.status === 404) await openFresh({ game: before.game, rules: before.rules });
    return null;
  } finally {
    view.busy = false;
    document.body.classList.remove("busy");
  }
}

function leaving(state) {
  // A game left after a move without its end counted is counted as not won.
  if (state && !view.counted && state.can_undo && !state.over) {
    record.add(record.key(state.game, state.rules, state.blind), {
      won: false,
      left: state.left,
      assisted: view.assisted,
    });
  }
  view.counted = false;
  view.assisted = false;
  view.steps = [];
  $("solution").hidden = true;
  $("analysis").hidden = true;
}

function ended() {
  const state = view.state;
  if (!state.over) {
    view.counted = false;
    return;
  }
  if (view.counted) return;
  view.counted = true;
  record.add(record.key(state.game, state.rules, state.blind), {
    won: state.won,
    left: state.left,
    assisted: view.assisted,
  });
  drawRecord();
  say(state.ending);
}

// Open a table on `request`; whether it opened (if not, the server's error is said).
async function openFresh(request) {
  try {
    await openTable(request);
    return true;
  } catch (error) {
    say(error.message, true);
    return false;
  }
}

// Open a table on `request` and draw it, or throw the server's error.
async function openTable(request) {
  const answer = await api.openTable(request);
  if (view.state) leaving(view.state);
  if (view.id) api.closeTable(view.id).catch(() => {});
  view.id = answer.id;
  view.state = answer.state;
  view.picked = null;
  view.hinted = [];
  view.focus = 0;
  $("game").value = answer.state.game;
  drawRules(answer.state.game, answer.state.rules);
  $("blind").checked = answer.state.blind;
  say(`${answer.state.title}. ${answer.state.replay}`);
  draw();
  const query = new URLSearchParams({ game: answer.state.game, rules: answer.state.rules });
  // The number as text: a JavaScript number is not exact past 2**53.
  if (answer.state.seed_text !== null) query.set("seed", answer.state.seed_text);
  else query.set("deal", answer.state.deal);
  if (answer.state.blind) query.set("blind", "1");
  history.replaceState(null, "", `?${query}`);
}

// Picking and dropping ----------------------------------------------------------------

function choose(place) {
  view.focus = place;
  if (view.picked !== null) {
    if (targetsOf(view.picked).includes(place)) {
      const from = view.picked;
      view.picked = null;
      perform("move", { from, to: place }).then(() => focusPile(place));
      return;
    }
    if (view.picked === place) {
      view.picked = null;
      say("put back");
      draw();
      focusPile(place);
      return;
    }
  }
  const targets = targetsOf(place);
  if (!targets.length) {
    view.picked = null;
    say(`${view.state.piles[place].label}: it cannot move now`);
    draw();
    focusPile(place);
    return;
  }
  view.picked = place;
  view.hinted = [];
  const names = targets.map((target) => `${target + 1}`).join(", ");
  say(`picked up ${view.state.piles[place].label}; it can go to ${view.state.piece} ${names}`);
  draw();
  focusPile(place);
}

function dragging(row) {
  // A pile pressed and released over one of its targets moves there (a mouse drag;
  // a tap is a click, above). Pressed and released on different piles, the browser
  // sends no click to either, so the two ways never both act.
  let from = null;
  row.addEventListener("pointerdown", (event) => {
    const pile = event.target.closest(".pile");
    from = pile && targetsOf(Number(pile.dataset.place)).length ? Number(pile.dataset.place) : null;
  });
  row.addEventListener("pointerup", (event) => {
    const start = from;
    from = null;
    if (start === null) return;
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const pile = under && under.closest("#row .pile");
    if (!pile) return;
    const to = Number(pile.dataset.place);
    if (to === start || !targetsOf(start).includes(to)) return;
    view.picked = null;
    perform("move", { from: start, to }).then(() => focusPile(to));
  });
}

// The solver's help ------------------------------------------------------------------

function showSolution(solution) {
  view.assisted = true;
  view.steps = solution.steps.map((step) => step.move);
  const list = $("steps");
  list.replaceChildren(
    ...solution.steps.map((step) => {
      const item = document.createElement("li");
      item.textContent = step.text;
      item.dataset.move = step.move;
      return item;
    }),
  );
  let words = solution.verdict;
  if (solution.peeks) words += " (reading the stock)";
  words += solution.steps.length
    ? `: ${solution.steps.length} step${solution.steps.length === 1 ? "" : "s"}`
    : ": no move left";
  $("solution-verdict").textContent = words;
  $("solution").hidden = false;
}

async function nextStep() {
  const move = view.steps[0];
  if (move === undefined) {
    say("no step left: ask for the solution (s)");
    return;
  }
  const answer = await perform("play", { spec: move }, { step: true });
  if (answer) {
    view.steps.shift();
    const first = $("steps").querySelector("li:not(.done)");
    if (first) first.classList.add("done");
    $("next-step").disabled = view.steps.length === 0;
  }
}

function showAnalysis(rated) {
  view.assisted = true;
  const list = $("rated");
  list.replaceChildren(
    ...rated.map((item) => {
      const entry = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = `${item.text}: ${item.verdict}`;
      button.className = item.winnable ? "keeps" : "loses";
      button.addEventListener("click", () => perform("play", { spec: item.move }));
      entry.append(button);
      return entry;
    }),
  );
  $("analysis").hidden = false;
}

// Keys ---------------------------------------------------------------------------------

function bandStep(direction) {
  // The pile straight above or below the focused one (the row wraps into bands).
  const buttons = [...document.querySelectorAll("#row .pile")];
  const here = buttons[view.focus];
  if (!here) return view.focus;
  const box = here.getBoundingClientRect();
  let best = null;
  for (const button of buttons) {
    const other = button.getBoundingClientRect();
    const below = other.top > box.top + box.height / 2;
    const above = other.top < box.top - box.height / 2;
    if ((direction > 0 && !below) || (direction < 0 && !above)) continue;
    const score = Math.abs(other.top - box.top) * 10 + Math.abs(other.left - box.left);
    if (best === null || score < best.score) best = { score, place: Number(button.dataset.place) };
  }
  return best === null ? view.focus : best.place;
}

// The letters that perform one of the table's actions (the key help, #keys, lists them).
const ACTION_KEYS = { h: "hint", u: "undo", r: "redo", d: "deal", f: "forced", s: "solve", a: "analyse" };

function onKey(event) {
  const inForm = event.target.closest && event.target.closest("form, select, input");
  if (inForm || event.altKey || event.metaKey) return;
  const key = event.key;
  const ctrl = event.ctrlKey;
  if (ctrl && (key === "z" || key === "Z")) return prevent(event, () => perform("undo"));
  if (ctrl && (key === "y" || key === "Y")) return prevent(event, () => perform("redo"));
  if (ctrl && (key === "r" || key === "R")) return prevent(event, () => perform("restart"));
  if (ctrl) return;
  const onPile = event.target.classList && event.target.classList.contains("pile");
  if (Object.hasOwn(ACTION_KEYS, key)) return prevent(event, () => perform(ACTION_KEYS[key]));
  switch (key) {
    case "ArrowRight":
      return prevent(event, () => focusPile(view.focus + 1));
    case "ArrowLeft":
      return prevent(event, () => focusPile(view.focus - 1));
    case "ArrowDown":
      return prevent(event, () => focusPile(bandStep(1)));
    case "ArrowUp":
      return prevent(event, () => focusPile(bandStep(-1)));
    case "Home":
      return prevent(event, () => focusPile(0));
    case "End":
      return prevent(event, () => focusPile(view.state.piles.length - 1));
    case "Enter":
    case " ":
      if (onPile) return prevent(event, () => choose(view.focus));
      return undefined;
    case "Escape":
      view.picked = null;
      $("keys").hidden = true;
      say("put back");
      draw();
      return focusPile(view.focus);
    case ".":
      return prevent(event, () => nextStep());
    case "n":
      return prevent(event, () => $("spec").focus());
    case "?":
      return prevent(event, toggleKeys);
    default:
      return undefined;
  }
}

function prevent(event, work) {
  event.preventDefault();
  work();
}

function toggleKeys() {
  const keys = $("keys");
  keys.hidden = !keys.hidden;
  $("keys-button").setAttribute("aria-expanded", String(!keys.hidden));
}

// The form: a new deal -------------------------------------------------------------------

function request(extra = {}) {
  const request = {
    game: $("game").value,
    rules: $("rules").value,
    blind: $("blind").checked,
    ...extra,
  };
  const spec = $("spec").value.trim();
  if (/^\d+$/.test(spec)) request.seed = BigInt(spec); // exact, whatever its size
  else if (["winnable", ...levels()].includes(spec.toLowerCase())) {
    request.new = spec.toLowerCase();
  } else if (spec) request.deal = spec;
  return request;
}

async function start() {
  try {
    view.games = await api.games();
  } catch (error) {
    say(error.message, true);
    return;
  }
  drawChoices();
  drawSpecHelp();
  const query = new URLSearchParams(location.search);
  const first = { game: query.get("game") || "accordion" };
  for (const name of ["rules", "deal"]) if (query.get(name)) first[name] = query.get(name);
  // Deal numbers as BigInt: exact up to 2**64 - 1 (a Number is not past 2**53).
  const wrong = [];
  for (const name of ["seed", "pysol", "cards"]) {
    const value = query.get(name);
    if (value === null) continue;
    if (/^\d+$/.test(value)) first[name] = BigInt(value);
    else wrong.push(`${name} ${JSON.stringify(value.slice(0, 60))} is not a whole number`);
  }
  if (query.get("blind") === "1") first.blind = true;
  if (query.get("two_way") === "1") first.two_way = true;
  if (query.get("distances")) first.distances = query.get("distances").split(",").map(Number);
  if (query.get("new")) first.new = query.get("new");
  // An address that names no deal the server can open is said, and stays said over
  // the random deal opened instead (of its game if that exists).
  let problem = wrong.length ? `the address's ${listed(wrong)}` : null;
  if (problem === null) {
    try {
      await openTable(first);
    } catch (error) {
      problem = error.message;
    }
  }
  if (problem !== null) {
    for (const instead of [{ game: first.game }, { game: "accordion" }]) {
      try {
        await openTable(instead);
        break;
      } catch (error) {
        // the next one
      }
    }
    const opened = view.state ? `. Opened a random deal instead: ${view.state.title}` : "";
    say(`${problem}${opened}`, true);
  }

  $("game").addEventListener("change", () => drawRules($("game").value, null));
  $("choose").addEventListener("submit", (event) => {
    event.preventDefault();
    openFresh(request()).then((opened) => {
      if (opened) focusPile(0);
    });
  });
  for (const button of document.querySelectorAll("#actions [data-do]")) {
    button.addEventListener("click", () => perform(button.dataset.do));
  }
  dragging($("row"));
  $("keys-button").addEventListener("click", toggleKeys);
  $("next-step").addEventListener("click", nextStep);
  document.addEventListener("keydown", onKey);
  window.addEventListener("pagehide", () => {
    if (view.id) fetch(`/api/table/${view.id}`, { method: "DELETE", keepalive: true }).catch(() => {});
  });
  document.body.dataset.ready = "1";
}

start();
