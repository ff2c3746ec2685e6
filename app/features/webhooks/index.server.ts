export {
  addEndpoint,
  findEndpoint,
  listEndpoints,
  queueLeadEvent,
  queueTestEvent,
  removeEndpoint,
  replaceSecret,
} from "./endpoints.server";
