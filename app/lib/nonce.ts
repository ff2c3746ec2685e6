// The Content-Security-Policy nonce of the request being rendered, for the router's inline scripts.
// In the browser it is empty: the scripts have run by then, and browsers hide the value anyway.
import { createContext, useContext } from "react";

export const NonceContext = createContext("");

export const useNonce = () => useContext(NonceContext);
