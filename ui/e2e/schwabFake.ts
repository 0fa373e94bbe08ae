// Starts the `schwab-fake` binary (a Schwab-compatible server on the paper market) for browser tests.
import { spawn } from "node:child_process";
import { access, constants } from "node:fs/promises";
import { fileURLToPath } from "node:url";

/** The fake's binary: `SCHWAB_FAKE_BIN` or the workspace's debug build. */
export const FAKE_BINARY =
  process.env.SCHWAB_FAKE_BIN && process.env.SCHWAB_FAKE_BIN !== ""
    ? process.env.SCHWAB_FAKE_BIN
    : fileURLToPath(new URL("../../target/debug/schwab-fake", import.meta.url));

/** The fake's default app registration. */
export const FAKE_APP_KEY = "copydesk-fake-app-key";
export const FAKE_APP_SECRET = "copydesk-fake-app-secret";

const READY = /^schwab-fake listening on (http:\/\/\S+)\s*$/m;
const STARTUP_TIMEOUT_MS = 20_000;

/** A running fake. */
export interface RunningFake {
  readonly baseUrl: string;
  stop(): Promise<void>;
}

/** Starts `schwab-fake --bind 127.0.0.1:0` and resolves with its URL once it prints its ready line. */
export async function startSchwabFake(): Promise<RunningFake> {
  await access(FAKE_BINARY, constants.X_OK).catch(() => {
    throw new Error(`Missing schwab-fake binary (build it with cargo): ${FAKE_BINARY}`);
  });
  const child = spawn(FAKE_BINARY, ["--bind", "127.0.0.1:0"], { stdio: ["ignore", "pipe", "pipe"] });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  };
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`schwab-fake did not start:\n${output}`)), STARTUP_TIMEOUT_MS);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = READY.exec(output);
      if (found?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`schwab-fake exited with ${code}:\n${output}`));
    });
  });
  return { baseUrl, stop };
}
