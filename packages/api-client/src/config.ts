/**
 * What the api-client needs from its host, injected once by the shell so this package depends on neither the
 * i18n setup nor the router. Defaults follow the spec: the language saved under `lang`, English otherwise.
 */
export type ApiClientConfig = {
  baseUrl: string;
  timeoutMs: number;
  getLanguage: () => string;
};

const config: ApiClientConfig = {
  baseUrl: '',
  timeoutMs: 60_000,
  getLanguage: () => {
    try {
      return globalThis.localStorage?.getItem('lang') || 'en';
    } catch {
      return 'en';
    }
  },
};

export function configureApiClient(next: Partial<ApiClientConfig>): void {
  Object.assign(config, next);
}

export function apiClientConfig(): Readonly<ApiClientConfig> {
  return config;
}
