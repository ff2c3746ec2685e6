export {
  clicksByLabel,
  clicksByPage,
  clicksPerDay,
  ctaClicksBatch,
  insertCtaClick,
} from "./queries.server";
export { ctaClickSchema } from "./record.server";
