// The app's one toaster: every success and failure message is shown through these functions.
import { Intent, OverlayToaster, Position, type Toaster } from "@blueprintjs/core";
import { UNKNOWN_OUTCOME } from "../api/ApiClient";
import type { Outcome } from "../stores/Outcome";

/** The most toasts shown at once; a new one pushes out the oldest. */
export const MAX_TOASTS = 3;

/**
 * The CSS variable holding the height the toasts take at the bottom of the window (0 without toasts). Open
 * dialogs keep out of that band (see `styles.css`), so a toast never covers a dialog's fields.
 */
export const TOAST_SPACE_VARIABLE = "--cd-toast-space";

/** The class of the toaster's container. */
const TOASTER_CLASS = "cd-toaster";

let toaster: Promise<Toaster> | null = null;

function sharedToaster(): Promise<Toaster> {
  if (toaster === null) {
    const host = document.createElement("div");
    host.className = "cd-toaster-host";
    document.body.appendChild(host);
    reserveToastSpace(host);
    toaster = OverlayToaster.create(
      { className: TOASTER_CLASS, position: Position.BOTTOM_RIGHT, maxToasts: MAX_TOASTS },
      { container: host },
    );
  }
  return toaster;
}

/**
 * A toast still shown: not one on its way out. A closed toast stays in the page until its exit ends, and a
 * dialog opened then must not be laid out above it, only to drop into place when it goes.
 */
const SHOWN_TOAST = ".bp6-toast:not(.bp6-toast-exit):not(.bp6-toast-exit-active)";

/** The height the toasts in `host` take: their container's height while it shows a toast, else 0. */
export function toastSpace(host: HTMLElement): number {
  const container = host.querySelector(".bp6-toast-container");
  if (container === null || container.querySelector(SHOWN_TOAST) === null) {
    return 0;
  }
  return Math.ceil(container.getBoundingClientRect().height);
}

/**
 * Keeps {@link TOAST_SPACE_VARIABLE} equal to the space the toasts in `host` take as they come and go: on
 * every toast added or removed, and on every change of a toast's classes (a closed toast is marked as
 * leaving at once, well before it is removed).
 */
function reserveToastSpace(host: HTMLElement): void {
  const update = () => {
    document.documentElement.style.setProperty(TOAST_SPACE_VARIABLE, `${toastSpace(host)}px`);
  };
  update();
  new MutationObserver(update).observe(host, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["class"],
  });
  window.addEventListener("resize", update);
}

/**
 * Keys of the danger toasts saying a command's orders may have gone out. The next answered command (a success or
 * a partial success: the command sent again and answered, or another one) closes them, so a red "may have gone
 * out" never stands beside its answer.
 */
const unknownOutcomes: string[] = [];

/** The icon of each toast's intent. */
const ICONS: Partial<Record<Intent, "tick-circle" | "warning-sign" | "error">> = {
  [Intent.SUCCESS]: "tick-circle",
  [Intent.WARNING]: "warning-sign",
  [Intent.DANGER]: "error",
};

/** How long a toast stays (Blueprint's default), unless the pointer rests on it. */
export const TOAST_TIMEOUT_MS = 5_000;

/** How many times each key was shown, so that each showing of a key starts the toast's time over. */
const keyShowings = new Map<string, number>();

/**
 * The timeout of a keyed toast's `showing`-th showing: {@link TOAST_TIMEOUT_MS} and one millisecond more in turn.
 * A toast updated in place keeps its timer unless its timeout changes, and an update must be read as long as a new
 * toast would.
 */
export function keyedTimeout(showing: number): number {
  return TOAST_TIMEOUT_MS + (showing % 2);
}

function show(message: string, intent: Intent, key?: string): void {
  sharedToaster().then(
    (instance) => {
      if (intent === Intent.SUCCESS || intent === Intent.WARNING) {
        unknownOutcomes.splice(0).forEach((shown) => instance.dismiss(shown));
      }
      const props = { message, intent, icon: ICONS[intent] ?? "error" } as const;
      let shown: string;
      if (key === undefined) {
        shown = instance.show({ ...props, timeout: TOAST_TIMEOUT_MS });
      } else {
        const showing = (keyShowings.get(key) ?? 0) + 1;
        keyShowings.set(key, showing);
        shown = instance.show({ ...props, timeout: keyedTimeout(showing) }, key);
      }
      if (intent === Intent.DANGER && message.includes(UNKNOWN_OUTCOME)) {
        unknownOutcomes.push(shown);
      }
    },
    (error: unknown) => {
      console.error("Toaster unavailable", error);
    },
  );
}

/** Shows `text` in a green success toast. */
export function showSuccess(text: string): void {
  show(text, Intent.SUCCESS);
}

/** Shows `text` in an orange warning toast: a command that went out to some of its accounts only. */
export function showWarning(text: string): void {
  show(text, Intent.WARNING);
}

/** Shows `text` in a red danger toast. */
export function showDanger(text: string): void {
  show(text, Intent.DANGER);
}

/**
 * Shows a store action's outcome: a success toast when it worked, a warning toast when a command went out to some
 * of its accounts only, a danger toast when it failed, nothing for a quiet outcome (the agent chose not to send).
 * With a `key`, a toast of that key still on screen is updated in place (its text, its intent, its time started
 * over) instead of another being shown; one closed or gone is shown anew.
 */
export function showOutcome(outcome: Outcome, key?: string): void {
  if (outcome.quiet === true) {
    return;
  }
  if (outcome.partial === true) {
    show(outcome.message, Intent.WARNING, key);
  } else if (outcome.ok) {
    show(outcome.message, Intent.SUCCESS, key);
  } else {
    show(outcome.message, Intent.DANGER, key);
  }
}

/**
 * Removes every toast shown so far (on sign-in, sign-out and a change of screen, so no message outlives
 * what it was about). A toast shown after this call stays.
 */
export function clearToasts(): void {
  toaster?.then(
    (instance) => {
      instance.clear();
    },
    (error: unknown) => {
      console.error("Toaster unavailable", error);
    },
  );
}
