// The settings menu of the match page's toolbar: coordinates, board
// colours, sound volume, animation speed, move confirmation and premoves,
// remembered per browser.
import './settings.css';
import { useEffect, useRef } from 'preact/hooks';
import { t } from './app-state';
import type { Key } from './i18n';
import { speeds, themes, type Speed, type Theme } from './settings';
import { setSettings, settings } from './settings-state';

export function SettingsMenu() {
  const s = settings.value;
  // Escape or a click elsewhere closes the menu, so that it never stays over the board.
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = () => ref.current?.removeAttribute('open');
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, []);
  return (
    <details class="settings" data-settings ref={ref}>
      <summary>
        <span aria-hidden="true">⚙ </span>
        {t('settings.label')}
      </summary>
      <div class="settings-panel">
        <label>
          <input type="checkbox" name="coords" checked={s.coords} onChange={(e) => setSettings({ coords: (e.currentTarget as HTMLInputElement).checked })} /> {t('settings.coords')}
        </label>
        <label>
          {t('settings.theme')}{' '}
          <select name="theme" value={s.theme} onChange={(e) => setSettings({ theme: (e.currentTarget as HTMLSelectElement).value as Theme })}>
            {themes.map((x) => (
              <option key={x} value={x}>
                {t(`settings.theme.${x}` as Key)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('settings.volume')}{' '}
          <input type="range" name="volume" min={0} max={100} step={5} value={Math.round(s.volume * 100)} onInput={(e) => setSettings({ volume: Number((e.currentTarget as HTMLInputElement).value) / 100 })} />
        </label>
        <label>
          {t('settings.speed')}{' '}
          <select name="speed" value={s.speed} onChange={(e) => setSettings({ speed: (e.currentTarget as HTMLSelectElement).value as Speed })}>
            {(Object.keys(speeds) as Speed[]).map((x) => (
              <option key={x} value={x}>
                {t(`settings.speed.${x}` as Key)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" name="confirm" checked={s.confirm} onChange={(e) => setSettings({ confirm: (e.currentTarget as HTMLInputElement).checked })} /> {t('settings.confirm')}
        </label>
        <label>
          <input type="checkbox" name="premove" checked={s.premove} onChange={(e) => setSettings({ premove: (e.currentTarget as HTMLInputElement).checked })} /> {t('settings.premove')}
        </label>
        <p class="muted">{t('settings.note')}</p>
      </div>
    </details>
  );
}
