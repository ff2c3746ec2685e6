// The pages of a long admin list, with where the reader is in it.
import { NavLink } from "react-router";

/** Previous / next links that keep the page's other parameters; plain links, so no script needed. */
export function Pagination({
  path,
  page,
  perPage,
  total,
  params,
}: {
  path: string;
  page: number;
  perPage: number;
  total: number;
  params: URLSearchParams;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages === 1) return null;
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    if (target === 1) next.delete("page");
    else next.set("page", String(target));
    const query = next.toString();
    return query ? `${path}?${query}` : path;
  };
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-4 text-sm">
      {page > 1 ? (
        <NavLink to={hrefFor(page - 1)} className="font-semibold text-brand-strong underline">
          Previous page
        </NavLink>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <NavLink to={hrefFor(page + 1)} className="font-semibold text-brand-strong underline">
          Next page
        </NavLink>
      ) : null}
    </nav>
  );
}
