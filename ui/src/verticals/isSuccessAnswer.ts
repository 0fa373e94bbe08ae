// Whether a vertical command's answer says every targeted account accepted it.

/** True when a call's answer is the text `success`. */
export function isSuccessAnswer(answer: unknown): boolean {
  return typeof answer === "string" && answer.trim() === "success";
}
