// Tests of the session tables' number cells: short texts on one line, long ones free to wrap.
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NumberCell } from "./NumberCell";

function renderCell(text: string, title?: string) {
  return render(
    <table>
      <tbody>
        <tr>
          <NumberCell text={text} title={title} />
        </tr>
      </tbody>
    </table>,
  );
}

describe("NumberCell", () => {
  it("keeps a short range on one line and says its title on hover", () => {
    renderCell("1,000–3,000", "ordered on 8 accounts");
    const cell = screen.getByRole("cell", { name: "1,000–3,000" });
    expect(cell).toHaveClass("cd-number");
    expect(cell).not.toHaveClass("cd-may-wrap");
    expect(cell).toHaveAttribute("title", "ordered on 8 accounts");
  });

  it("lets a long range wrap", () => {
    renderCell("100,000–300,000");
    expect(screen.getByRole("cell", { name: "100,000–300,000" })).toHaveClass("cd-number", "cd-may-wrap");
  });
});
