import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import { ONLY_OWNERS_REQUIRE } from "../two-factor-code";
import { CodeForm, TwoFactorRequirement } from "./two-factor";

/** The Security page's markup around `element`, as the server sends it. */
const rendered = (element: ReactNode) => {
  const Stub = createRoutesStub([{ path: "/admin/security", Component: () => element }]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/security"]} />);
};

const formTag = (html: string) => /<form [^>]*>/.exec(html)?.[0] ?? "";

describe("CodeForm", () => {
  test("posts the code and the pressed button's intent to the Security page's action", () => {
    const html = rendered(
      <CodeForm
        lastResult={undefined}
        buttons={[
          { intent: "regenerate", label: "Make new recovery codes", variant: "secondary" },
          { intent: "turn-off", label: "Turn off two-factor sign-in", variant: "danger" },
        ]}
      />,
    );
    expect(formTag(html)).toMatch(/method="post"/);
    expect(formTag(html)).toMatch(/action="\/admin\/security"/);
    const codeInput = /<input [^>]*name="code"[^>]*>/.exec(html)?.[0];
    expect(codeInput).toContain('autoComplete="one-time-code"');
    const buttons = html.match(/<button [^>]*>/g) ?? [];
    expect(buttons.filter((button) => button.includes('name="intent"'))).toEqual([
      expect.stringContaining('value="regenerate"'),
      expect.stringContaining('value="turn-off"'),
    ]);
  });

  test("shows the action's field error at the code, without JavaScript too", () => {
    const html = rendered(
      <CodeForm
        lastResult={{
          status: "error",
          initialValue: {},
          error: { code: ["Please enter the code."] },
        }}
        buttons={[{ intent: "turn-on", label: "Turn on two-factor sign-in", variant: "primary" }]}
      />,
    );
    expect(html).toContain("Please enter the code.");
    expect(html).toMatch(/<input[^>]*aria-invalid="true"/);
  });
});

describe("TwoFactorRequirement", () => {
  test("an owner's switch posts to its own action route, naming what it changes to", () => {
    const html = rendered(<TwoFactorRequirement required={false} canRequire />);
    expect(formTag(html)).toMatch(/action="\/admin\/security\/require-two-factor"/);
    expect(html).toMatch(/<input type="hidden" name="required" value="true"\/>/);
    expect(html).toContain("Require two-factor for every admin");
    const stop = rendered(<TwoFactorRequirement required canRequire />);
    expect(stop).toMatch(/name="required" value="false"/);
    expect(stop).toContain("Stop requiring two-factor sign-in");
  });

  test("an admin who is not an owner reads why there is no switch", () => {
    const html = rendered(<TwoFactorRequirement required canRequire={false} />);
    expect(html).not.toContain("<form");
    expect(html).toContain(ONLY_OWNERS_REQUIRE);
    expect(html).toContain("Two-factor sign-in is required for every admin.");
  });
});
