// True while the server renders the error page of a request that failed because the database's
// disk did (entry.server.tsx sets it): the page then says the site is temporarily unavailable.
import { createContext } from "react";

export const StorageUnavailableContext = createContext(false);
