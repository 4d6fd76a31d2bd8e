/** An error answer from the sPay API, kept as the API's `code` and `message` so the CLI prints one line. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly request: string,
  ) {
    super(`${code}: ${detail} (${request} → ${status})`);
    this.name = "ApiError";
  }
}

interface ErrorBody {
  error?: { code?: string; message?: string };
}

/** The JSON body of a 2xx answer; anything else throws an `ApiError` naming the request. */
export async function readApiAnswer<T>(res: Response, request: string): Promise<T> {
  const body = (await res.json().catch(() => null)) as (T & ErrorBody) | null;
  if (!res.ok || body === null)
    throw new ApiError(
      res.status,
      body?.error?.code ?? `http_${res.status}`,
      body?.error?.message ?? (res.statusText || "no JSON body"),
      request,
    );
  return body;
}
