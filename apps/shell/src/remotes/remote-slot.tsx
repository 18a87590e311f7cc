import { RemoteModule, type ExposedLoader, type RemoteVariant } from '@app/app-kit';
import { RemoteErrorView } from './remote-error-view.tsx';
import type { RemoteName } from './remote-manifest.ts';

export type RemoteSlotProps = {
  remote: RemoteName;
  /** The exposed module, without "./". */
  module?: string;
  variant?: RemoteVariant;
  load?: ExposedLoader;
};

/**
 * A remote's pages (its routes module) or one of its Home widgets in the shell, through app-kit's one
 * remote-module loader; its error shows in the shell's frame for it (a nav bar for a page, a panel for a widget).
 */
export function RemoteSlot({ remote, module = 'routes', variant = 'page', load }: RemoteSlotProps) {
  return (
    <RemoteModule
      id={`${remote}/${module}`}
      variant={variant}
      {...(load ? { load } : {})}
      renderError={(error, retry) => <RemoteErrorView error={error} onRetry={retry} variant={variant} />}
    />
  );
}
