// Every route of the app in one place.
import { Navigate, Route, Routes } from "react-router-dom";
import { LoginPage } from "./LoginPage";
import { RegisterPage } from "./RegisterPage";
import { RequireAgent } from "./RequireAgent";
import { TradingPage } from "./TradingPage";
import { DEFAULT_SUBPAGE, LOGIN_PATH, REGISTER_PATH, TRADING_ROUTE, tradingPath } from "./paths";

/** The route table: login, register, the guarded trading area, and everything else to Account. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={LOGIN_PATH} element={<LoginPage />} />
      <Route path={REGISTER_PATH} element={<RegisterPage />} />
      <Route
        path={TRADING_ROUTE}
        element={
          <RequireAgent>
            <TradingPage />
          </RequireAgent>
        }
      />
      <Route path="*" element={<Navigate to={tradingPath(DEFAULT_SUBPAGE)} replace />} />
    </Routes>
  );
}
