import { apiClientConfig } from '@app/api-client';

/** /api/stream on the API's host, ws:// or wss:// as the page (or the configured API base) is http or https. */
export function streamUrl(): string {
  const base = apiClientConfig().baseUrl;
  const origin = base && /^https?:\/\//.test(base) ? new URL(base) : new URL(window.location.href);
  const protocol = origin.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${origin.host}/api/stream`;
}
