// The player's record, kept in this browser's localStorage in the layout of the
// terminal table's record.json: {"version": 1, "games": {"accordion modern open":
// {played, won, best, streak, best_streak, assisted}}}. The server keeps nothing.

const KEY = "accordion-record";
const VERSION = 1;

export function read() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || "null");
    if (data && data.version === VERSION && data.games && typeof data.games === "object") {
      return data.games;
    }
  } catch (error) {
    // A damaged record (or no storage) reads as empty; it is not overwritten unless a
    // game is counted.
  }
  return {};
}

export function key(game, rules, blind) {
  return `${game} ${rules} ${blind ? "blind" : "open"}`;
}

export function add(name, { won, left, assisted }) {
  const games = read();
  const entry = Object.assign(
    { played: 0, won: 0, best: null, streak: 0, best_streak: 0, assisted: 0 },
    games[name] || {},
  );
  entry.played += 1;
  entry.assisted += assisted ? 1 : 0;
  entry.best = entry.best === null ? left : Math.min(entry.best, left);
  if (won) {
    entry.won += 1;
    entry.streak += 1;
    entry.best_streak = Math.max(entry.best_streak, entry.streak);
  } else {
    entry.streak = 0;
  }
  games[name] = entry;
  try {
    localStorage.setItem(KEY, JSON.stringify({ version: VERSION, games }));
  } catch (error) {
    // Storage full or refused: the game is simply not counted.
  }
  return entry;
}
