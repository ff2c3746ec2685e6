// A part of a page whose code is not among the page's first scripts (docs/decisions/057): the
// server draws it in the page as ever, and the browser fetches its code as React reaches it.
// Until then the part is the server's HTML, which works as it does without JavaScript.
import {
  Suspense,
  memo,
  use,
  useMemo,
  useState,
  type ComponentType,
  type ReactPromise,
} from "react";
import { useHydrated } from "~/lib/use-hydrated";

/** Marks the promise as React's `use` reads it: once settled well, read at once, not awaited. */
function tracked<T>(promise: Promise<T>): ReactPromise<T> {
  promise.then(
    (value) => Object.assign(promise, { status: "fulfilled", value }),
    () => {},
  );
  return promise;
}

/**
 * The component `load` brings, drawn wherever the returned component is, with the same props.
 *
 * Hydrating, the part waits in a Suspense boundary, so the rest of the page hydrates at once and
 * React keeps the server's elements (and what was typed into them) until the code arrives; should
 * it never arrive (offline, a new deploy), the server's HTML stays. Drawn later (a page reached in
 * the browser), it has no boundary: React Router's navigation, a transition, shows the page
 * once the code is there rather than an empty space first.
 */
export function drawnLater<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: {
    drawn: ReactPromise<ComponentType<Props>>;
    hydrating: ReactPromise<ComponentType<Props>>;
  };
  const start = () => {
    if (!loading) {
      const drawn = load();
      loading = {
        drawn: tracked(drawn),
        hydrating: tracked(drawn.catch(() => new Promise<never>(() => {}))),
      };
    }
    return loading;
  };
  // The server draws the part in its first answer: the import has settled by the first request,
  // so React reads it at once and never streams the part after the page.
  if (import.meta.env.SSR) start();

  function Hydrating({ props }: { props: Props }) {
    const Loaded = use(start().hydrating);
    return <Loaded {...props} />;
  }

  // Memoised, and the boundary with it: React gives up hydrating a boundary whose props change
  // before its code has come, and draws it afresh (empty, until then) instead.
  return memo(function DrawnLater(props: Props) {
    const hydrated = useHydrated();
    // As it was when this part joined the page: a page hydrating, or one drawn in the browser.
    const [hydrating] = useState(!hydrated);
    const boundary = useMemo(
      () => (
        <Suspense>
          <Hydrating props={props} />
        </Suspense>
      ),
      [props],
    );
    if (hydrating) return boundary;
    const Loaded = use(start().drawn);
    return <Loaded {...props} />;
  });
}
