import { ERRORS, type ErrorCode, type ErrorSpec, type ErrorType } from "@spay/protocol";

/**
 * A request that fails with a code of the catalogue (@spay/protocol's ERRORS: code, HTTP status,
 * message). Thrown by services, rendered by the error handler.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly type: ErrorType;
  readonly param: string | undefined;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    options: { message?: string; param?: string; headers?: Record<string, string> } = {},
  ) {
    const spec: ErrorSpec = ERRORS[code];
    super(options.message ?? spec.message);
    this.name = "ApiError";
    this.code = code;
    this.status = spec.status;
    this.type = spec.type;
    this.param = options.param;
    this.headers = options.headers ?? {};
  }
}

export function notFound(objectName: string, id: string, param = "id"): ApiError {
  return new ApiError("resource_missing", { message: `No such ${objectName}: '${id}'`, param });
}
