// Starts one copydesk server for the whole browser-test run and stops it at the end.
import { BASE_URL_VARIABLE } from "./fixtures";
import { startServer } from "./server";

/** Starts the server, publishes its URL to the test workers, and returns the teardown. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env[BASE_URL_VARIABLE] = server.baseUrl;
  return async () => {
    await server.stop();
  };
}
