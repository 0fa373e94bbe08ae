// Tests of the header: what it shows on each page and which tab is highlighted.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse } from "../test/fakeTransport";
import { noCallsExpected, renderApp } from "../test/renderApp";
import { Header } from "./Header";

const TAB_LABELS = ["Account", "Option Trading", "Vertical Trading", "Stock Trading"];

describe("Header", () => {
  it.each(["/login", "/register"])("hides the tabs and Log Out on %s but shows the brand", (path) => {
    renderApp(<Header />, path, noCallsExpected);

    expect(screen.getByText("copydesk")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Trading sections" })).toBeNull();
    for (const label of TAB_LABELS) {
      expect(screen.queryByRole("link", { name: label })).toBeNull();
    }
    expect(screen.queryByRole("button", { name: "Log Out" })).toBeNull();
  });

  it("shows the four tabs linking to their subpages, and Log Out, in the trading area", () => {
    renderApp(<Header />, "/trading/account", noCallsExpected);

    const tabs = within(screen.getByRole("navigation", { name: "Trading sections" })).getAllByRole("link");
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute("href")])).toEqual([
      ["Account", "/trading/account"],
      ["Option Trading", "/trading/optionCopyTrading"],
      ["Vertical Trading", "/trading/optionCopyVerticalTrading"],
      ["Stock Trading", "/trading/stockCopyTrading"],
    ]);
    expect(screen.getByRole("button", { name: "Log Out" })).toBeInTheDocument();
  });

  it.each([
    ["/trading/account", "Account"],
    ["/trading", "Account"],
    ["/trading/optionCopyTrading", "Option Trading"],
    ["/trading/optionCopyVerticalTrading", "Vertical Trading"],
    ["/trading/stockCopyTrading", "Stock Trading"],
  ])("on %s marks only %s as the active teal pill", (path, activeLabel) => {
    renderApp(<Header />, path, noCallsExpected);

    for (const label of TAB_LABELS) {
      const tab = screen.getByRole("link", { name: label });
      if (label === activeLabel) {
        expect(tab).toHaveAttribute("aria-current", "page");
        expect(tab).toHaveClass("cd-tab-active");
        expect(tab).toHaveStyle({ backgroundColor: "#007067", color: "#FFFFFF" });
      } else {
        expect(tab).not.toHaveAttribute("aria-current");
        expect(tab).not.toHaveClass("cd-tab-active");
        expect(tab.style.backgroundColor).toBe("");
      }
    }
  });

  it("shows the signed-in agent's username", async () => {
    const { store } = renderApp(<Header />, "/trading/account", () => jsonResponse(200, { agentUsername: "ann" }));

    await store.session.checkProfile();

    expect(await screen.findByTestId("agent-username")).toHaveTextContent("ann");
  });
});
