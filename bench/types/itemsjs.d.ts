/** The part of the itemsjs API the bench uses (the package ships no types). */
declare module 'itemsjs' {
  export interface Aggregation {
    title?: string;
    size?: number;
    conjunction?: boolean;
    sort?: string | string[];
    order?: string | string[];
    hide_zero_doc_count?: boolean;
    chosen_filters_on_top?: boolean;
  }
  export interface Sorting {
    field: string | string[];
    order: string | string[];
  }
  export interface Configuration {
    aggregations: Record<string, Aggregation>;
    sortings?: Record<string, Sorting>;
    searchableFields?: string[];
    native_search_enabled?: boolean;
  }
  export interface SearchOptions<T> {
    per_page?: number;
    page?: number;
    query?: string;
    sort?: string;
    filters?: Record<string, string[]>;
    filter?: (item: T) => boolean;
    is_all_filtered_items?: boolean;
  }
  export interface Bucket {
    key: string;
    doc_count: number;
    selected?: boolean;
  }
  export interface SearchResult<T> {
    pagination: { per_page: number; page: number; total: number };
    data: { items: T[]; aggregations: Record<string, { buckets: Bucket[] }> };
  }
  export interface AggregationOptions {
    name: string;
    per_page?: number;
    page?: number;
    query?: string;
  }
  export interface AggregationResult {
    data: { buckets: Bucket[] };
  }
  export interface Engine<T> {
    search(options?: SearchOptions<T>): SearchResult<T>;
    aggregation(options: AggregationOptions): AggregationResult;
  }
  export default function itemsjs<T>(items: T[], configuration: Configuration): Engine<T>;
}
