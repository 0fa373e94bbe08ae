// Tests of the API client: request shape, answer decoding and the typed error.
import { describe, expect, it } from "vitest";
import { deferred, fakeTransport, jsonResponse, textResponse } from "../test/fakeTransport";
import { ApiClient } from "./ApiClient";
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
