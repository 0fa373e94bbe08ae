// Checks once, before any worker starts, that the server binary and the built UI are there: a missing build
// fails the run with one message instead of once per worker. Each worker starts its own server (fixtures.ts).
import { checkBuilt } from "./server";

/** Fails with what is missing and how to build it. */
export default async function globalSetup(): Promise<void> {
  await checkBuilt();
}
