export interface JsonResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  /** A raw body string, sent as is. */
  raw?: string;
}

/** One JSON call to a running server, answering status, headers and the parsed envelope. */
export async function call(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.raw !== undefined) payload = options.raw;
  else if (body !== undefined) payload = JSON.stringify(body);
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(new URL(path, base), { method, headers, body: payload });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
  };
}
