// The page frame: header on top, the routed page below; checks who is signed in when the app loads.
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { AppRoutes } from "./routes";
import { useStores } from "./StoreContext";
import { Header } from "./Header";

/** Header plus the current route's page. */
export const AppShell = observer(function AppShell() {
  const { session } = useStores();

  useEffect(() => {
    void session.checkProfile();
  }, [session]);

  return (
    <div className="cd-app">
      <Header />
      <main className="cd-content">
        <AppRoutes />
      </main>
    </div>
  );
});
