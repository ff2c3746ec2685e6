// A post as the admin's form gives it to savePost once parsed: every field set, each test
// changing only what it is about.
import type { PostFormInput } from "~/features/insights/post-form";

export const postInput = (fields: Partial<PostFormInput> = {}): PostFormInput => ({
  title: "Mapping the order-to-cash flow",
  author: "Marcus Oyelaran",
  excerpt: "Where the days go.",
  content: "<p>Every hand-off is a queue.</p>",
  removePreview: [],
  readTime: "4 min read",
  tags: ["Operations", "Cash flow"],
  publishedDate: new Date("2026-11-20T09:30:00Z"),
  featured: false,
  published: true,
  emailSubscribers: true,
  slug: "",
  removeCover: false,
  ...fields,
});
