// Starts and stops a real copydesk server for browser tests (one per worker): fresh data directory, free port,
// built UI.
import { spawn, type ChildProcess } from "node:child_process";
import { constants } from "node:fs";
import { access, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/** The ui/ folder. */
const UI_ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The server binary used unless `COPYDESK_BIN` names another. */
export const DEFAULT_BINARY = fileURLToPath(new URL("../../target/debug/copydesk", import.meta.url));

/** The built UI the server serves at `/`. */
export const DEFAULT_UI_DIR = join(UI_ROOT, "dist");

/** How long the server may take to print its listening line. */
const STARTUP_TIMEOUT_MS = 30_000;

/** How long the server may take to exit after SIGTERM before it is killed. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/** Lines of server output kept to explain a failed start. */
const OUTPUT_TAIL_LINES = 40;

const LISTENING_LINE = /^copydesk listening on (http:\/\/\S+)\s*$/;

/** Options of {@link startServer}. */
export interface ServerOptions {
  /** Server binary; defaults to `COPYDESK_BIN` or the workspace's debug build. */
  readonly binary?: string;
  /** Built UI folder; defaults to `COPYDESK_UI_DIR` or `ui/dist`. */
  readonly uiDir?: string;
  /**
   * Login attempts allowed per minute per username and per client address. Every browser test signs in
   * from 127.0.0.1, so the default is high enough for whole suites; a rate-limit test passes a small one.
   */
  readonly loginAttemptsPerMinute?: number;
  /** More `copydesk serve` arguments, e.g. `--broker schwab` and its settings. */
  readonly extraArgs?: readonly string[];
}

/** A running server. */
export interface RunningServer {
  /** Where it listens, e.g. `http://127.0.0.1:41234`. */
  readonly baseUrl: string;
  /** Stops the server and deletes its data directory. */
  stop(): Promise<void>;
}

/**
 * Starts `copydesk serve` on a free loopback port with a fresh data directory and no demo data, and
 * resolves once it prints its listening line.
 * @throws {Error} when the binary or the built UI is missing, or the server exits or stays silent.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const { binary, uiDir } = await checkBuilt(options);

  const dataDir = await mkdtemp(join(tmpdir(), "copydesk-e2e-"));
  const child = spawn(
    binary,
    [
      "serve",
      "--bind",
      "127.0.0.1:0",
      "--data",
      dataDir,
      "--no-demo",
      "--ui-dir",
      uiDir,
      "--login-attempts-per-minute",
      String(options.loginAttemptsPerMinute ?? 600),
      ...(options.extraArgs ?? []),
    ],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } },
  );
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  const cleanUp = async () => {
    process.removeListener("exit", killOnExit);
    await terminate(child);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const baseUrl = await waitForListening(child);
    return { baseUrl, stop: cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/**
 * Resolves the server binary and the built UI folder of `options` (or their defaults) and checks both exist.
 * @throws {Error} naming what is missing and how to build it.
 */
export async function checkBuilt(
  options: Pick<ServerOptions, "binary" | "uiDir"> = {},
): Promise<{ binary: string; uiDir: string }> {
  const binary = options.binary ?? nonEmpty(process.env.COPYDESK_BIN) ?? DEFAULT_BINARY;
  const uiDir = options.uiDir ?? nonEmpty(process.env.COPYDESK_UI_DIR) ?? DEFAULT_UI_DIR;
  await mustExist(binary, constants.X_OK, "copydesk binary (build it with cargo, or set COPYDESK_BIN)");
  await mustExist(join(uiDir, "index.html"), constants.R_OK, "built UI (run `npm run build` first)");
  return { binary, uiDir };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}

async function mustExist(path: string, mode: number, what: string): Promise<void> {
  try {
    await access(path, mode);
  } catch {
    throw new Error(`Missing ${what}: ${path}`);
  }
}

/** Resolves with the base URL from the listening line; keeps draining the output afterwards. */
function waitForListening(child: ChildProcess): Promise<string> {
  const tail: string[] = [];
  const remember = (line: string) => {
    tail.push(line);
    if (tail.length > OUTPUT_TAIL_LINES) {
      tail.shift();
    }
  };

  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (reason: string) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        reject(new Error(`${reason}\n--- last server output ---\n${tail.join("\n")}`));
      }
    };
    const timer = setTimeout(
      () => fail(`copydesk printed no listening line within ${STARTUP_TIMEOUT_MS} ms`),
      STARTUP_TIMEOUT_MS,
    );

    if (child.stdout === null || child.stderr === null) {
      fail("copydesk was started without output pipes");
      return;
    }
    createInterface({ input: child.stderr }).on("line", remember);
    createInterface({ input: child.stdout }).on("line", (line) => {
      remember(line);
      const match = LISTENING_LINE.exec(line);
      if (match?.[1] !== undefined && !settled) {
        settled = true;
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once("error", (error) => fail(`copydesk could not be started: ${error.message}`));
    child.once("exit", (code, signal) => fail(`copydesk exited before listening (code ${code}, signal ${signal})`));
  });
}

/** Sends SIGTERM, then SIGKILL if the process has not exited in time. */
async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), SHUTDOWN_TIMEOUT_MS);
  });
  if ((await Promise.race([exited, timedOut])) === "timeout") {
    child.kill("SIGKILL");
    await exited;
  }
  clearTimeout(timer);
}
