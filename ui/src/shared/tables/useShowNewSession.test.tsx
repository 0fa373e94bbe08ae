// Tests of bringing a command's new session into view in its orders table's scrolling box.
import { act, render, screen } from "@testing-library/react";
import { makeAutoObservable } from "mobx";
import { observer } from "mobx-react-lite";
import { useRef } from "react";
import { describe, expect, it } from "vitest";
import { useShowNewSession, type NewSessionSource } from "./useShowNewSession";

/** An orders table holding sessions newest first, and the session a command made, once it arrives. */
class FakeOrders implements NewSessionSource {
  ids = [2, 1];
  newSessionToShow: number | null = null;
  shown = 0;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  arrive(id: number): void {
    this.ids = [id, ...this.ids];
    this.newSessionToShow = id;
  }

  newSessionShown(): void {
    this.newSessionToShow = null;
    this.shown += 1;
  }
}

const Table = observer(function Table({ orders }: { readonly orders: FakeOrders }) {
  const region = useRef<HTMLDivElement>(null);
  useShowNewSession(orders, region);
  return (
    <div ref={region} role="region" aria-label="Orders table">
      <table>
        <thead>
          <tr>
            <th>Session</th>
          </tr>
        </thead>
        <tbody>
          {orders.ids.map((id) => (
            <tr key={id} data-session-id={id}>
              <td>{`#${id}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});

describe("useShowNewSession", () => {
  it("scrolls the table back to its top row when the session a command made arrives, once", () => {
    const orders = new FakeOrders();
    render(<Table orders={orders} />);
    const region = screen.getByRole("region", { name: "Orders table" });
    region.scrollTop = 80;
    expect(orders.shown).toBe(0);

    act(() => orders.arrive(3));

    expect(screen.getAllByRole("row")[1]).toHaveAttribute("data-session-id", "3");
    expect(region.scrollTop).toBe(0);
    expect(orders.shown).toBe(1);
    expect(orders.newSessionToShow).toBeNull();
    // Scrolled away afterwards, the table stays where the trader put it.
    region.scrollTop = 40;
    act(() => orders.newSessionShown());
    expect(region.scrollTop).toBe(40);
  });
});
