export { eventLabel } from "./events";
export { endpointSchema } from "./endpoint-form";
export { EndpointForm } from "./components/endpoint-form";
