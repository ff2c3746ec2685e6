export { BarChart, DailyChart } from "./components/charts";
export {
  DateRangeForm,
  LeadsPage,
  Pagination,
  cellClass,
  formatDateTime,
  headCellClass,
} from "./components/leads-page";
