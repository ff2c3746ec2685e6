export { BarChart, DailyChart } from "./components/charts";
export {
  DateRangeForm,
  LeadsPage,
  cellClass,
  formatDateTime,
  headCellClass,
} from "./components/leads-page";
