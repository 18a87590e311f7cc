import { mountDevHost } from '@app/app-kit/dev-host';
import Routes from './exposes/routes.tsx';

/** Standalone dev host (this remote alone); production never loads this file: the shell hosts the remote. */
void mountDevHost(Routes);
