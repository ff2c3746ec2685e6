export { pageShareImage } from "./share-image";
