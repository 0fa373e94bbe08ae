// The trading area: shows the section named by the `:subpage` path segment.
import { observer } from "mobx-react-lite";
import { useEffect, useRef, type ComponentType } from "react";
import { Navigate, useParams } from "react-router-dom";
import { DEFAULT_SUBPAGE, isTradingSubpage, tradingPath, type TradingSubpage } from "./paths";
import { clearToasts } from "./toaster";
import { AccountSection } from "../../account/AccountSection";
import { OptionTradingSection } from "../../options/OptionTradingSection";
import { StockTradingSection } from "../../stocks/StockTradingSection";
import { VerticalTradingSection } from "../../verticals/VerticalTradingSection";
import { SessionRecordDialogs } from "../records/SessionRecordDialogs";

const SECTIONS: Readonly<Record<TradingSubpage, ComponentType>> = {
  account: AccountSection,
  optionCopyTrading: OptionTradingSection,
  optionCopyVerticalTrading: VerticalTradingSection,
  stockCopyTrading: StockTradingSection,
};

/**
 * Renders the subpage's section; no subpage means Account, an unknown one goes to Account. Going to another
 * section clears the toasts, which were about the section left.
 */
export const TradingPage = observer(function TradingPage() {
  const subpage = useParams().subpage ?? DEFAULT_SUBPAGE;
  const shown = useRef(subpage);
  useEffect(() => {
    if (shown.current !== subpage) {
      shown.current = subpage;
      clearToasts();
    }
  }, [subpage]);
  if (!isTradingSubpage(subpage)) {
    return <Navigate to={tradingPath(DEFAULT_SUBPAGE)} replace />;
  }
  const Section = SECTIONS[subpage];
  return (
    <>
      <Section />
      {subpage !== "account" && <SessionRecordDialogs />}
    </>
  );
});
