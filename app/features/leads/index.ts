export { BarChart, DailyChart } from "./components/charts";
export {
  DateRangeForm,
  LeadsPage,
  Pagination,
  cellClass,
  formatDateTime,
  headCellClass,
  tableClass,
} from "./components/leads-page";
