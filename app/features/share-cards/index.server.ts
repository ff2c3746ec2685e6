export { dropPostShareCards, shareCardResponse } from "./share-card-store.server";
