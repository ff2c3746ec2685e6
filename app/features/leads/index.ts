export { BarChart, DailyChart } from "./components/charts";
export { DateRangeForm, LeadsPage } from "./components/leads-page";
export { EmailLink, PhoneLink } from "./components/contact-links";
