// The in-page notices of the lobby stream (lobby-stream.ts): a polite live
// region screen readers read, each notice with its link and a close
// button; and the button that asks for the browser's notifications.
import { useState } from 'preact/hooks';
import { Link } from './app';
import { t } from './app-state';
import { dismiss, notices } from './lobby-stream';

export function Notices() {
  return (
    <div class="notices" role="status" aria-live="polite" aria-label={t('notice.region')}>
      {notices.value.map((n) => (
        <div class="notice-item" key={n.id} data-notice={n.key}>
          {n.link ? (
            <Link href={n.link}>{t(n.key, n.params)}</Link>
          ) : (
            <span>{t(n.key, n.params)}</span>
          )}
          <button type="button" class="notice-close" aria-label={t('notice.close')} onClick={() => dismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/** NotifyButton asks for the browser's notifications, while the person has not answered. */
export function NotifyButton() {
  const [asked, setAsked] = useState(0);
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return null;
  void asked;
  return (
    <button type="button" class="secondary" data-notify-permission onClick={() => void Notification.requestPermission().then(() => setAsked((n) => n + 1))}>
      {t('notice.enable')}
    </button>
  );
}
