export { BarChart, DailyChart } from "./components/charts";
export { DateRangeForm, LeadsPage } from "./components/leads-page";
