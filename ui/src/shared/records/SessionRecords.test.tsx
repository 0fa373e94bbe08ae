// Tests of the session records: the fairness dialog (request, figures, per-account table, strip plot, failure)
// and the export dialog (window, format, the download's address).
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse } from "../test/fakeTransport";
import { renderApp } from "../test/renderApp";
import { routeResponder } from "../test/routeResponder";
import { testRoot } from "../test/testRoot";
import { SessionRecordDialogs } from "./SessionRecordDialogs";
import { AXIS_NAME_CHARS, axisName } from "./FairnessStripPlot";

const RECORD = {
  agentTradingSessionID: 4,
  kind: "COMMON",
  createdTime: "2025-01-02T03:04:05.000Z",
  betterPrice: "LOWER",
  multiplier: 100,
  filledQuantity: 4,
  vwap: 3.475,
  bestPrice: 3.4,
  worstPrice: 3.5,
  spread: 0.1,
  costAgainstVwap: 7.5,
  sendSkewMs: 360,
  firstFillMs: 300,
  lastFillMs: 1900,
  accounts: [
    {
      accountId: 1,
      accountName: "Small",
      accountUsername: "alice-small",
      orderId: 101,
      status: "FILLED",
      quantity: 1,
      filledQuantity: 1,
      averagePrice: 3.4,
      againstVwap: -7.5,
      acceptedTime: "2025-01-02T03:04:05.120Z",
      firstFillTime: "2025-01-02T03:04:05.300Z",
      lastFillTime: "2025-01-02T03:04:05.300Z",
    },
    {
      accountId: 2,
      accountName: "Big",
      accountUsername: "alice-big",
      orderId: 102,
      status: "FILLED",
      quantity: 3,
      filledQuantity: 3,
      averagePrice: 3.5,
      againstVwap: 7.5,
      acceptedTime: "2025-01-02T03:04:05.480Z",
      firstFillTime: "2025-01-02T03:04:05.400Z",
      lastFillTime: "2025-01-02T03:04:06.900Z",
    },
    {
      accountId: 3,
      accountName: "Off",
      accountUsername: "alice-off",
      orderId: null,
      status: "FAILED_TO_PLACE",
      quantity: 1,
      filledQuantity: 0,
      averagePrice: null,
      againstVwap: null,
      acceptedTime: null,
      firstFillTime: null,
      lastFillTime: null,
    },
  ],
};

function cells(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole("row")
    .map((row) => Array.from(row.querySelectorAll("th, td")).map((c) => c.textContent ?? ""));
}

describe("axisName", () => {
  it("keeps a short name and cuts a long one to one line with an ellipsis", () => {
    expect(axisName("Atlas Small")).toBe("Atlas Small");
    const cut = axisName("Hotel Hedge Opportunities Long Name Account XYZ");
    expect(cut).toBe("Hotel Hedge Opportu…");
    expect(cut).toHaveLength(AXIS_NAME_CHARS);
  });
});

describe("FairnessDialog", () => {
  it("asks for the session's record and shows its figures, each account's fill and the strip plot", async () => {
    const server = routeResponder({ "GET /api/sessions/4/fairness": () => jsonResponse(200, RECORD) });
    const { store, fake } = renderApp(<SessionRecordDialogs />, "/", server.responder);
    await act(() => store.records.fairness.open(4));

    const dialog = await screen.findByRole("dialog", { name: "Fairness of Session 4" });
    expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /api/sessions/4/fairness"]);
    expect(cells(within(dialog).getByRole("table", { name: "Fairness figures" }))).toEqual([
      ["Filled", "4"],
      ["VWAP", "3.475"],
      ["Best fill", "3.40"],
      ["Worst fill", "3.50"],
      ["Best-to-worst spread", "0.10"],
      ["Cost against the VWAP (× 100 per contract)", "$7.50"],
      ["Send skew (first to last accepted)", "360 ms"],
      ["Time to first fill", "300 ms"],
      ["Time to last fill", "1.900 s"],
    ]);
    expect(cells(within(dialog).getByRole("table", { name: "Fills per account" }))).toEqual([
      ["Account", "Status", "Filled Qty", "Avg price", "Against VWAP", "Accepted", "First fill", "Last fill"],
      ["Small", "FILLED", "1 / 1", "3.40", "-$7.50", "2025-01-02 03:04:05", "2025-01-02 03:04:05", "2025-01-02 03:04:05"],
      ["Big", "FILLED", "3 / 3", "3.50", "$7.50", "2025-01-02 03:04:05", "2025-01-02 03:04:05", "2025-01-02 03:04:06"],
      ["Off", "FAILED_TO_PLACE", "0 / 1", "—", "—", "—", "—", "—"],
    ]);
    const plot = within(dialog).getByRole("figure", { name: "Fill price per account" });
    expect(plot.querySelector("svg")).not.toBeNull();
    expect(within(plot).getByText("Small: 1 at 3.4; Big: 3 at 3.5")).toBeInTheDocument();
  });

  it("marks the figures as settling and reads the record again until every account has reported", async () => {
    const [small, big, off] = RECORD.accounts;
    const settling = {
      ...RECORD,
      sendSkewMs: 0,
      accounts: [small, { ...big, acceptedTime: null, firstFillTime: null, lastFillTime: null }, off],
    };
    let answers = 0;
    const server = routeResponder({
      "GET /api/sessions/4/fairness": () => {
        answers += 1;
        return jsonResponse(200, answers === 1 ? settling : RECORD);
      },
    });
    const { store, scheduler } = renderApp(<SessionRecordDialogs />, "/", server.responder);
    await act(() => store.records.fairness.open(4));

    const dialog = await screen.findByRole("dialog", { name: "Fairness of Session 4" });
    expect(
      within(dialog).getByText(
        "Settling: 1 account has not reported yet when its order was accepted or filled (of 3). The figures will change; they are read again every 2 seconds.",
      ),
    ).toBeInTheDocument();
    const figures = cells(within(dialog).getByRole("table", { name: "Fairness figures" }));
    expect(figures[6]).toEqual(["Send skew (first to last accepted)", "0 ms (settling)"]);
    expect(figures.every(([, value]) => value?.endsWith(" (settling)"))).toBe(true);
    expect(cells(within(dialog).getByRole("table", { name: "Fills per account" }))[2]).toEqual([
      "Big",
      "FILLED",
      "3 / 3",
      "3.50",
      "$7.50",
      "settling…",
      "settling…",
      "settling…",
    ]);

    // The next read, two seconds on, has every account's times: the marks go and nothing more is scheduled.
    expect(scheduler.live().map((timer) => timer.delayMs)).toEqual([2000]);
    await act(async () => {
      scheduler.fire();
      await Promise.resolve();
    });
    await within(dialog).findByText("360 ms");
    expect(within(dialog).queryByText(/^Settling:/)).toBeNull();
    expect(answers).toBe(2);
    expect(scheduler.live()).toEqual([]);
  });

  it("stops reading a settling record again once the dialog is closed", async () => {
    const settling = { ...RECORD, accounts: [{ ...RECORD.accounts[0], acceptedTime: null }] };
    const server = routeResponder({ "GET /api/sessions/4/fairness": () => jsonResponse(200, settling) });
    const { store, scheduler } = renderApp(<SessionRecordDialogs />, "/", server.responder);
    await act(() => store.records.fairness.open(4));
    expect(scheduler.live()).toHaveLength(1);
    act(() => store.records.fairness.close());
    expect(scheduler.live()).toEqual([]);
  });

  it("says why the record could not be loaded", async () => {
    const server = routeResponder({
      "GET /api/sessions/9/fairness": () =>
        jsonResponse(404, { error: "No such copy-trading session", code: "not_found" }),
    });
    const { store } = renderApp(<SessionRecordDialogs />, "/", server.responder);
    await act(() => store.records.fairness.open(9));
    const dialog = await screen.findByRole("dialog", { name: "Fairness of Session 9" });
    expect(
      within(dialog).getByText("Failed to load the fairness record: No such copy-trading session"),
    ).toBeInTheDocument();
  });
});

describe("SessionExportDialog", () => {
  it("offers the last 30 days as CSV and links the download to the chosen window and format", async () => {
    const user = userEvent.setup({ delay: null });
    const { store, fake } = renderApp(<SessionRecordDialogs />, "/", routeResponder({}).responder);
    act(() => store.records.exporter.open());
    const dialog = await screen.findByRole("dialog", { name: "Download sessions" });
    const link = () => within(dialog).getByRole("button", { name: "Download" });
    expect(link().getAttribute("href")).toBe("/api/sessions/export?from=2024-12-04&to=2025-01-02&format=csv");
    await user.selectOptions(within(dialog).getByLabelText("Format"), "json");
    expect(link().getAttribute("href")).toBe("/api/sessions/export?from=2024-12-04&to=2025-01-02&format=json");
    expect(fake.requests).toEqual([]);
  });

  it("names the bad field and offers no download while the window is wrong", () => {
    const { root } = testRoot();
    const exporter = root.records.exporter;
    exporter.open();
    exporter.setTo("2024-11-01");
    expect(exporter.problem).toBe("To must not be before From");
    expect(exporter.href).toBeNull();
    exporter.setFrom("");
    expect(exporter.problem).toBe("From must be a date");
    exporter.setFrom("2024-10-01");
    expect(exporter.href).toBe("/api/sessions/export?from=2024-10-01&to=2024-11-01&format=csv");
  });
});
