// The Content-Security-Policy nonce of the request being rendered, for the router's inline scripts.
// In the browser it is unset: the scripts have run by then, and browsers hide the value anyway. A
// page rendered for the page cache has none either: its scripts are allowed by their hashes.
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
