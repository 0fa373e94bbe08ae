// The Account section of the trading area (connect brokerage accounts).
import { H2 } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";

/** The Account section, shown at its tab. */
export const AccountSection = observer(function AccountSection() {
  return (
    <section className="cd-section" aria-labelledby="cd-section-title">
      <H2 id="cd-section-title">Account</H2>
    </section>
  );
});
