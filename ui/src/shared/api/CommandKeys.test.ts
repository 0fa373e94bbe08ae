// Tests of the command keys: which paths send orders, and when a key is used again.
import { describe, expect, it } from "vitest";
import { CommandKeys, CommandScope, REPEAT_WINDOW_MS, isCommandPath, randomKey } from "./CommandKeys";

describe("isCommandPath", () => {
  it("names the calls that send orders of every kind and nothing else", () => {
    for (const path of [
      "/copy_trading_account/place_order/COMMON",
      "/copy_trading_account/cancel_order_individual/VERTICAL/",
      "/copy_trading_account/replace_individual_legs/VERTICAL",
      "/stock_copy_trading/exit_order_multiple",
      "/stock_copy_trading/replace_order_individual/",
    ]) {
      expect(isCommandPath(path), path).toBe(true);
    }
    for (const path of [
      "/copy_trading_account/database/COMMON",
      "/preflight/COMMON/place_order",
      "/stock_copy_trading/get_stock_quotes",
      "/option_contract_save_order/add_option_contract_save_order/VERTICAL",
      "/agent_account/login/",
    ]) {
      expect(isCommandPath(path), path).toBe(false);
    }
  });
});

describe("CommandKeys", () => {
  it("gives a new key unless the same command went unanswered", () => {
    let made = 0;
    const keys = new CommandKeys(() => `k${(made += 1)}`);
    const first = keys.keyFor("POST /a {}");
    keys.settle("POST /a {}", first, false);
    expect(keys.keyFor("POST /a {}")).toBe("k1");
    expect(keys.keyFor("POST /a {\"q\":1}")).toBe("k2");
    keys.settle("POST /a {}", "k1", true);
    expect(keys.keyFor("POST /a {}")).toBe("k3");
  });

  it("treats the same command as a new one once the repeat window has passed since its answer was lost", () => {
    let made = 0;
    let now = 1_000;
    const keys = new CommandKeys(
      () => `k${(made += 1)}`,
      () => now,
    );
    keys.settle("POST /a {}", keys.keyFor("POST /a {}"), false);
    now += REPEAT_WINDOW_MS;
    expect(keys.keyFor("POST /a {}")).toBe("k1");
    // Lost again: the window starts over.
    keys.settle("POST /a {}", "k1", false);
    now += REPEAT_WINDOW_MS;
    expect(keys.keyFor("POST /a {}")).toBe("k1");
    now += 1;
    expect(keys.keyFor("POST /a {}")).toBe("k2");
  });

  it("keeps a dialog opening's key while its command is unchanged, and takes a lost key into the opening", () => {
    let made = 0;
    const keys = new CommandKeys(() => `k${(made += 1)}`);
    const opening = new CommandScope();
    expect(keys.keptKey("POST /a {}", opening)).toBeNull();
    const first = keys.keyFor("POST /a {}", opening);
    keys.settle("POST /a {}", first, true);
    expect(keys.keptKey("POST /a {}", opening)).toBe("k1");
    expect(keys.keyFor("POST /a {}", opening)).toBe("k1");
    expect(keys.keyFor("POST /a {}")).toBe("k2");
    expect(keys.keyFor('POST /a {"q":1}', opening)).toBe("k3");
    expect(keys.keyFor('POST /a {"q":1}', opening)).toBe("k3");
    // A command lost from another opening is sent from this one under its key, which the opening then keeps.
    keys.settle("POST /b {}", "lost", false);
    expect(keys.keyFor("POST /b {}", opening)).toBe("lost");
    expect(opening.last).toEqual({ command: "POST /b {}", key: "lost" });
  });

  it("makes random keys of 32 hex digits", () => {
    const a = randomKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(randomKey()).not.toBe(a);
  });
});
