// Tests of the API client: request shape, answer decoding and the typed error.
import { describe, expect, it } from "vitest";
import { deferred, fakeTransport, jsonResponse, textResponse } from "../test/fakeTransport";
import { ApiClient, UNKNOWN_OUTCOME } from "./ApiClient";
import { CommandScope } from "./CommandKeys";
import { ApiError } from "./ApiError";

function clientAnswering(response: () => Response) {
  const fake = fakeTransport(() => response());
  return { client: new ApiClient({ transport: fake.transport }), requests: fake.requests };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) {
      return error;
    }
    throw new Error(`expected an ApiError, got ${String(error)}`);
  }
  throw new Error("expected the call to fail");
}

describe("ApiClient requests", () => {
  it("sends GET under /api with cookies, no body and no content type, and decodes JSON", async () => {
    const { client, requests } = clientAnswering(() => jsonResponse(200, { agentUsername: "ann" }));

    await expect(client.get("/agent_account/profile")).resolves.toEqual({ agentUsername: "ann" });

    expect(requests).toEqual([
      {
        url: "/api/agent_account/profile",
        method: "GET",
        headers: { accept: "application/json, text/plain" },
        body: undefined,
        credentials: "include",
      },
    ]);
  });

  it("encodes query parameters", async () => {
    const { client, requests } = clientAnswering(() => jsonResponse(200, []));

    await client.get("/trading_account/database", { timestamp: 1700000000000, q: "a b&c" });

    expect(requests[0]?.url).toBe("/api/trading_account/database?timestamp=1700000000000&q=a+b%26c");
  });

  it("sends POST with a JSON body and Content-Type application/json", async () => {
    const { client, requests } = clientAnswering(() => jsonResponse(200, { agentUsername: "ann" }));

    await client.post("/agent_account/login/", { agentUsername: "ann", agentPassword: "" });

    expect(requests).toEqual([
      {
        url: "/api/agent_account/login/",
        method: "POST",
        headers: { accept: "application/json, text/plain", "content-type": "application/json" },
        body: '{"agentUsername":"ann","agentPassword":""}',
        credentials: "include",
      },
    ]);
  });

  it("sends an empty JSON object when a state-changing call has no payload", async () => {
    const { client, requests } = clientAnswering(() => textResponse(200, "success"));

    await client.post("/agent_account/logout");

    expect(requests[0]?.body).toBe("{}");
    expect(requests[0]?.headers["content-type"]).toBe("application/json");
  });

  it("sends PUT and DELETE as JSON too", async () => {
    const { client, requests } = clientAnswering(() => textResponse(200, "success"));

    await client.put("/copy_trading_account/replace_order/COMMON", { agentTradingSessionID: "7" });
    await client.delete("/option_contract/remove_option_contract/", { optionChainSymbol: "SPY" });

    expect(requests.map((r) => [r.method, r.url, r.headers["content-type"], r.body])).toEqual([
      ["PUT", "/api/copy_trading_account/replace_order/COMMON", "application/json", '{"agentTradingSessionID":"7"}'],
      ["DELETE", "/api/option_contract/remove_option_contract/", "application/json", '{"optionChainSymbol":"SPY"}'],
    ]);
  });

  it("honours a custom base path", async () => {
    const fake = fakeTransport(() => jsonResponse(200, {}));
    const client = new ApiClient({ transport: fake.transport, basePath: "/backoffice/api" });

    await client.get("/agent_account/profile");

    expect(fake.requests[0]?.url).toBe("/backoffice/api/agent_account/profile");
  });
});

describe("ApiClient answers", () => {
  it("returns a text answer as text", async () => {
    const { client } = clientAnswering(() => textResponse(200, "Agent registered successfully"));

    await expect(client.post("/agent_account/register/", {})).resolves.toBe("Agent registered successfully");
  });

  it("returns an answer without a content type as text", async () => {
    const { client } = clientAnswering(() => new Response("success", { status: 200 }));

    await expect(client.post("/agent_account/logout")).resolves.toBe("success");
  });

  it("decodes a JSON answer whose content type has parameters", async () => {
    const { client } = clientAnswering(
      () => new Response('{"a":1}', { status: 200, headers: { "Content-Type": "application/json; charset=utf-8" } }),
    );

    await expect(client.get("/x")).resolves.toEqual({ a: 1 });
  });

  it("returns null for an empty JSON answer", async () => {
    const { client } = clientAnswering(
      () => new Response("", { status: 200, headers: { "Content-Type": "application/json" } }),
    );

    await expect(client.get("/x")).resolves.toBeNull();
  });

  it("turns the server's JSON error shape into an ApiError with status, message and code", async () => {
    const { client } = clientAnswering(() =>
      jsonResponse(409, { error: "agentUsername is already taken", code: "username_taken" }),
    );

    const error = await rejection(client.post("/agent_account/register/", {}));

    expect(error).toMatchObject({ status: 409, message: "agentUsername is already taken", code: "username_taken" });
    expect(error.name).toBe("ApiError");
  });

  it("uses http_<status> as the code when the JSON error has none", async () => {
    const { client } = clientAnswering(() => jsonResponse(429, { error: "too many login attempts" }));

    const error = await rejection(client.post("/agent_account/login/", {}));

    expect(error).toMatchObject({ status: 429, message: "too many login attempts", code: "http_429" });
  });

  it("uses the text of a non-JSON error answer as its message", async () => {
    const { client } = clientAnswering(() => textResponse(502, "Bad Gateway\n"));

    const error = await rejection(client.get("/x"));

    expect(error).toMatchObject({ status: 502, message: "Bad Gateway", code: "http_502" });
  });

  it("describes an empty error answer by its status", async () => {
    const { client } = clientAnswering(() => new Response(null, { status: 401, statusText: "Unauthorized" }));

    const error = await rejection(client.get("/x"));

    expect(error).toMatchObject({ status: 401, message: "HTTP 401 Unauthorized", code: "http_401" });
  });

  it("reports a server that cannot be reached as status 0 network_error", async () => {
    const client = new ApiClient({
      transport: () => Promise.reject(new TypeError("Failed to fetch")),
    });

    const error = await rejection(client.get("/agent_account/profile"));

    expect(error).toMatchObject({
      status: 0,
      code: "network_error",
      message: "Could not reach the server (Failed to fetch)",
    });
  });

  it("reports malformed JSON in a successful answer", async () => {
    const { client } = clientAnswering(
      () => new Response("{not json", { status: 200, headers: { "Content-Type": "application/json" } }),
    );

    const error = await rejection(client.get("/x"));

    expect(error).toMatchObject({ status: 200, code: "invalid_answer" });
  });

  it("does not settle before the answer arrives", async () => {
    const answer = deferred<Response>();
    const client = new ApiClient({ transport: () => answer.promise });
    let settled = false;

    const call = client.get("/x").then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);

    answer.resolve(jsonResponse(200, {}));
    await call;
    expect(settled).toBe(true);
  });
});

describe("ApiClient conditional GET", () => {
  it("sends no If-None-Match without an ETag and returns the body with the answer's ETag", async () => {
    const { client, requests } = clientAnswering(
      () => new Response('{"12":[]}', { status: 200, headers: { "Content-Type": "application/json", ETag: '"v1"' } }),
    );

    await expect(client.getIfChanged("/copy_trading_account/database/COMMON", null)).resolves.toEqual({
      modified: true,
      body: { "12": [] },
      etag: '"v1"',
    });
    expect(requests[0]?.headers).toEqual({ accept: "application/json, text/plain" });
  });

  it("sends If-None-Match with the ETag and reports a 304 as not modified", async () => {
    const { client, requests } = clientAnswering(() => new Response(null, { status: 304, headers: { ETag: '"v1"' } }));

    await expect(client.getIfChanged("/copy_trading_account/database/COMMON", '"v1"')).resolves.toEqual({
      modified: false,
    });
    expect(requests[0]?.headers["if-none-match"]).toBe('"v1"');
  });

  it("returns a null ETag when the answer has none", async () => {
    const { client } = clientAnswering(() => jsonResponse(200, {}));

    await expect(client.getIfChanged("/x", '"old"')).resolves.toEqual({ modified: true, body: {}, etag: null });
  });

  it("still rejects an error answer with the server's message", async () => {
    const { client } = clientAnswering(() => jsonResponse(401, { error: "Please log in first", code: "unauthorized" }));

    const error = await rejection(client.getIfChanged("/x", null));

    expect(error).toMatchObject({ status: 401, message: "Please log in first", code: "unauthorized" });
  });
});

describe("ApiClient timeouts", () => {
  function manualTimer() {
    const timers: { callback: () => void; delayMs: number; cancelled: boolean }[] = [];
    const timer = (callback: () => void, delayMs: number) => {
      const entry = { callback, delayMs, cancelled: false };
      timers.push(entry);
      return () => {
        entry.cancelled = true;
      };
    };
    return { timer, timers };
  }

  it("aborts the request and rejects with a timeout error when the timer fires first", async () => {
    const { timer, timers } = manualTimer();
    let signal: AbortSignal | null | undefined;
    const client = new ApiClient({
      timer,
      transport: (_url, init) => {
        signal = init.signal;
        return new Promise<Response>(() => undefined);
      },
    });

    const call = rejection(client.get("/copy_trading_account/get_option_chain_list/COMMON", {}, { timeoutMs: 5000 }));
    expect(timers.map((t) => t.delayMs)).toEqual([5000]);
    timers[0]?.callback();
    const error = await call;

    expect(error).toMatchObject({ status: 0, code: "timeout", message: "The server did not answer within 5000 ms" });
    expect(signal?.aborted).toBe(true);
  });

  it("cancels the timer when the answer arrives in time", async () => {
    const { timer, timers } = manualTimer();
    const client = new ApiClient({ timer, transport: () => Promise.resolve(jsonResponse(200, { ok: 1 })) });

    await expect(client.get("/x", undefined, { timeoutMs: 5000 })).resolves.toEqual({ ok: 1 });

    expect(timers.map((t) => t.cancelled)).toEqual([true]);
  });

  it("sets no timer and no abort signal without a timeout", async () => {
    const { timer, timers } = manualTimer();
    let signal: AbortSignal | null | undefined;
    const client = new ApiClient({
      timer,
      transport: (_url, init) => {
        signal = init.signal;
        return Promise.resolve(jsonResponse(200, {}));
      },
    });

    await client.get("/x");

    expect(timers).toHaveLength(0);
    expect(signal).toBeUndefined();
  });
});

describe("ApiClient command keys", () => {
  const PLACE = "/stock_copy_trading/place_order";

  /** A client whose transport answers each call with the next of `outcomes` and whose keys count up. */
  function scripted(outcomes: (() => Response | Promise<Response>)[]) {
    let made = 0;
    let call = 0;
    const fake = fakeTransport(() => {
      const next = outcomes[call] ?? (() => textResponse(200, "success"));
      call += 1;
      return next();
    });
    const client = new ApiClient({
      transport: fake.transport,
      makeKey: () => {
        made += 1;
        return `key-${made}`;
      },
    });
    const keys = () => fake.requests.map((r) => r.headers["idempotency-key"]);
    return { client, keys };
  }

  const lost = () => Promise.reject(new TypeError("Failed to fetch"));

  it("sends every command under a new key and no other call under any", async () => {
    const { client, keys } = scripted([]);

    await client.post(PLACE, { stockQuantity: "1" });
    await client.post(PLACE, { stockQuantity: "1" });
    await client.delete("/copy_trading_account/cancel_order/VERTICAL/", { agentTradingSessionID: 1 });
    await client.post("/preflight/STOCK/place_order", { stockQuantity: "1" });
    await client.post("/agent_account/logout");
    await client.get("/stock_copy_trading/database");

    expect(keys()).toEqual(["key-1", "key-2", "key-3", undefined, undefined, undefined]);
  });

  it("sends a command whose answer was lost again under its key, and a changed one under a new key", async () => {
    const { client, keys } = scripted([lost, lost, () => textResponse(200, "success")]);

    await expect(client.post(PLACE, { stockQuantity: "1" })).rejects.toMatchObject({
      code: "network_error",
      message: `Could not reach the server (Failed to fetch). ${UNKNOWN_OUTCOME}`,
    });
    await expect(client.post(PLACE, { stockQuantity: "2" })).rejects.toMatchObject({ code: "network_error" });
    await expect(client.post(`${PLACE}/`, { stockQuantity: "1" })).resolves.toBe("success");
    // Answered: the same command once more is a new command.
    await client.post(PLACE, { stockQuantity: "1" });
    // The changed command's answer is still lost: it keeps its key.
    await client.post(PLACE, { stockQuantity: "2" });

    expect(keys()).toEqual(["key-1", "key-2", "key-1", "key-3", "key-2"]);
  });

  it("keeps the key after a server failure, a cut-off answer or a repeat still running, not after a refusal", async () => {
    const cutOff = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.error(new Error("connection reset"));
          },
        }),
        { status: 200 },
      );
    const { client, keys } = scripted([
      () => jsonResponse(503, { error: "copydesk is shutting down and takes no new orders", code: "unavailable" }),
      cutOff,
      () => jsonResponse(409, { error: "This command is still being carried out", code: "command_in_progress" }),
      () => jsonResponse(409, { error: "cut off", code: "command_interrupted" }),
      () => jsonResponse(400, { error: "Quantity must be a whole number", code: "bad_request" }),
    ]);
    const body = { stockQuantity: "1" };

    for (const code of ["unavailable", "network_error", "command_in_progress", "command_interrupted", "bad_request"]) {
      await expect(client.post(PLACE, body)).rejects.toMatchObject({ code });
    }
    await client.post(PLACE, body);

    expect(keys()).toEqual(["key-1", "key-1", "key-1", "key-1", "key-1", "key-2"]);
  });

  it("sends a command again from its dialog's opening under its key whatever the answer, a changed one under a new key", async () => {
    const partial = () =>
      jsonResponse(200, { accepted: [1], failed: [{ accountId: 2, accountName: "B", reason: "throttled past the deadline" }] });
    const { client, keys } = scripted([partial, partial, () => textResponse(200, "success")]);
    const opening = new CommandScope();
    const body = { stockQuantity: "1" };

    expect(client.isRepeat("post", PLACE, body, opening)).toBe(false);
    await client.post(PLACE, body, { scope: opening });
    expect(client.isRepeat("post", PLACE, body, opening)).toBe(true);
    expect(client.isRepeat("post", `${PLACE}/`, body, opening)).toBe(true);
    // Pressed again: the same key, so the server answers from the first press and sends nothing.
    await client.post(PLACE, body, { scope: opening });
    // Changed: a new command under a new key, kept in turn.
    await client.post(PLACE, { stockQuantity: "2" }, { scope: opening });
    await client.post(PLACE, { stockQuantity: "2" }, { scope: opening });
    // Back to the first: the opening keeps only its last command.
    await client.post(PLACE, body, { scope: opening });
    // Another opening, or no opening at all, is a new command.
    await client.post(PLACE, body, { scope: new CommandScope() });
    await client.post(PLACE, body);

    expect(keys()).toEqual(["key-1", "key-1", "key-2", "key-2", "key-3", "key-4", "key-5"]);
    expect(client.isRepeat("post", "/stock_copy_trading/database", body, opening)).toBe(false);
  });
});
