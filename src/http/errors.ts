/** The one catalogue of API errors: each has a code, a status and a message for the client. */

export const ERROR_CODES = {
  invalid_parameter: 400,
  repeated_parameter: 400,
  unknown_parameter: 400,
  invalid_url: 400,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  expectation_failed: 417,
  payload_too_large: 413,
  uri_too_long: 414,
  headers_too_large: 431,
  too_many_requests: 429,
  not_ready: 503,
  store_unavailable: 503,
  overloaded: 503,
  too_many_connections: 503,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/** Seconds a client is told to wait (`Retry-After`) before asking again, by code. */
export const RETRY_AFTER_SECONDS: Partial<Record<ErrorCode, number>> = {
  not_ready: 5,
  store_unavailable: 5,
};

/** The message of a URL whose percent-encoding does not decode as UTF-8. */
export const BAD_PERCENT_ENCODING =
  'the URL holds a percent-encoding that is not UTF-8 (such as %FF or %ZZ): encode text as UTF-8 (ü is %C3%BC)';

export class ApiError extends Error {
  override name = 'ApiError';
  /** HTTP status; named as Fastify and its plugins expect it on errors. */
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly param?: string,
  ) {
    super(message);
    this.statusCode = ERROR_CODES[code];
  }
}

export interface ErrorBody {
  success: false;
  error: { code: ErrorCode; message: string; param?: string };
  duration_ms: number;
}

export function errorBody(error: ApiError, durationMs: number): ErrorBody {
  const detail: ErrorBody['error'] = { code: error.code, message: error.message };
  if (error.param !== undefined) detail.param = error.param;
  return { success: false, error: detail, duration_ms: durationMs };
}

export function invalidParameter(param: string, message: string): ApiError {
  return new ApiError('invalid_parameter', `${param}: ${message}`, param);
}

/** Minimal shape of an Ajv error as Fastify passes it on. */
export interface ValidationIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Turns the first schema violation into a catalogue error naming the parameter. */
export function fromValidation(issues: readonly ValidationIssue[]): ApiError {
  const issue = issues[0];
  if (!issue) return new ApiError('invalid_parameter', 'invalid request');
  // Stryker disable next-line Regex: equivalent, an Ajv instancePath is empty or starts with "/", so its first "/" is the leading one
  const param = issue.instancePath.replace(/^\//, '').replace(/~1/g, '/').replace(/~0/g, '~');
  const p = issue.params;
  switch (issue.keyword) {
    case 'enum':
      return invalidParameter(param, `must be one of: ${(p.allowedValues as unknown[]).join(', ')}`);
    case 'type':
      return invalidParameter(
        param,
        `must be ${p.type === 'integer' ? 'a whole number' : `of type ${String(p.type)}`}`,
      );
    case 'minimum':
      return invalidParameter(param, `must be at least ${String(p.limit)}`);
    case 'maximum':
      return invalidParameter(param, `must be at most ${String(p.limit)}`);
    case 'maxLength':
      return invalidParameter(param, `must be at most ${String(p.limit)} characters long`);
    case 'pattern':
      return invalidParameter(param, 'has an invalid format');
    default:
      return invalidParameter(param || 'query', issue.message ?? 'is invalid');
  }
}
