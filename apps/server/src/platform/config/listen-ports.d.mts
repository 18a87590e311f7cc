export declare const LISTEN_DEFAULTS: { HOST: string; PORT: number; ADMIN_HOST: string; ADMIN_PORT: number };
export declare function listenAddresses(
  env?: NodeJS.ProcessEnv,
): { name: 'PORT' | 'ADMIN_PORT'; host: string; port: number }[];
export declare function unavailablePorts(env?: NodeJS.ProcessEnv): Promise<string[]>;
