export { BarChart, DailyChart } from "./components/charts";
export {
  DateRangeForm,
  LeadsPage,
  LeadsTable,
  Pagination,
  cellClass,
  formatDateTime,
  headCellClass,
} from "./components/leads-page";
