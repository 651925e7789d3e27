// A provider that did not answer, or answered something we cannot use. Functions turn it into a 502.
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    /** The provider's HTTP status when it answered with an error; none for timeouts and bad answers. */
    readonly providerStatus?: number,
  ) {
    super(`${provider}: ${message}`);
  }
}

/** GET a provider's JSON with a time limit; non-2xx, timeouts and bad JSON all become a ProviderError. */
export async function getProviderJson(
  provider: string,
  url: URL,
  init: { headers?: Record<string, string>; fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<unknown> {
  const doFetch = init.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(url, {
      headers: { Accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(init.timeoutMs ?? 8_000),
    });
  } catch (error) {
    throw new ProviderError(provider, `request failed (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ProviderError(provider, `answered ${response.status}`, response.status);
  }
  try {
    return await response.json();
  } catch {
    throw new ProviderError(provider, 'answered with something that is not JSON');
  }
}
