import { NoticeWatcher } from './notice-watcher.tsx';
import { RealityCheck } from './reality-check.tsx';

/** What runs beside every page of a signed-in user: news as toasts, and the reality check. */
export default function UserWatchers() {
  return (
    <>
      <NoticeWatcher />
      <RealityCheck />
    </>
  );
}
