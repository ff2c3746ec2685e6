// A form as the server sends it, which is all a browser without JavaScript gets: the markup of
// an element drawn at its route, and what of it travels with a submission or a click.
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";

export function renderedAt(path: string, element: ReactNode) {
  const Stub = createRoutesStub([{ path, Component: () => element }]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: [path] }));
}

/** The hidden fields, in order, as `name=value`. */
export const hiddenFields = (html: string) =>
  [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map(
    ([, name, value]) => `${name}=${value}`,
  );

/** Where the link whose whole text is `text` leads; undefined when there is none. */
export const linkTarget = (html: string, text: string) =>
  new RegExp(`<a [^>]*href="([^"]*)"[^>]*>${text}</a>`).exec(html)?.[1];

/** The first form's attributes, by name. */
export const formAttributes = (html: string) =>
  Object.fromEntries(
    [...(/<form [^>]*>/.exec(html)?.[0] ?? "").matchAll(/ ([\w-]+)="([^"]*)"/g)].map(
      ([, name, value]) => [name, value],
    ),
  );
