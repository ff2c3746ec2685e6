// True once React runs in the browser: the server (and a browser without JavaScript) renders the
// plain-HTML version, and scripts then enhance it.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
