// Tests of a view dialog row's look: open rows yellow throughout, cancelled ones struck through, final ones plain.
import { describe, expect, it } from "vitest";
import { orderRowLook } from "./orderRowLook";
import { OPEN_STATUS_COLOR } from "./OrderStatusText";

describe("orderRowLook", () => {
  it("colours every cell of an open order's row yellow", () => {
    expect(orderRowLook(true, false)).toEqual({ className: "cd-open-row", style: { color: OPEN_STATUS_COLOR } });
  });

  it("strikes a cancelled order's row through, in the table's colours", () => {
    expect(orderRowLook(false, true)).toEqual({ className: "cd-canceled-row" });
  });

  it("leaves any other final row as the table draws it", () => {
    expect(orderRowLook(false, false)).toEqual({});
  });
});
