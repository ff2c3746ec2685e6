import { describe, expect, test } from "vitest";
import {
  applyStep,
  applyStepGoingBack,
  completedAnswers,
  firstIncompleteStep,
  isStepFilled,
  parseStepNumber,
  stepAt,
  TOTAL_STEPS,
  wizardStateFrom,
  wizardSteps,
  type WizardState,
} from "./wizard";
import { contact, fullState } from "./wizard-fixtures";

function form(entries: [string, string | Blob][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

test("the wizard has ten steps: contact, six efficiency questions, role, approval, urgency with timeline", () => {
  expect(wizardSteps).toHaveLength(TOTAL_STEPS);
  expect(
    wizardSteps.map((step) => (step.kind === "contact" ? "contact" : step.questionIds.join("+"))),
  ).toEqual([
    "contact",
    "time_wasted",
    "reinvent_wheel",
    "critical_processes",
    "vacation_impact",
    "meeting_time",
    "project_delays",
    "role",
    "approval_process",
    "urgency+timeline",
  ]);
});

describe("applyStep on the contact step", () => {
  const step = stepAt(1)!;
  test("accepts the four required fields and an empty phone", () => {
    const result = applyStep({ answers: {} }, step, form(Object.entries(contact)));
    expect(result).toEqual({ ok: true, state: { answers: {}, contact } });
  });

  test.each([
    ["company", "", "Please enter your company."],
    ["firstName", "  ", "Please enter your first name."],
    ["lastName", "", "Please enter your last name."],
    ["email", "", "Please enter your work email."],
    ["email", "not-an-email", "Please enter a valid email address."],
    ["phone", "call me", "Please use digits, spaces and + ( ) - only."],
    ["company", "Acme\u0000", "This contains characters that are not allowed."],
  ])("refuses %s = %j with %s, keeping the other values", (field, value, message) => {
    const result = applyStep(
      { answers: {} },
      step,
      form(Object.entries({ ...contact, [field]: value })),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[field]).toBe(message);
    const kept = field === "lastName" ? "firstName" : "lastName";
    expect(result.values[kept]).toBe(contact[kept]);
  });

  test("refuses a repeated field", () => {
    const result = applyStep(
      { answers: {} },
      step,
      form([...Object.entries(contact), ["email", "b@example.org"]]),
    );
    expect(result.ok).toBe(false);
  });

  test.each([
    ["phone", "the optional field"],
    ["company", "a required field"],
  ])("refuses a file sent as %s (%s)", (field) => {
    const fields: [string, string | Blob][] = Object.entries(contact).filter(
      ([name]) => name !== field,
    );
    const result = applyStep(
      { answers: {} },
      step,
      form([...fields, [field, new Blob(["+1 555 0100"], { type: "text/plain" })]]),
    );
    expect(result).toMatchObject({
      ok: false,
      errors: { [field]: "Please send this field once, as text." },
    });
  });
});

describe("applyStep on a question step", () => {
  test.each([
    [2, [["time_wasted", "under-2-hours"]], true, {}],
    [2, [], false, { time_wasted: "Please choose an answer." }],
    [2, [["time_wasted", "25"]], false, { time_wasted: "That answer is not one of the options." }],
    [
      2,
      [
        ["time_wasted", "under-2-hours"],
        ["time_wasted", "over-10-hours"],
      ],
      false,
      { time_wasted: "That answer is not one of the options." },
    ],
    [8, [["role", "not-certain"]], false, { role: "That answer is not one of the options." }],
    [10, [["urgency", "just-curious"]], false, { timeline: "Please choose an answer." }],
    [
      10,
      [
        ["urgency", "just-curious"],
        ["timeline", "within-30-days"],
      ],
      true,
      {},
    ],
  ] as const)("step %i with %j: ok=%s", (number, entries, ok, errors) => {
    const result = applyStep(
      { answers: {} },
      stepAt(number)!,
      form(entries.map(([n, v]) => [n, v])),
    );
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.errors).toEqual(errors);
  });

  test("a file where an answer belongs is refused", () => {
    const result = applyStep(
      { answers: {} },
      stepAt(3)!,
      form([["reinvent_wheel", new Blob(["rarely"])]]),
    );
    expect(result.ok).toBe(false);
  });
});

describe("applyStepGoingBack", () => {
  const earlier: WizardState = { contact, answers: { time_wasted: "under-2-hours" } };

  test.each([
    [10, [], true, { time_wasted: "under-2-hours" }],
    [
      10,
      [["urgency", "just-curious"]],
      true,
      { time_wasted: "under-2-hours", urgency: "just-curious" },
    ],
    [3, [["reinvent_wheel", ""]], true, { time_wasted: "under-2-hours" }],
  ] as const)("step %i with %j keeps %j", (number, entries, ok, answers) => {
    const result = applyStepGoingBack(
      earlier,
      stepAt(number)!,
      form(entries.map(([n, v]) => [n, v])),
    );
    expect(result.ok).toBe(ok);
    if (result.ok) expect(result.state.answers).toEqual(answers);
  });

  test.each([
    [
      3,
      [["reinvent_wheel", "sometimes?"]],
      { reinvent_wheel: "That answer is not one of the options." },
    ],
    [
      10,
      [
        ["urgency", "just-curious"],
        ["timeline", "yesterday"],
      ],
      { timeline: "That answer is not one of the options." },
    ],
  ] as const)("step %i refuses %j", (number, entries, errors) => {
    const result = applyStepGoingBack(
      earlier,
      stepAt(number)!,
      form(entries.map(([n, v]) => [n, v])),
    );
    expect(result).toMatchObject({ ok: false, errors });
  });
});

test("firstIncompleteStep walks the steps in order and completedAnswers needs all of them", () => {
  expect(firstIncompleteStep({ answers: {} })).toBe(1);
  expect(firstIncompleteStep({ contact, answers: {} })).toBe(2);
  // An answer to a later step does not let a visitor skip an earlier one.
  expect(firstIncompleteStep({ contact, answers: { role: "other" } })).toBe(2);
  expect(
    firstIncompleteStep({ contact, answers: { ...fullState.answers, timeline: undefined } }),
  ).toBe(10);
  expect(
    completedAnswers({ contact, answers: { ...fullState.answers, timeline: undefined } }),
  ).toBeNull();
  expect(firstIncompleteStep(fullState)).toBe(TOTAL_STEPS + 1);
  expect(completedAnswers(fullState)).toEqual({ contact, answers: fullState.answers });
});

describe("wizardStateFrom", () => {
  test("keeps a valid state as it is", () => {
    expect(wizardStateFrom(JSON.parse(JSON.stringify(fullState)))).toEqual(fullState);
  });

  test.each([
    ["nothing stored", undefined],
    ["a string", "step=10"],
    ["an array", [fullState]],
    ["answers that are not an object", { answers: ["2-5-hours"] }],
  ])("%s gives an empty state", (_name, stored) => {
    expect(wizardStateFrom(stored)).toEqual({ answers: {} });
  });

  test("drops unknown options, unknown questions and invalid contact details", () => {
    const stored = {
      contact: { ...contact, email: "not-an-email" },
      answers: {
        time_wasted: "2-5-hours",
        reinvent_wheel: "sometimes-maybe",
        role: 4,
        extra_question: "yes",
        __proto__: { timeline: "within-30-days" },
      },
    };
    expect(wizardStateFrom(stored)).toEqual({ answers: { time_wasted: "2-5-hours" } });
  });
});

describe("parseStepNumber", () => {
  test.each([
    ["1", 1],
    ["7", 7],
    ["10", 10],
    [null, undefined],
    ["", undefined],
    ["0", undefined],
    ["11", undefined],
    ["01", undefined],
    ["-1", undefined],
    ["3.0", undefined],
    [" 3", undefined],
    ["1e1", undefined],
    ["three", undefined],
  ])("%j gives %j", (raw, expected) => {
    expect(parseStepNumber(raw)).toBe(expected);
  });
});

describe("isStepFilled", () => {
  const contactStep = stepAt(1)!;
  const filledContact: [string, string][] = [
    ["company", "Acme"],
    ["firstName", "Ada"],
    ["lastName", "Lovelace"],
    ["email", "ada@acme.example"],
  ];

  test("step 1 needs company, first name, last name and email; phone is optional", () => {
    expect(isStepFilled(contactStep, form(filledContact))).toBe(true);
    for (const [name] of filledContact) {
      const without = filledContact.map(([key, value]): [string, string] => [
        key,
        key === name ? "  " : value,
      ]);
      expect(isStepFilled(contactStep, form(without))).toBe(false);
    }
  });

  test("a question step needs an answer to each of its questions", () => {
    const lastStep = stepAt(TOTAL_STEPS)!;
    expect(isStepFilled(stepAt(2)!, form([]))).toBe(false);
    expect(isStepFilled(stepAt(2)!, form([["time_wasted", "2-5-hours"]]))).toBe(true);
    expect(isStepFilled(lastStep, form([["urgency", "just-curious"]]))).toBe(false);
    expect(
      isStepFilled(
        lastStep,
        form([
          ["urgency", "just-curious"],
          ["timeline", "within-90-days"],
        ]),
      ),
    ).toBe(true);
  });
});
