export { RetentionForm } from "./components/retention-form";
export { ProcessorList } from "./components/processors";
export { retentionSchema } from "./form";
