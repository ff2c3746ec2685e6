// The site's whole stylesheet, for the root layout to send inline (a few KB gzip), so the first
// paint waits for no request. The server provides it (entry.server.tsx, from the build); in the
// browser it is unset and the layout keeps the element the server sent.
import { createContext } from "react";

export const SiteStylesContext = createContext<string | undefined>(undefined);
