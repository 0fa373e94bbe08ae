// The Stock Trading section of the trading area (stock copy trading).
import { H2 } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";

/** The Stock Trading section, shown at its tab. */
export const StockTradingSection = observer(function StockTradingSection() {
  return (
    <section className="cd-section" aria-labelledby="cd-section-title">
      <H2 id="cd-section-title">Stock Trading</H2>
    </section>
  );
});
