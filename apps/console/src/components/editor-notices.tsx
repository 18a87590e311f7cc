import ui from './ui.module.css';

/** What an editor says under its header: that its last act went through, or that the form wants fixing first. */
export function EditorNotices({ done, fix }: { done: string | null; fix: string | null }) {
  return (
    <>
      {done && (
        <div className={ui.success} role="status" style={{ marginBottom: 16 }}>
          {done}
        </div>
      )}
      {fix && (
        <div className={ui.alert} role="alert" style={{ marginBottom: 16 }}>
          {fix}
        </div>
      )}
    </>
  );
}
