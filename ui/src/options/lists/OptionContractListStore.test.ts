// Tests of the favourite tickers: loading, adding upper-cased, duplicates and the failure texts.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../shared/test/fakeTransport";
import { calls, testRoot } from "../../shared/test/testRoot";

const LIST = "GET /api/option_contract/get_option_contract_list";
const ADD = "POST /api/option_contract/add_option_contract/";
const REMOVE = "DELETE /api/option_contract/remove_option_contract/";

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("OptionContractListStore favourites", () => {
  it("loads the list and adds the input upper-cased, with no message on success", async () => {
    const { root, requests } = testRoot({
      [LIST]: () => jsonResponse(200, ["AAPL"]),
      [ADD]: () => jsonResponse(200, { success: true, list: ["AAPL", "TSLA"] }),
    });
    const contracts = root.options.contracts;
    await contracts.load();

    contracts.setFavoriteInput("tsla");
    expect(contracts.favoriteInput).toBe("TSLA");
    await expect(contracts.addFavorite()).resolves.toBeNull();

    expect(contracts.tickers).toEqual(["AAPL", "TSLA"]);
    expect(contracts.favoriteInput).toBe("");
    expect(calls(requests)).toEqual([
      ["GET", "/api/option_contract/get_option_contract_list", undefined],
      ["POST", "/api/option_contract/add_option_contract/", '{"optionChainSymbol":"TSLA"}'],
    ]);
  });

  it("refuses an empty ticker and a known one without a request", async () => {
    const { root, requests } = testRoot({ [LIST]: () => jsonResponse(200, ["AAPL"]) });
    const contracts = root.options.contracts;
    await contracts.load();

    await expect(contracts.addFavorite()).resolves.toEqual({
      ok: false,
      message: "Please enter a ticker symbol to add.",
    });
    contracts.setFavoriteInput("aapl");
    await expect(contracts.addFavorite()).resolves.toEqual({
      ok: false,
      message: "This ticker is already in your favorites.",
    });
    expect(contracts.favoriteInput).toBe("AAPL");
    expect(requests).toHaveLength(1);
  });

  it("says the ticker is already a favourite when the server finds the duplicate", async () => {
    const { root } = testRoot({
      [ADD]: () => jsonResponse(409, { error: "Option contract is already existed", code: "option_contract_exists" }),
    });
    root.options.contracts.setFavoriteInput("SPY");

    await expect(root.options.contracts.addFavorite()).resolves.toEqual({
      ok: false,
      message: "This ticker is already in your favorites.",
    });
  });

  it("says 'Failed to add favorite.' and 'Failed to remove favorite.' with the server's reason on other failures", async () => {
    const { root } = testRoot({
      [ADD]: () => jsonResponse(400, { error: "ZZZZ is not a known symbol", code: "unknown_symbol" }),
      [REMOVE]: () => jsonResponse(404, { error: "SPY is not in the option contract list", code: "not_found" }),
    });
    root.options.contracts.setFavoriteInput("zzzz");

    await expect(root.options.contracts.addFavorite()).resolves.toEqual({
      ok: false,
      message: "Failed to add favorite. ZZZZ is not a known symbol",
    });
    expect(root.options.contracts.favoriteInput).toBe("ZZZZ");
    await expect(root.options.contracts.remove("SPY", "favorites")).resolves.toEqual({
      ok: false,
      message: "Failed to remove favorite. SPY is not in the option contract list",
    });
  });

  it("marks and refuses a text that is no ticker without asking the server", async () => {
    const { root, requests } = testRoot({});
    root.options.contracts.setFavoriteInput("too long ticker");
    expect(root.options.contracts.favoriteInputProblem).toBe(
      "Must be a ticker: a letter, then up to 9 letters, digits, '.', '/' or '-'",
    );

    await expect(root.options.contracts.addFavorite()).resolves.toEqual({
      ok: false,
      message: "Failed to add favorite. Ticker symbol must be a ticker: a letter, then up to 9 letters, digits, '.', '/' or '-'",
    });
    expect(requests).toHaveLength(0);
    root.options.contracts.setFavoriteInput("spy");
    expect(root.options.contracts.favoriteInputProblem).toBeNull();
  });

  it("removes a ticker and takes the list from the answer", async () => {
    const { root, requests } = testRoot({
      [LIST]: () => jsonResponse(200, ["AAPL", "SPY"]),
      [REMOVE]: () => jsonResponse(200, { success: true, list: ["AAPL"] }),
    });
    await root.options.contracts.load();

    await expect(root.options.contracts.remove("SPY", "favorites")).resolves.toBeNull();

    expect(root.options.contracts.tickers).toEqual(["AAPL"]);
    expect(requests.at(-1)?.body).toBe('{"optionChainSymbol":"SPY"}');
  });
});
