// Tests of the status words' look: open statuses yellow, failed ones red, settled ones plain, in rows and
// in a group row's counts.
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FAILED_STATUS_COLOR, OPEN_STATUS_COLOR, OrderStatusText, statusLook } from "./OrderStatusText";
import { StatusCounts } from "./StatusCounts";

/** The CSS colour a Blueprint hex colour is rendered as. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

describe("status look", () => {
  it("is yellow while open, red for REJECTED and FAILED_TO_PLACE, plain otherwise", () => {
    expect(statusLook("WORKING", true)).toEqual({ className: "cd-status-open", color: OPEN_STATUS_COLOR });
    expect(statusLook("REJECTED", false)).toEqual({ className: "cd-status-failed", color: FAILED_STATUS_COLOR });
    expect(statusLook("FAILED_TO_PLACE", false)).toEqual({ className: "cd-status-failed", color: FAILED_STATUS_COLOR });
    expect(statusLook("FILLED", false)).toEqual({});
    expect(statusLook("CANCELED", false)).toEqual({});
  });

  it("colours a row's status word and keeps its reason on hover", () => {
    render(<OrderStatusText status="REJECTED" open={false} reason="insufficient buying power" />);
    const word = screen.getByText("REJECTED");
    expect(word.style.color).toBe(rgb(FAILED_STATUS_COLOR));
    expect(word).toHaveAttribute("title", "insufficient buying power");
  });

  it("colours each count of a group row by its status", () => {
    render(
      <StatusCounts
        statuses={[
          { status: "WORKING", count: 3, open: true },
          { status: "REJECTED", count: 1, open: false },
          { status: "FILLED", count: 2, open: false },
        ]}
      />,
    );
    expect(screen.getByText("3 WORKING").closest(".cd-status-count")).toHaveStyle({ color: rgb(OPEN_STATUS_COLOR) });
    expect(screen.getByText("1 REJECTED").closest(".cd-status-count")).toHaveClass("cd-status-failed");
    expect(screen.getByText("2 FILLED").closest(".cd-status-count")?.getAttribute("style")).toBeNull();
  });

  it("keeps each count on the line of its status and lets a long status wrap only after its underscores", () => {
    const { container } = render(
      <StatusCounts
        statuses={[
          { status: "FILLED", count: 4, open: false },
          { status: "PENDING_ACTIVATION", count: 1, open: true },
        ]}
      />,
    );
    const kept = Array.from(container.querySelectorAll(".cd-keep")).map((span) => span.textContent);
    expect(kept).toEqual(["4 FILLED", "1 PENDING_"]);
    const counts = Array.from(container.querySelectorAll(".cd-status-count"));
    expect(counts.map((count) => count.textContent)).toEqual(["4 FILLED", "1 PENDING_ACTIVATION"]);
    expect(counts[1]?.querySelectorAll("wbr")).toHaveLength(1);
  });

  it("shows a status all orders share without a count", () => {
    const { container } = render(<StatusCounts statuses={[{ status: "TRAILING_STOP", count: 3, open: true }]} />);
    expect(container.textContent).toBe("TRAILING_STOP");
    expect(container.querySelector(".cd-keep")).toBeNull();
  });
});
