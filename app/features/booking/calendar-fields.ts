// What the calendars screen's forms post and the queries that open its confirmation steps,
// shared by the screen's components and its route.
export const CALENDARS_PATH = "/admin/bookings/calendars";

/** The add form's intent; the buttons post theirs with a calendar's id, or none for the feed. */
export const ADD_CALENDAR_INTENT = "add";
export const CALENDAR_INTENTS = ["read", "remove"] as const;
export const REPLACE_FEED_INTENT = "replace-feed";

/** `?remove=id` and `?replace-feed`: the confirmation steps without JavaScript. */
export const REMOVE_CALENDAR_QUERY = "remove";
export const REPLACE_FEED_QUERY = "replace-feed";
