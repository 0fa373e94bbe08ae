// Tests of the orders tables' Time cell: today's time alone, an older one with its date, each part kept whole.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { noCallsExpected, renderApp } from "../test/renderApp";
import { EnteredTime } from "./EnteredTime";

function renderTime(time: string, today: string) {
  return renderApp(
    <table>
      <tbody>
        <tr>
          <EnteredTime time={time} today={today} />
        </tr>
      </tbody>
    </table>,
    "/",
    noCallsExpected,
  );
}

describe("EnteredTime", () => {
  it("shows today's time alone, the whole date and time on hover", () => {
    renderTime("2025-01-02T03:04:05Z", "2025-01-02");
    const cell = screen.getByRole("cell", { name: "03:04:05" });
    expect(cell).toHaveClass("cd-number", "cd-time");
    expect(cell).toHaveAttribute("title", "2025-01-02 03:04:05");
  });

  it("keeps an older time's date and its time of day each on one line, free to wrap only between them", () => {
    renderTime("2025-01-01T22:04:05Z", "2025-01-02");
    const cell = screen.getByRole("cell", { name: "2025-01-01 22:04:05" });
    const parts = Array.from(cell.querySelectorAll("span.cd-keep")).map((part) => part.textContent);
    expect(parts).toEqual(["2025-01-01", "22:04:05"]);
    expect(cell.textContent).toBe("2025-01-01 22:04:05");
  });
});
