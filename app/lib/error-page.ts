// What an error page says, the same on the public site and in the admin: a storage failure (503)
// asks for a few minutes, anything else for a moment.
import { useContext } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { StorageUnavailableContext } from "./storage-unavailable";

export function useErrorPage() {
  const error = useRouteError();
  const storageFailed = useContext(StorageUnavailableContext);
  const status = storageFailed ? 503 : isRouteErrorResponse(error) ? error.status : 500;
  return status === 503
    ? {
        status,
        title: "Temporarily unavailable",
        description:
          "We cannot save or load information just now, so this did not go through. Please try again in a few minutes; if it keeps happening, email us and we will look into it.",
      }
    : {
        status,
        title: "Something went wrong on our side",
        description:
          "We could not show this page just now. Please try again in a moment; if it keeps happening, email us and we will look into it.",
      };
}
