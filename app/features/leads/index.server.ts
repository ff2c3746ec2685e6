export { assessmentsCsv, contactMessagesCsv, ctaClicksCsv } from "./exports.server";
