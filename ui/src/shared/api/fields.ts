// Reads typed fields out of one JSON object of an answer, with errors that name the field and the entry.
import { isRecord } from "./json";

/**
 * The fields of one JSON object. Each reader returns the field's value in the type asked for, or throws an
 * {@link Error} of the form `<field> of <entry> is not <what>` so a malformed answer says where it broke.
 */
export class Fields {
  private readonly value: Record<string, unknown>;
  private readonly entry: string;

  /**
   * @param value The decoded JSON value that should be an object.
   * @param entry How the object is named in errors, e.g. `order row 3 of session 12`.
   * @throws {Error} when `value` is not an object.
   */
  constructor(value: unknown, entry: string) {
    if (!isRecord(value)) {
      throw new Error(`${entry} is not an object`);
    }
    this.value = value;
    this.entry = entry;
  }

  /** A string field. */
  string(key: string): string {
    const field = this.value[key];
    if (typeof field !== "string") {
      throw this.error(key, "a string");
    }
    return field;
  }

  /** A string field that may be null or absent (then null). */
  nullableString(key: string): string | null {
    const field = this.value[key];
    if (field === null || field === undefined) {
      return null;
    }
    if (typeof field !== "string") {
      throw this.error(key, "a string or null");
    }
    return field;
  }

  /** A finite number field. */
  number(key: string): number {
    const field = this.value[key];
    if (typeof field !== "number" || !Number.isFinite(field)) {
      throw this.error(key, "a number");
    }
    return field;
  }

  /** A whole-number field. */
  wholeNumber(key: string): number {
    const field = this.value[key];
    if (typeof field !== "number" || !Number.isInteger(field)) {
      throw this.error(key, "a whole number");
    }
    return field;
  }

  /** A whole-number field that may be null or absent (then null). */
  nullableWholeNumber(key: string): number | null {
    const field = this.value[key];
    if (field === null || field === undefined) {
      return null;
    }
    if (typeof field !== "number" || !Number.isInteger(field)) {
      throw this.error(key, "a whole number or null");
    }
    return field;
  }

  /** A number sent either as a JSON number or as its decimal text (e.g. a saved price `"1.25"`). */
  numericText(key: string): string {
    const field = this.value[key];
    if (typeof field === "number" && Number.isFinite(field)) {
      return String(field);
    }
    if (typeof field === "string" && field.trim() !== "" && Number.isFinite(Number(field))) {
      return field.trim();
    }
    throw this.error(key, "a number");
  }

  /** A string field holding one of `allowed`. */
  oneOf<T extends string>(key: string, allowed: readonly T[]): T {
    const field = this.value[key];
    const match = allowed.find((word) => word === field);
    if (match === undefined) {
      throw this.error(key, `one of ${allowed.join(", ")}`);
    }
    return match;
  }

  private error(key: string, what: string): Error {
    return new Error(`${key} of ${this.entry} is not ${what}`);
  }
}
