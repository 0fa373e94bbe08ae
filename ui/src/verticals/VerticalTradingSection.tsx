// The Vertical Trading section of the trading area (vertical option copy trading).
import { observer } from "mobx-react-lite";
import { ScreenTitle } from "../shared/shell/ScreenTitle";

/** The Vertical Trading section, shown at its tab. */
export const VerticalTradingSection = observer(function VerticalTradingSection() {
  return (
    <section className="cd-section" aria-labelledby="cd-section-title">
      <ScreenTitle text="Vertical Trading" />
    </section>
  );
});
