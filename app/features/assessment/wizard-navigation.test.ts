import { describe, expect, test } from "vitest";
import { postStep, wizardView } from "./wizard-navigation";
import { TOTAL_STEPS, type WizardState } from "./wizard";
import { contact, fullState } from "./wizard-fixtures";

/** Contact details and the first two efficiency answers: step 4 is the first open one. */
const atStep4: WizardState = {
  contact,
  answers: { time_wasted: "2-5-hours", reinvent_wheel: "monthly" },
};

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("wizardView", () => {
  test("shows a step asked for once the steps before it are answered", () => {
    expect(wizardView(atStep4, "2")).toMatchObject({ step: 2, notice: null, contact });
    expect(wizardView(atStep4, "4")).toMatchObject({ step: 4, notice: null });
  });

  test("without a step asked for, shows the first open one, or the last when all are done", () => {
    expect(wizardView({ answers: {} }, null)).toMatchObject({ step: 1, notice: null });
    expect(wizardView(atStep4, null)).toMatchObject({ step: 4, notice: null });
    expect(wizardView(fullState, null)).toMatchObject({ step: TOTAL_STEPS, notice: null });
  });

  test("a step past the first open one leads to that one, saying why", () => {
    expect(wizardView(atStep4, "7")).toMatchObject({
      step: 4,
      notice: {
        title: "Please answer the earlier questions first",
        description: "Step 4 still needs an answer before you can go on.",
      },
    });
  });

  test.each(["", "0", "11", "2abc", "01"])("step %j is not a step", (stepParam) => {
    expect(wizardView(atStep4, stepParam)).toMatchObject({
      step: 4,
      notice: {
        title: "Step not found",
        description: `The assessment has ${TOTAL_STEPS} steps, so we've taken you to step 4.`,
      },
    });
  });
});

describe("postStep", () => {
  const next = (entries: [string, string][]) => form([...entries, ["intent", "next"]]);
  const previous = (entries: [string, string][]) => form([...entries, ["intent", "previous"]]);

  test("Next with a valid answer moves to the next step with the answer kept", () => {
    const post = postStep(atStep4, "4", next([["critical_processes", "some-documented"]]));
    expect(post).toMatchObject({ kind: "forward", to: 5 });
    if (post.kind === "forward") {
      expect(post.wizard.answers.critical_processes).toBe("some-documented");
    }
  });

  test("Next on the last step finishes the wizard", () => {
    const post = postStep(
      fullState,
      String(TOTAL_STEPS),
      next([
        ["urgency", "somewhat-urgent"],
        ["timeline", "within-90-days"],
      ]),
    );
    expect(post).toMatchObject({ kind: "finished", step: { number: TOTAL_STEPS } });
  });

  test("a refused answer shows the step again with the message at its field", () => {
    expect(postStep(atStep4, "2", next([["time_wasted", "all-week"]]))).toEqual({
      kind: "refused",
      reply: {
        step: 2,
        errors: { time_wasted: "That answer is not one of the options." },
        values: {},
        notice: null,
      },
    });
  });

  test("Previous goes back one step, keeping what the step holds", () => {
    const post = postStep(atStep4, "4", previous([["critical_processes", "some-documented"]]));
    expect(post).toMatchObject({ kind: "back", to: 3 });
    if (post.kind === "back") {
      expect(post.wizard.answers.critical_processes).toBe("some-documented");
    }
  });

  test.each([
    ["no step", null, next([]), "Step not found"],
    ["a step past the first open one", "6", next([]), "Please answer the earlier questions first"],
    ["Previous on the first step", "1", previous([]), "Error"],
    ["no intent", "2", form([["time_wasted", "2-5-hours"]]), "Error"],
    [
      "two intents",
      "2",
      form([
        ["intent", "next"],
        ["intent", "previous"],
      ]),
      "Error",
    ],
  ])("refuses %s with a notice alone", (_case, stepParam, formData, title) => {
    expect(postStep(atStep4, stepParam, formData)).toMatchObject({
      kind: "refused",
      reply: { step: null, errors: {}, values: {}, notice: { type: "error", title } },
    });
  });
});
