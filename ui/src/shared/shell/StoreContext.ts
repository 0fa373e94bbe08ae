// Makes the root store reachable from any component through React context.
import { createContext, useContext } from "react";
import type { RootStore } from "./RootStore";

/** Context carrying the app's root store; provided once at the top of the tree. */
export const StoreContext = createContext<RootStore | null>(null);

/**
 * The app's root store.
 * @throws {Error} when called outside a `StoreContext` provider (a wiring mistake, not a user error).
 */
export function useStores(): RootStore {
  const root = useContext(StoreContext);
  if (root === null) {
    throw new Error("useStores must be used inside a StoreContext provider");
  }
  return root;
}
