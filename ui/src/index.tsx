// Entry point: builds the root store and mounts the app under a hash router.
import "@blueprintjs/core/lib/css/blueprint.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { HashRouter } from "react-router-dom";
import { AppShell } from "./shared/shell/AppShell";
import { RootStore } from "./shared/shell/RootStore";
import { StoreContext } from "./shared/shell/StoreContext";

const container = document.getElementById("root");
if (container === null) {
  throw new Error("index.html has no #root element");
}

const root = new RootStore();

createRoot(container).render(
  <StrictMode>
    <StoreContext.Provider value={root}>
      <HashRouter>
        <AppShell />
      </HashRouter>
    </StoreContext.Provider>
  </StrictMode>,
);
