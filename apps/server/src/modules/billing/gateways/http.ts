import { AppError } from '../../../lib/errors.js';

/**
 * One JSON call to a provider's documented REST API (PayPal's and Paystack's adapters): a refusal
 * or an unreachable host becomes 502 `billing.gateway_error` carrying the provider's own message.
 */
export async function providerCall<T>(
  provider: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; form?: Record<string, string> },
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  let body: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: AbortSignal.timeout(20_000),
    });
  } catch (e) {
    throw new AppError(502, 'billing.gateway_error', `${provider} could not be reached: ${(e as Error).message}`);
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const o = (json ?? {}) as Record<string, unknown>;
    const detail = [o.message, o.error_description, o.error, o.name].find((v): v is string => typeof v === 'string');
    throw new AppError(
      502,
      'billing.gateway_error',
      `${provider} refused the request (${res.status}): ${detail ?? 'no reason given'}`,
      {
        providerStatus: res.status,
      },
    );
  }
  return json as T;
}

/** How many minor units a currency has (JPY 0, USD 2, KWD 3). */
export function currencyDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Minor units as the decimal text PayPal wants: 999 USD → "9.99", 500 JPY → "500". */
export function minorToDecimal(amount: number, currency: string): string {
  const digits = currencyDigits(currency);
  if (digits === 0) return String(amount);
  const sign = amount < 0 ? '-' : '';
  const text = String(Math.abs(amount)).padStart(digits + 1, '0');
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** PayPal's decimal text back to minor units, without floating point: "9.99" USD → 999. */
export function decimalToMinor(value: string, currency: string): number {
  const digits = currencyDigits(currency);
  const [whole = '0', fraction = ''] = value.trim().split('.');
  return (
    Number(whole) * 10 ** digits +
    Number((fraction + '0'.repeat(digits)).slice(0, digits) || '0') * (whole.startsWith('-') ? -1 : 1)
  );
}
