// The Option Trading section of the trading area (single-leg option copy trading).
import { H2 } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";

/** The Option Trading section, shown at its tab. */
export const OptionTradingSection = observer(function OptionTradingSection() {
  return (
    <section className="cd-section" aria-labelledby="cd-section-title">
      <H2 id="cd-section-title">Option Trading</H2>
    </section>
  );
});
