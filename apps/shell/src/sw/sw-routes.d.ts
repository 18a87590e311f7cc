export declare const SW_SCOPE: string;
export type CachingRule = 'cache-first' | 'network-first' | 'network';
export declare function cachingRuleFor(
  request: { method: string; url: string; mode?: string },
  origin: string,
): CachingRule;
