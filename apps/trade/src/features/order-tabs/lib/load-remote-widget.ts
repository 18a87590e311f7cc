import { getInstance } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

export type RemoteWidgetModule = { default: ComponentType };
export type RemoteWidgetLoader = (id: string) => Promise<RemoteWidgetModule>;

/** The spec's page-load timeout, the same the shell gives a remote page. */
export const WIDGET_TIMEOUT_MS = 60_000;

/** The shell's federation instance: it registered every remote from the runtime manifest; this remote did not. */
const HOST_NAME = 'shell';

/**
 * Loads another remote's exposed widget ("invest/project-orders") at run time through the shell's federation
 * runtime, never by import: the two remotes are built and deployed apart. Every failure, the runtime answering
 * nothing included, and a load past 60 s, rejects so the widget's error view can offer retry.
 */
export async function loadRemoteWidget(
  id: string,
  { timeoutMs = WIDGET_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<RemoteWidgetModule> {
  const host = getInstance((instance) => instance.name === HOST_NAME);
  if (!host) throw new Error(`No federation host to load ${id} from`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${id} timed out`)), timeoutMs);
  });
  try {
    const module = await Promise.race([host.loadRemote<RemoteWidgetModule>(id), timeout]);
    if (!module?.default) throw new Error(`${id} exposes no component`);
    return module;
  } finally {
    clearTimeout(timer);
  }
}
