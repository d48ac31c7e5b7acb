/** The part of the autocannon API the bench uses (the package ships no types). */
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    /** Called before each request is sent: may change it (e.g. its path). */
    setupRequest?: (request: Request) => Request;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: Request[];
    headers?: Record<string, string>;
    timeout?: number;
  }
  export interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    duration: number;
  }
  /** A run under way: it resolves with the result, and tells of each response as it comes. */
  export interface Instance extends Promise<Result> {
    /** `client`: the connection's own object (the same for every response on it); `ms`: its latency. */
    on(event: 'response', listener: (client: object, statusCode: number, bytes: number, ms: number) => void): void;
  }
  export default function autocannon(options: Options): Instance;
}
