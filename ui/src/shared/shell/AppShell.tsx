// The page frame: header on top, the routed page below; checks who is signed in when the app loads.
import { reaction } from "mobx";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { AppRoutes } from "./routes";
import { useStores } from "./StoreContext";
import { Header } from "./Header";
import { clearToasts } from "./toaster";

/** Header plus the current route's page; the toasts of one agent are cleared when another (or nobody) signs in. */
export const AppShell = observer(function AppShell() {
  const { session } = useStores();

  useEffect(() => {
    void session.checkProfile();
  }, [session]);

  // The reaction runs as the username changes, before the sign-in or sign-out shows its own toast.
  useEffect(() => reaction(() => session.agentUsername, clearToasts), [session]);

  return (
    <div className="cd-app">
      <Header />
      <main className="cd-content">
        <AppRoutes />
      </main>
    </div>
  );
});
