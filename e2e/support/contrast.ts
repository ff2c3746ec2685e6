// Contrast as the eye meets it, measured in the page from computed colours (WCAG 2.2's relative
// luminance): the focus indicator against the background around the focused element, a field's
// edge against the field and the page around it, and a placeholder against its field.
import type { Page } from "@playwright/test";

export type FocusIndicator = {
  /** The focused element: its tag and its text or name, to say which one failed. */
  element: string;
  tag: string;
  /** The colour the indicator is drawn on: the first opaque background above the element. */
  background: string;
  /** The best contrast any ring of the indicator reaches against that background. */
  contrast: number;
};

export type FieldEdge = {
  field: string;
  /** The weaker of the edge against the field's own fill and against the page around it. */
  contrast: number;
};

export type PlaceholderText = {
  field: string;
  placeholder: string;
  /** The placeholder's colour against the field's own fill. */
  contrast: number;
};

type Kind = "focus" | "fields" | "placeholders";
type Measured = {
  focus: FocusIndicator | null;
  fields: FieldEdge[];
  placeholders: PlaceholderText[];
};

/**
 * Runs inside the page (Playwright sends its source), so it holds every helper it needs. Colours
 * go through a canvas, which reads any CSS colour (Tailwind's oklch and color-mix included) as
 * sRGB bytes.
 */
function measureInPage(kind: Kind): Measured {
  type Rgba = [number, number, number, number];
  const canvas = document.createElement("canvas");
  canvas.width = 1;
  canvas.height = 1;
  const context = canvas.getContext("2d", { willReadFrequently: true })!;
  const rgba = (css: string): Rgba => {
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = css;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const over = ([r, g, b, a]: Rgba, [br, bg, bb]: Rgba): Rgba => [
    r * a + br * (1 - a),
    g * a + bg * (1 - a),
    b * a + bb * (1 - a),
    1,
  ];
  const luminance = ([r, g, b]: Rgba) => {
    const linear = (channel: number) => {
      const c = channel / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const contrast = (one: Rgba, other: Rgba) => {
    const [first, second] = [luminance(one), luminance(other)];
    return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
  };
  const css = ([r, g, b]: Rgba) => `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`;
  /** The colour behind an element: its backgrounds and its ancestors', down to an opaque one. */
  const backgroundFrom = (start: Element | null): Rgba => {
    const layers: Rgba[] = [];
    for (let element = start; element; element = element.parentElement) {
      const colour = rgba(getComputedStyle(element).backgroundColor);
      if (colour[3] > 0) layers.push(colour);
      if (colour[3] >= 1) break;
    }
    // The canvas behind the whole page is white.
    return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
  };
  const describe = (element: Element) =>
    `<${element.tagName.toLowerCase()}> ${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 60)}`;

  if (kind === "focus") {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return { focus: null, fields: [], placeholders: [] };
    // Focus may start a transition (of the outline's colour, say): measure where it ends.
    for (const animation of focused.getAnimations()) animation.finish();
    const style = getComputedStyle(focused);
    const rings: string[] = [];
    if (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) {
      rings.push(style.outlineColor);
    }
    // Box shadows that draw a ring: spread beyond the element, not inset. Each shadow is a colour
    // (which may hold commas and spaces) followed by lengths.
    for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
      const colour = shadow.trim().match(/^([a-z-]+\([^)]*\)|#[0-9a-f]+|[a-z]+)/i)?.[1];
      const lengths = shadow.match(/-?[\d.]+px/g)?.map(parseFloat) ?? [];
      if (colour && !/\binset\b/.test(shadow) && (lengths[3] ?? 0) > 0) rings.push(colour);
    }
    // Around the element, not on it: the ring is drawn outside its box.
    const background = backgroundFrom(focused.parentElement);
    return {
      focus: {
        element: describe(focused),
        tag: focused.tagName.toLowerCase(),
        background: css(background),
        contrast: Math.max(
          0,
          ...rings.map((ring) => contrast(over(rgba(ring), background), background)),
        ),
      },
      fields: [],
      placeholders: [],
    };
  }

  if (kind === "placeholders") {
    const shown = [...document.querySelectorAll<HTMLElement>("[placeholder]")].filter(
      (field) => field.getAttribute("placeholder") && field.getBoundingClientRect().width > 4,
    );
    return {
      focus: null,
      fields: [],
      placeholders: shown.map((field) => {
        const fill = backgroundFrom(field);
        const text = over(rgba(getComputedStyle(field, "::placeholder").color), fill);
        return {
          field: `#${field.id || field.getAttribute("name") || ""}`,
          placeholder: field.getAttribute("placeholder") ?? "",
          contrast: contrast(text, fill),
        };
      }),
    };
  }

  const fields = [
    ...document.querySelectorAll<HTMLElement>(
      "input:not([type=hidden], [type=radio], [type=checkbox], [type=submit]), select, textarea, [contenteditable=true]",
    ),
  ].filter((field) => field.tabIndex >= 0 && field.getBoundingClientRect().width > 4);
  return {
    focus: null,
    placeholders: [],
    fields: fields.map((field) => {
      // A field drawn without an edge of its own (the editor's text area) shows its frame's.
      const bordered = (element: Element) =>
        parseFloat(getComputedStyle(element).borderTopWidth) > 0;
      let edgeBox: Element = field;
      while (
        !bordered(edgeBox) &&
        edgeBox.parentElement &&
        edgeBox.parentElement !== document.body
      ) {
        edgeBox = edgeBox.parentElement;
      }
      const style = getComputedStyle(edgeBox);
      const fill = backgroundFrom(edgeBox);
      const around = backgroundFrom(edgeBox.parentElement);
      const edges = ["top", "right", "bottom", "left"].map((side) => {
        if (!(parseFloat(style.getPropertyValue(`border-${side}-width`)) > 0)) return 0;
        const edge = over(rgba(style.getPropertyValue(`border-${side}-color`)), around);
        return Math.min(contrast(edge, fill), contrast(edge, around));
      });
      return {
        field: `${describe(field)} #${field.id || field.getAttribute("name") || ""}`,
        contrast: Math.min(...edges),
      };
    }),
  };
}

/** The focus indicator of the page's focused element, or null when focus is on <body>. */
export async function focusIndicator(page: Page) {
  return (await page.evaluate<Measured, Kind>(measureInPage, "focus")).focus;
}

/** Each visible field's edge contrast. */
export async function fieldEdges(page: Page) {
  return (await page.evaluate<Measured, Kind>(measureInPage, "fields")).fields;
}

/** The colour of each visible placeholder against its field. */
export async function placeholderTexts(page: Page) {
  return (await page.evaluate<Measured, Kind>(measureInPage, "placeholders")).placeholders;
}
