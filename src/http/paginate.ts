export interface PageWindow {
  /** Items before this page. */
  offset: number;
  /** ceil(total / perPage); 0 when nothing matches. */
  totalPages: number;
  /** 1-based index of the first item shown; 0 when the page is empty. */
  startItem: number;
  /** 1-based index of the last item shown; 0 when the page is empty. */
  endItem: number;
  hasMore: boolean;
}

/** The one place that does paging arithmetic. `page` is 1-based and may lie beyond the last page. */
export function paginate(total: number, page: number, perPage: number): PageWindow {
  const offset = (page - 1) * perPage;
  const totalPages = Math.ceil(total / perPage);
  const shown = Math.max(0, Math.min(perPage, total - offset));
  return {
    offset,
    totalPages,
    startItem: shown > 0 ? offset + 1 : 0,
    endItem: shown > 0 ? offset + shown : 0,
    hasMore: page < totalPages,
  };
}
