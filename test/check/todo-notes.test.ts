import { expect, it } from "vitest";
import { todoNotes } from "../../src/check/rules/todo-notes.js";
import { CAST, runRule, where } from "./helpers.js";

it("TODO notes are listed as info, wherever they sit", () => {
  const d = runRule(todoNotes, CAST + "[[TODO: intro]]\n\nHOST: hi [[TODO check]] there\n[[not a todo]]\n");
  expect(where(d)).toEqual(["POD0501@7:1-16", "POD0501@9:10-24"]);
  expect(d.every((x) => x.severity === "info")).toBe(true);
});
