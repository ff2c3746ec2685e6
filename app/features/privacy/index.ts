// The privacy requests' door for the browser: the page's parts and the shapes it reads.
export { PersonalDataReport, erasureConfirmation } from "./components/personal-data-report";
export { PrivacySearchForm } from "./components/privacy-search-form";
export { erasureSummary, privacyHref, requestedAddress } from "./search";
