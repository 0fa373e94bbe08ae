// The Vertical Trading section of the trading area (vertical option copy trading).
import { H2 } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";

/** The Vertical Trading section, shown at its tab. */
export const VerticalTradingSection = observer(function VerticalTradingSection() {
  return (
    <section className="cd-section" aria-labelledby="cd-section-title">
      <H2 id="cd-section-title">Vertical Trading</H2>
    </section>
  );
});
