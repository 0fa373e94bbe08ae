// The Stock Trading section of the trading area (stock copy trading).
import { observer } from "mobx-react-lite";
import { ScreenTitle } from "../shared/shell/ScreenTitle";

/** The Stock Trading section, shown at its tab. */
export const StockTradingSection = observer(function StockTradingSection() {
  return (
    <section className="cd-section" aria-labelledby="cd-section-title">
      <ScreenTitle text="Stock Trading" />
    </section>
  );
});
