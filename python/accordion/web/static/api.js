// The server's JSON API, as the page uses it (docs/web.md describes every call).

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

// A request body as JSON. A BigInt field (a deal number, up to 2**64 - 1: past 2**53 a
// JavaScript number would change it) is written as its exact digits, which
// JSON.stringify refuses to do.
export function encode(body) {
  const fields = Object.entries(body)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => {
      const text = typeof value === "bigint" ? value.toString() : JSON.stringify(value);
      return `${JSON.stringify(name)}:${text}`;
    });
  return `{${fields.join(",")}}`;
}

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = encode(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new ApiError("the server cannot be reached: is accordion serve still running?", 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch (error) {
    data = null;
  }
  if (!response.ok) {
    const message = data && data.error ? data.error : `the server answered ${response.status}`;
    throw new ApiError(message, response.status);
  }
  return data;
}

export const games = () => call("GET", "/api/games");
export const openTable = (request) => call("POST", "/api/table", request);
export const act = (id, request) => call("POST", `/api/table/${encodeURIComponent(id)}`, request);
export const closeTable = (id) => call("DELETE", `/api/table/${encodeURIComponent(id)}`);
