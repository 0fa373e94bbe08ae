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

function show(message: string, intent: Intent): void {
  sharedToaster().then(
    (instance) => {
      if (intent === Intent.SUCCESS || intent === Intent.WARNING) {
        unknownOutcomes.splice(0).forEach((key) => instance.dismiss(key));
      }
      const key = instance.show({ message, intent, icon: ICONS[intent] ?? "error" });
      if (intent === Intent.DANGER && message.includes(UNKNOWN_OUTCOME)) {
        unknownOutcomes.push(key);
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
 */
export function showOutcome(outcome: Outcome): void {
  if (outcome.quiet === true) {
    return;
  }
  if (outcome.partial === true) {
    showWarning(outcome.message);
  } else if (outcome.ok) {
    showSuccess(outcome.message);
  } else {
    showDanger(outcome.message);
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
