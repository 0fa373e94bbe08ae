// The top bar: brand, the four trading tabs, the signed-in agent and the Log Out button.
import { Alignment, Button, Colors, Navbar, NavbarGroup, NavbarHeading } from "@blueprintjs/core";
import { EditIcon, LogOutIcon, UserIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import type { CSSProperties } from "react";
import { Link, matchPath, useLocation } from "react-router-dom";
import {
  DEFAULT_SUBPAGE,
  LOGIN_PATH,
  REGISTER_PATH,
  TRADING_ROUTE,
  TRADING_SUBPAGES,
  tradingPath,
} from "./paths";
import { useStores } from "./StoreContext";
import { LogoutDialog } from "./LogoutDialog";

/** The filled teal pill of the active tab. */
const ACTIVE_TAB_STYLE: CSSProperties = { backgroundColor: Colors.TURQUOISE2, color: Colors.WHITE };

/** Header shown above every page; tabs and Log Out are hidden on the login and register pages. */
export const Header = observer(function Header() {
  const { session } = useStores();
  const { pathname } = useLocation();
  const onAuthPage = matchPath(LOGIN_PATH, pathname) !== null || matchPath(REGISTER_PATH, pathname) !== null;
  const tradingMatch = matchPath(TRADING_ROUTE, pathname);
  const activeSubpage = tradingMatch === null ? null : (tradingMatch.params.subpage ?? DEFAULT_SUBPAGE);

  return (
    <header>
      <Navbar className="cd-header">
        <NavbarGroup align={Alignment.START}>
          <EditIcon className="cd-brand-icon" size={20} aria-hidden />
          <NavbarHeading className="cd-brand">copydesk</NavbarHeading>
          {!onAuthPage && (
            <nav className="cd-tabs" aria-label="Trading sections">
              {TRADING_SUBPAGES.map(({ subpage, label }) => {
                const active = subpage === activeSubpage;
                return (
                  <Link
                    key={subpage}
                    to={tradingPath(subpage)}
                    className={active ? "cd-tab cd-tab-active" : "cd-tab"}
                    style={active ? ACTIVE_TAB_STYLE : undefined}
                    aria-current={active ? "page" : undefined}
                  >
                    {label}
                  </Link>
                );
              })}
            </nav>
          )}
        </NavbarGroup>
        <NavbarGroup align={Alignment.END}>
          <UserIcon className="cd-user-icon" aria-hidden />
          <span className="cd-username" data-testid="agent-username">
            {session.agentUsername ?? ""}
          </span>
          {!onAuthPage && (
            <Button className="cd-logout" icon={<LogOutIcon />} text="Log Out" onClick={session.openLogoutDialog} />
          )}
        </NavbarGroup>
      </Navbar>
      <LogoutDialog />
    </header>
  );
});
